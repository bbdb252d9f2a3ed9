import { and, eq, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { addDays } from '#domain/calendar';
import { docusign, planAuthorization } from '#server/db/schema/enrollment';
import type { Transaction } from '#server/unit-of-work';
import type { SigningDeps } from './deps';
import { renewLetterIfTooSoon } from './start-signing';

/**
 * Calendar days that always hold more than 5 business days (a week and a half, with its weekends and at most
 * two bank holidays): a letter whose first draft is further away than this cannot be too soon to sign.
 */
const SURELY_IN_TIME_DAYS = 12;

/**
 * The daily sweep of unsigned letters: every one whose first draft date has come too close to sign is made
 * again (renewLetterIfTooSoon), so a signer who opens the provider's own email, and never our /submitted page,
 * still signs a letter whose first draft the agency can set up. Answers how many letters were made again.
 */
export async function renewStaleLetters(
  deps: SigningDeps,
  o: { log: FastifyBaseLogger; today?: string },
): Promise<number> {
  const { today, candidates } = await deps.openUnit(async (unit) => {
    const day = o.today ?? unit.today;
    return { today: day, candidates: await staleCandidates(unit.tx, day) };
  });
  let renewed = 0;
  // Each letter in units of its own, the provider asked between them: one letter's trouble stops no other.
  for (const { applicationId } of candidates) {
    try {
      if (await renewLetterIfTooSoon(deps, { applicationId, log: o.log, today })) renewed += 1;
    } catch (error) {
      // One letter that cannot be made again (the provider down) must not stop the others; tomorrow retries.
      o.log.error({ err: error, applicationId }, 'a stale letter of authorization could not be made again');
    }
  }
  return renewed;
}

/** Unsigned letters with a letter authorization dated soon: a few a day at an agency, never the whole table. */
async function staleCandidates(tx: Transaction, today: string) {
  return tx
    .selectDistinct({ applicationId: docusign.applicationId })
    .from(docusign)
    .innerJoin(
      planAuthorization,
      and(eq(planAuthorization.applicationId, docusign.applicationId), eq(planAuthorization.kind, 'letter')),
    )
    .where(
      and(
        isNull(docusign.documentSignedAt),
        lte(planAuthorization.firstDraftDate, addDays(today, SURELY_IN_TIME_DAYS)),
      ),
    );
}

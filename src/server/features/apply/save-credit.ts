import type { Language } from '#domain/i18n/language';
import { DISQUALIFICATION_REASONS } from '#domain/underwriting/reasons';
import type { CreditConsent } from '#domain/validation/application';
import type { CreditBureau, CreditPull } from '#providers/credit-bureau/port';
import type { Config } from '#server/env';
import type { OpenUnit } from '#server/unit-of-work';
import { type PulledFile, startCreditPull, storeCreditPull } from './credit-pull';
import type { ConsentEvidence } from './spouse-consent';

/**
 * Submits /credit in three steps, so no transaction is held open while the bureau takes its time: a first unit
 * saves the consent and decides whose file is to be pulled, if any (startCreditPull); the bureau is asked for
 * each file outside any unit; a second unit stores the files with hasPulledCredit true, or disqualifies when
 * none was found (storeCreditPull), checking the application again under its lock.
 */
export async function saveCredit(o: {
  openUnit: OpenUnit;
  creditBureau: CreditBureau;
  config: Config;
  /** The agency's day an instant fell on: the day `now` is, when given. */
  dayOf: (at: Date) => string;
  userId: string;
  consent: CreditConsent;
  /** The moment whose day in the agency's calendar is today; the agency's today by default. */
  now?: Date;
  /** The browser the spouse consented from at this screen, kept with their consent; and the page's language. */
  evidence?: ConsentEvidence;
  language?: Language;
}): Promise<{ next: string; emailId?: string }> {
  const start = await o.openUnit((unit) =>
    startCreditPull(unit, {
      config: o.config,
      userId: o.userId,
      consent: o.consent,
      today: o.now ? o.dayOf(o.now) : unit.today,
      now: o.now ?? new Date(),
      evidence: o.evidence ?? { ipAddress: null, userAgent: null },
      language: o.language ?? 'en',
    }),
  );
  if (start.done !== null) return { next: start.done, emailId: start.emailId };

  // The pull: each person's file. A rejection (bureau unreachable) is 'get credit reports failed'.
  let pulls: { person: PulledFile['person']; pull: CreditPull }[];
  let thrown = false;
  try {
    pulls = await Promise.all(
      start.people.map(async (person) => ({ person, pull: await o.creditBureau.pull(person.applicant) })),
    );
  } catch {
    thrown = true;
    pulls = [];
  }
  const found = pulls.flatMap(({ person, pull }) =>
    pull.wasSuccessful ? [{ person, report: pull.report, fileId: pull.fileId }] : [],
  );
  const refusal = pulls.find(({ pull }) => !pull.wasSuccessful)?.pull;
  const failure =
    thrown || !refusal || refusal.wasSuccessful
      ? DISQUALIFICATION_REASONS.getCreditReportsFailed
      : refusal.error;

  return o.openUnit((unit) =>
    storeCreditPull(unit, {
      config: o.config,
      userId: o.userId,
      hadReport: start.hadReport,
      found,
      failure,
    }),
  );
}

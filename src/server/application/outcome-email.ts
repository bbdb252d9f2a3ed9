import { parseDay } from '#domain/calendar';
import { and, eq, isNull } from 'drizzle-orm';
import type { Services } from '#server/services';
import { languageOrDefault } from '#server/i18n';
import type { Transaction } from '#server/db/client';
import { application, borrower } from '#server/db/schema/application';
import { enqueueEmail } from '#server/email/outbox';
import { notQualifiedEmail } from '#server/email/templates';
import { readOutcome } from './outcome';

/**
 * Writes the not-qualified email (why, and what to do next) to the outbox in the caller's transaction, once
 * per application: the first call marks the application, so a decision made again, or a second disqualifying
 * step, sends nothing more. Call it after the reasons are stored. Returns the outbox id, to hand to the queue
 * after the commit; nothing is written for a borrower without an email address.
 */
export async function writeOutcomeEmail(
  tx: Transaction,
  o: { services: Pick<Services, 'cipher' | 'config' | 'today'>; applicationId: string },
): Promise<string | undefined> {
  const [b] = await tx
    .select({ email: borrower.email, firstName: borrower.firstName, language: borrower.preferredLanguage })
    .from(borrower)
    .where(eq(borrower.applicationId, o.applicationId))
    .limit(1);
  if (!b?.email) return undefined;
  const claimed = await tx
    .update(application)
    .set({ outcomeEmailedAt: new Date() })
    .where(and(eq(application.id, o.applicationId), isNull(application.outcomeEmailedAt)))
    .returning({ id: application.id });
  if (claimed.length === 0) return undefined;
  const outcome = await readOutcome(tx, o.applicationId);
  return enqueueEmail(
    tx,
    o.services.cipher,
    notQualifiedEmail({
      to: b.email,
      firstName: b.firstName,
      publicUrl: o.services.config.publicUrl,
      outcome,
      language: languageOrDefault(b.language),
      // The agency's day as a date-only value (midnight UTC, read with UTC getters like every plain date), so
      // the debt-free months count from it and not from the server's UTC day.
      today: parseDay(o.services.today()),
    }),
  );
}

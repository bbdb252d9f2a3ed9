import { eq } from 'drizzle-orm';
import { linkInLanguage } from '#domain/i18n/language';
import type { Tx } from '#server/db/client';
import { languageOrDefault } from '#server/i18n';
import { offersReadySms } from '#server/sms/texts';
import { borrower } from '#server/db/schema/application';
import type { FieldCipher } from '#server/security/field-encryption';
import { enqueueSms } from '#server/sms/outbox';

/** POST /contact { borrowerId, eventType: 'obtainedOffer' } when a decision qualifies. */
export const OBTAINED_OFFER_EVENT = 'obtainedOffer';

/**
 * Records the 'obtainedOffer' outreach event for the borrower: a text message in the SMS outbox, written in
 * the caller's transaction and sent by the job queue. Nothing is written for a borrower who opted out of
 * SMS or has no phone. Returns the outbox id, to hand to the queue after the commit.
 */
export async function recordObtainedOffer(
  tx: Tx,
  o: { applicationId: string; publicUrl: string; cipher: FieldCipher },
): Promise<string | undefined> {
  const [b] = await tx
    .select({
      firstName: borrower.firstName,
      phone: borrower.phoneNumber,
      optedOut: borrower.isOptedOutOfSMS,
      preferredLanguage: borrower.preferredLanguage,
    })
    .from(borrower)
    .where(eq(borrower.applicationId, o.applicationId));
  if (!b?.phone || b.optedOut) return undefined;
  return enqueueSms(tx, o.cipher, {
    applicationId: o.applicationId,
    to: b.phone,
    eventType: OBTAINED_OFFER_EVENT,
    body: offersReadySms(languageOrDefault(b.preferredLanguage), {
      firstName: b.firstName,
      url: linkInLanguage(`${o.publicUrl}/sign-in`, languageOrDefault(b.preferredLanguage)),
    }),
  });
}

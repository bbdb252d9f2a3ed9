import { eq } from 'drizzle-orm';
import type { Tx } from '#server/db/client';
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
    })
    .from(borrower)
    .where(eq(borrower.applicationId, o.applicationId));
  if (!b?.phone || b.optedOut) return undefined;
  const greeting = b.firstName ? `Good news, ${b.firstName}!` : 'Good news!';
  return enqueueSms(tx, o.cipher, {
    applicationId: o.applicationId,
    to: b.phone,
    eventType: OBTAINED_OFFER_EVENT,
    body: `Clearpath Debt Relief: ${greeting} Your debt management plan offers are ready. Review them at ${o.publicUrl}/sign-in. Reply STOP to opt out.`,
  });
}

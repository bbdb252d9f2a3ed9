import { eq } from 'drizzle-orm';
import { linkInLanguage } from '#domain/i18n/language';
import { languageOrDefault } from '#server/i18n';
import { offersReadySms } from '#server/sms/texts';
import { borrower } from '#server/db/schema/application';
import type { Unit } from '#server/unit-of-work';

/** POST /contact { borrowerId, eventType: 'obtainedOffer' } when a decision qualifies. */
export const OBTAINED_OFFER_EVENT = 'obtainedOffer';

/**
 * Records the 'obtainedOffer' outreach event for the borrower: a text message in the SMS outbox, written in
 * the unit and announced by it to the job queue once it commits. Nothing is written for a borrower who opted
 * out of SMS or has no phone. Answers the outbox id.
 */
export async function recordObtainedOffer(
  unit: Unit,
  o: {
    applicationId: string;
    publicUrl: string;
    /**
     * The borrower's row when the caller read it in this same unit already (the decision does): it is not
     * read a second time.
     */
    borrower?: Pick<
      typeof borrower.$inferSelect,
      'firstName' | 'phoneNumber' | 'isOptedOutOfSMS' | 'preferredLanguage'
    >;
  },
): Promise<string | undefined> {
  const [b] = o.borrower
    ? [
        {
          firstName: o.borrower.firstName,
          phone: o.borrower.phoneNumber,
          optedOut: o.borrower.isOptedOutOfSMS,
          preferredLanguage: o.borrower.preferredLanguage,
        },
      ]
    : await unit.tx
        .select({
          firstName: borrower.firstName,
          phone: borrower.phoneNumber,
          optedOut: borrower.isOptedOutOfSMS,
          preferredLanguage: borrower.preferredLanguage,
        })
        .from(borrower)
        .where(eq(borrower.applicationId, o.applicationId));
  if (!b?.phone || b.optedOut) return undefined;
  return unit.outbox.text({
    applicationId: o.applicationId,
    to: b.phone,
    eventType: OBTAINED_OFFER_EVENT,
    body: offersReadySms(languageOrDefault(b.preferredLanguage), {
      firstName: b.firstName,
      url: linkInLanguage(`${o.publicUrl}/sign-in`, languageOrDefault(b.preferredLanguage)),
    }),
  });
}

import { eq } from 'drizzle-orm';
import { linkInLanguage } from '#domain/i18n/language';
import { type AlertCandidate } from '#domain/monitoring/alert-rules';
import { bankDisconnectedSms, lowBalanceSms } from '#server/sms/texts';
import { languageOrDefault } from '#server/i18n';
import { application, borrower } from '#server/db/schema/application';
import { user } from '#server/db/schema/auth';
import { bankDisconnectedEmail, lowBalanceEmail } from '#server/email/templates';
import type { Unit } from '#server/unit-of-work';

/** What the alert notifications need besides the unit: where their links lead. */
export type Notifier = {
  publicUrl: string;
};

/** The text messages' event types in the SMS outbox. */
export const ALERT_SMS_EVENTS = {
  balanceBelowDMPPayment: 'alertBalanceBelowDMPPayment',
  bankAccountDisconnected: 'alertBankAccountDisconnected',
} as const;

type NotifiedType = keyof typeof ALERT_SMS_EVENTS;
const isNotified = (type: string): type is NotifiedType => type in ALERT_SMS_EVENTS;

/**
 * Writes the email (and the text message, unless the borrower opted out of texts or gave no mobile number)
 * for each alert the customer must act on: a payment that may bounce, a bank connection that stopped. Called
 * in the unit that inserts the alerts, so a message exists exactly when its alert does: a retried run that
 * finds the alert raised writes neither again. The unit's outbox hands them to the queue once it commits.
 * Answers the outbox ids.
 */
export async function writeAlertNotifications(
  unit: Unit,
  notifier: Notifier,
  o: { applicationId: string; alerts: readonly AlertCandidate[]; paymentDate: string | null },
): Promise<{ emailIds: string[]; smsIds: string[] }> {
  const ids = { emailIds: [] as string[], smsIds: [] as string[] };
  const types = [...new Set(o.alerts.map((a) => a.type).filter(isNotified))];
  if (types.length === 0) return ids;
  const [person] = await unit.tx
    .select({
      firstName: borrower.firstName,
      email: borrower.email,
      accountEmail: user.email,
      phone: borrower.phoneNumber,
      optedOut: borrower.isOptedOutOfSMS,
      preferredLanguage: borrower.preferredLanguage,
    })
    .from(borrower)
    .innerJoin(application, eq(application.id, borrower.applicationId))
    .innerJoin(user, eq(user.id, application.owner))
    .where(eq(borrower.applicationId, o.applicationId))
    .limit(1);
  if (!person) return ids;
  const to = person.email ?? person.accountEmail;
  const language = languageOrDefault(person.preferredLanguage);
  for (const type of types) {
    if (type === 'balanceBelowDMPPayment' && !o.paymentDate) continue;
    const message =
      type === 'balanceBelowDMPPayment'
        ? lowBalanceEmail({
            to,
            firstName: person.firstName,
            publicUrl: notifier.publicUrl,
            paymentDate: o.paymentDate!,
            language,
          })
        : bankDisconnectedEmail({ to, firstName: person.firstName, publicUrl: notifier.publicUrl, language });
    ids.emailIds.push(await unit.outbox.email(message));
    if (!person.phone || person.optedOut) continue;
    const body =
      type === 'balanceBelowDMPPayment'
        ? lowBalanceSms(language, {
            url: linkInLanguage(`${notifier.publicUrl}/customer-portal/alerts`, language),
          })
        : bankDisconnectedSms(language, {
            url: linkInLanguage(`${notifier.publicUrl}/customer-portal/alerts`, language),
          });
    ids.smsIds.push(
      await unit.outbox.text({
        applicationId: o.applicationId,
        to: person.phone,
        eventType: ALERT_SMS_EVENTS[type],
        body,
      }),
    );
  }
  return ids;
}

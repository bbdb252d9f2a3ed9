import { defineMessages, type MessageDescriptor } from '@formatjs/intl';
import type { Language } from '#domain/i18n/language';
import { SITE } from '#domain/site';
import { intlFor } from '#server/i18n';

/**
 * Every text message we send, in the borrower's language (their stored preferredLanguage; English when there
 * is none). Spanish texts name PARAR as the opt-out word: it is recognised like STOP (src/domain/sms-keywords).
 */
const m = defineMessages({
  hours: { id: 'sms.hours', defaultMessage: 'Monday - Friday 9AM - 5PM EST' },
  contactAttempt: {
    id: 'sms.contactAttempt',
    defaultMessage:
      '{company}: {hasName, select, yes {Hi {firstName}, } other {Hi, }}{hasStaff, select, yes {{staffFirstName} from {company}} other {{company}}} tried to reach you about your debt management plan application. Please call us at {phone} ({hours}). Reply STOP to opt out.',
  },
  offersReady: {
    id: 'sms.offersReady',
    defaultMessage:
      '{company}: {hasName, select, yes {Good news, {firstName}!} other {Good news!}} Your debt management plan offers are ready. Review them at {url}. Reply STOP to opt out.',
  },
  lowBalance: {
    id: 'sms.lowBalance',
    defaultMessage:
      '{company}: your plan payment is drawn soon and your account balance looks lower than the payment. Details: {url}. Reply STOP to opt out.',
  },
  bankDisconnected: {
    id: 'sms.bankDisconnected',
    defaultMessage:
      '{company}: we can no longer reach your bank account. Please reconnect it: {url}. Reply STOP to opt out.',
  },
  optedOut: {
    id: 'sms.keyword.optedOut',
    defaultMessage:
      '{company}: You will not receive any more text messages from us. Reply START to receive them again.',
  },
  help: {
    id: 'sms.keyword.help',
    defaultMessage:
      '{company}: For help with your debt management plan, call {phone} ({hours}). Reply STOP to opt out.',
  },
}) as unknown as Record<string, MessageDescriptor>;

const format = (language: Language, message: MessageDescriptor, values: Record<string, string> = {}) => {
  const intl = intlFor(language);
  return intl.formatMessage(message, {
    company: SITE.companyName,
    phone: SITE.phone.display,
    hours: intl.formatMessage(m.hours!),
    ...values,
  });
};

/** The text a staff member's text-message contact attempt sends: who is reaching out and how to call back. */
export const contactAttemptSms = (
  language: Language,
  o: { borrowerFirstName: string | null; staffFirstName: string | null },
) =>
  format(language, m.contactAttempt!, {
    hasName: o.borrowerFirstName ? 'yes' : 'no',
    firstName: o.borrowerFirstName ?? '',
    hasStaff: o.staffFirstName ? 'yes' : 'no',
    staffFirstName: o.staffFirstName ?? '',
  });

/** The application qualified: its offers are ready to review. */
export const offersReadySms = (language: Language, o: { firstName: string | null; url: string }) =>
  format(language, m.offersReady!, {
    hasName: o.firstName ? 'yes' : 'no',
    firstName: o.firstName ?? '',
    url: o.url,
  });

export const lowBalanceSms = (language: Language, o: { url: string }) => format(language, m.lowBalance!, o);

export const bankDisconnectedSms = (language: Language, o: { url: string }) =>
  format(language, m.bankDisconnected!, o);

/** The answer to an opt-out word Twilio does not confirm itself (PARAR). */
export const optedOutSms = (language: Language) => format(language, m.optedOut!);

/** The answer to HELP, INFO or AYUDA. */
export const helpSms = (language: Language) => format(language, m.help!);

/** The footer hours' English, exported so a test keeps it equal to SITE.hours. */
export const SMS_HOURS_MESSAGE = m.hours!;

import { defineMessages } from '@formatjs/intl';
import { formatEnglish, type MessageDescriptor } from '../i18n/validation-messages';

// The sandbox bank's hints: the test sign-in each bank of the built-in bank-link sandbox accepts. The provider
// sends them in English (formatEnglish of these messages); the dialog shows them in the page's language. The
// usernames and the password are what is typed, so they stay as they are in every language.

export const SANDBOX_BANK_HINTS = defineMessages({
  standard: {
    id: 'bankLink.sandbox.hint.standard',
    defaultMessage:
      'Sandbox bank: sign in as user_good (steady pay), user_gig (gig income) or user_overdraft (overdrafts), password pass_good. For monitoring: user_shrinking_pay, user_nsf, user_disconnect.',
  },
  noChecking: {
    id: 'bankLink.sandbox.hint.noChecking',
    defaultMessage:
      'Sandbox bank: sign in as user_good (steady pay), user_gig (gig income) or user_overdraft (overdrafts), password pass_good. For monitoring: user_shrinking_pay, user_nsf, user_disconnect. This bank has a savings account and a credit card, no checking account.',
  },
});

export type SandboxBankHint = keyof typeof SANDBOX_BANK_HINTS;

/** A hint as the provider sends it: English. */
export const sandboxBankHintEnglish = (hint: SandboxBankHint): string =>
  formatEnglish(SANDBOX_BANK_HINTS[hint]);

const BY_ENGLISH = new Map(Object.values(SANDBOX_BANK_HINTS).map((d) => [formatEnglish(d), d]));

/**
 * A hint the provider sent, in the language of `format` (react-intl's formatMessage); a hint this table does
 * not know (another sandbox's) is shown as it came.
 */
export function localizeSandboxBankHint(
  hint: string,
  format: (descriptor: MessageDescriptor) => string,
): string {
  const descriptor = BY_ENGLISH.get(hint);
  return descriptor ? format(descriptor) : hint;
}

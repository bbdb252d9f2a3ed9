import { defineMessages } from '@formatjs/intl';
import { formatEnglish, type MessageDescriptor } from '../i18n/validation-messages';

// The sandbox bank's hints: the test sign-in each bank of the built-in bank-link sandbox accepts. The provider
// sends them in English (formatEnglish of these messages) with their id; the dialog shows them by id in the page's language. The
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

/** A hint as the sandbox's institutions list sends it: the English, and its message's id beside it. */
export const sandboxBankHint = (hint: SandboxBankHint): { hint: string; hintMessageId: string } => ({
  hint: sandboxBankHintEnglish(hint),
  hintMessageId: String(SANDBOX_BANK_HINTS[hint].id),
});

const BY_ID = new Map(Object.values(SANDBOX_BANK_HINTS).map((d) => [String(d.id), d]));

/**
 * A hint in the language of `format` (react-intl's formatMessage), known by its message's id; a hint without an
 * id of ours (another sandbox's) is shown as it came.
 */
export function sandboxBankHintText(
  institution: { hint: string; hintMessageId?: string | undefined },
  format: (descriptor: MessageDescriptor) => string,
): string {
  const descriptor = institution.hintMessageId ? BY_ID.get(institution.hintMessageId) : undefined;
  return descriptor ? format(descriptor) : institution.hint;
}

// Every user-visible validation and error text, character for character.
// Texts the spec leaves open (max length, minimum value, no checking account) are ours and say so.
// The borrower's texts are declared once, with their English, in src/domain/i18n/validation-messages.ts; these
// functions write that English. A text that must reach the borrower in their language travels as its id and
// values instead (the *Ref functions, MessageRef in src/domain/i18n/message.ts), worded where it is shown.
import { englishOf, messageRef, type MessageRef } from '../i18n/message';
import {
  FIXED,
  LABELS,
  PORTAL_REFUSALS,
  QUESTION_REQUIRED,
  SIGNING_MESSAGES,
  TEMPLATES,
  formatEnglish,
  type MessageDescriptor,
} from '../i18n/validation-messages';
import { labelEnglish, labelRef, messageLabel, type FieldLabel, type FieldMessage } from './issue-messages';

export type { FieldLabel, FieldMessage };

export const requiredMessage = (label: FieldLabel): string =>
  formatEnglish(TEMPLATES.required, { label: labelEnglish(label) });

export const invalidMessage = (label: FieldLabel): string =>
  formatEnglish(TEMPLATES.invalid, { label: labelEnglish(label) });

export const minLengthMessage = (label: FieldLabel, n: number): string =>
  formatEnglish(TEMPLATES.minLength, { label: labelEnglish(label), n });

/** Not in the spec (inputs stop typing at the limit); the API still needs a text for longer values. */
export const maxLengthMessage = (label: FieldLabel, n: number): string =>
  formatEnglish(TEMPLATES.maxLength, { label: labelEnglish(label), n });

/** The spec's 'minValNotMet' outcome has no text; ours, for amounts that must be above zero. */
export const greaterThanZeroMessage = (label: FieldLabel): string =>
  formatEnglish(TEMPLATES.greaterThanZero, { label: labelEnglish(label) });

/** The spec's 'minValNotMet' outcome has no text; ours, for amounts that may be zero but not negative. */
export const notNegativeMessage = (label: FieldLabel): string =>
  formatEnglish(TEMPLATES.notNegative, { label: labelEnglish(label) });

export const yesNoRequiredMessage = (question: FieldLabel): string =>
  formatEnglish(TEMPLATES.required, { label: labelEnglish(question) });

const fieldMessage = (
  descriptor: MessageDescriptor,
  label: FieldLabel,
  values: Record<string, string | number> = {},
): FieldMessage => {
  const label_ = labelRef(label);
  if (!label_) return { english: formatEnglish(descriptor, { label: labelEnglish(label), ...values }) };
  const ref = messageRef(descriptor, { label: label_, ...values });
  return { english: englishOf(ref), ref };
};

/** 'is required' and 'is invalid' on a label that is a message: always with their ids. */
export const requiredRef = (label: MessageDescriptor | MessageRef): MessageRef =>
  messageRef(TEMPLATES.required, { label: messageLabel(label) });
export const invalidRef = (label: MessageDescriptor | MessageRef): MessageRef =>
  messageRef(TEMPLATES.invalid, { label: messageLabel(label) });

/** The field messages by kind, each with its id when the label is a message. */
export const FIELD_MESSAGES = {
  required: (label: FieldLabel) => fieldMessage(TEMPLATES.required, label),
  invalid: (label: FieldLabel) => fieldMessage(TEMPLATES.invalid, label),
  minLength: (label: FieldLabel, n: number) => fieldMessage(TEMPLATES.minLength, label, { n }),
  maxLength: (label: FieldLabel, n: number) => fieldMessage(TEMPLATES.maxLength, label, { n }),
  greaterThanZero: (label: FieldLabel) => fieldMessage(TEMPLATES.greaterThanZero, label),
  notNegative: (label: FieldLabel) => fieldMessage(TEMPLATES.notNegative, label),
  // Spanish asks for the answer to a question rather than calling it required: a message of its own.
  questionRequired: (question: FieldLabel) => fieldMessage(QUESTION_REQUIRED, question),
  /** A fixed text (no label): always has its id. */
  fixed: (key: keyof typeof FIXED): FieldMessage => ({
    english: formatEnglish(FIXED[key]),
    ref: messageRef(FIXED[key]),
  }),
};

/** Bank connection without a checking account (wording ours, content the spec's); "your bank" without a name. */
export const noCheckingAccountRef = (institutionName?: string | null): MessageRef =>
  messageRef(TEMPLATES.noCheckingAccount, {
    institution: institutionName?.trim() || messageRef(LABELS.yourBank),
  });

export const noCheckingAccountMessage = (institutionName?: string | null): string =>
  englishOf(noCheckingAccountRef(institutionName));

/** Reconnecting a bank through another bank than the one whose connection stopped (wording ours). */
export const reconnectOtherBankRef = (institutionName: string): MessageRef =>
  messageRef(TEMPLATES.reconnectOtherBank, { institution: institutionName });

export const reconnectOtherBankMessage = (institutionName: string): string =>
  englishOf(reconnectOtherBankRef(institutionName));

/** Reconnecting a bank connection that is working (wording ours). */
export const BANK_ALREADY_CONNECTED = formatEnglish(FIXED.bankAlreadyConnected);

/** A bank connection without a link session of ours to exchange against (expired, used, or none). */
export const BANK_LINK_SESSION_EXPIRED = formatEnglish(FIXED.bankLinkSessionExpired);

const english = <K extends keyof typeof FIXED>(key: K): string => formatEnglish(FIXED[key]);

export const MESSAGES = {
  // Form rules beyond one field's format: agreements, choices, matching fields, warnings
  termsRequired: english('termsRequired'),
  hardshipRequired: english('hardshipRequired'),
  creditConsentRequired: english('creditConsentRequired'),
  budgetAgreementRequired: english('budgetAgreementRequired'),
  paymentAccountRequired: english('paymentAccountRequired'),
  accountsRequired: english('accountsRequired'),
  counsellingSlotTaken: english('counsellingSlotTaken'),
  counsellingAlreadyBooked: english('counsellingAlreadyBooked'),
  counsellingLinkNotValid: english('counsellingLinkNotValid'),
  counsellingLinkExpired: english('counsellingLinkExpired'),
  counsellingLinkReplaced: english('counsellingLinkReplaced'),
  counsellingTooManyMoves: english('counsellingTooManyMoves'),
  counsellingTooManyEmails: english('counsellingTooManyEmails'),
  counsellingBusy: english('counsellingBusy'),
  counsellingCallNotChangeable: english('counsellingCallNotChangeable'),
  counsellingSchedulerUnavailable: english('counsellingSchedulerUnavailable'),
  passwordsDoNotMatch: english('passwordsDoNotMatch'),
  passwordRequirements: english('passwordRequirements'),
  emailsDoNotMatch: english('emailsDoNotMatch'),
  accountNumbersDoNotMatch: english('accountNumbersDoNotMatch'),
  under13: english('under13'),
  underContractAge: english('underContractAge'),
  currencyWarning: english('currencyWarning'),
  incomeWarning: english('incomeWarning'),
  qualityControlChoice: 'Please select whether the application passed quality control or not',
  qualityControlReason: 'Please select at least one disqualification reason',
  filterRequired: 'Please select at least one filter',
  addressLine2Hint: english('addressLine2Hint'),
  noCheckingAccount: noCheckingAccountMessage(),
  // Failures shown to the user: accounts, loading, saving, the staff views' missing data
  usernameExists: english('usernameExists'),
  incorrectCredentials: english('incorrectCredentials'),
  networkError: english('networkError'),
  applicationLoadFailed: english('applicationLoadFailed'),
  codeMismatch: english('codeMismatch'),
  expiredCode: english('expiredCode'),
  limitExceeded: english('limitExceeded'),
  setInitialPasswordFailed: english('setInitialPasswordFailed'),
  verifyNewEmailFailed: english('verifyNewEmailFailed'),
  verifyNewEmailSuccess: english('verifyNewEmailSuccess'),
  emailUpdated: english('emailUpdated'),
  /** Not in the spec: the change waits for the code sent to the new address (ours). */
  verifyNewEmailSent: english('verifyNewEmailSent'),
  passwordReset: english('passwordReset'),
  /** Ours: after the first password, set from the emailed link (the spec has only the reset's message). */
  passwordSet: english('passwordSet'),
  /** Ours: under a refused sign-in, for a borrower who never set a password (shown to everyone alike, so it
   * tells nobody whether an account exists or still waits for its first password). */
  firstPasswordHint: english('firstPasswordHint'),
  bankLoginIncorrect: english('bankLoginIncorrect'),
  saveFailed: english('saveFailed'),
  reviewSaveFailed: english('reviewSaveFailed'),
  noDecision: 'There was no decision made for this borrower.',
  noBudget: 'Recommended Budget is not available for this borrower.',
  noExpenses: 'Expenses are not available for this borrower.',
  noIncome: 'Self reported income not reported by this borrower',
  notEnoughEligible: 'not enough eligible collections or debts',
  getCreditReportsFailed: 'get credit reports failed',
  // A staff member without a name, in staff lists
  nameUnavailable: 'Name Unavailable',
};

export type MessageKey = keyof typeof MESSAGES;

/** Each fixed text as its id, for an error that reaches a borrower (AppError words it in their language). */
export const MESSAGE_REFS = Object.fromEntries(
  Object.entries(FIXED).map(([key, descriptor]) => [key, messageRef(descriptor)]),
) as Record<keyof typeof FIXED, MessageRef>;

/** The customer portal's refusals as their ids, for the errors its routes answer with. */
export const PORTAL_REFUSAL_REFS = Object.fromEntries(
  Object.entries(PORTAL_REFUSALS).map(([key, descriptor]) => [key, messageRef(descriptor)]),
) as Record<keyof typeof PORTAL_REFUSALS, MessageRef>;
/** The signing steps' refusals as their ids; the letter's renewal names the new first draft's date. */
export const SIGNING_REFS = Object.fromEntries(
  Object.entries(SIGNING_MESSAGES).map(([key, descriptor]) => [key, messageRef(descriptor)]),
) as Record<Exclude<keyof typeof SIGNING_MESSAGES, 'letterRenewed'>, MessageRef>;
export const letterRenewedRef = (date: string): MessageRef =>
  messageRef(SIGNING_MESSAGES.letterRenewed, { date });

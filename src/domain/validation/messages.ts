// Every user-visible validation and error text, character for character.
// Texts the spec leaves open (max length, minimum value, no checking account) are ours and say so.

export const requiredMessage = (label: string): string => `${label} is required`;

export const invalidMessage = (label: string): string => `${label} is invalid`;

export const minLengthMessage = (label: string, n: number): string =>
  `${label} must be at least ${n} characters long`;

/** Not in the spec (inputs stop typing at the limit); the API still needs a text for longer values. */
export const maxLengthMessage = (label: string, n: number): string =>
  `${label} must be at most ${n} characters long`;

/** The spec's 'minValNotMet' outcome has no text; ours, for amounts that must be above zero. */
export const greaterThanZeroMessage = (label: string): string => `${label} must be greater than $0`;

/** The spec's 'minValNotMet' outcome has no text; ours, for amounts that may be zero but not negative. */
export const notNegativeMessage = (label: string): string => `${label} cannot be negative`;

export const yesNoRequiredMessage = (question: string): string => `${question} is required`;

/** Bank connection without a checking account (wording ours, content the spec's). */
export const noCheckingAccountMessage = (institutionName?: string | null): string =>
  `Thank you for connecting ${institutionName?.trim() || 'your bank'}. ` +
  'We did not find a checking account there. ' +
  'Please connect the bank that holds your primary checking account.';

/** Reconnecting a bank through another bank than the one whose connection stopped (wording ours). */
export const reconnectOtherBankMessage = (institutionName: string): string =>
  `This connection stopped at ${institutionName}. Please sign in to ${institutionName} to reconnect it.`;

/** Reconnecting a bank connection that is working (wording ours). */
export const BANK_ALREADY_CONNECTED = 'This bank is connected already. There is nothing to reconnect.';

export const MESSAGES = {
  // Form rules beyond one field's format: agreements, choices, matching fields, warnings
  termsRequired: 'Agreeing to the Terms and Conditions is required',
  hardshipRequired: 'Please select at least one option.',
  creditConsentRequired: 'Consent for the credit inquiry is required',
  budgetAgreementRequired: 'Agreeing to adjust your total expenses is required',
  paymentAccountRequired: 'Please select a payment account.',
  passwordsDoNotMatch: 'Passwords do not match.',
  passwordRequirements: 'Your new password does not meet the requirements.',
  emailsDoNotMatch: 'The emails do not match.',
  accountNumbersDoNotMatch: 'Account numbers do not match',
  under13: 'You must be at least 13 years of age to register.',
  underContractAge: 'A Debt Management Plan is a contract, which a person under 18 cannot sign.',
  currencyWarning: 'Please confirm this amount is correct.',
  incomeWarning:
    'The median Monthly Household Income in America is $5,725. Please ensure you have accurately entered your Monthly Household Income before proceeding.',
  qualityControlChoice: 'Please select whether the application passed quality control or not',
  qualityControlReason: 'Please select at least one disqualification reason',
  filterRequired: 'Please select at least one filter',
  addressLine2Hint: 'Ex. Suite #, Building #, Apartment #',
  noCheckingAccount: noCheckingAccountMessage(),
  // Failures shown to the user: accounts, loading, saving, the staff views' missing data
  usernameExists:
    'An account with the given email address already exists. Please look for your registration email to continue the application process.',
  incorrectCredentials: 'Incorrect Username or Password',
  networkError: 'Network Connection Error: Please check your internet connection',
  applicationLoadFailed: 'There was a problem getting your application information. Please try again.',
  codeMismatch:
    'The supplied verification link is old. Please check your email for the newest verification link.',
  expiredCode:
    'The supplied verification link has expired. Please check your email for the newest verification link.',
  limitExceeded:
    'There have been too many reset password requests recently. Please wait 15 minutes and try again.',
  setInitialPasswordFailed: 'There was a problem updating your account. Please try again.',
  verifyNewEmailFailed: 'We were unable to verify your new email. Please try again.',
  verifyNewEmailSuccess: 'Your new email has been verified! You may now close this window.',
  emailUpdated: 'Your email has been updated. Please sign in with your new credentials.',
  /** Not in the spec: the change waits for the code sent to the new address (ours). */
  verifyNewEmailSent:
    'We sent a link to your new email address. Your email changes once you follow it and confirm with your password; until then, sign in with your current email.',
  passwordReset: 'Password successfully reset. Please sign in with your new credentials.',
  /** Ours: after the first password, set from the emailed link (the spec has only the reset's message). */
  passwordSet: 'Your password is set. Please sign in with it to continue your application.',
  /** Ours: under a refused sign-in, for a borrower who never set a password (shown to everyone alike, so it
   * tells nobody whether an account exists or still waits for its first password). */
  firstPasswordHint:
    'Not set a password yet? Use the “Set your password” link in the email we sent when you started your application. If it has expired or you cannot find it, we can send you a new one.',
  saveFailed: 'There was a problem saving your information. Please try again.',
  reviewSaveFailed: 'There was a problem saving your application. Please try again.',
  noDecision: 'There was no decision made for this borrower.',
  noBudget: 'Recommended Budget is not available for this borrower.',
  noExpenses: 'Expenses are not available for this borrower.',
  noIncome: 'Self reported income not reported by this borrower',
  notEnoughEligible: 'not enough eligible collections or debts',
  getCreditReportsFailed: 'get credit reports failed',
  // A staff member without a name, in staff lists
  nameUnavailable: 'Name Unavailable',
} as const;

export type MessageKey = keyof typeof MESSAGES;

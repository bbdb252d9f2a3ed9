import { defineMessages, type MessageDescriptor } from '@formatjs/intl';

// The validation and error texts a borrower can see, each declared once with its English. messages.ts builds
// the English the schemas use from these same descriptors (formatEnglish); a message travels with its id and
// values, and each language words it by its id (docs/decisions/0209-messages-travel-with-their-id.md).

/**
 * A yes/no question left unanswered: the same English as TEMPLATES.required ("Do you have any dependents? is
 * required"), but Spanish cannot hang "este dato es obligatorio" on a question, so it asks for the answer.
 * The field helpers use it for a required field whose label is a question.
 */
export const QUESTION_REQUIRED = defineMessages({
  required: { id: 'validation.questionRequired', defaultMessage: '{label} is required' },
}).required;

/** Texts built around a field's label (or a question, an amount, a bank's name). */
export const TEMPLATES = defineMessages({
  required: { id: 'validation.required', defaultMessage: '{label} is required' },
  invalid: { id: 'validation.invalid', defaultMessage: '{label} is invalid' },
  minLength: { id: 'validation.minLength', defaultMessage: '{label} must be at least {n} characters long' },
  maxLength: { id: 'validation.maxLength', defaultMessage: '{label} must be at most {n} characters long' },
  greaterThanZero: { id: 'validation.greaterThanZero', defaultMessage: '{label} must be greater than $0' },
  notNegative: { id: 'validation.notNegative', defaultMessage: '{label} cannot be negative' },
  noCheckingAccount: {
    id: 'validation.bank.noCheckingAccount',
    defaultMessage:
      'Thank you for connecting {institution}. We did not find a checking account there. Please connect the bank that holds your primary checking account.',
  },
  tooManySelfReportedDebts: {
    id: 'validation.debts.tooManyAdded',
    defaultMessage: 'You can add at most {n} debts. Call us to add more.',
  },
  reconnectOtherBank: {
    id: 'validation.bank.reconnectOtherBank',
    defaultMessage:
      'This connection stopped at {institution}. Please sign in to {institution} to reconnect it.',
  },
  budgetBelowFloor: {
    id: 'validation.budget.belowFloor',
    defaultMessage: '{label} cannot go below {amount}.',
  },
  budgetAboveCurrent: {
    id: 'validation.budget.aboveCurrent',
    defaultMessage: '{label} cannot go above what you spend now ({amount}).',
  },
  budgetNotCovered: {
    id: 'validation.budget.notCovered',
    defaultMessage:
      'These cuts leave {stillToCover} a month still to cover. Together they must lower your expenses by at least {required}.',
  },
});

/** Fixed texts a borrower can see: form rules beyond one field, and failures. */
export const FIXED = defineMessages({
  skipBankReasonRequired: {
    id: 'validation.skipBankReasonRequired',
    defaultMessage: 'Why are you skipping this step is required',
  },
  manualAccountReasonRequired: {
    id: 'validation.manualAccountReasonRequired',
    defaultMessage: 'Why are you entering your account by hand is required',
  },
  termsRequired: {
    id: 'validation.termsRequired',
    defaultMessage: 'Agreeing to the Terms and Conditions is required',
  },
  hardshipRequired: {
    id: 'validation.hardshipRequired',
    defaultMessage: 'Please select at least one option.',
  },
  creditConsentRequired: {
    id: 'validation.creditConsentRequired',
    defaultMessage: 'Consent for the credit inquiry is required',
  },
  budgetAgreementRequired: {
    id: 'validation.budgetAgreementRequired',
    defaultMessage: 'Agreeing to adjust your total expenses is required',
  },
  paymentAccountRequired: {
    id: 'validation.paymentAccountRequired',
    defaultMessage: 'Please select a payment account.',
  },
  accountsRequired: {
    id: 'validation.accountsRequired',
    defaultMessage: 'Please select at least one account.',
  },
  passwordsDoNotMatch: { id: 'validation.passwordsDoNotMatch', defaultMessage: 'Passwords do not match.' },
  passwordRequirements: {
    id: 'validation.passwordRequirements',
    defaultMessage: 'Your new password does not meet the requirements.',
  },
  emailsDoNotMatch: { id: 'validation.emailsDoNotMatch', defaultMessage: 'The emails do not match.' },
  accountNumbersDoNotMatch: {
    id: 'validation.accountNumbersDoNotMatch',
    defaultMessage: 'Account numbers do not match',
  },
  under13: { id: 'validation.under13', defaultMessage: 'You must be at least 13 years of age to register.' },
  underContractAge: {
    id: 'validation.underContractAge',
    defaultMessage: 'A Debt Management Plan is a contract, which a person under 18 cannot sign.',
  },
  currencyWarning: {
    id: 'validation.currencyWarning',
    defaultMessage: 'Please confirm this amount is correct.',
  },
  incomeWarning: {
    id: 'validation.incomeWarning',
    defaultMessage:
      'The median Monthly Household Income in America is $5,725. Please ensure you have accurately entered your Monthly Household Income before proceeding.',
  },
  addressLine2Hint: {
    id: 'validation.addressLine2Hint',
    defaultMessage: 'Ex. Suite #, Building #, Apartment #',
  },
  usernameExists: {
    id: 'validation.usernameExists',
    defaultMessage:
      'An account with the given email address already exists. Please look for your registration email to continue the application process.',
  },
  incorrectCredentials: {
    id: 'validation.incorrectCredentials',
    defaultMessage: 'Incorrect Username or Password',
  },
  networkError: {
    id: 'validation.networkError',
    defaultMessage: 'Network Connection Error: Please check your internet connection',
  },
  applicationLoadFailed: {
    id: 'validation.applicationLoadFailed',
    defaultMessage: 'There was a problem getting your application information. Please try again.',
  },
  codeMismatch: {
    id: 'validation.codeMismatch',
    defaultMessage:
      'The supplied verification link is old. Please check your email for the newest verification link.',
  },
  expiredCode: {
    id: 'validation.expiredCode',
    defaultMessage:
      'The supplied verification link has expired. Please check your email for the newest verification link.',
  },
  limitExceeded: {
    id: 'validation.limitExceeded',
    defaultMessage:
      'There have been too many reset password requests recently. Please wait 15 minutes and try again.',
  },
  setInitialPasswordFailed: {
    id: 'validation.setInitialPasswordFailed',
    defaultMessage: 'There was a problem updating your account. Please try again.',
  },
  verifyNewEmailFailed: {
    id: 'validation.verifyNewEmailFailed',
    defaultMessage: 'We were unable to verify your new email. Please try again.',
  },
  verifyNewEmailSuccess: {
    id: 'validation.verifyNewEmailSuccess',
    defaultMessage: 'Your new email has been verified! You may now close this window.',
  },
  emailUpdated: {
    id: 'validation.emailUpdated',
    defaultMessage: 'Your email has been updated. Please sign in with your new credentials.',
  },
  verifyNewEmailSent: {
    id: 'validation.verifyNewEmailSent',
    defaultMessage:
      'We sent a link to your new email address. Your email changes once you follow it and confirm with your password; until then, sign in with your current email.',
  },
  passwordReset: {
    id: 'validation.passwordReset',
    defaultMessage: 'Password successfully reset. Please sign in with your new credentials.',
  },
  passwordSet: {
    id: 'validation.passwordSet',
    defaultMessage: 'Your password is set. Please sign in with it to continue your application.',
  },
  firstPasswordHint: {
    id: 'validation.firstPasswordHint',
    defaultMessage:
      'Not set a password yet? Use the “Set your password” link in the email we sent when you started your application. If it has expired or you cannot find it, we can send you a new one.',
  },
  // The sandbox bank's answer to a wrong username or password, shown in the bank dialog in the page's language.
  bankLoginIncorrect: {
    id: 'validation.bankLoginIncorrect',
    defaultMessage: 'The username or password you entered is incorrect.',
  },
  saveFailed: {
    id: 'validation.saveFailed',
    defaultMessage: 'There was a problem saving your information. Please try again.',
  },
  reviewSaveFailed: {
    id: 'validation.reviewSaveFailed',
    defaultMessage: 'There was a problem saving your application. Please try again.',
  },
  bankAlreadyConnected: {
    id: 'validation.bank.alreadyConnected',
    defaultMessage: 'This bank is connected already. There is nothing to reconnect.',
  },
  bankLinkSessionExpired: {
    id: 'validation.bank.linkSessionExpired',
    defaultMessage:
      'This bank connection could not be completed: its session has expired or was already used. Please connect your bank again.',
  },
  budgetNotAdjustable: {
    id: 'validation.budget.notAdjustable',
    defaultMessage: 'This expense cannot be adjusted in the budget.',
  },
  budgetRepeated: { id: 'validation.budget.repeated', defaultMessage: 'This expense is listed twice.' },
  requestInvalid: { id: 'validation.requestInvalid', defaultMessage: 'The request is invalid.' },
  // The second factor's code pages (a staff member's sign-in; the pages are ours, the texts too)
  totpCodeInvalid: {
    id: 'validation.totpCodeInvalid',
    defaultMessage: 'Enter the 6-digit code from your authenticator app.',
  },
  secondFactorCodeInvalid: {
    id: 'validation.secondFactorCodeInvalid',
    defaultMessage: 'Enter the code from your authenticator app or a recovery code.',
  },
  // The offer's acceptance and the customer portal's forms: the schemas' messages, which a page re-sets after a
  // refused submit, and the API answers
  draftDayRequired: {
    id: 'validation.draftDayRequired',
    defaultMessage: 'Please choose the day of the month for your payment',
  },
  draftDayOutOfRange: {
    id: 'validation.draftDayOutOfRange',
    defaultMessage: 'Please choose a day from the 1st to the 28th',
  },
  planTermsAgreementRequired: {
    id: 'validation.planTermsAgreementRequired',
    defaultMessage: 'Please confirm you have read the plan’s terms and disclosures',
  },
  textMessagesChoiceRequired: {
    id: 'validation.textMessagesChoiceRequired',
    defaultMessage: 'Choose whether we may text you',
  },
  newDayFirstDraftMissing: {
    id: 'validation.newDayFirstDraftMissing',
    defaultMessage: 'The first draft on the new day is missing. Please choose the day again.',
  },
  amountToConfirmMissing: {
    id: 'validation.amountToConfirmMissing',
    defaultMessage: 'The amount to confirm is missing',
  },
  agreeToNewAmount: {
    id: 'validation.agreeToNewAmount',
    defaultMessage: 'Please tick the box to authorize the new amount',
  },
  agreeToNewDay: {
    id: 'validation.agreeToNewDay',
    defaultMessage: 'Check the box to authorize drafts on the new day.',
  },
  // The public counselling call's refusals: booking, and the emailed links that move or cancel a call
  counsellingSlotTaken: {
    id: 'validation.counselling.slotTaken',
    defaultMessage: 'This time is no longer open. Please choose another.',
  },
  counsellingAlreadyBooked: {
    id: 'validation.counselling.alreadyBooked',
    defaultMessage: 'You already have a call booked. Use the links in its email to move or cancel it.',
  },
  counsellingLinkNotValid: {
    id: 'validation.counselling.linkNotValid',
    defaultMessage: 'This link is not valid.',
  },
  counsellingLinkExpired: {
    id: 'validation.counselling.linkExpired',
    defaultMessage: 'This link has expired: the call it was for is over.',
  },
  counsellingLinkReplaced: {
    id: 'validation.counselling.linkReplaced',
    defaultMessage: 'This link was replaced by the one in your latest email about this call.',
  },
  counsellingTooManyMoves: {
    id: 'validation.counselling.tooManyMoves',
    defaultMessage: 'This call has been moved as many times as its link allows. Please call us to change it.',
  },
  counsellingTooManyEmails: {
    id: 'validation.counselling.tooManyEmails',
    defaultMessage:
      'We have sent this email address as many messages about calls as we send in a day. Please call us, or try again tomorrow.',
  },
  counsellingBusy: {
    id: 'validation.counselling.busy',
    defaultMessage: 'Many people are booking right now. Please try again.',
  },
  counsellingCallNotChangeable: {
    id: 'validation.counselling.callNotChangeable',
    defaultMessage: 'This call can no longer be changed.',
  },
  counsellingSchedulerUnavailable: {
    id: 'validation.counselling.schedulerUnavailable',
    defaultMessage: 'Booking is not available right now. Please try again in a few minutes.',
  },
  // The errors' default texts (src/domain/errors.ts)
  appErrorValidationError: {
    id: 'validation.appError.validation',
    defaultMessage: 'Some fields are not valid.',
  },
  appErrorNotAuthenticated: {
    id: 'validation.appError.notAuthenticated',
    defaultMessage: 'Please sign in to continue.',
  },
  appErrorForbidden: {
    id: 'validation.appError.forbidden',
    defaultMessage: 'You do not have access to this page.',
  },
  appErrorNotFound: {
    id: 'validation.appError.notFound',
    defaultMessage: 'We could not find what you were looking for.',
  },
  appErrorConflict: {
    id: 'validation.appError.conflict',
    defaultMessage: 'This information was changed by someone else. Please reload and try again.',
  },
  appErrorRateLimited: {
    id: 'validation.appError.rateLimited',
    defaultMessage: 'Too many requests. Please wait a moment and try again.',
  },
  appErrorMustChangePassword: {
    id: 'validation.appError.mustChangePassword',
    defaultMessage: 'Please set your password to continue.',
  },
  appErrorInvalidTransition: {
    id: 'validation.appError.invalidTransition',
    defaultMessage: 'This step is not available for your application right now.',
  },
  appErrorPreconditionFailed: {
    id: 'validation.appError.preconditionFailed',
    defaultMessage: 'Please complete the previous steps first.',
  },
  appErrorWouldDisqualify: {
    id: 'validation.appError.wouldDisqualify',
    defaultMessage: 'The plan payment does not fit this budget.',
  },
  appErrorThinBudget: {
    id: 'validation.appError.thinBudget',
    defaultMessage: 'This budget leaves very little each month after the plan payment.',
  },
  appErrorLetterRenewed: {
    id: 'validation.appError.letterRenewed',
    defaultMessage:
      'The first draft date on this letter is now too close to set up in time. We have sent you a new letter to sign.',
  },
  appErrorSigningLinkExpired: {
    id: 'validation.appError.signingLinkExpired',
    defaultMessage: 'This signing link has expired.',
  },
  signingLinkNotValid: {
    id: 'validation.signing.linkNotValid',
    defaultMessage: 'This signing link is not valid. Please use the link in the latest email we sent you.',
  },
  signingNameMismatch: {
    id: 'validation.signing.nameMismatch',
    defaultMessage: 'The name you typed does not match the name on the letter.',
  },
  offersKeepOne: {
    id: 'validation.offers.keepOne',
    defaultMessage: 'Keep at least one offer in your plan, or choose to leave them all out.',
  },
  offersDisclosuresChanged: {
    id: 'validation.offers.disclosuresChanged',
    defaultMessage: 'The plan’s disclosures have changed since you opened this page. Please read them again.',
  },
  newEmailSameAsCurrent: {
    id: 'validation.newEmailSameAsCurrent',
    defaultMessage: 'The new email is the same as the current one.',
  },
  spouseConsentNameMismatch: {
    id: 'validation.spouseConsent.nameMismatch',
    defaultMessage:
      'This name does not match the spouse’s name on the application. Type the first and last name as they were given.',
  },
  spouseConsentLinkNotValid: {
    id: 'validation.spouseConsent.linkNotValid',
    defaultMessage: 'This link is not valid. Please ask your spouse to send you a new one.',
  },
  spouseConsentLinkExpired: {
    id: 'validation.spouseConsent.linkExpired',
    defaultMessage: 'This link has expired. Please ask your spouse to send you a new one.',
  },
  spouseConsentAlreadyGiven: {
    id: 'validation.spouseConsent.alreadyGiven',
    defaultMessage: 'Your consent has already been recorded. Nothing more is needed from you.',
  },
  spouseConsentTooManyLinks: {
    id: 'validation.spouseConsent.tooManyLinks',
    defaultMessage:
      'We have sent as many links as we send in a day. Please try again tomorrow, or let your spouse give their consent here on this screen.',
  },
  spouseConsentNoSpouse: {
    id: 'validation.spouseConsent.noSpouse',
    defaultMessage: 'This application has no spouse to ask for consent.',
  },
  // The borrower's refusals the server words itself: an answer for a page the application moved past, an
  // account's email or password, the phone check, applying again, and a request sent twice at once.
  applicationNotEditable: {
    id: 'validation.application.notEditable',
    defaultMessage: 'Your application has moved past this step, so these answers can no longer be changed.',
  },
  emailTaken: {
    id: 'validation.emailTaken',
    defaultMessage: 'An account with the given email already exists.',
  },
  incorrectPassword: { id: 'validation.incorrectPassword', defaultMessage: 'Incorrect password' },
  phoneVerificationUnavailable: {
    id: 'validation.phoneVerificationUnavailable',
    defaultMessage: 'Phone verification is unavailable. Please try again.',
  },
  reapplyNotQualifiedOnly: {
    id: 'validation.reapply.notQualifiedOnly',
    defaultMessage: 'Only an application that ended not qualified can be started again.',
  },
  idempotencyKeyInvalid: {
    id: 'validation.idempotency.keyInvalid',
    defaultMessage: 'The Idempotency-Key header is invalid.',
  },
  idempotencyInProgress: {
    id: 'validation.idempotency.inProgress',
    defaultMessage: 'This request is already being processed. Please wait a moment.',
  },
  idempotencyKeyReused: {
    id: 'validation.idempotency.keyReused',
    defaultMessage: 'This Idempotency-Key was already used for another request.',
  },
  appErrorInternalError: {
    id: 'validation.appError.internal',
    defaultMessage: 'Something went wrong. Please try again.',
  },
});

/**
 * The customer portal's refusals: a change of draft day the plan cannot take, and a confirmation or a change
 * whose terms moved on since the page was opened. The server answers with them by id, and the Settings page
 * words a day it refuses before asking the server with the same ones. Their ids are the portal's, which the
 * translators know them by.
 */
export const PORTAL_REFUSALS = defineMessages({
  termsChanged: {
    id: 'portal.server.termsChanged',
    defaultMessage:
      'Your plan changed again since this page was opened. Please read the new terms before you confirm.',
  },
  nothingToConfirm: {
    id: 'portal.server.nothingToConfirm',
    defaultMessage: 'Your plan has no new amount waiting for your confirmation.',
  },
  previewStale: {
    id: 'portal.server.previewStale',
    defaultMessage:
      'The date of your first draft on the new day has changed since this page was opened. Please check it and save again.',
  },
  notADraftDay: {
    id: 'portal.draftDay.notADraftDay',
    defaultMessage: 'Choose a day from the 1st to the 28th.',
  },
  sameDay: { id: 'portal.draftDay.sameDay', defaultMessage: 'Your drafts are already on that day.' },
  planEndsFirst: {
    id: 'portal.draftDay.planEndsFirst',
    defaultMessage: 'Your plan ends before a change of day could be announced 10 days ahead.',
  },
});

/**
 * What the signing page and the application's last page are told when the server refuses a signing step. The
 * `signing.` ids were first the signing page's own, which read the server's English back into them; they keep
 * their id, English and Spanish now that the server sends them by id.
 */
export const SIGNING_MESSAGES = defineMessages({
  alreadySigned: {
    id: 'signing.refusal.alreadySigned',
    defaultMessage:
      'You have already signed the Letter of Authorization, so there is nothing more to sign. We emailed you a signed copy once everyone had signed.',
  },
  tooMany: {
    id: 'signing.refusal.tooMany',
    defaultMessage:
      'We have already sent you several new links in the last hour. Please use the newest email, or try again in an hour.',
  },
  openFirst: {
    id: 'signing.refusal.openFirst',
    defaultMessage: 'Open the letter first to check you can read it, then agree to electronic records.',
  },
  outdatedVersion: {
    id: 'signing.refusal.outdatedVersion',
    defaultMessage: 'These disclosures have changed. Please reload the page and read them again.',
  },
  consentRequired: {
    id: 'signing.refusal.consentRequired',
    defaultMessage: 'Please agree to receive records and sign electronically before you sign.',
  },
  withdrawAfterSigning: {
    id: 'signing.refusal.withdrawAfterSigning',
    defaultMessage: 'You have already signed; withdrawing now does not undo your signature.',
  },
  agreeConsentRequired: {
    id: 'signing.consent.agreeRequired',
    defaultMessage: 'Agreeing to receive records and sign electronically is required',
  },
  linkNotValidOrExpired: {
    id: 'signing.refusal.linkNotValidOrExpired',
    defaultMessage: 'This signing link is not valid or has expired.',
  },
  letterAlreadySigned: {
    id: 'signing.refusal.letterAlreadySigned',
    defaultMessage: 'Your Letter of Authorization is already signed.',
  },
  partnerSendsEmail: {
    id: 'signing.refusal.partnerSendsEmail',
    defaultMessage:
      'The signing email comes from our e-signature partner. Please check your inbox and spam folder.',
  },
  // The typed signature's rules (the page checks them before the server does).
  fullNameRequired: { id: 'signing.sign.fullNameRequired', defaultMessage: 'Full name is required' },
  fullNameInvalid: { id: 'signing.sign.fullNameInvalid', defaultMessage: 'Full name is invalid' },
  agreeRequired: {
    id: 'signing.sign.agreeRequired',
    defaultMessage: 'Agreeing to sign electronically is required',
  },
  // The date is written by the server in the reader's language.
  letterRenewed: {
    id: 'signing.refusal.letterRenewed',
    defaultMessage:
      'The first draft date on this letter is now too close for us to set up the draft in time, so it can no longer be signed. We have emailed you a new letter, with the first draft on {date}. Please sign that one.',
  },
});

/**
 * The application's warnings and refusals with figures: a budget that would end the application (for lack of
 * room, or because no plan is needed) or leave next to nothing after the plan payment, and applying again
 * before the waiting period ends. The amounts are written dollars; the date is the agency's day, 'yyyy-MM-dd',
 * which a page may write in its own way. Their ids are the budget's and the not-qualified page's, which first
 * recognised the server's English: their translations are those pages'.
 */
export const APPLY_REFUSALS = defineMessages({
  wouldDisqualifyRoom: {
    id: 'apply.budget.wouldDisqualify.room',
    defaultMessage: 'The plan needs about {need} a month of room; your budget leaves {room}.',
  },
  wouldDisqualifyNoRoom: {
    id: 'apply.budget.wouldDisqualify.noRoom',
    defaultMessage:
      'The plan needs about {need} a month of room; your budget leaves nothing: your expenses and other debt payments are {over} more than your income.',
  },
  wouldDisqualifyCuts: {
    id: 'apply.budget.wouldDisqualify.cuts',
    defaultMessage:
      'Lowering flexible expenses as far as we can suggest would free about {amount} more, which is not enough.',
  },
  /** The room the plan lacks, then what the cuts could free: two sentences, each a message of its own. */
  wouldDisqualifyWithCuts: {
    id: 'apply.budget.wouldDisqualify.withCuts',
    defaultMessage: '{needs} {cuts}',
  },
  planNotNeeded: {
    id: 'apply.budget.planNotNeeded',
    defaultMessage:
      'Your budget leaves {room} a month, enough to pay the estimated {current} a month on these debts now with {spare} to spare, so a plan is not needed. A plan is offered when your budget leaves less than {below} a month: {less} less than now.',
  },
  thinSome: {
    id: 'apply.budget.thin.some',
    defaultMessage:
      'After the plan payment, this budget leaves only {amount} a month. We suggest keeping at least {cushion} a month for the unexpected, such as a higher bill or a car repair, so a surprise does not make you miss a plan payment.',
  },
  thinNothing: {
    id: 'apply.budget.thin.nothing',
    defaultMessage:
      'After the plan payment, this budget leaves nothing each month. We suggest keeping at least {cushion} a month for the unexpected, such as a higher bill or a car repair, so a surprise does not make you miss a plan payment.',
  },
  /** Not a refusal: the proposed budget's one-line reason, which the budget page shows above its figures. */
  budgetDescription: {
    id: 'apply.budget.description',
    defaultMessage:
      'Lower flexible expenses by {savings} a month so the plan payment of {payment} fits the budget.',
  },
  reapplyTooSoon: {
    id: 'apply.notQualified.again.tooSoon',
    defaultMessage: 'You can apply again from {date}, or now if your situation has changed.',
  },
});

/**
 * The labels and questions the borrower's schemas name in their messages ("First name is required"), and the
 * words a template holds in place of a name ("your bank"). A label not listed stays English inside a
 * translated sentence.
 */
export const LABELS = defineMessages({
  firstName: { id: 'validation.label.firstName', defaultMessage: 'First name' },
  lastName: { id: 'validation.label.lastName', defaultMessage: 'Last name' },
  middleName: { id: 'validation.label.middleName', defaultMessage: 'Middle name' },
  email: { id: 'validation.label.email', defaultMessage: 'Email address' },
  phoneNumber: { id: 'validation.label.phoneNumber', defaultMessage: 'Phone number' },
  addressLine1: { id: 'validation.label.addressLine1', defaultMessage: 'Street address' },
  addressLine2: { id: 'validation.label.addressLine2', defaultMessage: 'Address line 2' },
  city: { id: 'validation.label.city', defaultMessage: 'City' },
  state: { id: 'validation.label.state', defaultMessage: 'State' },
  zipCode: { id: 'validation.label.zipCode', defaultMessage: 'Zip code' },
  dateOfBirth: { id: 'validation.label.dateOfBirth', defaultMessage: 'Date of birth' },
  spouseLanguage: { id: 'validation.label.spouseLanguage', defaultMessage: 'Your spouse’s language' },
  spouseFullName: { id: 'validation.label.spouseFullName', defaultMessage: 'Full name' },
  numberOfDependents: { id: 'validation.label.numberOfDependents', defaultMessage: 'Number of dependents' },
  housingCost: {
    id: 'validation.label.housingCost',
    defaultMessage: 'Estimated monthly housing cost',
  },
  escrow: { id: 'validation.label.escrow', defaultMessage: 'Escrow' },
  password: { id: 'validation.label.password', defaultMessage: 'Password' },
  /** The sandbox bank's sign-in (the bank-link dialog's stand-in for the bank). */
  username: { id: 'validation.label.username', defaultMessage: 'Username' },
  newPassword: { id: 'validation.label.newPassword', defaultMessage: 'New password' },
  currentPassword: { id: 'validation.label.currentPassword', defaultMessage: 'Current password' },
  confirmPassword: { id: 'validation.label.confirmPassword', defaultMessage: 'Confirm password' },
  newEmail: { id: 'validation.label.newEmail', defaultMessage: 'New email address' },
  confirmNewEmail: { id: 'validation.label.confirmNewEmail', defaultMessage: 'Confirm new email address' },
  verificationCode: { id: 'validation.label.verificationCode', defaultMessage: 'Verification code' },
  accountNumber: { id: 'validation.label.accountNumber', defaultMessage: 'Account Number' },
  confirmAccountNumber: {
    id: 'validation.label.confirmAccountNumber',
    defaultMessage: 'Confirm Account Number',
  },
  routingNumber: { id: 'validation.label.routingNumber', defaultMessage: 'Routing Number' },
  creditorName: { id: 'validation.label.creditorName', defaultMessage: 'Creditor name' },
  selectedDebt: { id: 'validation.label.selectedDebt', defaultMessage: 'Selected debt' },
  expense: { id: 'validation.label.expense', defaultMessage: 'Expense' },
  balance: { id: 'validation.label.balance', defaultMessage: 'Balance' },
  monthlyPayment: { id: 'validation.label.monthlyPayment', defaultMessage: 'Monthly payment' },
  income: {
    id: 'validation.label.income',
    defaultMessage: 'Total monthly household income after taxes',
  },
  newAmount: { id: 'validation.label.newAmount', defaultMessage: 'New amount' },
  amount: { id: 'validation.label.amount', defaultMessage: 'Amount' },
  hasDependents: { id: 'validation.question.hasDependents', defaultMessage: 'Do you have any dependents?' },
  isHomeowner: { id: 'validation.question.isHomeowner', defaultMessage: 'Do you own your home?' },
  hasMortgageEscrow: {
    id: 'validation.question.hasMortgageEscrow',
    defaultMessage:
      'Are your homeowners insurance and property taxes included in your mortgage payment (escrow)?',
  },
  isCarOwner: { id: 'validation.question.isCarOwner', defaultMessage: 'Do you own a car?' },
  hasSpouse: { id: 'validation.question.hasSpouse', defaultMessage: 'Are you applying with a spouse?' },
  hasSameAddressAsBorrower: {
    id: 'validation.question.hasSameAddressAsBorrower',
    defaultMessage: 'Does your spouse live at the same address as above?',
  },
  isIncomeCorrect: {
    id: 'validation.question.isIncomeCorrect',
    defaultMessage: 'Is this your correct total monthly household income after taxes?',
  },
  notifyWhenEligible: {
    id: 'validation.question.notifyWhenEligible',
    defaultMessage: 'Would you like us to notify you when our service becomes available in your state?',
  },
  yourBank: { id: 'validation.bank.yourBank', defaultMessage: 'your bank' },
  // The counselling call's fields, as its public API names them in a refusal
  callTime: { id: 'validation.label.callTime', defaultMessage: 'Call time' },
  timeZone: { id: 'validation.label.timeZone', defaultMessage: 'Time zone' },
  callLanguage: { id: 'validation.label.callLanguage', defaultMessage: 'Language' },
  reminder: { id: 'validation.label.reminder', defaultMessage: 'Reminder' },
  from: { id: 'validation.label.from', defaultMessage: 'From' },
  to: { id: 'validation.label.to', defaultMessage: 'To' },
  callAction: { id: 'validation.label.callAction', defaultMessage: 'action' },
  // The campaign link's parameters as the lead form sends them: their names, the same in every language (the
  // page cleans them so they always pass; a message on one is for whoever wrote the link).
  utmCampaign: { id: 'validation.label.utmCampaign', defaultMessage: 'utmCampaign' },
  utmContent: { id: 'validation.label.utmContent', defaultMessage: 'utmContent' },
  utmMedium: { id: 'validation.label.utmMedium', defaultMessage: 'utmMedium' },
  utmSource: { id: 'validation.label.utmSource', defaultMessage: 'utmSource' },
  utmTerm: { id: 'validation.label.utmTerm', defaultMessage: 'utmTerm' },
});

export type { MessageDescriptor };

/**
 * A message in English without the ICU machinery: the default text with each `{name}` replaced by its value.
 * Every message above is plain text with simple placeholders (no plurals, no quotes), which a test checks
 * against FormatJS's own English.
 */
export function formatEnglish(
  descriptor: MessageDescriptor,
  values: Record<string, string | number> = {},
): string {
  return String(descriptor.defaultMessage).replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
}

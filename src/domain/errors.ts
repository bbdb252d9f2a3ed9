import { englishOf, messageRef, type MessageRef } from './i18n/message';
import { FIXED } from './i18n/validation-messages';
import { noCheckingAccountRef } from './validation/messages';

// The one error type of the product. Each code names a situation; the server maps it to HTTP through
// APP_ERROR_STATUS, the web maps it to a message. Provider codes keep the spec's names.

export type AppErrorCode =
  /** Input failed a schema; fieldErrors holds the first message per field. */
  | 'ValidationError'
  /** No session, or the session expired. */
  | 'NotAuthenticated'
  /** Signed in but the role or ownership does not allow this. */
  | 'Forbidden'
  /** The record does not exist or is not the caller's (never tell which). */
  | 'NotFound'
  /** The record changed since it was read (optimistic concurrency), or a duplicate request. */
  | 'Conflict'
  /** Sign-up with an email that already has an account. */
  | 'UsernameExistsException'
  /** Sign-in with a wrong username or password (also used for an unknown user, never told apart). */
  | 'NotAuthorizedException'
  /** A verification code or link that is not the newest one. */
  | 'CodeMismatchException'
  /** A verification code or link past its lifetime; a new one is sent. */
  | 'ExpiredCodeException'
  /** Too many reset or code attempts; wait 15 minutes. */
  | 'LimitExceededException'
  /** Any request over its rate limit other than password resets. */
  | 'RateLimited'
  /** The account must set its initial password first (redirect to /please-check-your-email). */
  | 'MustChangePassword'
  /** Setting the initial password failed; back to sign-in with the message. */
  | 'SetInitialPasswordFailed'
  /** A new email could not be verified. */
  | 'VerifyNewEmailFailed'
  /** A status change that the lifecycle table does not allow. */
  | 'InvalidTransition'
  /** A step reached before the steps it needs (for example a decision before expenses). */
  | 'PreconditionFailed'
  /** A third-party provider (credit bureau, bank link, e-signature, SMS) failed or refused. */
  | 'ProviderError'
  /** A bank connection without a checking account: the plan's payment needs one. */
  | 'NoCheckingAccount'
  /**
   * The borrower or the spouse is under 18, who cannot sign the plan's contract: refused before the credit
   * pull, the application left open (a mistyped date of birth can be corrected). fieldErrors names whose
   * date of birth ('borrower.dateOfBirth' or 'spouse.dateOfBirth').
   */
  | 'UnderContractAge'
  /**
   * A save that would disqualify, for lack of room in the budget (insufficientIncome) or because the budget
   * pays the debts without a plan (cashflowTooHigh): nothing is saved, and the message gives the figures and
   * what would change the result. Sent again with confirmDisqualification, the application ends.
   */
  | 'WouldDisqualify'
  /**
   * A budget that would leave less than the monthly cushion after the plan payment: nothing is saved, and the
   * message says what is left. Sent again with acceptThinBudget, it is saved as it is.
   */
  | 'ThinBudget'
  /**
   * The Letter of Authorization's first draft date came too close before it was signed: it cannot be signed,
   * and a new letter with a later first draft date was sent instead (the message gives it).
   */
  | 'LetterRenewed'
  /**
   * A signing link past its life (issued more than SIGNING_LINK_LIFE_DAYS ago, or a day after every signer
   * signed): it opens nothing, and the signer may ask for a new one.
   */
  | 'SigningLinkExpired'
  /** The browser could not reach the server (client side only). */
  | 'NetworkError'
  /** Anything unexpected; the message is never shown as is. */
  | 'InternalError';

export const APP_ERROR_STATUS = {
  ValidationError: 400,
  NotAuthenticated: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  UsernameExistsException: 409,
  NotAuthorizedException: 401,
  CodeMismatchException: 400,
  ExpiredCodeException: 410,
  LimitExceededException: 429,
  RateLimited: 429,
  MustChangePassword: 403,
  SetInitialPasswordFailed: 400,
  VerifyNewEmailFailed: 400,
  InvalidTransition: 409,
  PreconditionFailed: 409,
  ProviderError: 502,
  NoCheckingAccount: 422,
  UnderContractAge: 422,
  WouldDisqualify: 422,
  ThinBudget: 422,
  LetterRenewed: 410,
  SigningLinkExpired: 410,
  NetworkError: 503,
  InternalError: 500,
} as const satisfies Record<AppErrorCode, number>;

export const APP_ERROR_CODES = Object.keys(APP_ERROR_STATUS) as readonly AppErrorCode[];

/** The message shown when none is given: the spec's text where it has one. */
export const APP_ERROR_DEFAULT_MESSAGE_REF = {
  ValidationError: messageRef(FIXED.appErrorValidationError),
  NotAuthenticated: messageRef(FIXED.appErrorNotAuthenticated),
  Forbidden: messageRef(FIXED.appErrorForbidden),
  NotFound: messageRef(FIXED.appErrorNotFound),
  Conflict: messageRef(FIXED.appErrorConflict),
  UsernameExistsException: messageRef(FIXED.usernameExists),
  NotAuthorizedException: messageRef(FIXED.incorrectCredentials),
  CodeMismatchException: messageRef(FIXED.codeMismatch),
  ExpiredCodeException: messageRef(FIXED.expiredCode),
  LimitExceededException: messageRef(FIXED.limitExceeded),
  RateLimited: messageRef(FIXED.appErrorRateLimited),
  MustChangePassword: messageRef(FIXED.appErrorMustChangePassword),
  SetInitialPasswordFailed: messageRef(FIXED.setInitialPasswordFailed),
  VerifyNewEmailFailed: messageRef(FIXED.verifyNewEmailFailed),
  InvalidTransition: messageRef(FIXED.appErrorInvalidTransition),
  PreconditionFailed: messageRef(FIXED.appErrorPreconditionFailed),
  ProviderError: messageRef(FIXED.saveFailed),
  NoCheckingAccount: noCheckingAccountRef(),
  UnderContractAge: messageRef(FIXED.underContractAge),
  WouldDisqualify: messageRef(FIXED.appErrorWouldDisqualify),
  ThinBudget: messageRef(FIXED.appErrorThinBudget),
  LetterRenewed: messageRef(FIXED.appErrorLetterRenewed),
  SigningLinkExpired: messageRef(FIXED.appErrorSigningLinkExpired),
  NetworkError: messageRef(FIXED.networkError),
  InternalError: messageRef(FIXED.appErrorInternalError),
} as const satisfies Record<AppErrorCode, MessageRef>;

/** The same, in English. */
export const APP_ERROR_DEFAULT_MESSAGE = Object.fromEntries(
  Object.entries(APP_ERROR_DEFAULT_MESSAGE_REF).map(([code, ref]) => [code, englishOf(ref)]),
) as Record<AppErrorCode, string>;

export type AppErrorExtra = {
  /**
   * First message per field path (dot-joined), for forms: a message by its id (what a borrower reads, worded in
   * their language by that id) or English text (the staff's, which stay in English).
   */
  fieldErrors?: Record<string, string | MessageRef>;
  /** Where the client should go next (for example /please-check-your-email). */
  redirect?: string;
  /** Overrides the code's default HTTP status. */
  status?: number;
  cause?: unknown;
};

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly status: number;
  /** Each field's message in English (made from its id when it has one), as the logs and older readers take it. */
  readonly fieldErrors?: Record<string, string>;
  readonly redirect?: string;

  /** The field messages given by their id, by field: the server words these in the reader's language. */
  readonly fieldMessageRefs?: Record<string, MessageRef>;

  /**
   * The message as an id and values, when it is one a borrower reads in their language: the server words it
   * in the reader's language by its id. A text given as a string (the staff's, which stay in English) has none.
   */
  readonly messageRef?: MessageRef;

  constructor(code: AppErrorCode, message?: string | MessageRef, extra: AppErrorExtra = {}) {
    const ref = message === undefined ? APP_ERROR_DEFAULT_MESSAGE_REF[code] : message;
    super(
      typeof ref === 'string' ? ref : englishOf(ref),
      extra.cause === undefined ? undefined : { cause: extra.cause },
    );
    if (typeof ref !== 'string') this.messageRef = ref;
    this.name = 'AppError';
    this.code = code;
    this.status = extra.status ?? APP_ERROR_STATUS[code];
    if (extra.fieldErrors) {
      const entries = Object.entries(extra.fieldErrors);
      this.fieldErrors = Object.fromEntries(
        entries.map(([field, fieldMessage]) => [
          field,
          typeof fieldMessage === 'string' ? fieldMessage : englishOf(fieldMessage),
        ]),
      );
      const refs = entries.filter((entry): entry is [string, MessageRef] => typeof entry[1] !== 'string');
      if (refs.length > 0) this.fieldMessageRefs = Object.fromEntries(refs);
    }
    if (extra.redirect) this.redirect = extra.redirect;
  }
}

export const isAppError = (value: unknown): value is AppError => value instanceof AppError;

export const isAppErrorCode = (value: unknown): value is AppErrorCode =>
  typeof value === 'string' && Object.hasOwn(APP_ERROR_STATUS, value);

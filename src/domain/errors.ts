import { MESSAGES } from './validation/messages';
import { FIXED, formatEnglish } from './i18n/validation-messages';

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
export const APP_ERROR_DEFAULT_MESSAGE = {
  ValidationError: formatEnglish(FIXED.appErrorValidationError),
  NotAuthenticated: formatEnglish(FIXED.appErrorNotAuthenticated),
  Forbidden: formatEnglish(FIXED.appErrorForbidden),
  NotFound: formatEnglish(FIXED.appErrorNotFound),
  Conflict: formatEnglish(FIXED.appErrorConflict),
  UsernameExistsException: MESSAGES.usernameExists,
  NotAuthorizedException: MESSAGES.incorrectCredentials,
  CodeMismatchException: MESSAGES.codeMismatch,
  ExpiredCodeException: MESSAGES.expiredCode,
  LimitExceededException: MESSAGES.limitExceeded,
  RateLimited: formatEnglish(FIXED.appErrorRateLimited),
  MustChangePassword: formatEnglish(FIXED.appErrorMustChangePassword),
  SetInitialPasswordFailed: MESSAGES.setInitialPasswordFailed,
  VerifyNewEmailFailed: MESSAGES.verifyNewEmailFailed,
  InvalidTransition: formatEnglish(FIXED.appErrorInvalidTransition),
  PreconditionFailed: formatEnglish(FIXED.appErrorPreconditionFailed),
  ProviderError: MESSAGES.saveFailed,
  NoCheckingAccount: MESSAGES.noCheckingAccount,
  UnderContractAge: MESSAGES.underContractAge,
  WouldDisqualify: formatEnglish(FIXED.appErrorWouldDisqualify),
  ThinBudget: formatEnglish(FIXED.appErrorThinBudget),
  LetterRenewed: formatEnglish(FIXED.appErrorLetterRenewed),
  SigningLinkExpired: formatEnglish(FIXED.appErrorSigningLinkExpired),
  NetworkError: MESSAGES.networkError,
  InternalError: formatEnglish(FIXED.appErrorInternalError),
} as const satisfies Record<AppErrorCode, string>;

export type AppErrorExtra = {
  /** First message per field path (dot-joined), for forms. */
  fieldErrors?: Record<string, string>;
  /** Where the client should go next (for example /please-check-your-email). */
  redirect?: string;
  /** Overrides the code's default HTTP status. */
  status?: number;
  cause?: unknown;
};

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly status: number;
  readonly fieldErrors?: Record<string, string>;
  readonly redirect?: string;

  constructor(code: AppErrorCode, message?: string, extra: AppErrorExtra = {}) {
    super(
      message ?? APP_ERROR_DEFAULT_MESSAGE[code],
      extra.cause === undefined ? undefined : { cause: extra.cause },
    );
    this.name = 'AppError';
    this.code = code;
    this.status = extra.status ?? APP_ERROR_STATUS[code];
    if (extra.fieldErrors) this.fieldErrors = extra.fieldErrors;
    if (extra.redirect) this.redirect = extra.redirect;
  }
}

export const isAppError = (value: unknown): value is AppError => value instanceof AppError;

export const isAppErrorCode = (value: unknown): value is AppErrorCode =>
  typeof value === 'string' && Object.hasOwn(APP_ERROR_STATUS, value);

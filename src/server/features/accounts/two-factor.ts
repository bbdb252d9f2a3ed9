import QRCode from 'qrcode';
import { AppError } from '#domain/errors';
import { TOTP_ISSUER } from '#server/plugins/auth';
import { isStaffUser } from '#server/plugins/staff-group';
import { PASSWORD_CHANGE_REQUIRED, SET_PASSWORD_PAGE, type Viewer } from '#server/plugins/viewer';
import { authErrorCode, sessionCookies } from './auth-calls';
import type { AccountDeps } from './deps';
import { resumeFor, staffResumeFor } from './resume';

export const TWO_FACTOR_MESSAGES = {
  invalidCode: 'That code is not valid. Please try again.',
  challengeExpired: 'Your sign-in has expired. Please sign in again.',
  tooManyAttempts: 'Too many incorrect codes. Please sign in again.',
  locked: 'Too many incorrect codes. Please wait 15 minutes and try again.',
  alreadyEnrolled: 'Your authenticator app is already set up.',
  staffOnly: 'Only staff accounts use an authenticator app.',
  incorrectPassword: 'Incorrect password',
} as const;

/** A 6-digit authenticator code; anything else is tried as a recovery code (xxxxx-xxxxx). */
const TOTP_CODE = /^\d{6}$/;

/** better-auth's second-factor outcomes as our errors. */
function secondFactorError(error: unknown): never {
  const code = authErrorCode(error);
  if (code === 'INVALID_CODE' || code === 'INVALID_BACKUP_CODE') {
    throw new AppError('CodeMismatchException', TWO_FACTOR_MESSAGES.invalidCode, {
      fieldErrors: { code: TWO_FACTOR_MESSAGES.invalidCode },
    });
  }
  if (code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') {
    throw new AppError('LimitExceededException', TWO_FACTOR_MESSAGES.tooManyAttempts, {
      redirect: '/sign-in',
    });
  }
  if (code === 'ACCOUNT_TEMPORARILY_LOCKED') {
    throw new AppError('LimitExceededException', TWO_FACTOR_MESSAGES.locked, { redirect: '/sign-in' });
  }
  if (
    code === 'INVALID_TWO_FACTOR_COOKIE' ||
    code === 'TOTP_NOT_ENABLED' ||
    code === 'BACKUP_CODES_NOT_ENABLED'
  ) {
    throw new AppError('NotAuthenticated', TWO_FACTOR_MESSAGES.challengeExpired, { redirect: '/sign-in' });
  }
  throw error;
}

/**
 * Enrolment is for staff without an app yet, whose password is their own: an app tied to the account while
 * the admin's temporary password still works would let whoever holds that password enrol the second factor.
 */
function assertEnrolling(viewer: Viewer) {
  if (!viewer.isStaff) throw new AppError('Forbidden', TWO_FACTOR_MESSAGES.staffOnly);
  if (viewer.twoFactorEnabled) throw new AppError('Conflict', TWO_FACTOR_MESSAGES.alreadyEnrolled);
  if (viewer.mustChangePassword) {
    throw new AppError('Forbidden', PASSWORD_CHANGE_REQUIRED, { redirect: SET_PASSWORD_PAGE });
  }
}

export type EnrolmentStart = {
  /** otpauth://totp/… with the issuer and the email, for the QR code. */
  totpUri: string;
  /** The same secret in base32, for typing into the app by hand. */
  secret: string;
  /** The QR code of totpUri as an SVG data URL (the CSP allows img data:). */
  qrCode: string;
};

/**
 * Enrolment, step 1 (the password again, as better-auth requires): a new secret, not yet active.
 * Asking again before the code is confirmed replaces the secret.
 */
export async function startEnrolment(o: {
  auth: AccountDeps['auth'];
  viewer: Viewer;
  password: string;
  headers: Headers;
}): Promise<EnrolmentStart> {
  assertEnrolling(o.viewer);
  let totpUri: string;
  try {
    const started = await o.auth.api.enableTwoFactor({
      body: { password: o.password, issuer: TOTP_ISSUER },
      headers: o.headers,
    });
    if (!('totpURI' in started) || !started.totpURI) throw new Error('better-auth gave no TOTP URI');
    totpUri = started.totpURI;
  } catch (error) {
    if (authErrorCode(error) === 'INVALID_PASSWORD') {
      throw new AppError('NotAuthorizedException', TWO_FACTOR_MESSAGES.incorrectPassword, {
        fieldErrors: { password: TWO_FACTOR_MESSAGES.incorrectPassword },
      });
    }
    throw error;
  }
  const svg = await QRCode.toString(totpUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    totpUri,
    secret: new URL(totpUri).searchParams.get('secret') ?? '',
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/**
 * Enrolment, step 2: a current code confirms the app. The session becomes verified (a new session cookie)
 * and the recovery codes are answered this once; no route shows them again.
 */
export async function confirmEnrolment(
  o: Pick<AccountDeps, 'auth'> & {
    viewer: Viewer;
    code: string;
    headers: Headers;
  },
) {
  assertEnrolling(o.viewer);
  const { auth } = o;
  let result;
  try {
    result = await auth.api.verifyTOTP({ body: { code: o.code }, headers: o.headers, returnHeaders: true });
  } catch (error) {
    secondFactorError(error);
  }
  const cookies = sessionCookies(result.headers);
  const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId: o.viewer.userId } });
  // Only staff enrol (assertEnrolling): where they continue needs no row.
  const next = staffResumeFor({ ...o.viewer, twoFactorEnabled: true, secondFactorVerified: true });
  return { cookies, recoveryCodes: backupCodes, next };
}

/**
 * The second step of a staff sign-in: a 6-digit code from the app or one recovery code. Works with the
 * pending sign-in's two_factor cookie (or a session that has not passed the second factor yet).
 */
export async function verifySecondFactor(
  o: Pick<AccountDeps, 'openUnit' | 'auth'> & { code: string; headers: Headers },
) {
  const { auth } = o;
  const code = o.code.trim();
  let result;
  try {
    result = TOTP_CODE.test(code)
      ? await auth.api.verifyTOTP({ body: { code }, headers: o.headers, returnHeaders: true })
      : await auth.api.verifyBackupCode({ body: { code }, headers: o.headers, returnHeaders: true });
  } catch (error) {
    secondFactorError(error);
  }
  const cookies = sessionCookies(result.headers);
  const u = result.response.user as { id: string; mustChangePassword?: boolean | null };
  const mustSetInitialPassword = Boolean(u.mustChangePassword);
  if (mustSetInitialPassword) return { cookies, next: SET_PASSWORD_PAGE, mustSetInitialPassword };
  const next = await o.openUnit(async ({ tx }) =>
    resumeFor(tx, {
      userId: u.id,
      isStaff: await isStaffUser(tx, u.id),
      twoFactorEnabled: true,
      secondFactorVerified: true,
    }),
  );
  return { cookies, next, mustSetInitialPassword };
}

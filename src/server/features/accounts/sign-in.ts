import { AppError } from '#domain/errors';
import { MESSAGE_REFS } from '#domain/validation/messages';
import { normalizeEmail } from '#domain/validation/format';
import { isStaffUser } from '#server/plugins/staff-group';
import { SET_PASSWORD_PAGE } from '#server/plugins/viewer';
import { inSavepoint } from '#server/unit-of-work';
import { authErrorCode, sessionCookies } from './auth-calls';
import type { AccountDeps } from './deps';
import { ensureOwnApplication } from './lead-application';
import { resumeFor } from './resume';
import { beginPasswordAttempt, clearPasswordFailures } from './sign-in-lockout';

/**
 * Signs in with the lower-cased username; answers where to go: the code page (staff with an authenticator
 * app), the new-password path, enrolment (staff without one yet), or the borrower's resume page.
 *
 * Wrong passwords lock the username out for a growing time (sign-in-lockout.ts). While it is locked even the
 * right password gets the wrong-password answer, after as much work as a real check: the answer and its
 * timing tell no one whether the account exists, is locked, or the password was right.
 *
 * The try is counted in one unit, better-auth checks the password outside any, and a second unit clears the
 * count and reads where the person continues.
 */
export async function signIn(
  o: Pick<AccountDeps, 'openUnit' | 'auth'> & {
    username: string;
    password: string;
    headers: Headers;
    now?: Date;
  },
) {
  const { openUnit, auth } = o;
  const username = normalizeEmail(o.username);
  const refused = () => new AppError('NotAuthorizedException', MESSAGE_REFS.incorrectCredentials);
  if (!(await openUnit(({ tx }) => beginPasswordAttempt(tx, username, o.now)))) {
    // The cost of the password check better-auth would have made.
    await (await auth.$context).password.hash(o.password);
    throw refused();
  }
  let result;
  try {
    result = await auth.api.signInEmail({
      body: { email: username, password: o.password },
      headers: o.headers,
      returnHeaders: true,
    });
  } catch (error) {
    const code = authErrorCode(error);
    if (code === 'INVALID_EMAIL_OR_PASSWORD' || code === 'INVALID_EMAIL' || code === 'USER_NOT_FOUND') {
      throw refused();
    }
    throw error;
  }
  const cookies = sessionCookies(result.headers);
  // A staff member with an authenticator app gets no session yet, only the two_factor cookie of better-auth.
  const response = result.response as {
    twoFactorRedirect?: boolean;
    user?: { id: string; mustChangePassword?: boolean | null; twoFactorEnabled?: boolean | null };
  };
  const u = response.twoFactorRedirect ? undefined : response.user;
  const mustSetInitialPassword = Boolean(u?.mustChangePassword);
  const next = await openUnit(async (unit) => {
    await clearPasswordFailures(unit.tx, username, o.now);
    if (!u) return '/two-factor';
    const isStaff = await isStaffUser(unit.tx, u.id);
    // A borrower account without its application (left by an earlier failure) gets it now, and resumes on it.
    if (!isStaff) await ensureOwnApplication(unit.tx, u.id);
    if (mustSetInitialPassword) return SET_PASSWORD_PAGE;
    const viewer = {
      userId: u.id,
      isStaff,
      twoFactorEnabled: Boolean(u.twoFactorEnabled),
      secondFactorVerified: false,
    };
    // A failed read is undone alone (a savepoint): the cleared count stays cleared, and the answer says so.
    return inSavepoint(unit, (tx) => resumeFor(tx, viewer)).catch(() => null);
  });
  if (next === null) throw new AppError('InternalError', MESSAGE_REFS.applicationLoadFailed);
  return { cookies, next, mustSetInitialPassword };
}

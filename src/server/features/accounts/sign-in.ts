import { AppError } from '#domain/errors';
import { MESSAGE_REFS } from '#domain/validation/messages';
import { normalizeEmail } from '#domain/validation/format';
import type { Services } from '#server/services';
import { isStaffUser } from '#server/plugins/staff-group';
import { SET_PASSWORD_PAGE } from '#server/plugins/viewer';
import { authErrorCode, sessionCookies } from './auth-calls';
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
 */
export async function signIn(o: {
  services: Services;
  username: string;
  password: string;
  headers: Headers;
  now?: Date;
}) {
  const { services } = o;
  const { db } = services.database;
  const username = normalizeEmail(o.username);
  const refused = () => new AppError('NotAuthorizedException', MESSAGE_REFS.incorrectCredentials);
  if (!(await beginPasswordAttempt(db, username, o.now))) {
    // The cost of the password check better-auth would have made.
    await (await services.auth.$context).password.hash(o.password);
    throw refused();
  }
  let result;
  try {
    result = await services.auth.api.signInEmail({
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
  await clearPasswordFailures(db, username, o.now);
  const cookies = sessionCookies(result.headers);
  // A staff member with an authenticator app gets no session yet, only the two_factor cookie of better-auth.
  const response = result.response as {
    twoFactorRedirect?: boolean;
    user?: { id: string; mustChangePassword?: boolean | null; twoFactorEnabled?: boolean | null };
  };
  if (response.twoFactorRedirect || !response.user)
    return { cookies, next: '/two-factor', mustSetInitialPassword: false };
  const u = response.user;
  const mustSetInitialPassword = Boolean(u.mustChangePassword);
  const isStaff = await isStaffUser(services.database.db, u.id);
  // A borrower account without its application (left by an earlier failure) gets it now, and resumes on it.
  if (!isStaff) await ensureOwnApplication(services.database.db, u.id);
  if (mustSetInitialPassword) return { cookies, next: SET_PASSWORD_PAGE, mustSetInitialPassword };
  try {
    const viewer = {
      userId: u.id,
      isStaff,
      twoFactorEnabled: Boolean(u.twoFactorEnabled),
      secondFactorVerified: false,
    };
    return { cookies, next: await resumeFor(services.database.db, viewer), mustSetInitialPassword };
  } catch {
    throw new AppError('InternalError', MESSAGE_REFS.applicationLoadFailed);
  }
}

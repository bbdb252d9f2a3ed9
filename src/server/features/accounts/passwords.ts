import { eq } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { MESSAGE_REFS, MESSAGES } from '#domain/validation/messages';
import { normalizeEmail, phoneToE164 } from '#domain/validation/format';
import { user } from '#server/db/schema/auth';
import type { Viewer } from '#server/plugins/viewer';
import { authErrorCode, sessionCookies } from './auth-calls';
import type { AccountDeps } from './deps';
import { assertResetAllowed, recordResetRequest } from './password-reset-limit';
import { resumeFor } from './resume';
import { clearPasswordFailures } from './sign-in-lockout';
import { attachCallsByEmail } from '#server/counselling/attach-calls';
import type { Transaction } from '#server/unit-of-work';

/**
 * Sends a new reset link. Unknown addresses get the same answer, so the form reveals no accounts. The request
 * is counted in a unit; better-auth then makes the code, outside it, and its email is written by the account
 * mailer in a unit of its own.
 */
export async function forgotPassword(o: Pick<AccountDeps, 'openUnit' | 'auth'> & { email: string }) {
  const email = normalizeEmail(o.email);
  await o.openUnit((unit) => countResetRequest(unit.tx, email));
  await o.auth.api.requestPasswordResetEmailOTP({ body: { email } });
}

/** Refuses a reset link past the address's limit, and counts this one. */
async function countResetRequest(tx: Transaction, email: string) {
  await assertResetAllowed(tx, email);
  await recordResetRequest(tx, email);
}

/**
 * Sets a new password from an emailed link. Outcomes follow Cognito's: a code that is not the newest
 * (or was used) is CodeMismatch; an expired code sends a new link and is ExpiredCode; too many wrong
 * tries or requests is LimitExceeded. Success clears must-change-password.
 */
export async function resetPassword(
  o: Pick<AccountDeps, 'openUnit' | 'auth'> & {
    email: string;
    code: string;
    password: string;
  },
) {
  const email = normalizeEmail(o.email);
  const { openUnit, auth } = o;
  // An account that never had a password of its own is setting its first one, not resetting it.
  const before = await openUnit((unit) =>
    unit.tx.query.user.findFirst({
      where: eq(user.email, email),
      columns: { mustChangePassword: true },
    }),
  );
  try {
    await auth.api.resetPasswordEmailOTP({ body: { email, otp: o.code, password: o.password } });
  } catch (error) {
    const code = authErrorCode(error);
    if (code === 'OTP_EXPIRED') {
      await openUnit((unit) => countResetRequest(unit.tx, email));
      await auth.api.requestPasswordResetEmailOTP({ body: { email } });
      throw new AppError('ExpiredCodeException', MESSAGE_REFS.expiredCode, {
        redirect: '/please-check-your-email',
      });
    }
    if (code === 'TOO_MANY_ATTEMPTS')
      throw new AppError('LimitExceededException', MESSAGE_REFS.limitExceeded);
    if (code === 'INVALID_OTP' || code === 'USER_NOT_FOUND' || code === 'INVALID_EMAIL') {
      throw new AppError('CodeMismatchException', MESSAGE_REFS.codeMismatch, {
        redirect: '/please-check-your-email',
      });
    }
    throw error;
  }
  await openUnit(async ({ tx }) => {
    await tx
      .update(user)
      .set({ mustChangePassword: false, updatedAt: new Date() })
      .where(eq(user.email, email));
    // Whoever holds the mailbox may sign in at once, even if a guesser had locked the name out.
    await clearPasswordFailures(tx, email);
  });
  return {
    next: '/sign-in',
    message: before?.mustChangePassword ? MESSAGES.passwordSet : MESSAGES.passwordReset,
  };
}

const setInitialPasswordFailed = () =>
  new AppError('SetInitialPasswordFailed', MESSAGE_REFS.setInitialPasswordFailed, { redirect: '/sign-in' });

type UserInformation = { firstName: string; lastName: string; phoneNumber: string };
const userInformationColumns = (input: UserInformation) => ({
  firstName: input.firstName,
  lastName: input.lastName,
  name: `${input.firstName} ${input.lastName}`,
  phoneNumber: phoneToE164(input.phoneNumber),
});

/**
 * The must-set-initial-password path: names and phone from /user-information, then the new password.
 * Success clears the requirement.
 *
 * Anyone can send the lead form with any address and is then signed in, so that session proves nothing
 * about the mailbox. An account whose address was never proven therefore sets its first password only with
 * the code emailed to it, like a reset: the code is used up, the address becomes verified, and every session
 * of the account ends (a visitor who sent the form with someone else's address included). The person who
 * gave the code gets a new session. An account with a proven address and a temporary password (a staff
 * member made by the CLI, whose address the admin gave) replaces it without a code.
 *
 * better-auth checks the code, stores the password and opens the session outside any unit; our rows change in
 * units between its calls.
 */
export async function completeNewPassword(
  o: Pick<AccountDeps, 'openUnit' | 'auth'> & {
    viewer: Viewer;
    input: UserInformation & { password: string; code?: string };
    headers: Headers;
  },
) {
  const { openUnit, auth, viewer, input } = o;
  if (!viewer.mustChangePassword) throw setInitialPasswordFailed();
  const account = await openUnit((unit) =>
    unit.tx.query.user.findFirst({
      where: eq(user.id, viewer.userId),
      columns: { email: true, emailVerified: true },
    }),
  );
  if (!account) throw setInitialPasswordFailed();
  const afterwards = { ...viewer, mustChangePassword: false };
  if (!account.emailVerified) {
    if (!input.code) throw setInitialPasswordFailed();
    try {
      await auth.api.resetPasswordEmailOTP({
        body: { email: account.email, otp: input.code, password: input.password },
      });
    } catch (error) {
      // Wrong, old, used or expired code, or too many tries: nothing was changed.
      if (authErrorCode(error) !== undefined) throw setInitialPasswordFailed();
      throw error;
    }
    const next = await openUnit(async ({ tx }) => {
      await tx
        .update(user)
        .set({ ...userInformationColumns(input), mustChangePassword: false, updatedAt: new Date() })
        .where(eq(user.id, viewer.userId));
      await clearPasswordFailures(tx, account.email);
      // The address is proven now: calls booked with it before the account existed become the borrower's.
      await attachCallsByEmail(tx, viewer.userId);
      return resumeFor(tx, afterwards);
    });
    const signedIn = await auth.api.signInEmail({
      body: { email: account.email, password: input.password },
      headers: o.headers,
      returnHeaders: true,
    });
    return { cookies: sessionCookies(signedIn.headers), next };
  }
  try {
    const ctx = await auth.$context;
    const digest = await ctx.password.hash(input.password);
    await ctx.internalAdapter.updatePassword(viewer.userId, digest);
    await openUnit(({ tx }) =>
      tx
        .update(user)
        .set({ ...userInformationColumns(input), mustChangePassword: false, updatedAt: new Date() })
        .where(eq(user.id, viewer.userId)),
    );
  } catch {
    throw setInitialPasswordFailed();
  }
  return { cookies: [] as string[], next: await openUnit(({ tx }) => resumeFor(tx, afterwards)) };
}

/** Changes the password with the current one; every session ends and the person signs in again. */
export async function changePassword(
  o: Pick<AccountDeps, 'openUnit' | 'auth'> & {
    viewer: Viewer;
    headers: Headers;
    currentPassword: string;
    password: string;
  },
) {
  try {
    await o.auth.api.changePassword({
      body: { currentPassword: o.currentPassword, newPassword: o.password, revokeOtherSessions: true },
      headers: o.headers,
    });
  } catch (error) {
    const code = authErrorCode(error);
    // No password set yet (a lead's account): whatever was typed as the current one is not it.
    if (code === 'INVALID_PASSWORD' || code === 'CREDENTIAL_ACCOUNT_NOT_FOUND')
      throw new AppError('NotAuthorizedException', MESSAGE_REFS.incorrectPassword);
    throw error;
  }
  // The password is now one the person chose: a temporary one no longer holds anything back.
  await o.openUnit(({ tx }) =>
    tx
      .update(user)
      .set({ mustChangePassword: false, updatedAt: new Date() })
      .where(eq(user.id, o.viewer.userId)),
  );
  const ctx = await o.auth.$context;
  await ctx.internalAdapter.deleteUserSessions(o.viewer.userId);
  return { next: '/sign-in', message: MESSAGES.passwordReset };
}

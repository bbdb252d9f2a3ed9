import { eq } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { MESSAGES } from '#domain/validation/messages';
import { normalizeEmail, phoneToE164 } from '#domain/validation/format';
import type { Services } from '../../services';
import { user } from '../../db/schema/auth';
import type { Viewer } from '../../plugins/viewer';
import { authErrorCode } from './auth-calls';
import { assertResetAllowed, recordResetRequest } from './password-reset-limit';
import { resumeFor } from './resume';

/** Sends a new reset link. Unknown addresses get the same answer, so the form reveals no accounts. */
export async function forgotPassword(o: { services: Services; email: string }) {
  const email = normalizeEmail(o.email);
  const { db } = o.services.database;
  await assertResetAllowed(db, email);
  await recordResetRequest(db, email);
  await o.services.auth.api.requestPasswordResetEmailOTP({ body: { email } });
}

/**
 * Sets a new password from an emailed link. Outcomes follow Cognito's: a code that is not the newest
 * (or was used) is CodeMismatch; an expired code sends a new link and is ExpiredCode; too many wrong
 * tries or requests is LimitExceeded. Success clears must-change-password.
 */
export async function resetPassword(o: {
  services: Services;
  email: string;
  code: string;
  password: string;
}) {
  const email = normalizeEmail(o.email);
  const { services } = o;
  const { db } = services.database;
  try {
    await services.auth.api.resetPasswordEmailOTP({ body: { email, otp: o.code, password: o.password } });
  } catch (error) {
    const code = authErrorCode(error);
    if (code === 'OTP_EXPIRED') {
      await assertResetAllowed(db, email);
      await recordResetRequest(db, email);
      await services.auth.api.requestPasswordResetEmailOTP({ body: { email } });
      throw new AppError('ExpiredCodeException', MESSAGES.expiredCode, {
        redirect: '/please-check-your-email',
      });
    }
    if (code === 'TOO_MANY_ATTEMPTS') throw new AppError('LimitExceededException', MESSAGES.limitExceeded);
    if (code === 'INVALID_OTP' || code === 'USER_NOT_FOUND' || code === 'INVALID_EMAIL') {
      throw new AppError('CodeMismatchException', MESSAGES.codeMismatch, {
        redirect: '/please-check-your-email',
      });
    }
    throw error;
  }
  await db
    .update(user)
    .set({ mustChangePassword: false, updatedAt: new Date() })
    .where(eq(user.email, email));
  return { next: '/sign-in', message: MESSAGES.passwordReset };
}

/**
 * The must-set-initial-password path (a temporary password, e.g. a staff account made by the CLI):
 * names and phone from /user-information, then the new password. Success clears the requirement.
 */
export async function completeNewPassword(o: {
  services: Services;
  viewer: Viewer;
  input: { firstName: string; lastName: string; phoneNumber: string; password: string };
}) {
  const { services, viewer, input } = o;
  if (!viewer.mustChangePassword) {
    throw new AppError('SetInitialPasswordFailed', MESSAGES.setInitialPasswordFailed, {
      redirect: '/sign-in',
    });
  }
  try {
    const ctx = await services.auth.$context;
    const digest = await ctx.password.hash(input.password);
    await ctx.internalAdapter.updatePassword(viewer.userId, digest);
    await services.database.db
      .update(user)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        name: `${input.firstName} ${input.lastName}`,
        phoneNumber: phoneToE164(input.phoneNumber),
        mustChangePassword: false,
        updatedAt: new Date(),
      })
      .where(eq(user.id, viewer.userId));
  } catch {
    throw new AppError('SetInitialPasswordFailed', MESSAGES.setInitialPasswordFailed, {
      redirect: '/sign-in',
    });
  }
  return { next: await resumeFor(services.database.db, { ...viewer, mustChangePassword: false }) };
}

/** Changes the password with the current one; every session ends and the person signs in again. */
export async function changePassword(o: {
  services: Services;
  viewer: Viewer;
  headers: Headers;
  currentPassword: string;
  password: string;
}) {
  try {
    await o.services.auth.api.changePassword({
      body: { currentPassword: o.currentPassword, newPassword: o.password, revokeOtherSessions: true },
      headers: o.headers,
    });
  } catch (error) {
    const code = authErrorCode(error);
    if (code === 'INVALID_PASSWORD') throw new AppError('NotAuthorizedException', 'Incorrect password');
    throw error;
  }
  // The password is now one the person chose: a temporary one no longer holds anything back.
  await o.services.database.db
    .update(user)
    .set({ mustChangePassword: false, updatedAt: new Date() })
    .where(eq(user.id, o.viewer.userId));
  const ctx = await o.services.auth.$context;
  await ctx.internalAdapter.deleteUserSessions(o.viewer.userId);
  return { next: '/sign-in', message: MESSAGES.passwordReset };
}

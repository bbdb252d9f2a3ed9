import { eq } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { MESSAGES } from '#domain/validation/messages';
import { normalizeEmail } from '#domain/validation/format';
import type { Services } from '../../services';
import { user } from '../../db/schema/auth';
import { borrower } from '../../db/schema/application';
import type { Viewer } from '../../plugins/viewer';
import { authErrorCode } from './auth-calls';

/**
 * Changes the username (email) at once, as Cognito's attribute update did: the new address is unverified
 * until the emailed code is confirmed, every session ends, and the person signs in with the new email.
 */
export async function changeEmail(o: { services: Services; viewer: Viewer; email: string }) {
  const email = normalizeEmail(o.email);
  const { db } = o.services.database;
  if (email === o.viewer.email)
    throw new AppError('ValidationError', 'The new email is the same as the current one.', {
      fieldErrors: { email: 'The new email is the same as the current one.' },
    });
  const taken = await db.query.user.findFirst({ where: eq(user.email, email), columns: { id: true } });
  if (taken) throw new AppError('Conflict', 'An account with the given email already exists.');
  await db.transaction(async (tx) => {
    await tx
      .update(user)
      .set({ email, emailVerified: false, updatedAt: new Date() })
      .where(eq(user.id, o.viewer.userId));
    await tx
      .update(borrower)
      .set({ email, updatedAt: new Date() })
      .where(eq(borrower.owner, o.viewer.userId));
  });
  const ctx = await o.services.auth.$context;
  await ctx.internalAdapter.deleteUserSessions(o.viewer.userId);
  await o.services.auth.api.sendVerificationOTP({ body: { email, type: 'email-verification' } });
  return { next: '/sign-in', message: MESSAGES.emailUpdated };
}

/** Confirms a changed email: the person proves the password, then the emailed code marks the address verified. */
export async function verifyNewEmail(o: {
  services: Services;
  email: string;
  code: string;
  password: string;
}) {
  const email = normalizeEmail(o.email);
  const ctx = await o.services.auth.$context;
  const found = await ctx.internalAdapter.findUserByEmail(email, { includeAccounts: true });
  const credential = found?.accounts.find((a) => a.providerId === 'credential');
  const passwordOk =
    credential?.password != null &&
    (await ctx.password.verify({ hash: credential.password, password: o.password }));
  if (!found || !passwordOk) throw new AppError('VerifyNewEmailFailed', MESSAGES.verifyNewEmailFailed);
  try {
    await o.services.auth.api.verifyEmailOTP({ body: { email, otp: o.code } });
  } catch (error) {
    const code = authErrorCode(error);
    if (code === 'OTP_EXPIRED' || code === 'INVALID_OTP' || code === 'TOO_MANY_ATTEMPTS') {
      // An old or expired link: send a fresh one so the person can finish.
      await o.services.auth.api.sendVerificationOTP({ body: { email, type: 'email-verification' } });
      throw new AppError('VerifyNewEmailFailed', MESSAGES.verifyNewEmailFailed);
    }
    throw error;
  }
  return { message: MESSAGES.verifyNewEmailSuccess };
}

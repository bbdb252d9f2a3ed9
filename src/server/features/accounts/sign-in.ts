import type { FastifyReply } from 'fastify';
import { AppError } from '#domain/errors';
import { MESSAGES } from '#domain/validation/messages';
import { normalizeEmail } from '#domain/validation/format';
import type { Services } from '../../app';
import { isStaffUser } from '../../plugins/viewer';
import { authErrorCode, forwardCookies } from './auth-calls';
import { resumeFor } from './resume';

/** Signs in with the lower-cased username; answers where to go (the new-password path, /summary, or the resume page). */
export async function signIn(o: {
  services: Services;
  username: string;
  password: string;
  headers: Headers;
  reply: FastifyReply;
}) {
  const { services } = o;
  let result;
  try {
    result = await services.auth.api.signInEmail({
      body: { email: normalizeEmail(o.username), password: o.password },
      headers: o.headers,
      returnHeaders: true,
    });
  } catch (error) {
    const code = authErrorCode(error);
    if (code === 'INVALID_EMAIL_OR_PASSWORD' || code === 'INVALID_EMAIL' || code === 'USER_NOT_FOUND') {
      throw new AppError('NotAuthorizedException', MESSAGES.incorrectCredentials);
    }
    throw error;
  }
  forwardCookies(o.reply, result.headers);
  const u = result.response.user as { id: string; mustChangePassword?: boolean | null };
  const mustSetInitialPassword = Boolean(u.mustChangePassword);
  const isStaff = await isStaffUser(services.database.db, u.id);
  if (mustSetInitialPassword) return { next: '/user-information', mustSetInitialPassword };
  try {
    return { next: await resumeFor(services.database.db, { userId: u.id, isStaff }), mustSetInitialPassword };
  } catch {
    throw new AppError('InternalError', MESSAGES.applicationLoadFailed);
  }
}

import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { AppError } from '#domain/errors';
import type { LeadInput } from '#domain/validation/account';
import { invalidMessage, MESSAGES } from '#domain/validation/messages';
import { normalizeEmail, phoneToE164 } from '#domain/validation/format';
import { PAGE_ROUTES } from '#domain/flow/pages';
import type { Services } from '../../services';
import { user } from '../../db/schema/auth';
import { application, applicationStatusChange, borrower } from '../../db/schema/application';
import type { Viewer } from '../../plugins/viewer';
import { authErrorCode, forwardCookies } from './auth-calls';
import { recordResetRequest } from './password-reset-limit';

/** The generated first password: 30 random bytes written as 60 hexadecimal characters (spec doc 2 section 4). */
export const generatePassword = () => randomBytes(30).toString('hex');

export type UtmInput = Partial<
  Record<'utmCampaign' | 'utmContent' | 'utmMedium' | 'utmSource' | 'utmTerm', string>
>;

async function assertPhoneIsValid(services: Services, phoneE164: string) {
  const { isValid } = await services.phoneLookup.verify(phoneE164);
  if (!isValid) {
    const message = invalidMessage('Phone number');
    throw new AppError('ValidationError', message, { fieldErrors: { phoneNumber: message } });
  }
}

/**
 * First submit of /lead. An anonymous visitor gets an account (lower-cased email as username, a generated
 * password, must-change-password set), is signed in, gets the initial password email, and an application
 * (inProgress, utm fields, Lead completed) with its borrower. A signed-in borrower re-submitting the page
 * updates only what changed, and the phone is verified again when it changed.
 */
export async function createLead(o: {
  services: Services;
  input: LeadInput;
  utm: UtmInput;
  viewer: Viewer | null;
  headers: Headers;
  reply: FastifyReply;
}): Promise<{ next: string }> {
  const { services, input } = o;
  const { db } = services.database;
  const email = normalizeEmail(input.email);
  const phoneNumber = phoneToE164(input.phoneNumber);
  const next = PAGE_ROUTES.Hardships;

  if (o.viewer) {
    if (o.viewer.isStaff) throw new AppError('Forbidden');
    const own = await db.query.application.findFirst({
      where: eq(application.owner, o.viewer.userId),
      with: { borrower: true },
    });
    if (!own?.borrower) throw new AppError('NotFound');
    const current = own.borrower;
    if (current.phoneNumber !== phoneNumber) await assertPhoneIsValid(services, phoneNumber);
    const changes: Partial<typeof borrower.$inferInsert> = {};
    if (current.firstName !== input.firstName) changes.firstName = input.firstName;
    if (current.lastName !== input.lastName) changes.lastName = input.lastName;
    if (current.phoneNumber !== phoneNumber) changes.phoneNumber = phoneNumber;
    if (Object.keys(changes).length > 0) {
      await db
        .update(borrower)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(borrower.id, current.id));
    }
    return { next };
  }

  const existing = await db.query.user.findFirst({ where: eq(user.email, email), columns: { id: true } });
  if (existing) throw new AppError('UsernameExistsException', MESSAGES.usernameExists);
  await assertPhoneIsValid(services, phoneNumber);

  let signUp;
  try {
    signUp = await services.auth.api.signUpEmail({
      body: {
        email,
        password: generatePassword(),
        name: `${input.firstName} ${input.lastName}`,
        firstName: input.firstName,
        lastName: input.lastName,
        phoneNumber,
        mustChangePassword: true,
      },
      headers: o.headers,
      returnHeaders: true,
    });
  } catch (error) {
    if (authErrorCode(error)?.startsWith('USER_ALREADY_EXISTS')) {
      throw new AppError('UsernameExistsException', MESSAGES.usernameExists);
    }
    throw error;
  }
  const userId = signUp.response.user.id;
  try {
    await db.transaction(async (tx) => {
      const [app] = await tx
        .insert(application)
        .values({
          owner: userId,
          status: 'inProgress',
          lastCompletedPage: 'Lead',
          lastViewedPage: 'Hardships',
          agreedToTerms: true,
          ...o.utm,
        })
        .returning({ id: application.id });
      await tx.insert(borrower).values({
        owner: userId,
        applicationId: app!.id,
        firstName: input.firstName,
        lastName: input.lastName,
        email,
        phoneNumber,
      });
      await tx
        .insert(applicationStatusChange)
        .values({ applicationId: app!.id, from: null, to: 'inProgress', changedBy: userId });
    });
  } catch (error) {
    // Without its application the account is unusable: remove it so the visitor can simply try again.
    await db.delete(user).where(eq(user.id, userId));
    throw error;
  }
  forwardCookies(o.reply, signUp.headers);
  await recordResetRequest(db, email);
  await services.auth.api.requestPasswordResetEmailOTP({ body: { email } });
  return { next };
}

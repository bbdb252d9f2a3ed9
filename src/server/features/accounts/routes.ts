import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#domain/errors';
import {
  enrolmentPasswordSchema,
  secondFactorCodeSchema,
  totpCodeSchema,
  changeEmailSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  leadSchema,
  resetPasswordSchema,
  signInSchema,
  userInformationSchema,
  newPasswordSchema,
  verifyNewEmailSchema,
} from '#domain/validation/account';
import { utmSchema } from '#domain/validation/application';
import { phoneField, verificationCodeField } from '#domain/validation/fields';
import { phoneToE164 } from '#domain/validation/format';
import { MESSAGE_REFS } from '#domain/validation/messages';
import { LABELS } from '#domain/i18n/validation-messages';
import { LANGUAGES } from '#domain/i18n/language';
import { languageOfRequest } from '#server/i18n';
import { toHeaders } from '#server/plugins/auth';
import { expiredSessionCookies } from './auth-calls';
import { changeEmail, verifyNewEmail } from './change-email';
import { createLead } from './create-lead';
import type { AccountDeps } from './deps';
import { setPreferredLanguage } from './preferred-language';
import { registerLeadFormPost } from './lead-form-post';
import { changePassword, completeNewPassword, forgotPassword, resetPassword } from './passwords';
import { sessionResumeFor, staffResumeFor } from './resume';
import { signIn } from './sign-in';
import { confirmEnrolment, startEnrolment, verifySecondFactor } from './two-factor';

const next = z.object({ next: z.string() });
const nextWithMessage = z.object({ next: z.string(), message: z.string() });
const sessionUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  mustChangePassword: z.boolean(),
  isStaff: z.boolean(),
  twoFactorEnabled: z.boolean(),
  secondFactorVerified: z.boolean(),
  /** The language a borrower chose, stored with them: a new device switches to it after sign-in. */
  preferredLanguage: z.enum(LANGUAGES).nullable(),
});
const languageBody = z
  .object({ language: z.enum(LANGUAGES, { message: 'Choose English or Spanish.' }) })
  .strict();
const signInAnswer = z.object({ next: z.string(), mustSetInitialPassword: z.boolean() });

/** Puts the session cookies a use case returned on the answer, and answers the rest. */
function withCookies<T extends { cookies: string[] }>(reply: FastifyReply, { cookies, ...answer }: T) {
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  return answer;
}
/**
 * The account routes: each opens the units of work its use case needs (openUnit), and calls better-auth and
 * the phone lookup outside them (app.ts hands both wrapped, so a call inside a unit throws).
 */
export const accountRoutes: FastifyPluginAsyncZod<AccountDeps & { webRoot: string }> = async (
  app,
  { webRoot, ...deps },
) => {
  const { openUnit, openReadUnit, config, auth } = deps;
  /** Signed-in endpoints that check a password or a code: a per-address limit each. */
  const authLimit = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } };
  /**
   * Sign-in, the lead form, forgot password and every code entry share one budget per client address: one
   * limiter (one counter per address) used by all of them, so a client cannot spend a full budget on each.
   */
  const guessBudget = app.rateLimit({ max: config.authRateLimitPerMinute, timeWindow: '1 minute' });
  app.get(
    '/api/session',
    {
      config: { role: 'public' },
      schema: {
        tags: ['accounts'],
        response: {
          200: z.union([z.object({ user: z.null() }), z.object({ user: sessionUser, resume: z.string() })]),
        },
      },
    },
    async (request) => {
      const viewer = await request.viewer();
      if (!viewer) return { user: null };
      // Staff continue where their session says, with no row to read: no unit for them. A borrower's is one
      // select, so no transaction either.
      const { resume, preferredLanguage } = viewer.isStaff
        ? { resume: staffResumeFor(viewer), preferredLanguage: null }
        : await openReadUnit((unit) => sessionResumeFor(unit, viewer));
      return {
        user: {
          id: viewer.userId,
          email: viewer.email,
          firstName: viewer.firstName,
          lastName: viewer.lastName,
          phoneNumber: viewer.phoneNumber,
          mustChangePassword: viewer.mustChangePassword,
          isStaff: viewer.isStaff,
          twoFactorEnabled: viewer.twoFactorEnabled,
          secondFactorVerified: viewer.secondFactorVerified,
          preferredLanguage,
        },
        resume,
      };
    },
  );

  app.post(
    '/api/lead',
    {
      config: { role: 'public' },
      onRequest: guessBudget,
      schema: {
        tags: ['application'],
        body: leadSchema.extend({ utm: utmSchema.optional() }),
        response: { 200: next, 201: next },
      },
    },
    async (request, reply) => {
      const { utm, ...input } = request.body;
      const viewer = await request.viewer();
      const result = await createLead({
        ...deps,
        input,
        utm: utm ?? {},
        viewer,
        headers: toHeaders(request.headers),
        language: languageOfRequest(request),
      });
      return reply.status(viewer ? 200 : 201).send(withCookies(reply, result));
    },
  );

  app.put(
    '/api/account/language',
    {
      config: { role: 'borrower' },
      schema: { tags: ['accounts'], body: languageBody },
    },
    async (request, reply) => {
      const viewer = (await request.viewer())!;
      await openUnit((unit) => setPreferredLanguage(unit, viewer.userId, request.body.language));
      return reply.status(204).send();
    },
  );

  // The same form sent by the browser itself (before the page's script runs, or without one).
  await registerLeadFormPost(app, { deps, webRoot, guessBudget });

  app.post(
    '/api/auth/sign-in',
    {
      config: { role: 'public' },
      onRequest: guessBudget,
      schema: {
        tags: ['accounts'],
        body: signInSchema,
        response: { 200: signInAnswer },
      },
    },
    async (request, reply) =>
      withCookies(
        reply,
        await signIn({ openUnit, auth, ...request.body, headers: toHeaders(request.headers) }),
      ),
  );

  app.post(
    '/api/auth/two-factor/verify',
    {
      // Public: a pending staff sign-in has no session yet, only better-auth's signed two_factor cookie.
      config: { role: 'public' },
      onRequest: guessBudget,
      schema: {
        tags: ['accounts'],
        body: secondFactorCodeSchema,
        response: { 200: signInAnswer },
      },
    },
    async (request, reply) =>
      withCookies(
        reply,
        await verifySecondFactor({
          openUnit,
          auth,
          code: request.body.code,
          headers: toHeaders(request.headers),
        }),
      ),
  );

  app.post(
    '/api/auth/two-factor/setup',
    {
      config: { role: 'user', ...authLimit },
      schema: {
        tags: ['accounts'],
        body: enrolmentPasswordSchema,
        response: { 200: z.object({ totpUri: z.string(), secret: z.string(), qrCode: z.string() }) },
      },
    },
    async (request) => {
      const viewer = (await request.viewer())!;
      return startEnrolment({
        auth,
        viewer,
        password: request.body.password,
        headers: toHeaders(request.headers),
      });
    },
  );

  app.post(
    '/api/auth/two-factor/setup/confirm',
    {
      config: { role: 'user', ...authLimit },
      schema: {
        tags: ['accounts'],
        body: totpCodeSchema,
        response: { 200: z.object({ recoveryCodes: z.array(z.string()), next: z.string() }) },
      },
    },
    async (request, reply) => {
      const viewer = (await request.viewer())!;
      return withCookies(
        reply,
        await confirmEnrolment({
          auth,
          viewer,
          code: request.body.code,
          headers: toHeaders(request.headers),
        }),
      );
    },
  );

  app.post(
    '/api/auth/sign-out',
    { config: { role: 'public' }, schema: { tags: ['accounts'] } },
    async (request, reply) => {
      try {
        await auth.api.signOut({ headers: toHeaders(request.headers) });
      } catch (error) {
        // Signing out without a live session is still a sign-out.
        request.log.debug({ err: error }, 'sign-out without a session');
      }
      reply.header('set-cookie', await expiredSessionCookies(auth));
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: { role: 'public' },
      onRequest: guessBudget,
      schema: { tags: ['accounts'], body: forgotPasswordSchema },
    },
    async (request, reply) => {
      await forgotPassword({ openUnit, auth, email: request.body.email });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { role: 'public' },
      onRequest: guessBudget,
      schema: { tags: ['accounts'], body: resetPasswordSchema, response: { 200: nextWithMessage } },
    },
    async (request) => resetPassword({ openUnit, auth, ...request.body }),
  );

  app.post(
    '/api/auth/complete-new-password',
    {
      config: { role: 'user' },
      onRequest: guessBudget,
      schema: {
        tags: ['accounts'],
        // The code from the emailed link: required for an account whose address was never proven.
        body: userInformationSchema
          .extend(newPasswordSchema.shape)
          .extend({ code: verificationCodeField().optional() })
          .superRefine((v, ctx) => {
            if (v.password !== v.confirmPassword)
              ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Passwords do not match.' });
          }),
        response: { 200: next },
      },
    },
    async (request, reply) => {
      const viewer = (await request.viewer())!;
      return withCookies(
        reply,
        await completeNewPassword({
          openUnit,
          auth,
          viewer,
          input: request.body,
          headers: toHeaders(request.headers),
        }),
      );
    },
  );

  app.post(
    '/api/auth/change-password',
    {
      config: { role: 'user', ...authLimit },
      schema: { tags: ['accounts'], body: changePasswordSchema, response: { 200: nextWithMessage } },
    },
    async (request, reply) => {
      const viewer = (await request.viewer())!;
      const result = await changePassword({
        openUnit,
        auth,
        viewer,
        headers: toHeaders(request.headers),
        ...request.body,
      });
      reply.header('set-cookie', await expiredSessionCookies(auth));
      return result;
    },
  );

  app.post(
    '/api/auth/change-email',
    {
      config: { role: 'user', ...authLimit },
      schema: {
        tags: ['accounts'],
        body: changeEmailSchema,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      const viewer = (await request.viewer())!;
      return openUnit((unit) =>
        changeEmail(unit, { publicUrl: config.publicUrl, viewer, email: request.body.email }),
      );
    },
  );

  app.post(
    '/api/auth/verify-new-email',
    {
      config: { role: 'public' },
      onRequest: guessBudget,
      schema: {
        tags: ['accounts'],
        body: verifyNewEmailSchema,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => verifyNewEmail({ openUnit, auth, publicUrl: config.publicUrl, ...request.body }),
  );

  app.post(
    '/api/phone/verify',
    {
      config: { role: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['accounts'],
        body: z.object({ phoneNumber: phoneField(LABELS.phoneNumber) }).strict(),
        response: { 200: z.object({ isValid: z.boolean() }) },
      },
    },
    async (request) => {
      try {
        return await deps.phoneLookup.verify(phoneToE164(request.body.phoneNumber));
      } catch (error) {
        request.log.warn({ err: error }, 'phone verification failed');
        throw new AppError('ProviderError', MESSAGE_REFS.phoneVerificationUnavailable);
      }
    },
  );
};

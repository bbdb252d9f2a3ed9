import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#domain/errors';
import {
  signingTokenSchema,
  signingViewSchema,
  signLetterSchema,
  submittedViewSchema,
} from '#domain/enrollment/views';
import {
  electronicRecordsConsentSchema,
  electronicRecordsStateViewSchema,
  electronicRecordsWithdrawalSchema,
} from '#domain/enrollment/electronic-records-consent';
import { formatLetterDateIn } from '#domain/enrollment/letter-of-authorization';
import { SITE } from '#domain/site';
import { languageOfRequest } from '#server/i18n';
import { DEFAULT_LANGUAGE } from '#domain/i18n/language';
import type { SigningDeps } from './deps';
import { letterRecordOfEnvelope } from './letter-rows';
import {
  choosePaperRecords,
  consentToElectronicRecords,
  recordDocumentOpened,
  requireElectronicRecordsConsent,
  signerConsentView,
} from './electronic-records';
import { recordSignatures } from './record-signatures';
import { renewLetterIfTooSoon } from './start-signing';
import { getSubmitted, resendSigningEmails } from './submitted';
import { emailNewSigningLink, openSigningLink } from './fresh-links';
import { SandboxSigningRefusal, type SANDBOX_SIGNING_MESSAGES } from '#providers/e-signature/sandbox';
import { MESSAGE_REFS, SIGNING_REFS, letterRenewedRef } from '#domain/validation/messages';
import type { MessageRef } from '#domain/i18n/message';

const tags = ['signing'];
/** The built-in signing page's refusals, by their id: the signer reads them in the page's language. */
const SANDBOX_REFUSAL_REFS: Record<keyof typeof SANDBOX_SIGNING_MESSAGES, MessageRef> = {
  invalidLink: MESSAGE_REFS.signingLinkNotValid,
  nameMismatch: MESSAGE_REFS.signingNameMismatch,
  expired: MESSAGE_REFS.appErrorSigningLinkExpired,
};
/** Signing tokens arrive in the body, never in a URL that reaches a log; guessing them is slowed anyway. */
const signingRateLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };
/** Asking for a new link sends an email: fewer a client may ask for (each signer is limited apart, too). */
const newLinkRateLimit = { rateLimit: { max: 10, timeWindow: '15 minutes' } };
/** A DocuSign envelope id is a UUID; the sandbox's too. Anything else is refused before any lookup. */
const envelopeParamsSchema = z.strictObject({
  envelopeId: z.string().regex(/^[0-9a-fA-F-]{36}$/, 'This is not an envelope id'),
});

/**
 * The Letter of Authorization: /submitted's reads (borrower), the built-in signing page's calls (anyone holding a
 * signer's token, sandbox only), and the e-signature provider's webhook (verified by its HMAC).
 */
export const signingRoutes: FastifyPluginAsyncZod<SigningDeps> = async (app, deps) => {
  const { openUnit } = deps;
  const userId = async (request: { viewer: () => Promise<{ userId: string } | null> }) =>
    (await request.viewer())!.userId;

  app.get(
    '/api/application/submitted',
    { config: { role: 'borrower' }, schema: { tags, response: { 200: submittedViewSchema } } },
    async (request) => getSubmitted(deps, { userId: await userId(request), log: request.log }),
  );
  app.post(
    '/api/application/submitted/resend',
    { config: { role: 'borrower' }, schema: { tags } },
    async (request, reply) => {
      await resendSigningEmails(deps, { userId: await userId(request) });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/application/envelopes/:envelopeId/signing-link',
    {
      config: { role: 'borrower', ...newLinkRateLimit },
      schema: {
        tags,
        params: envelopeParamsSchema,
        response: { 200: z.object({ url: z.string(), envelopeId: z.string() }) },
      },
    },
    async (request) =>
      openSigningLink(deps, {
        userId: await userId(request),
        envelopeId: request.params.envelopeId,
        log: request.log,
      }),
  );

  const sandbox = deps.eSignatureSandbox;
  if (sandbox) {
    // An expired link opens nothing; the page offers to send a new one (POST /api/signing/new-link).
    const signer = async (token: string) => {
      const found = await sandbox.signerByToken(token);
      if (!found) throw new AppError('NotFound', SIGNING_REFS.linkNotValidOrExpired);
      if (found.expired) throw new AppError('SigningLinkExpired', MESSAGE_REFS.appErrorSigningLinkExpired);
      return found;
    };
    app.post(
      '/api/signing/new-link',
      {
        config: { role: 'public', ...newLinkRateLimit },
        schema: { tags, body: signingTokenSchema, response: { 200: z.object({ sent: z.literal(true) }) } },
      },
      async (request) => {
        await emailNewSigningLink(deps, { sandbox, token: request.body.token, log: request.log });
        return { sent: true as const };
      },
    );
    app.post(
      '/api/signing/session',
      {
        config: { role: 'public', ...signingRateLimit },
        schema: { tags, body: signingTokenSchema, response: { 200: signingViewSchema } },
      },
      async (request) => {
        const found = await signer(request.body.token);
        return {
          signerName: found.name,
          role: found.role,
          signed: found.signed,
          agencyName: SITE.agencyName,
          englishGoverns: !deps.config.legalSpanish.approved,
          ...(await openUnit((unit) => signerConsentView(unit.tx, found))),
        };
      },
    );
    app.post(
      '/api/signing/document',
      { config: { role: 'public', ...signingRateLimit }, schema: { tags, body: signingTokenSchema } },
      async (request, reply) => {
        const found = await signer(request.body.token);
        const pdf = await sandbox.documentForReview(request.body.token);
        if (!pdf) throw new AppError('NotFound', SIGNING_REFS.linkNotValidOrExpired);
        // Serving the PDF is the proof the consent asks for: the signer's device could fetch and open it.
        const letter = await openUnit(async (unit) => {
          await recordDocumentOpened(unit, found);
          return letterRecordOfEnvelope(unit.tx, found.envelopeId);
        });
        return (
          reply
            .type('application/pdf')
            // The letter's own language, which the page names the saved file in (letters made before: English).
            .header('content-language', letter?.letterLanguage ?? DEFAULT_LANGUAGE)
            .header('content-disposition', 'inline; filename="Letter of Authorization.pdf"')
            .send(Buffer.from(pdf))
        );
      },
    );
    app.post(
      '/api/signing/sign',
      {
        config: { role: 'public', ...signingRateLimit },
        schema: { tags, body: signLetterSchema, response: { 200: z.object({ signed: z.literal(true) }) } },
      },
      async (request) => {
        const found = await signer(request.body.token);
        if (!found.signed) {
          const record = await openUnit(async (unit) => {
            await requireElectronicRecordsConsent(unit.tx, found);
            return letterRecordOfEnvelope(unit.tx, found.envelopeId);
          });
          // Never signed on a stale date: a letter whose first draft came too close is made again instead.
          const renewed =
            record &&
            (await renewLetterIfTooSoon(deps, { applicationId: record.applicationId, log: request.log }));
          // Worded in the page's language by its id, the date too (the new letter itself is in the borrower's).
          if (renewed)
            throw new AppError(
              'LetterRenewed',
              letterRenewedRef(formatLetterDateIn(renewed, languageOfRequest(request))),
            );
        }
        let event;
        try {
          event = await sandbox.sign({ token: request.body.token, typedName: request.body.fullName });
        } catch (error) {
          // The sandbox's refusals are the signer's to read, by their id; anything else is a fault of ours.
          if (!(error instanceof SandboxSigningRefusal)) throw error;
          const refusal = SANDBOX_REFUSAL_REFS[error.reason];
          throw new AppError('ValidationError', refusal, { fieldErrors: { fullName: refusal } });
        }
        await recordSignatures(deps, {
          envelopeId: event.envelopeId ?? found.envelopeId,
          log: request.log,
        });
        return { signed: true as const };
      },
    );
    app.post(
      '/api/signing/consent',
      {
        config: { role: 'public', ...signingRateLimit },
        schema: {
          tags,
          body: electronicRecordsConsentSchema,
          response: { 200: electronicRecordsStateViewSchema },
        },
      },
      async (request) => {
        const found = await signer(request.body.token);
        const state = await consentToElectronicRecords({
          openUnit,
          key: found,
          log: request.log,
          version: request.body.version,
        });
        return { electronicRecords: state };
      },
    );
    app.post(
      '/api/signing/paper',
      {
        config: { role: 'public', ...signingRateLimit },
        schema: {
          tags,
          body: electronicRecordsWithdrawalSchema,
          response: { 200: electronicRecordsStateViewSchema },
        },
      },
      async (request) => {
        const found = await signer(request.body.token);
        await choosePaperRecords({ openUnit, key: found, log: request.log });
        return { electronicRecords: 'withdrawn' as const };
      },
    );
  }
};

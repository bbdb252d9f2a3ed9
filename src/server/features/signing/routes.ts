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
import { letterRenewedMessage } from '#domain/enrollment/letter-of-authorization';
import { SIGNING_LINK_MESSAGES } from '#domain/enrollment/signing-links';
import { SITE } from '#domain/site';
import { docusign } from '#server/db/schema/enrollment';
import { eq } from 'drizzle-orm';
import { languageOfRequest } from '#server/i18n';
import { DEFAULT_LANGUAGE } from '#domain/i18n/language';
import type { Services } from '#server/services';
import {
  choosePaperRecords,
  consentToElectronicRecords,
  recordDocumentOpened,
  requireElectronicRecordsConsent,
  signerConsentView,
} from './electronic-records';
import { letterIntl } from './build-letter';
import { recordSignatures } from './record-signatures';
import { renewLetterIfTooSoon } from './start-signing';
import { getSubmitted, resendSigningEmails } from './submitted';
import { emailNewSigningLink, openSigningLink } from './fresh-links';

const tags = ['signing'];
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
export const signingRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const userId = async (request: { viewer: () => Promise<{ userId: string } | null> }) =>
    (await request.viewer())!.userId;

  app.get(
    '/api/application/submitted',
    { config: { role: 'borrower' }, schema: { tags, response: { 200: submittedViewSchema } } },
    async (request) => getSubmitted({ services, userId: await userId(request), log: request.log }),
  );
  app.post(
    '/api/application/submitted/resend',
    { config: { role: 'borrower' }, schema: { tags } },
    async (request, reply) => {
      await resendSigningEmails({ services, userId: await userId(request) });
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
      openSigningLink({
        services,
        userId: await userId(request),
        envelopeId: request.params.envelopeId,
        log: request.log,
      }),
  );

  const sandbox = services.eSignatureSandbox;
  if (sandbox) {
    const { db } = services.database;
    // An expired link opens nothing; the page offers to send a new one (POST /api/signing/new-link).
    const signer = async (token: string) => {
      const found = await sandbox.signerByToken(token);
      if (!found) throw new AppError('NotFound', 'This signing link is not valid or has expired.');
      if (found.expired) throw new AppError('SigningLinkExpired', SIGNING_LINK_MESSAGES.expired);
      return found;
    };
    app.post(
      '/api/signing/new-link',
      {
        config: { role: 'public', ...newLinkRateLimit },
        schema: { tags, body: signingTokenSchema, response: { 200: z.object({ sent: z.literal(true) }) } },
      },
      async (request) => {
        await emailNewSigningLink({ services, sandbox, token: request.body.token, log: request.log });
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
          englishGoverns: !services.config.legalSpanish.approved,
          ...(await signerConsentView(db, found)),
        };
      },
    );
    app.post(
      '/api/signing/document',
      { config: { role: 'public', ...signingRateLimit }, schema: { tags, body: signingTokenSchema } },
      async (request, reply) => {
        const found = await signer(request.body.token);
        const pdf = await sandbox.documentForReview(request.body.token);
        if (!pdf) throw new AppError('NotFound', 'This signing link is not valid or has expired.');
        // Serving the PDF is the proof the consent asks for: the signer's device could fetch and open it.
        await recordDocumentOpened(db, found);
        const letter = await db.query.docusign.findFirst({
          where: eq(docusign.envelopeId, found.envelopeId),
          columns: { letterLanguage: true },
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
          await requireElectronicRecordsConsent(db, found);
          // Never signed on a stale date: a letter whose first draft came too close is made again instead.
          const record = await db.query.docusign.findFirst({
            where: eq(docusign.envelopeId, found.envelopeId),
            columns: { applicationId: true },
          });
          const renewed =
            record &&
            (await renewLetterIfTooSoon({ services, applicationId: record.applicationId, log: request.log }));
          // Said in the page's language (the new letter itself is in the borrower's).
          if (renewed)
            throw new AppError(
              'LetterRenewed',
              letterRenewedMessage(renewed, letterIntl(languageOfRequest(request))),
            );
        }
        let event;
        try {
          event = await sandbox.sign({ token: request.body.token, typedName: request.body.fullName });
        } catch (error) {
          const message = error instanceof Error ? error.message : 'The letter could not be signed.';
          throw new AppError('ValidationError', message, { fieldErrors: { fullName: message } });
        }
        await recordSignatures({
          services,
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
          db,
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
        await choosePaperRecords({ db, key: found, log: request.log });
        return { electronicRecords: 'withdrawn' as const };
      },
    );
  }
};

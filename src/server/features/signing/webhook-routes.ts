import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { webhookEvent } from '#server/db/schema/ops';
import type { SigningDeps } from './deps';
import { recordSignatures } from './record-signatures';

const PROVIDER = 'e-signature';

/**
 * POST /api/webhooks/e-signature: the e-signature provider's news about an envelope. The body is read as text
 * so the HMAC is checked over the exact bytes sent; a forged or altered call is refused (401), and an event id
 * already handled is acknowledged without being handled again.
 *
 * An event counts as handled only once its signatures are recorded. Reading them means asking DocuSign for
 * the envelope and the signed PDF, which can fail (DocuSign slow, a 500): the delivery is then answered 503,
 * nothing is marked, and DocuSign Connect delivers the same message again later, which records it then.
 * Marking the event first would have turned every such retry into an empty 200 and lost the signature.
 * Recording is safe to run twice (record-signatures.ts), so two deliveries racing each other do no harm.
 * The event's check, the lookup of its id and the mark are each short units; the provider is asked between.
 */
export const eSignatureWebhookRoutes: FastifyPluginAsync<SigningDeps> = async (app, deps) => {
  const { openUnit } = deps;
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  app.post('/api/webhooks/e-signature', { config: { role: 'public' } }, async (request, reply) => {
    const rawBody = typeof request.body === 'string' ? request.body : '';
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]),
    );
    const event = deps.eSignature.verifyWebhook({ rawBody, headers });
    if (!event) return reply.status(401).send({ code: 'NotAuthenticated', message: 'Invalid signature.' });
    const [seen] = await openUnit(({ tx }) =>
      tx
        .select({ id: webhookEvent.id })
        .from(webhookEvent)
        .where(and(eq(webhookEvent.provider, PROVIDER), eq(webhookEvent.eventId, event.eventId))),
    );
    if (seen) return reply.status(200).send({ received: true });
    if (event.event !== 'other') {
      try {
        await recordSignatures(deps, { envelopeId: event.envelopeId, log: request.log });
      } catch (error) {
        // The provider's error carries its status and code only (never the token, nor a name): see the adapters.
        request.log.warn(
          { err: error, envelopeId: event.envelopeId },
          'e-signature webhook not processed: the provider will deliver it again',
        );
        return reply
          .status(503)
          .header('retry-after', '60')
          .send({ code: 'ProviderError', message: 'The event could not be processed now. Please retry.' });
      }
    }
    await openUnit(({ tx }) =>
      tx.insert(webhookEvent).values({ provider: PROVIDER, eventId: event.eventId }).onConflictDoNothing(),
    );
    return reply.status(200).send({ received: true });
  });
};

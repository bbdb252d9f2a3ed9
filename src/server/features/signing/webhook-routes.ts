import type { FastifyPluginAsync } from 'fastify';
import { webhookEvent } from '#server/db/schema/ops';
import type { Services } from '#server/services';
import { recordSignatures } from './record-signatures';

/**
 * POST /api/webhooks/e-signature: the e-signature provider's news about an envelope. The body is read as text
 * so the HMAC is checked over the exact bytes sent; a forged or altered call is refused (401), and an event id
 * already handled is acknowledged without being handled again.
 */
export const eSignatureWebhookRoutes: FastifyPluginAsync<{ services: Services }> = async (
  app,
  { services },
) => {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  app.post('/api/webhooks/e-signature', { config: { role: 'public' } }, async (request, reply) => {
    const rawBody = typeof request.body === 'string' ? request.body : '';
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]),
    );
    const event = services.eSignature.verifyWebhook({ rawBody, headers });
    if (!event) return reply.status(401).send({ code: 'NotAuthenticated', message: 'Invalid signature.' });
    const [fresh] = await services.database.db
      .insert(webhookEvent)
      .values({ provider: 'e-signature', eventId: event.eventId })
      .onConflictDoNothing()
      .returning({ id: webhookEvent.id });
    if (fresh && event.event !== 'other') {
      await recordSignatures({ services, envelopeId: event.envelopeId, log: request.log });
    }
    return reply.status(200).send({ received: true });
  });
};

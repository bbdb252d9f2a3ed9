import type { FastifyPluginAsync } from 'fastify';
import { agencyEventProblem, agencyEventSchema } from '#domain/enrollment/agency-events';
import {
  PARTNER_REPLAY_WINDOW_SECONDS,
  PARTNER_SIGNATURE_HEADER,
  PARTNER_TIMESTAMP_HEADER,
  partnerSignatureProblem,
  signPartnerMessage,
} from '#server/application/partner-signature';
import { recordAgencyEventInUnit } from './agency-events-file';
import type { StaffActionsDeps } from './deps';

/*
 * The agency's DMP system tells us what happened to a plan after the hand-over (docs/decisions/0190). It is the
 * same partner the hand-over goes to, so it signs with the same shared secret (PARTNER_WEBHOOK_SECRET), over
 * the moment of sending and the body, as the hand-over itself is signed (src/server/application/
 * partner-signature.ts):
 *
 *   X-Timestamp: the sending moment, in whole seconds since 1970 (UTC)
 *   X-Signature: sha256=<hex HMAC-SHA256 of `${X-Timestamp}.${body}` with the shared secret>
 *
 * A request more than five minutes away from our clock is refused, and within those five minutes a repeat is
 * caught by the event's own id (its idempotency key): the same id with the same event is acknowledged and
 * not applied again; the same id with another event is a conflict.
 */

export const AGENCY_EVENTS_PATH = '/api/webhooks/agency-events';
export const AGENCY_SIGNATURE_HEADER = PARTNER_SIGNATURE_HEADER;
export const AGENCY_TIMESTAMP_HEADER = PARTNER_TIMESTAMP_HEADER;
/** How far the sending moment may be from our clock, either way. */
export const AGENCY_REPLAY_WINDOW_SECONDS = PARTNER_REPLAY_WINDOW_SECONDS;
/** One event is a few hundred bytes; anything much larger is not the agency's. */
export const AGENCY_EVENT_BODY_LIMIT = 16 * 1024;

/** `sha256=` and the hex HMAC-SHA256 of `${timestamp}.${body}` with the shared secret. */
export const signAgencyEvent = signPartnerMessage;

/** Why a request is not the agency's, or null when its signature and moment are good. */
export const agencySignatureProblem = partnerSignatureProblem;

const bad = (message: string) => ({ code: 'ValidationError', message });

/**
 * POST /api/webhooks/agency-events: one event of the agency's DMP system per request. Off (404) until the
 * partner's secret is configured. The body is read as text so the signature is checked over the exact bytes
 * sent; nothing is parsed before it. The log names the event's type, its id and the plan's id, never a person.
 */
export const agencyEventsWebhookRoutes: FastifyPluginAsync<
  Pick<StaffActionsDeps, 'openUnit' | 'config'> & { now?: () => Date }
> = async (app, { openUnit, config, now = () => new Date() }) => {
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: AGENCY_EVENT_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  app.post(AGENCY_EVENTS_PATH, { config: { role: 'public' } }, async (request, reply) => {
    const secret = config.partnerWebhook?.secret;
    if (!secret) return reply.status(404).send({ code: 'NotFound', message: 'Not found.' });

    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const body = typeof request.body === 'string' ? request.body : '';
    const refused = agencySignatureProblem({
      body,
      secret,
      timestamp: header(AGENCY_TIMESTAMP_HEADER),
      signature: header(AGENCY_SIGNATURE_HEADER),
      now: now(),
    });
    if (refused) return reply.status(401).send({ code: 'NotAuthenticated', message: refused });

    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return reply.status(400).send(bad('The body is not JSON.'));
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json))
      return reply.status(400).send(bad('The body must be one event, a JSON object.'));
    const parsed = agencyEventSchema.safeParse(json);
    if (!parsed.success) return reply.status(400).send(bad(agencyEventProblem(parsed.error)));
    const event = parsed.data;

    const outcome = await openUnit((unit) =>
      recordAgencyEventInUnit(unit, config, event, `webhook:${event.id}`),
    );
    request.log.info(
      { type: event.type, eventId: event.id, applicationId: event.applicationId, outcome: outcome.status },
      'agency event',
    );
    switch (outcome.status) {
      case 'applied':
        return reply.status(200).send({ status: 'applied' });
      case 'alreadyApplied':
        return reply.status(200).send({ status: 'alreadyApplied' });
      case 'conflict':
        return reply
          .status(409)
          .send({ code: 'Conflict', message: 'This event id was already used for another event.' });
      case 'unknownPlan':
        return reply.status(404).send({ code: 'NotFound', message: 'No plan has this application id.' });
      case 'unknownOffer':
        return reply
          .status(404)
          .send({ code: 'NotFound', message: 'This plan has no creditor with this offer id.' });
    }
  });
};

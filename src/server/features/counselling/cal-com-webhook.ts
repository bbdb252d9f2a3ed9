import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { LIVE_CALL_STATES, type CallState } from '#domain/counselling/calls';
import {
  calComCancelledPayloadSchema,
  calComRescheduledPayloadSchema,
  calComWebhookEnvelopeSchema,
  type CalComRescheduledPayload,
} from '#domain/validation/scheduling-webhook';
import { CAL_COM_SIGNATURE_HEADER, isCalComSignature } from '#providers/scheduling/cal-com-webhook';
import type { Config } from '#server/env';
import { counsellingCall } from '#server/db/schema/index';
import type { OpenUnit, Unit } from '#server/unit-of-work';
import type { CallLinks } from './book-call';
import { callEmail } from './call-email';
import { callTokenKey, signCallToken } from './call-token';
import type { CallRow } from './call-view';
import { staffMemberOf } from './outside-call-rows';
import { isUniqueViolation } from './take-slot';

export const SCHEDULING_WEBHOOK_PATH = '/api/webhooks/scheduling';

/** Cal.com's booking payloads are a few kilobytes; anything much larger is not Cal.com's. */
const BODY_LIMIT = 256 * 1024;

const bad = (message: string) => ({ code: 'ValidationError', message });

/**
 * A booking the borrower cancelled in Cal.com (from its own email or page): the call's row is cancelled and the
 * product's "cancelled" email sent, in one transaction. A call already cancelled, over, or not ours is left as
 * it is, so Cal.com's retries, and the notice of a cancel the product made itself, change nothing.
 */
async function applyCancelled(unit: Unit, publicUrl: string, uid: string, requestReschedule: boolean) {
  const { tx } = unit;
  const [call] = await tx
    .select()
    .from(counsellingCall)
    .where(and(eq(counsellingCall.providerRef, uid), inArray(counsellingCall.state, [...LIVE_CALL_STATES])))
    .for('update');
  if (!call) return null;
  // A host's "request reschedule" is not the end of the call: it waits for the time the borrower picks from
  // Cal.com's email, and keeps the uid by which that new booking will name it.
  const state = requestReschedule ? 'awaitingNewTime' : 'cancelled';
  const [row] = (await tx
    .update(counsellingCall)
    .set({ state, revision: call.revision + 1 })
    .where(eq(counsellingCall.id, call.id))
    .returning()) as [CallRow];
  await unit.outbox.email(
    callEmail({
      call: row,
      kind: requestReschedule ? 'rescheduleRequested' : 'cancelled',
      publicUrl,
      token: null,
    }),
  );
  return { row };
}

/** The states a Cal.com move applies to: a live call, or one whose host asked for a new time. */
const MOVABLE_STATES: CallState[] = [...LIVE_CALL_STATES, 'awaitingNewTime'];

/**
 * A booking moved in Cal.com: Cal.com made a new booking in place of the old one. The row that holds the old
 * uid takes the new one, its times and its host (a staff member matched by email, as at booking), and the
 * product's "rescheduled" email goes out with a fresh link. The row is found by the old uid under a lock, so a
 * second delivery, or the notice of a move the product made itself (whose row already holds the new uid),
 * finds nothing to do; a notice that overtakes the product's own write of its move applies it once, and the
 * product's write then finds it done (saveOutsideChange).
 */
async function applyRescheduled(unit: Unit, links: CallLinks, p: CalComRescheduledPayload) {
  const { tx } = unit;
  const [call] = await tx
    .select()
    .from(counsellingCall)
    .where(
      and(eq(counsellingCall.providerRef, p.rescheduleUid), inArray(counsellingCall.state, MOVABLE_STATES)),
    )
    .for('update');
  if (!call) return null;
  const hostEmail = p.organizer?.email;
  const [row] = (await tx
    .update(counsellingCall)
    .set({
      // A payload that names no organizer keeps the counsellor the call had.
      counsellorId: hostEmail === undefined ? call.counsellorId : await staffMemberOf(tx, hostEmail),
      startsAt: p.startTime,
      endsAt: p.endTime,
      state: 'rescheduled',
      providerRef: p.uid,
      revision: call.revision + 1,
    })
    .where(eq(counsellingCall.id, call.id))
    .returning()) as [CallRow];
  const token = signCallToken(links.key, row.id, row.endsAt, row.revision);
  await unit.outbox.email(callEmail({ call: row, kind: 'rescheduled', publicUrl: links.publicUrl, token }));
  return { row };
}

async function handle(
  openUnit: OpenUnit,
  links: CallLinks,
  event: string,
  payload: unknown,
  log: FastifyBaseLogger,
) {
  if (event === 'BOOKING_CANCELLED') {
    const parsed = calComCancelledPayloadSchema.safeParse(payload);
    if (!parsed.success) return { status: 400 as const };
    const done = await openUnit((unit) =>
      applyCancelled(unit, links.publicUrl, parsed.data.uid, parsed.data.requestReschedule === true),
    );
    return { status: 200 as const, done };
  }
  // Cal.com sends BOOKING_RESCHEDULED for the booking that replaces another, also when it was made from a
  // host's "request reschedule" link. A BOOKING_CREATED that names the booking it replaces (`rescheduleUid`) is
  // read the same way; one that names none is a booking made in Cal.com directly, not a product call.
  const replacing =
    event === 'BOOKING_CREATED' &&
    typeof payload === 'object' &&
    payload !== null &&
    (payload as { rescheduleUid?: unknown }).rescheduleUid != null;
  if (event === 'BOOKING_RESCHEDULED' || replacing) {
    const parsed = calComRescheduledPayloadSchema.safeParse(payload);
    if (!parsed.success) return { status: 400 as const };
    try {
      return {
        status: 200 as const,
        done: await openUnit((unit) => applyRescheduled(unit, links, parsed.data)),
      };
    } catch (error) {
      // The new host already has another call of the product's at that start, or the new uid is already
      // another call's: nothing was written; staff compare in Cal.com.
      if (!isUniqueViolation(error)) throw error;
      log.warn({ event }, 'counselling call: a move made in Cal.com could not be applied');
      return { status: 409 as const };
    }
  }
  return { status: 200 as const, done: null };
}

/**
 * POST /api/webhooks/scheduling: Cal.com's notices of bookings cancelled or moved in Cal.com itself (its own
 * emails and pages), which keep the product's row of each call in step; a host's "request reschedule" leaves
 * the call awaiting the time the borrower then picks there (docs/decisions/0140). Off (404) unless Cal.com schedules the
 * calls and CAL_COM_WEBHOOK_SECRET is set. The body is read as text so the signature is checked over the exact
 * bytes sent; a forged or altered call is refused (401) before anything is read. Other events, and bookings the
 * product does not hold, are acknowledged and ignored. The log names the event and the call's id, never a
 * person or a booking uid.
 */
export const schedulingWebhookRoutes: FastifyPluginAsync<{ openUnit: OpenUnit; config: Config }> = async (
  app,
  { openUnit, config },
) => {
  const links: CallLinks = { key: callTokenKey(config.authSecret), publicUrl: config.publicUrl };
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  app.post(SCHEDULING_WEBHOOK_PATH, { config: { role: 'public' } }, async (request, reply) => {
    const scheduling = config.scheduling;
    const secret = scheduling.kind === 'cal-com' ? scheduling.webhookSecret : undefined;
    if (!secret) return reply.status(404).send({ code: 'NotFound', message: 'Not found.' });

    const rawBody = typeof request.body === 'string' ? request.body : '';
    const header = request.headers[CAL_COM_SIGNATURE_HEADER];
    const signature = Array.isArray(header) ? header[0] : header;
    if (!isCalComSignature(secret, rawBody, signature))
      return reply.status(401).send({ code: 'NotAuthenticated', message: 'Invalid signature.' });

    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      return reply.status(400).send(bad('The body is not JSON.'));
    }
    const envelope = calComWebhookEnvelopeSchema.safeParse(body);
    if (!envelope.success) return reply.status(400).send(bad('Not a Cal.com webhook.'));
    const event = envelope.data.triggerEvent;

    const outcome = await handle(openUnit, links, event, envelope.data.payload, request.log);
    if (outcome.status === 400) return reply.status(400).send(bad('Not a booking Cal.com sends.'));
    if (outcome.status === 409)
      return reply.status(409).send({ code: 'Conflict', message: 'The move could not be applied.' });
    if (outcome.done) {
      request.log.info(
        { event, callId: outcome.done.row.id, state: outcome.done.row.state },
        'counselling call changed in Cal.com',
      );
    } else {
      request.log.info({ event }, 'scheduling webhook: nothing to change');
    }
    return reply.status(200).send({ received: true });
  });
};

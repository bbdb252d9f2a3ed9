import { z } from 'zod';
import {
  buildPartnerWebhookEvent,
  deliverPartnerWebhook,
  ENROLLMENT_UPDATED_EVENT_TYPE,
  PARTNER_WEBHOOK_EVENT_TYPE,
  PARTNER_WEBHOOK_QUEUE,
  PARTNER_WEBHOOK_RETRY_DELAY_SECONDS,
  PARTNER_WEBHOOK_RETRY_LIMIT,
  partnerWebhookJobIds,
} from '#server/features/staff-actions/partner-webhook';
import { defineJob } from '../define-job';
import { DELIVERY_POLLING_SECONDS } from '../polling';

/** The ids of an event (the body is built when it is delivered, so nothing personal waits in the queue). */
const ids = z.object({
  eventId: z.string().min(1),
  applicationId: z.guid(),
  createdAt: z.iso.datetime({ offset: true }),
  type: z.enum([PARTNER_WEBHOOK_EVENT_TYPE, ENROLLMENT_UPDATED_EVENT_TYPE]).optional(),
});
/** A job queued by versions that kept the whole event in the job: its ids are read from the body. */
const legacy = z.object({ eventId: z.string().min(1), body: z.string() });

/**
 * The partner's event about an application (its transfer, a later update of the enrollment). It has no outbox
 * table: the job's data is the pending delivery.
 */
export const partnerWebhookJob = defineJob({
  name: PARTNER_WEBHOOK_QUEUE,
  queue: (deps) => ({
    retryLimit: PARTNER_WEBHOOK_RETRY_LIMIT,
    retryDelay: deps.partnerWebhook?.retryDelaySeconds ?? PARTNER_WEBHOOK_RETRY_DELAY_SECONDS,
    retryBackoff: true,
  }),
  payload: z.union([ids, legacy]),
  work: { pollingIntervalSeconds: DELIVERY_POLLING_SECONDS },
  enabled: (deps) => deps.partnerWebhook !== undefined,
  // The caller queues it whatever this set-up works (the job waits for an instance that does).
  createAlways: true,
  handler: async (jobs, ctx) => {
    const partner = ctx.deps.partnerWebhook!;
    for (const job of jobs) {
      const event = partnerWebhookJobIds(job.payload);
      if (!event) {
        ctx.log.error({ jobId: job.id }, 'partner webhook: job data not understood; nothing sent');
        continue;
      }
      // The event is read in a unit of its own, which ends before the partner is called: the partner is a
      // vendor, and no transaction waits on its answer.
      const built = await ctx.openUnit((unit) =>
        buildPartnerWebhookEvent(unit, {
          applicationId: event.applicationId,
          eventId: event.eventId,
          type: event.type,
          now: new Date(event.createdAt),
        }),
      );
      if (!built) {
        // Erased, or its enrollment undone, since the transfer: there is nothing left to announce.
        ctx.log.warn(
          { eventId: event.eventId, applicationId: event.applicationId },
          'partner webhook: nothing to hand over',
        );
        continue;
      }
      // Outside any unit. What came of it is the job's own record (pg-boss completes it, or retries it on a
      // throw); no table of the product's keeps it, so no unit follows.
      const status = await deliverPartnerWebhook({
        url: partner.url,
        secret: partner.secret,
        delivery: { eventId: built.id, type: built.type, body: JSON.stringify(built) },
      });
      ctx.log.info({ eventId: event.eventId, status }, 'partner webhook delivered');
    }
  },
});

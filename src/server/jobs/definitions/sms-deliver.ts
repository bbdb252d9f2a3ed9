import { z } from 'zod';
import { deliverSms, MAX_SMS_ATTEMPTS } from '#server/sms/deliver-sms';
import { defineJob, type JobContext } from '../define-job';
import { inParallel } from '../in-parallel';
import { DELIVERY_POLLING_SECONDS } from '../polling';

export const SMS_QUEUE = 'sms-deliver';
/** Texts fetched per poll, and sent at a time. */
const SMS_BATCH_SIZE = 20;
const SMS_SEND_CONCURRENCY = 5;

/**
 * One outbox text's delivery. Texts, like emails, have one job per outbox row at most ('stately' with the row
 * id as singleton key): two jobs for one row could both read it unsent and send the text twice.
 */
export const smsDeliverJob = defineJob({
  name: SMS_QUEUE,
  queue: { policy: 'stately', retryLimit: MAX_SMS_ATTEMPTS, retryDelay: 5, retryBackoff: true },
  payload: z.object({ id: z.guid() }),
  singletonKey: ({ id }) => id,
  handover: true,
  work: { batchSize: SMS_BATCH_SIZE, pollingIntervalSeconds: DELIVERY_POLLING_SECONDS },
  handler: async (jobs, ctx) => {
    const { deps } = ctx;
    // As for emails: several at a time, and a failed text fails its own job alone (pg-boss retries it).
    await inParallel(jobs, SMS_SEND_CONCURRENCY, async (job) => {
      try {
        const outcome = await deliverSms(deps.database.db, deps.cipher, deps.sms, job.payload.id);
        ctx.log.info({ smsId: job.payload.id, outcome }, 'text message delivery');
      } catch (error) {
        // The provider's message can name the number: it stays in the row's lastError, not in the log.
        ctx.log.warn({ smsId: job.payload.id }, 'text message not delivered: retried later');
        await ctx.fail(smsDeliverJob, job.id, error);
      }
    });
    if (jobs.length === SMS_BATCH_SIZE) ctx.wake(smsDeliverJob);
  },
});

/** Queues the delivery of an outbox text. */
export const queueSms = (ctx: JobContext, id: string) => ctx.send(smsDeliverJob, { id });

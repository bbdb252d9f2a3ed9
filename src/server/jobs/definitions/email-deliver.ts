import { z } from 'zod';
import {
  afterFailedDelivery,
  DEFAULT_EMAIL_RETRY,
  deliverEmail,
  EMAIL_SEND_CONCURRENCY,
  type EmailOutboxRow,
  type EmailRetryPolicy,
  loadEmails,
} from '#server/email/outbox';
import { defineJob, type JobContext } from '../define-job';
import { inParallel } from '../in-parallel';
import { DELIVERY_POLLING_SECONDS } from '../polling';

export const EMAIL_QUEUE = 'email-deliver';
/**
 * Email jobs one fetch takes. They are sent EMAIL_SEND_CONCURRENCY at a time, and a full batch is followed
 * at once by the next fetch, so a backlog (after an SMTP outage) drains at the transport's speed, not at one
 * email per polling interval.
 */
export const EMAIL_BATCH_SIZE = 50;
/**
 * How often an idle email worker looks for jobs nobody woke it for (../polling.ts): an email queued on this
 * instance, or a retry it queued, wakes it when it is due.
 */
export const EMAIL_POLLING_SECONDS = DELIVERY_POLLING_SECONDS;
/** EMAIL_GIVE_UP_HOURS when the caller does not say. */
export const DEFAULT_EMAIL_GIVE_UP_HOURS = 48;

/**
 * One outbox email's delivery. One job per outbox row at most: the queue's 'stately' policy with the row id as
 * singleton key lets the database refuse a second queued job for the same row. A failed send is tried again
 * after a doubling delay (see EmailRetryPolicy) until the email is EMAIL_GIVE_UP_HOURS old; then it is marked
 * failed for staff to see.
 */
export const emailDeliverJob = defineJob({
  name: EMAIL_QUEUE,
  queue: {
    policy: 'stately',
    // The handler schedules its own retries (below); pg-boss's retries only cover a job lost with its
    // worker (a crash, a stop mid-send, a batch past its expiry), so the first comes within seconds: the
    // email was acknowledged and the person is waiting for it. The expiry is a last resort: a dead
    // instance's jobs are handed back long before it (workers.ts).
    retryLimit: 5,
    retryDelay: 2,
    retryBackoff: true,
    expireInSeconds: 30 * 60,
  },
  payload: z.object({ id: z.guid() }),
  singletonKey: ({ id }) => id,
  handover: true,
  work: { batchSize: EMAIL_BATCH_SIZE, pollingIntervalSeconds: EMAIL_POLLING_SECONDS },
  handler: async (jobs, ctx) => {
    // One job per row in a batch: keyless duplicates queued by earlier versions would otherwise be sent
    // twice, in parallel. The extra ones complete without doing anything.
    const unique = [...new Map(jobs.map((job) => [job.payload.id, job])).values()];
    // The batch's rows in one read. No other job can deliver them meanwhile ('stately': one active job per
    // row), so they stay current while the batch runs.
    const rows = await loadEmails(
      ctx.deps.database.db,
      unique.map((job) => job.payload.id),
    );
    // pg-boss completes or fails a batch as a whole: each job's own error fails that job alone (pg-boss
    // then retries it), and the handler returns so the others complete.
    await inParallel(unique, EMAIL_SEND_CONCURRENCY, async (job) => {
      try {
        await attemptEmail(ctx, job.payload.id, rows.get(job.payload.id) ?? null);
      } catch (error) {
        ctx.log.error({ err: error, emailId: job.payload.id }, 'email job failed');
        await ctx.fail(emailDeliverJob, job.id, error);
      }
    });
    // A full batch means more are probably waiting: fetch again now rather than after the interval.
    if (jobs.length === EMAIL_BATCH_SIZE) ctx.wake(emailDeliverJob);
  },
});

/** Queues the delivery of an outbox email (now, or its retry at `startAfter`). */
export const queueEmail = (ctx: JobContext, id: string, startAfter?: Date) =>
  ctx.send(emailDeliverJob, { id }, startAfter ? { startAfter } : {});

/** One attempt; on failure, the next one is queued (the same row, one job) or the email is given up. */
async function attemptEmail(ctx: JobContext, id: string, row: EmailOutboxRow | null) {
  const { deps, log } = ctx;
  try {
    const outcome = await deliverEmail(deps.database.db, deps.cipher, deps.transport, id, row);
    log.info({ emailId: id, outcome, transport: deps.transport.name }, 'email delivery');
    return;
  } catch {
    // The error text stays in the row's lastError: it can name the recipient, so it is not logged.
  }
  const retry: EmailRetryPolicy = {
    giveUpHours: deps.emailGiveUpHours ?? DEFAULT_EMAIL_GIVE_UP_HOURS,
    ...(deps.emailRetry ?? DEFAULT_EMAIL_RETRY),
  };
  const next = await afterFailedDelivery(deps.database.db, id, { ...retry, now: ctx.now() });
  if (next === 'skipped') return;
  if ('failedAt' in next) {
    log.warn(
      { emailId: id, giveUpHours: retry.giveUpHours },
      'email given up: not delivered within EMAIL_GIVE_UP_HOURS (listed at /api/staff/email-failures)',
    );
    return;
  }
  // Queued while this job is still active: 'stately' allows one queued beside one active per row.
  await queueEmail(ctx, id, next.retryAt);
  log.info({ emailId: id, retryAt: next.retryAt.toISOString() }, 'email delivery failed; retry queued');
}

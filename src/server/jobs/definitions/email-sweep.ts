import { z } from 'zod';
import type { Database } from '#server/db/client';
import { defineJob, type JobContext } from '../define-job';
import { forgetOldHandovers, notHandedOver } from '../handover';
import { EMAIL_QUEUE, emailDeliverJob } from './email-deliver';
import { FALLBACK_POLLING_SECONDS } from '../polling';

/** Every 10 minutes: emails left without a job (written while the queue was down, or whose job gave up). */
export const EMAIL_SWEEP_QUEUE = 'email-sweep';
export const EMAIL_SWEEP_CRON = '*/10 * * * *';

export const emailSweepJob = defineJob({
  name: EMAIL_SWEEP_QUEUE,
  queue: { retryLimit: 1, retryDelay: 60 },
  payload: z.object({}),
  work: { pollingIntervalSeconds: FALLBACK_POLLING_SECONDS },
  cron: EMAIL_SWEEP_CRON,
  handler: async (_jobs, ctx) => {
    // Emails written in the last minute are skipped: their own announcement is most likely on its way.
    const queued = await sweepEmails(ctx, 60);
    if (queued > 0) ctx.log.info({ queued }, 'emails without a job queued again');
  },
  // Messages written while the queue was down (or whose job gave up) are picked up at start.
  atStart: async (ctx) => {
    const swept = await sweepEmails(ctx, 0);
    if (swept > 0) ctx.log.info({ queued: swept }, 'pending emails queued at start');
  },
});

/**
 * Queues every email still to deliver that has no live job, written at least `minAgeSeconds` ago; answers how
 * many were queued.
 */
async function sweepEmails(ctx: JobContext, minAgeSeconds: number): Promise<number> {
  await forgetOldHandovers(ctx.deps.database.executeSql, EMAIL_QUEUE);
  const ids = await unqueuedEmailIds(ctx.deps.database, minAgeSeconds);
  const queued = await ctx.sendMany(
    emailDeliverJob,
    ids.map((id) => ({ id })),
  );
  return queued;
}

/**
 * Outbox emails still to deliver (not sent, not given up, body kept) that the product did not hand to the
 * queue, or whose job gave up (see handover.ts).
 */
async function unqueuedEmailIds(database: Database, minAgeSeconds: number): Promise<string[]> {
  const { rows } = await database.executeSql(
    `select e.id from email_outbox e
      where e.sent_at is null and e.failed_at is null and e.sealed is not null
        and e.created_at <= now() - make_interval(secs => $2)
        and ${notHandedOver('e.id', 1)}
      order by e.created_at`,
    [EMAIL_QUEUE, minAgeSeconds],
  );
  return rows.map((row) => (row as { id: string }).id);
}

import { z } from 'zod';
import type { Database } from '#server/db/client';
import { MAX_SMS_ATTEMPTS } from '#server/sms/deliver-sms';
import { defineJob, type JobContext } from '../define-job';
import { forgetOldHandovers, notHandedOver } from '../handover';
import { EMAIL_SWEEP_CRON } from './email-sweep';
import { SMS_QUEUE, smsDeliverJob } from './sms-deliver';
import { FALLBACK_POLLING_SECONDS } from '../polling';

/** Every 10 minutes, as for emails: texts left without a job (written while the queue was down, or given up). */
export const SMS_SWEEP_QUEUE = 'sms-sweep';

export const smsSweepJob = defineJob({
  name: SMS_SWEEP_QUEUE,
  queue: { retryLimit: 1, retryDelay: 60 },
  payload: z.object({}),
  work: { pollingIntervalSeconds: FALLBACK_POLLING_SECONDS },
  cron: EMAIL_SWEEP_CRON,
  handler: async (_jobs, ctx) => {
    const queued = await sweepTexts(ctx, 60);
    if (queued > 0) ctx.log.info({ queued }, 'text messages without a job queued again');
  },
  atStart: async (ctx) => {
    await sweepTexts(ctx, 0);
  },
});

async function sweepTexts(ctx: JobContext, minAgeSeconds: number): Promise<number> {
  await forgetOldHandovers(ctx.deps.database.executeSql, SMS_QUEUE);
  const ids = await unqueuedSmsIds(ctx.deps.database, { minAgeSeconds });
  const queued = await ctx.sendMany(
    smsDeliverJob,
    ids.map((id) => ({ id })),
  );
  return queued;
}

/** Texts still to send that were not handed to the queue, or whose job gave up; oldest first. */
async function unqueuedSmsIds(
  database: Database,
  o: { minAgeSeconds?: number; limit?: number } = {},
): Promise<string[]> {
  const { rows } = await database.executeSql(
    `select s.id from sms_outbox s
      where s.sent_at is null and s.attempts < $2
        and s.created_at <= now() - make_interval(secs => $4)
        and ${notHandedOver('s.id', 1)}
      order by s.created_at
      limit $3`,
    [SMS_QUEUE, MAX_SMS_ATTEMPTS, o.limit ?? 500, o.minAgeSeconds ?? 0],
  );
  return rows.map((row) => (row as { id: string }).id);
}

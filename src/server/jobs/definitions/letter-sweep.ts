import { z } from 'zod';
import { LETTER_SEND_QUEUE } from '#server/application/letter-queue';
import type { Database } from '#server/db/client';
import { defineJob, type JobContext } from '../define-job';
import { forgetOldHandovers, notHandedOver } from '../handover';
import { EMAIL_SWEEP_CRON } from './email-sweep';
import { letterSendJob } from './letter-send';
import { FALLBACK_POLLING_SECONDS } from '../polling';

/** Every 10 minutes: letters waiting without a job (see unqueuedLetterIds) are queued again. */
export const LETTER_SWEEP_QUEUE = 'letter-sweep';

export const letterSweepJob = defineJob({
  name: LETTER_SWEEP_QUEUE,
  queue: { retryLimit: 1, retryDelay: 60 },
  payload: z.object({}),
  work: { pollingIntervalSeconds: FALLBACK_POLLING_SECONDS },
  cron: EMAIL_SWEEP_CRON,
  enabled: (deps) => deps.sendLetter !== undefined,
  handler: async (_jobs, ctx) => {
    const queued = await sweepLetters(ctx);
    if (queued > 0) ctx.log.info({ queued }, 'letters of authorization without a job queued again');
  },
  atStart: async (ctx) => {
    if (!ctx.deps.sendLetter) return;
    const queued = await sweepLetters(ctx);
    if (queued > 0) ctx.log.info({ queued }, 'pending letters of authorization queued at start');
  },
});

/** Letters whose job gave up, or that were written by a version without it: queued again. */
async function sweepLetters(ctx: JobContext): Promise<number> {
  await forgetOldHandovers(ctx.deps.database.executeSql, LETTER_SEND_QUEUE);
  const ids = await unqueuedLetterIds(ctx.deps.database);
  for (const id of ids) await ctx.send(letterSendJob, { applicationId: id });
  return ids.length;
}

/**
 * Applications waiting for their Letter of Authorization (payment account saved, status signContract, no
 * envelope) whose letter the product did not hand to the queue, or whose job gave up.
 */
async function unqueuedLetterIds(database: Database, limit = 500): Promise<string[]> {
  const { rows } = await database.executeSql(
    `select a.id from application a
      where a.status = 'signContract'
        and not exists (select 1 from docusign d where d.application_id = a.id)
        and ${notHandedOver('a.id', 1)}
      order by a.created_at
      limit $2`,
    [LETTER_SEND_QUEUE, limit],
  );
  return rows.map((row) => (row as { id: string }).id);
}

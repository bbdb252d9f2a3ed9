import { z } from 'zod';
import { defineJob } from '../define-job';
import { MONITOR_QUEUE_OPTIONS } from '../monitor-context';

/**
 * Daily: proposals sent and left unanswered past their programme's days get the programme's silent default
 * (silent-creditors.ts). One run at a time; a run answers at most a few hundred, and queues the next at once.
 */
export const SILENT_CREDITORS_QUEUE = 'proposals-silent-default';

export const silentCreditorsJob = defineJob({
  name: SILENT_CREDITORS_QUEUE,
  queue: MONITOR_QUEUE_OPTIONS,
  payload: z.object({}),
  work: { pollingIntervalSeconds: 5 },
  cron: '45 6 * * *',
  runAtStart: true,
  enabled: (deps) => deps.applySilentDefaults !== undefined,
  handler: async (_jobs, ctx) => {
    const run = await ctx.deps.applySilentDefaults!();
    ctx.log.info({ applied: run.applied }, 'silent-creditor defaults applied');
    // A full run leaves more: the next one is queued now rather than tomorrow.
    if (run.more) await ctx.send(silentCreditorsJob, {});
  },
});

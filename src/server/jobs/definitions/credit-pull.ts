import { z } from 'zod';
import { pullAllDue } from '#server/features/monitoring/run-monitors';
import { defineJob } from '../define-job';
import { MONITOR_QUEUE_OPTIONS, monitorDeps, monitorTimeZone } from '../monitor-context';
import { FALLBACK_POLLING_SECONDS } from '../polling';

export const CREDIT_PULL_QUEUE = 'credit-pull';

/**
 * Daily, after the refresh and before the rules: the soft credit pull of each monitored application whose last
 * pull is MONITOR_CREDIT_PULL_DAYS old (so each customer is pulled about monthly, on their own day).
 */
export const creditPullJob = defineJob({
  name: CREDIT_PULL_QUEUE,
  queue: MONITOR_QUEUE_OPTIONS,
  payload: z.object({}),
  work: { pollingIntervalSeconds: FALLBACK_POLLING_SECONDS },
  cron: '40 5 * * *',
  enabled: (deps) => deps.monitors !== undefined,
  handler: async (_jobs, ctx) => {
    // The job's units (ctx.openUnit) for the database, the bureau asked between them (monitorDeps).
    const { deps, settings } = monitorDeps(ctx);
    const run = await pullAllDue(deps, { asOf: ctx.now(), timeZone: monitorTimeZone(ctx), settings });
    ctx.log.info({ applications: run.applications, outcomes: run.outcomes }, 'credit pull run');
  },
});

import { z } from 'zod';
import { refreshAll } from '#server/features/monitoring/run-monitors';
import { defineJob } from '../define-job';
import { MONITOR_QUEUE_OPTIONS, monitorDeps, monitorTimeZone } from '../monitor-context';
import { FALLBACK_POLLING_SECONDS } from '../polling';

export const BANK_REFRESH_QUEUE = 'bank-refresh';

/**
 * Daily, before the alert rules: the data refresh of every monitored application's banks (balances,
 * transactions, the four-weekly income snapshot and debt score).
 */
export const bankRefreshJob = defineJob({
  name: BANK_REFRESH_QUEUE,
  queue: MONITOR_QUEUE_OPTIONS,
  payload: z.object({}),
  work: { pollingIntervalSeconds: FALLBACK_POLLING_SECONDS },
  cron: '0 5 * * *',
  enabled: (deps) => deps.monitors !== undefined,
  handler: async (_jobs, ctx) => {
    // The job's units (ctx.openUnit) for the database, the banks asked between them (monitorDeps).
    const { deps, settings } = monitorDeps(ctx);
    const run = await refreshAll(deps, { asOf: ctx.now(), timeZone: monitorTimeZone(ctx), settings });
    ctx.log.info({ applications: run.applications, outcomes: run.outcomes }, 'bank data refresh run');
  },
});

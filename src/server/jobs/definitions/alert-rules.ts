import { z } from 'zod';
import { raiseAllAlerts } from '#server/features/monitoring/run-monitors';
import { defineJob } from '../define-job';
import { MONITOR_QUEUE_OPTIONS, monitorNotifier, monitorTimeZone } from '../monitor-context';

export const ALERT_RULES_QUEUE = 'alert-rules';

/**
 * Daily: the alert rules over every monitored application, as of the run's moment. One run per day however
 * many instances (a pg-boss schedule); a run that fails half-way is retried and raises nothing twice.
 */
export const alertRulesJob = defineJob({
  name: ALERT_RULES_QUEUE,
  queue: MONITOR_QUEUE_OPTIONS,
  payload: z.object({}),
  work: { pollingIntervalSeconds: 5 },
  cron: '15 6 * * *',
  handler: async (_jobs, ctx) => {
    const run = await raiseAllAlerts(ctx.deps.database.db, {
      asOf: ctx.now(),
      timeZone: monitorTimeZone(ctx),
      notifier: monitorNotifier(ctx),
    });
    ctx.log.info({ applications: run.applications, raised: run.raised }, 'alert rules run');
  },
});

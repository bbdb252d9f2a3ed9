import { z } from 'zod';
import { raiseAllAlerts } from '#server/features/monitoring/run-monitors';
import { defineJob } from '../define-job';
import { alertNotifier, MONITOR_QUEUE_OPTIONS, monitorTimeZone } from '../monitor-context';
import { FALLBACK_POLLING_SECONDS } from '../polling';

export const ALERT_RULES_QUEUE = 'alert-rules';

/**
 * Daily: the alert rules over every monitored application, as of the run's moment. One run per day however
 * many instances (a pg-boss schedule); a run that fails half-way is retried and raises nothing twice.
 */
export const alertRulesJob = defineJob({
  name: ALERT_RULES_QUEUE,
  queue: MONITOR_QUEUE_OPTIONS,
  payload: z.object({}),
  work: { pollingIntervalSeconds: FALLBACK_POLLING_SECONDS },
  cron: '15 6 * * *',
  handler: async (_jobs, ctx) => {
    // Each application in a unit of its own, whose outbox hands the alerts' messages to their queues.
    const run = await raiseAllAlerts(ctx.openUnit, {
      asOf: ctx.now(),
      timeZone: monitorTimeZone(ctx),
      notifier: alertNotifier(ctx),
    });
    ctx.log.info({ applications: run.applications, raised: run.raised }, 'alert rules run');
  },
});

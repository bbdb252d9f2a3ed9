import { DEFAULT_AGENCY_TIME_ZONE } from '#domain/calendar';
import { bankLinkWebhookUrl } from '#server/application/bank-history';
import type { MonitorDeps } from '#server/features/monitoring/run-monitors';
import type { Notifier } from '#server/features/monitoring/notify';
import { outsideUnits } from '#server/unit-of-work';
import type { JobContext } from './define-job';

/** The monitors' queues share these: one run at a time, retried after a failure (each run is safe to repeat). */
export const MONITOR_QUEUE_OPTIONS = {
  // One run at a time: a second queued while one runs waits for it rather than doubling the work.
  policy: 'singleton',
  retryLimit: 3,
  retryDelay: 300,
  expireInSeconds: 4 * 60 * 60,
} as const;

/**
 * Where the alerts' messages link to: the customer hears of a low balance or a lost bank connection through
 * the unit's outbox, announced by the unit once it commits. None without `monitors` (no link to put in them).
 */
export function alertNotifier(ctx: JobContext): Notifier | undefined {
  const monitors = ctx.deps.monitors;
  return monitors && { publicUrl: monitors.publicUrl };
}

/**
 * What the bank refresh and the credit pulls work through (only with `monitors`): the job's units, and the
 * vendors wrapped so that a call slipped inside a unit fails rather than holding its transaction open.
 */
export function monitorDeps(ctx: JobContext): { deps: MonitorDeps; settings: { creditPullDays: number } } {
  const monitors = ctx.deps.monitors!;
  return {
    deps: {
      openUnit: ctx.openUnit,
      bankLink: outsideUnits(monitors.bankLink, 'bankLink'),
      creditBureau: outsideUnits(monitors.creditBureau, 'creditBureau'),
      webhookUrl: bankLinkWebhookUrl(monitors.publicUrl),
      notifier: alertNotifier(ctx),
      log: ctx.log,
    },
    settings: { creditPullDays: monitors.creditPullDays },
  };
}

/** The agency's time zone the monitors count days in. */
export const monitorTimeZone = (ctx: JobContext) => ctx.deps.agencyTimeZone ?? DEFAULT_AGENCY_TIME_ZONE;

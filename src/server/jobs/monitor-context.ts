import { DEFAULT_AGENCY_TIME_ZONE } from '#domain/calendar';
import { bankLinkWebhookUrl } from '#server/application/bank-history';
import type { MonitorDeps } from '#server/features/monitoring/run-monitors';
import type { Notifier } from '#server/features/monitoring/notify';
import type { FieldCipher } from '#server/security/field-encryption';
import { outsideUnits } from '#server/unit-of-work';
import type { JobContext } from './define-job';
import { queueEmail } from './definitions/email-deliver';
import { queueSms } from './definitions/sms-deliver';

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
 * The agency's unposted-payments job still writes its emails on the database handle and hands them to the
 * queue itself: these are its notices, until that job opens units of its own.
 */
export function monitorNotifier(ctx: JobContext):
  | {
      cipher: FieldCipher;
      publicUrl: string;
      onEmailQueued: (id: string) => void;
      onSmsQueued: (id: string) => void;
    }
  | undefined {
  const monitors = ctx.deps.monitors;
  return (
    monitors && {
      cipher: ctx.deps.cipher,
      publicUrl: monitors.publicUrl,
      onEmailQueued: (id) => {
        queueEmail(ctx, id).catch((error: unknown) =>
          ctx.log.error({ err: error }, 'could not queue an email'),
        );
      },
      onSmsQueued: (id) => {
        queueSms(ctx, id).catch((error: unknown) =>
          ctx.log.error({ err: error }, 'could not queue a text message'),
        );
      },
    }
  );
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

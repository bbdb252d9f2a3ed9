import { z } from 'zod';
import { dayIn, DEFAULT_AGENCY_TIME_ZONE } from '#domain/calendar';
import { DEFAULT_POSTING_WINDOW_BUSINESS_DAYS } from '#domain/enrollment/agency-alerts';
import { raiseUnpostedPaymentAlerts } from '#server/application/agency-unposted-payments';
import { defineJob } from '../define-job';
import { MONITOR_QUEUE_OPTIONS } from '../monitor-context';
import { FALLBACK_POLLING_SECONDS } from '../polling';

export const AGENCY_UNPOSTED_PAYMENTS_QUEUE = 'agency-unposted-payments';

/**
 * Daily: the payments the agency sent to creditors and the creditors have not posted within the agency's
 * window (AGENCY_POSTING_WINDOW_BUSINESS_DAYS business days) alert the borrower, and email them, once per
 * payment. Counted on the agency's day; one run at a time, and a retried run raises nothing twice. Each plan is
 * a unit of the job's, whose outbox hands its emails to the queue once it commits. Without the monitors'
 * settings (no public address to link to) the alerts are raised without emails.
 */
export const agencyUnpostedPaymentsJob = defineJob({
  name: AGENCY_UNPOSTED_PAYMENTS_QUEUE,
  queue: MONITOR_QUEUE_OPTIONS,
  payload: z.object({}),
  work: { pollingIntervalSeconds: FALLBACK_POLLING_SECONDS },
  cron: '30 6 * * *',
  handler: async (_jobs, ctx) => {
    const at = ctx.now();
    const windowDays = ctx.deps.agencyPostingWindowDays ?? DEFAULT_POSTING_WINDOW_BUSINESS_DAYS;
    const publicUrl = ctx.deps.monitors?.publicUrl;
    const run = await raiseUnpostedPaymentAlerts(ctx.openUnit, {
      today: dayIn(at, ctx.deps.agencyTimeZone ?? DEFAULT_AGENCY_TIME_ZONE),
      at,
      windowDays,
      notices:
        publicUrl === undefined
          ? null
          : { cipher: ctx.deps.cipher, publicUrl, postingWindowDays: windowDays },
    });
    ctx.log.info({ plans: run.plans, raised: run.raised }, 'unposted creditor payments checked');
  },
});

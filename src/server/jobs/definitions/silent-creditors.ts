import { z } from 'zod';
import { agencyCalendar, DEFAULT_AGENCY_TIME_ZONE } from '#domain/calendar';
import { applySilentDefaults } from '#server/features/staff-actions/silent-creditors';
import { defineJob } from '../define-job';
import { MONITOR_QUEUE_OPTIONS } from '../monitor-context';
import { FALLBACK_POLLING_SECONDS } from '../polling';

/**
 * Daily: proposals sent and left unanswered past their programme's days get the programme's silent default
 * (silent-creditors.ts). One run at a time; a run answers at most a few hundred, and queues the next at once.
 */
export const SILENT_CREDITORS_QUEUE = 'proposals-silent-default';

export const silentCreditorsJob = defineJob({
  name: SILENT_CREDITORS_QUEUE,
  queue: MONITOR_QUEUE_OPTIONS,
  payload: z.object({}),
  work: { pollingIntervalSeconds: FALLBACK_POLLING_SECONDS },
  cron: '45 6 * * *',
  runAtStart: true,
  enabled: (deps) => deps.silentDefaults !== undefined,
  handler: async (_jobs, ctx) => {
    const calendar = agencyCalendar(ctx.deps.agencyTimeZone ?? DEFAULT_AGENCY_TIME_ZONE, ctx.now);
    // Each default is a unit of the job's, whose outbox hands the borrower's email and the partner's event to
    // their queues once it commits.
    const run = await applySilentDefaults(
      ctx.openUnit,
      { config: ctx.deps.silentDefaults!, dayOf: calendar.dayOf },
      { now: ctx.now() },
    );
    ctx.log.info({ applied: run.applied }, 'silent-creditor defaults applied');
    // A full run leaves more: the next one is queued now rather than tomorrow.
    if (run.more) await ctx.send(silentCreditorsJob, {});
  },
});

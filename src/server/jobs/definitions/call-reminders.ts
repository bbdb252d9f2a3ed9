import { z } from 'zod';
import { sendDueCallReminders } from '#server/features/counselling/call-reminders';
import { defineJob } from '../define-job';
import { FALLBACK_POLLING_SECONDS } from '../polling';

/** The counselling calls' reminders, a day and an hour before each call (call-reminders.ts). */
export const CALL_REMINDERS_QUEUE = 'counselling-call-reminders';

export const callRemindersJob = defineJob({
  name: CALL_REMINDERS_QUEUE,
  // One run at a time; a reminder's row keeps two runs (or two servers) from sending it twice anyway.
  queue: { policy: 'singleton', retryLimit: 2, retryDelay: 60 },
  payload: z.object({}),
  work: { pollingIntervalSeconds: FALLBACK_POLLING_SECONDS },
  // Every five minutes: the hour's reminder goes at most five minutes late, plus the minute and a half a
  // scheduled run may take to be fetched (polling.ts).
  cron: '*/5 * * * *',
  enabled: (deps) => deps.callReminders !== undefined,
  handler: async (_jobs, ctx) => {
    // Each reminder is written in a unit of the job's, whose outbox hands its email and text to their queues.
    const sent = await sendDueCallReminders(ctx.openUnit, { ...ctx.deps.callReminders!, now: ctx.now() });
    if (sent.reminders > 0) ctx.log.info({ reminders: sent.reminders }, 'call reminders sent');
  },
});

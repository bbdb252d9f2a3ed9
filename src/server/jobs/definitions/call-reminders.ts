import { z } from 'zod';
import { defineJob } from '../define-job';
import { queueEmail } from './email-deliver';
import { queueSms } from './sms-deliver';

/** The counselling calls' reminders, a day and an hour before each call (call-reminders.ts). */
export const CALL_REMINDERS_QUEUE = 'counselling-call-reminders';

export const callRemindersJob = defineJob({
  name: CALL_REMINDERS_QUEUE,
  // One run at a time; a reminder's row keeps two runs (or two servers) from sending it twice anyway.
  queue: { policy: 'singleton', retryLimit: 2, retryDelay: 60 },
  payload: z.object({}),
  work: { pollingIntervalSeconds: 5 },
  // Every five minutes: the hour's reminder goes at most five minutes late.
  cron: '*/5 * * * *',
  enabled: (deps) => deps.sendCallReminders !== undefined,
  handler: async (_jobs, ctx) => {
    const written = await ctx.deps.sendCallReminders!(ctx.now());
    for (const id of written.emailIds) await queueEmail(ctx, id);
    for (const id of written.smsIds) await queueSms(ctx, id);
    if (written.emailIds.length > 0)
      ctx.log.info({ reminders: written.emailIds.length }, 'call reminders sent');
  },
});

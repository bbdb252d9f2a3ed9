import { z } from 'zod';
import { dropOldEmailBodies } from '#server/email/outbox';
import { dropOldSmsBodies } from '#server/sms/outbox';
import { defineJob } from '../define-job';
import { FALLBACK_POLLING_SECONDS } from '../polling';

export const EMAIL_BODY_PURGE_QUEUE = 'email-body-purge';
/** Hourly: a body is dropped at most an hour after its retention period ends. */
export const EMAIL_BODY_PURGE_CRON = '23 * * * *';

/** Delivered emails' bodies (codes, links, the signed letter) and texts' bodies go after the retention period. */
export const emailBodyPurgeJob = defineJob({
  name: EMAIL_BODY_PURGE_QUEUE,
  queue: { retryLimit: 2, retryDelay: 60 },
  payload: z.object({}),
  work: { pollingIntervalSeconds: FALLBACK_POLLING_SECONDS },
  cron: EMAIL_BODY_PURGE_CRON,
  runAtStart: true,
  handler: async (_jobs, { deps, log }) => {
    const retentionDays = deps.emailBodyRetentionDays;
    const dropped = await dropOldEmailBodies(deps.database.db, { retentionDays });
    const droppedTexts = await dropOldSmsBodies(deps.database.db, { retentionDays });
    log.info({ dropped, droppedTexts, retentionDays }, 'old email and text bodies dropped');
  },
});

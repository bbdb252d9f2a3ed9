import { z } from 'zod';
import { deleteExpiredRateLimitCounters } from '#server/plugins/rate-limit-store';
import { defineJob } from '../define-job';
import { FALLBACK_POLLING_SECONDS } from '../polling';

export const RATE_LIMIT_CLEANUP_QUEUE = 'rate-limit-cleanup';

/** Hourly: the rate limits' counters whose window ended are deleted. */
export const rateLimitCleanupJob = defineJob({
  name: RATE_LIMIT_CLEANUP_QUEUE,
  queue: { retryLimit: 2, retryDelay: 60 },
  payload: z.object({}),
  work: { pollingIntervalSeconds: FALLBACK_POLLING_SECONDS },
  cron: '41 * * * *',
  handler: async (_jobs, { deps, log }) => {
    const deleted = await deleteExpiredRateLimitCounters(deps.database.executeSql);
    log.info({ deleted }, 'expired rate-limit counters deleted');
  },
});

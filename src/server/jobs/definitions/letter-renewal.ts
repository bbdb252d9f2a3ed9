import { z } from 'zod';
import { defineJob } from '../define-job';
import { FALLBACK_POLLING_SECONDS } from '../polling';

export const LETTER_RENEWAL_QUEUE = 'letter-renewal';

/** Unsigned letters whose first draft came too close are made again early each morning (UTC). */
export const letterRenewalJob = defineJob({
  name: LETTER_RENEWAL_QUEUE,
  queue: { retryLimit: 2, retryDelay: 300 },
  payload: z.object({}),
  work: { pollingIntervalSeconds: FALLBACK_POLLING_SECONDS },
  cron: '17 6 * * *',
  runAtStart: true,
  enabled: (deps) => deps.renewStaleLetters !== undefined,
  handler: async (_jobs, { deps, log }) => {
    const renewed = await deps.renewStaleLetters!();
    log.info({ renewed }, 'stale letters of authorization made again');
  },
});

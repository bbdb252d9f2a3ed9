import { z } from 'zod';
import { LETTER_SEND_QUEUE } from '#server/application/letter-queue';
import { defineJob } from '../define-job';
import { DELIVERY_POLLING_SECONDS } from '../polling';

/**
 * The letter of authorization, queued by the payment account's save in its own transaction. One job per
 * application at a time: a second (from a visit to /submitted) waits for the first and finds the envelope.
 */
export const letterSendJob = defineJob({
  name: LETTER_SEND_QUEUE,
  queue: { policy: 'stately', retryLimit: 8, retryDelay: 5, retryBackoff: true, expireInSeconds: 10 * 60 },
  payload: z.object({ applicationId: z.guid() }),
  singletonKey: ({ applicationId }) => applicationId,
  handover: true,
  work: { pollingIntervalSeconds: DELIVERY_POLLING_SECONDS, batchSize: 1 },
  enabled: (deps) => deps.sendLetter !== undefined,
  // The caller queues it whatever this set-up works (the job waits for an instance that does).
  createAlways: true,
  handler: async ([job], { deps, log }) => {
    // A failure (the provider down) fails the job: pg-boss retries it after a doubling delay.
    await deps.sendLetter!(job!.payload.applicationId);
    log.info({ applicationId: job!.payload.applicationId }, 'letter of authorization job done');
  },
});

import { z } from 'zod';
import { PROPOSALS_QUEUE } from '#server/application/proposal-queue';
import { defineJob } from '../define-job';
import { DELIVERY_POLLING_SECONDS } from '../polling';

/**
 * The proposals to the creditors, queued by quality control's pass in its own transaction. One job per
 * application at a time; a retry (the document store unreachable) makes only what the last run did not.
 */
export const proposalsPrepareJob = defineJob({
  name: PROPOSALS_QUEUE,
  queue: { policy: 'stately', retryLimit: 8, retryDelay: 10, retryBackoff: true, expireInSeconds: 10 * 60 },
  payload: z.object({ applicationId: z.guid() }),
  singletonKey: ({ applicationId }) => applicationId,
  handover: true,
  work: { pollingIntervalSeconds: DELIVERY_POLLING_SECONDS, batchSize: 1 },
  enabled: (deps) => deps.prepareProposals !== undefined,
  // The caller queues it whatever this set-up works (the job waits for an instance that does).
  createAlways: true,
  handler: async ([job], { deps, log }) => {
    await deps.prepareProposals!(job!.payload.applicationId);
    log.info({ applicationId: job!.payload.applicationId }, 'proposals job done');
  },
});

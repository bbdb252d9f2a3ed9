import type { Transaction } from '#server/db/client';
import type { AfterCommit } from './letter-queue';

/**
 * The job queue that prepares an application's proposals to its creditors once quality control passed: renders
 * each offer's PDF, stores it sealed and records it (features/proposals/prepare-proposals.ts). One job per
 * application at a time (the application id is its singleton key); the job is safe to run again.
 */
export const PROPOSALS_QUEUE = 'proposals-prepare';

/**
 * Queues the proposals inside the caller's transaction (quality control's): the job exists exactly when the pass
 * commits. Present only when the server runs its job queue. The unit of work calls what it answers after its
 * commit (the wake of this instance's worker, see AfterCommit).
 */
export type QueueProposals = (tx: Transaction, applicationId: string) => Promise<AfterCommit | void>;

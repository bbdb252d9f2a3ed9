import { and, eq, sql } from 'drizzle-orm';
import { builtOnce } from '#server/db/built-once';
import type { Transaction } from '#server/db/client';
import { jobHandover } from '#server/db/schema/ops';

/**
 * The job queue that sends an application's Letter of Authorization for signature: renders the PDF, creates
 * the envelope and emails the signers (the signing feature's startSigning). One job per application at a time
 * (the application id is its singleton key), so the save's job and a visit to /submitted never make two
 * envelopes.
 */
export const LETTER_SEND_QUEUE = 'letter-send';

/**
 * What a queue answers when it writes a job in the caller's transaction: call it once that transaction has
 * committed, and this instance's worker fetches the job at once rather than at its next poll (before the
 * commit it would find nothing). A rolled-back transaction never calls it.
 */
export type AfterCommit = () => void;

/**
 * Queues the letter inside the caller's transaction: the job is written with the payment account's save, so
 * it exists exactly when the save commits, and a crash right after the commit cannot lose it. Present only
 * when the server runs its job queue; without one (tests of the API alone) the letter is sent after the commit.
 * The unit of work calls what it answers after its commit.
 */
export type QueueLetter = (tx: Transaction, applicationId: string) => Promise<AfterCommit | void>;

const letterHandover = builtOnce((tx: Transaction) =>
  tx
    .select({ key: jobHandover.key })
    .from(jobHandover)
    .where(
      and(eq(jobHandover.queue, LETTER_SEND_QUEUE), eq(jobHandover.key, sql.placeholder('applicationId'))),
    )
    .prepare('letter_job_handover'),
);

/**
 * Whether the application's letter job is alive: handed to the queue and not given up. Its handover row
 * (jobs/handover.ts) is written with the job and deleted only when the queue gives the job up for good; a
 * job that completed has sent the letter. No row: the job was lost (or written by a version without
 * handovers), and the letter must be queued again.
 */
export async function letterJobAlive(tx: Transaction, applicationId: string): Promise<boolean> {
  return (await letterHandover(tx).execute({ applicationId })).length > 0;
}

import type { Transaction } from '#server/db/client';

/**
 * The job queue that sends an application's Letter of Authorization for signature: renders the PDF, creates
 * the envelope and emails the signers (the signing feature's startSigning). One job per application at a time
 * (the application id is its singleton key), so the save's job and a visit to /submitted never make two
 * envelopes.
 */
export const LETTER_SEND_QUEUE = 'letter-send';

/**
 * Queues the letter inside the caller's transaction: the job is written with the payment account's save, so
 * it exists exactly when the save commits, and a crash right after the commit cannot lose it. Present only
 * when the server runs its job queue; without one (tests of the API alone) the letter is sent after the commit.
 */
export type QueueLetter = (tx: Transaction, applicationId: string) => Promise<void>;

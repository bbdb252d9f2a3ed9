// How often an idle worker asks the database for jobs. Each ask is a statement, on every server instance, day and
// night: at the former 0.5–5 s for 23 queues it was 9 statements a second, most of an idle server's CPU. A job
// this instance queues wakes its own worker instead (queue.ts: at once once committed, or when it is due), so the
// poll only finds work nobody woke a worker for: a job queued by another instance that does not work its queue,
// a job pg-boss queued by itself (a retry after a crash, a scheduled run, a dead letter), one handed back by the
// sweep of a dead instance's jobs. Its interval is that work's worst wait. docs/decisions/0211-….md.

/**
 * The deliveries a person waits for (an email's code, a text, the letter to sign, the proposals, the partner's
 * event): a job of theirs that no worker was woken for waits at most this long.
 */
export const DELIVERY_POLLING_SECONDS = 10;

/** The scheduled jobs and the dead-letter queues: a minute or two late changes nothing for them. */
export const FALLBACK_POLLING_SECONDS = 30;

import type { ExecuteSql } from '#server/db/client';

/**
 * The product's own record of what it handed to the job queue (table job_handover): one row per queue and
 * key (an outbox row's id, an application's id) whose job is queued, waiting to be retried or running.
 *
 * The sweeps (an email written while the queue was down, a letter whose job gave up) used to find "an item
 * with no live job" by reading pg-boss's job table, whose layout is pg-boss's and changes between its
 * versions. Now the product knows it itself: the row is written with the job (in the same transaction when
 * the caller gives one), and deleted when pg-boss gives the job up for good, which it reports by queuing the
 * job's data to the queue's dead-letter queue (`<queue>-dead`, worked by queue.ts). An item still to do with no
 * row has no live job: its sweep queues it again. A row left behind by an item done (an email sent) is
 * harmless, since the sweeps only look at items still to do, and is forgotten after HANDOVER_KEEP_DAYS.
 */

/** A handover older than this is forgotten: every job's whole life (retries included) is far shorter. */
export const HANDOVER_KEEP_DAYS = 30;

/** The dead-letter queue of `queue`: pg-boss queues there the data of a job that gave up for good. */
export const deadLetterQueue = (queue: string) => `${queue}-dead`;

/** Records that `keys` of `queue` were queued (now), on the caller's transaction when given one. */
export async function recordHandover(executeSql: ExecuteSql, queue: string, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await executeSql(
    `insert into job_handover (queue, key)
       select $1, unnest($2::text[])
     on conflict (queue, key) do update set queued_at = now()`,
    [queue, keys],
  );
}

/** Forgets the handover of `keys`: their job gave up, so the next sweep queues them again if still to do. */
export async function forgetHandover(executeSql: ExecuteSql, queue: string, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await executeSql(`delete from job_handover where queue = $1 and key = any($2::text[])`, [queue, keys]);
}

/** Deletes the handovers of `queue` older than HANDOVER_KEEP_DAYS; answers how many. */
export async function forgetOldHandovers(executeSql: ExecuteSql, queue: string): Promise<number> {
  const { rows } = await executeSql(
    `with gone as (
       delete from job_handover where queue = $1 and queued_at < now() - make_interval(days => $2) returning 1
     ) select count(*)::int as n from gone`,
    [queue, HANDOVER_KEEP_DAYS],
  );
  return (rows[0] as { n: number } | undefined)?.n ?? 0;
}

/**
 * The SQL condition "no handover of `<column>` in the queue named by parameter `$<queueParam>`", for a sweep's
 * query over the product's own table.
 */
export const notHandedOver = (column: string, queueParam: number) =>
  `not exists (select 1 from job_handover h where h.queue = $${queueParam} and h.key = ${column}::text)`;

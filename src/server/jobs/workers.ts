import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, ExecuteSql } from '#server/db/client';
import { transactionSql } from '#server/db/transaction-sql';

/** How often an instance says it is alive. */
export const HEARTBEAT_SECONDS = 5;
/**
 * An instance unseen this long is dead: four heartbeats missed. Long enough that a busy instance (a letter's PDF
 * holding its event loop for seconds) is never taken for dead; short enough that its jobs run again well
 * within a minute.
 */
export const DEAD_AFTER_SECONDS = 20;
/** How often each instance looks for jobs left active by a dead one. */
export const ORPHAN_SWEEP_SECONDS = 5;
/** A dead instance's row is deleted this long after it was last seen (its leases go with it). */
const FORGET_AFTER_HOURS = 1;

/**
 * Who runs which job, so that the jobs of an instance that died (kill -9, out of memory, a lost host) run
 * again within seconds instead of after the queue's expiry (30 minutes for emails).
 *
 * pg-boss marks a fetched job active and records no owner: after a crash the job stays active until it
 * expires, and the sweeps skip it because it looks taken. So each instance registers itself (job_worker), says
 * it is alive every HEARTBEAT_SECONDS, and leases the jobs it starts (job_lease). Every ORPHAN_SWEEP_SECONDS,
 * and once at start, each instance hands back to the queue (pg-boss's fail: a retry, soon) the jobs leased
 * by an instance unseen for DEAD_AFTER_SECONDS or gone. A live instance's jobs are never touched, so one
 * instance's start does not steal another's work. Only the product's tables are read (pg-boss's are its own):
 * a job an instance fetched but had not leased yet when it died (the moment between two statements) is left
 * to pg-boss's own expiry of the queue, as every job was before the leases.
 *
 * The embedded database belongs to one process: when it starts, every other registered instance is dead,
 * and the jobs they left are handed back at once.
 */
export type Workers = {
  id: string;
  /** Records that this instance runs these jobs of `queue` (before their handler runs). */
  lease: (queue: string, jobIds: string[]) => Promise<void>;
  /**
   * The handler ended well (pg-boss then completes the jobs): their leases are deleted with the next heartbeat,
   * not in a statement of their own (see `beat`).
   */
  release: (jobIds: string[]) => void;
  /** The handler failed these jobs (pg-boss retries them): their leases are deleted now. */
  releaseNow: (jobIds: string[]) => Promise<void>;
  /** Hands the dead's active jobs of `queues` back to the queue now; answers how many. */
  sweep: () => Promise<number>;
  /** Stops the heartbeat and the sweeps and says it is dead: a job it still has is handed back by the living. */
  stop: () => Promise<void>;
};

export async function startWorkers(o: {
  database: Database;
  boss: PgBoss;
  /** The queues whose jobs are leased and swept (read at each sweep: queues may be added after the start). */
  queues: () => string[];
  log: FastifyBaseLogger;
  /** Shorter intervals for tests. */
  timing?: { heartbeatSeconds: number; deadAfterSeconds: number; sweepSeconds: number };
  /** Whether no other instance can share the database: true on the embedded one unless a test says. */
  sole?: boolean;
}): Promise<Workers> {
  const { database } = o;
  const id = randomUUID();
  const timing = o.timing ?? {
    heartbeatSeconds: HEARTBEAT_SECONDS,
    deadAfterSeconds: DEAD_AFTER_SECONDS,
    sweepSeconds: ORPHAN_SWEEP_SECONDS,
  };
  const sole = o.sole ?? database.kind === 'pglite';
  // On the embedded database no other process can be running: whoever is registered died. Marked dead, not
  // deleted: their leases say which jobs to hand back (the start's sweep), and go with them after that.
  if (sole) await database.executeSql(`update job_worker set seen_at = 'epoch'`);
  /**
   * The leases of jobs whose handler ended well, still to delete. A job costs a statement fewer this way: its
   * lease goes with the next heartbeat (within HEARTBEAT_SECONDS), in the heartbeat's own statement. Left a few
   * seconds more, it is harmless: the sweep's fail (pg-boss's) touches only a job not completed, and pg-boss
   * completes these; should this instance die before pg-boss completed one, the lease even hands it back.
   * A job the handler failed is released at once (`releaseNow`): pg-boss waits to retry it, and a sweep must
   * not count a second failure against it.
   */
  let ended: string[] = [];
  const beat = async () => {
    const released = ended;
    ended = [];
    try {
      await database.executeSql(
        `with released as (delete from job_lease where worker_id = $1 and job_id = any($2::uuid[]))
         insert into job_worker (id) values ($1) on conflict (id) do update set seen_at = now()`,
        [id, released],
      );
    } catch (error) {
      ended = [...released, ...ended];
      throw error;
    }
  };
  await beat();

  /**
   * One pass: locks the leases of dead instances (skipping any another instance's sweep holds), fails their
   * jobs through pg-boss and deletes the leases in the same transaction, so two instances sweeping at once
   * never hand back a job twice. Only the product's own tables are read: a lease names the job and its queue.
   * pg-boss's fail touches only a job not yet completed, so a lease left behind by a job that ended is harmless.
   * `deadAfterSeconds`: how long an instance may go unseen (0: every other instance is dead).
   */
  const sweepOnce = async (deadAfterSeconds: number): Promise<number> => {
    const queues = o.queues();
    if (queues.length === 0) return 0;
    return database.db.transaction(async (tx) => {
      const run = transactionSql(tx);
      const { rows } = await run(
        `delete from job_lease l
          where l.job_id in (
            select l2.job_id from job_lease l2
              left join job_worker w on w.id = l2.worker_id
             where l2.queue = any($1::text[]) and l2.worker_id <> $3
               and (w.id is null or w.seen_at < now() - make_interval(secs => $2))
             for update of l2 skip locked)
          returning l.queue, l.job_id`,
        [queues, deadAfterSeconds, id],
      );
      const byQueue = new Map<string, string[]>();
      for (const row of rows as { queue: string; job_id: string }[]) {
        byQueue.set(row.queue, [...(byQueue.get(row.queue) ?? []), row.job_id]);
      }
      let handedBack = 0;
      for (const [queue, ids] of byQueue) {
        // A retry after the queue's retry delay (seconds); a job past its retry limit is failed, pg-boss queues
        // its data to the dead-letter queue, and the sweeps queue its message again (handover.ts).
        handedBack += await failInTransaction(o.boss, queue, ids, run);
      }
      await run(`delete from job_worker where id <> $1 and seen_at < now() - make_interval(hours => $2)`, [
        id,
        FORGET_AFTER_HOURS,
      ]);
      return handedBack;
    });
  };

  /**
   * Whether a pass has anything to do: a dead instance's lease, or a dead instance's row to forget. One
   * statement outside a transaction, where a pass is four in one: the periodic sweep runs on every instance
   * every few seconds, day and night, and almost always finds nothing.
   */
  const sweepDue = async (deadAfterSeconds: number): Promise<boolean> => {
    const queues = o.queues();
    if (queues.length === 0) return false;
    const { rows } = await database.executeSql(
      `select exists (
                select 1 from job_lease l left join job_worker w on w.id = l.worker_id
                 where l.queue = any($1::text[]) and l.worker_id <> $3
                   and (w.id is null or w.seen_at < now() - make_interval(secs => $2)))
           or exists (
                select 1 from job_worker
                 where id <> $3 and seen_at < now() - make_interval(hours => $4)) as due`,
      [queues, deadAfterSeconds, id, FORGET_AFTER_HOURS],
    );
    return (rows[0] as { due: boolean } | undefined)?.due === true;
  };

  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    const pass = sweepDue(timing.deadAfterSeconds).then((due) =>
      due ? sweepOnce(timing.deadAfterSeconds) : 0,
    );
    sweeping = pass.catch(() => {});
    return pass;
  };
  const heartbeat = setInterval(() => {
    beat().catch((error: unknown) => o.log.warn({ err: error }, 'job worker heartbeat failed'));
  }, timing.heartbeatSeconds * 1000);
  const sweeper = setInterval(() => {
    sweep()
      .then((n) => {
        if (n > 0) o.log.warn({ jobs: n }, 'jobs of a dead server instance handed back to the queue');
      })
      .catch((error: unknown) => o.log.error({ err: error }, 'sweep for the jobs of dead instances failed'));
  }, timing.sweepSeconds * 1000);
  heartbeat.unref();
  sweeper.unref();

  return {
    id,
    lease: async (queue, jobIds) => {
      if (jobIds.length === 0) return;
      await database.executeSql(
        `insert into job_lease (job_id, queue, worker_id)
           select unnest($1::uuid[]), $2, $3
         on conflict (job_id) do update
           set queue = excluded.queue, worker_id = excluded.worker_id, taken_at = now()`,
        [jobIds, queue, id],
      );
    },
    release: (jobIds) => {
      ended.push(...jobIds);
    },
    releaseNow: async (jobIds) => {
      if (jobIds.length === 0) return;
      await database.executeSql(`delete from job_lease where job_id = any($1::uuid[]) and worker_id = $2`, [
        jobIds,
        id,
      ]);
    },
    // At start on the embedded database every other instance is dead, however recently it was seen.
    sweep: () => (sole ? sweepOnce(0) : sweep()),
    stop: async () => {
      clearInterval(heartbeat);
      clearInterval(sweeper);
      await sweeping;
      // Marked dead rather than deleted: the leases it still holds (a job past the stop's wait) say whose jobs
      // to hand back, at once. The row is forgotten an hour later, like any dead instance's.
      // The leases of jobs that ended well go in the same statement.
      const released = ended;
      ended = [];
      await database.executeSql(
        `with released as (delete from job_lease where worker_id = $1 and job_id = any($2::uuid[]))
         update job_worker set seen_at = 'epoch' where id = $1`,
        [id, released],
      );
    },
  };
}

/**
 * pg-boss's fail of several jobs on the caller's transaction; answers how many it failed (active or waiting,
 * not those already completed). Its code takes (name, ids, data, options); its type declarations list no form
 * with both ids and options, and with three arguments the options would be taken for the data and the
 * statement run outside the transaction.
 */
async function failInTransaction(
  boss: PgBoss,
  queue: string,
  ids: string[],
  executeSql: ExecuteSql,
): Promise<number> {
  const fail = boss.fail.bind(boss) as unknown as (
    name: string,
    ids: string[],
    data: object,
    options: { db: { executeSql: ExecuteSql } },
  ) => Promise<{ affected?: number } | undefined>;
  const result = await fail(queue, ids, { message: 'its worker instance died' }, { db: { executeSql } });
  // pg-boss answers how many it failed: a lease left by a job already completed is not counted.
  return result?.affected ?? ids.length;
}

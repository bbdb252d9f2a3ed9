import PgBoss from 'pg-boss';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client';
import { createTestDatabase } from '#tests/setup/test-database';
import { startWorkers, type Workers } from './workers';

// Jobs picked up by an instance that died are handed back to the queue within seconds; a live instance's are
// never taken, whoever starts or sweeps. Two instances are two registrations on one database here (the
// embedded database's rule, that whoever was registered before a start is dead, is tested on its own).

const QUEUE = 'crash-test';
const log = pino({ level: 'silent' });
/** Heartbeats that never come during a test: an instance is alive or dead as the test sets its row. */
const timing = { heartbeatSeconds: 3600, deadAfterSeconds: 20, sweepSeconds: 3600 };

let database: Database;
let boss: PgBoss;
const started: Workers[] = [];
beforeEach(async () => {
  database = await createTestDatabase();
  boss = new PgBoss({
    db: { executeSql: database.executeSql },
    schema: 'pgboss',
    supervise: false,
    schedule: false,
  });
  await boss.start();
  await boss.createQueue(QUEUE, { name: QUEUE, policy: 'stately', retryLimit: 3, retryDelay: 1 });
});
afterEach(async () => {
  for (const workers of started.splice(0)) await workers.stop();
  await boss.stop({ graceful: false, wait: true });
  await database.close();
});

async function instance(o: { sole?: boolean } = {}) {
  const workers = await startWorkers({
    database,
    boss,
    queues: () => [QUEUE],
    log,
    timing,
    sole: o.sole ?? false,
  });
  started.push(workers);
  return workers;
}

/** `n` jobs of the test queue, fetched (active) as a worker's batch would be. */
async function activeJobs(n: number): Promise<string[]> {
  const sent: string[] = [];
  for (let k = 0; k < n; k++) {
    // Due a second ago: the embedded database's clock counts milliseconds, so a job sent and fetched within the
    // same millisecond has a start_after equal to the fetch's `now()`, which pg-boss requires it to be before.
    const id = await boss.send(
      QUEUE,
      { k },
      { singletonKey: `row-${k}-${Math.random()}`, startAfter: new Date(Date.now() - 1000) },
    );
    sent.push(id!);
  }
  const jobs = await boss.fetch(QUEUE, { batchSize: n });
  expect(jobs).toHaveLength(n);
  return jobs.map((job) => job.id);
}

/** The jobs' states, in the order of `ids`, through pg-boss's public API. */
async function states(ids: string[]): Promise<string[]> {
  const jobs = await Promise.all(ids.map((id) => boss.getJobById(QUEUE, id)));
  return jobs.map((job) => job?.state ?? 'gone');
}

describe('jobs of a dead instance', () => {
  it("another instance's start and sweeps leave a live instance's jobs alone", async () => {
    const a = await instance();
    const ids = await activeJobs(3);
    await a.lease(QUEUE, ids);
    // However long they run: a live owner's slow batch is still its own.
    const b = await instance();
    expect(await b.sweep()).toBe(0);
    expect(await a.sweep()).toBe(0);
    expect(await states(ids)).toEqual(['active', 'active', 'active']);
  });

  it('are handed back once their instance is unseen for the dead delay, or as soon as it stopped', async () => {
    const a = await instance();
    const b = await instance();
    const ids = await activeJobs(2);
    await a.lease(QUEUE, ids);
    // Seen 15 s ago: within the delay, still alive.
    await database.executeSql(`update job_worker set seen_at = now() - interval '15 seconds' where id = $1`, [
      a.id,
    ]);
    expect(await b.sweep()).toBe(0);
    await database.executeSql(`update job_worker set seen_at = now() - interval '21 seconds' where id = $1`, [
      a.id,
    ]);
    expect(await b.sweep()).toBe(2);
    expect(await states(ids)).toEqual(['retry', 'retry']);
    // A second sweep finds nothing more to hand back.
    expect(await b.sweep()).toBe(0);

    // An instance that stopped with a job still leased (past the stop's wait): handed back without waiting.
    const c = await instance();
    const [late] = await activeJobs(1);
    await c.lease(QUEUE, [late!]);
    await c.stop();
    started.splice(started.indexOf(c), 1);
    expect(await b.sweep()).toBe(1);
    expect(await states([late!])).toEqual(['retry']);
  });

  it('a job active without a lease is left to the queue’s own expiry: only leases are read', async () => {
    const b = await instance();
    // Fetched by an instance that died before it could lease them (or that is leasing them right now).
    const ids = await activeJobs(2);
    expect(await b.sweep()).toBe(0);
    expect(await states(ids)).toEqual(['active', 'active']);
  });

  it('a handed-back job runs again, leased to its new instance', async () => {
    const a = await instance();
    const b = await instance();
    const [id] = await activeJobs(1);
    await a.lease(QUEUE, [id!]);
    await database.executeSql(`update job_worker set seen_at = now() - interval '1 minute' where id = $1`, [
      a.id,
    ]);
    expect(await b.sweep()).toBe(1);
    // The retry delay (1 s) passes, then a worker fetches it again.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    // Earlier tests' handed-back jobs may be due too: fetch them all and find this one.
    const again = await boss.fetch(QUEUE, { batchSize: 100 });
    expect(again.map((job) => job.id)).toContain(id);
    await b.lease(QUEUE, [id!]);
    expect(await b.sweep()).toBe(0);
    expect(await states([id!])).toEqual(['active']);
  });

  it('on the embedded database a start hands back every active job at once: the last process is dead', async () => {
    const ids = await activeJobs(2);
    // The last process leased them, and was seen a moment ago.
    const before = await instance();
    await before.lease(QUEUE, ids);
    const restarted = await instance({ sole: true });
    expect(await restarted.sweep()).toBe(2);
    expect(await states(ids)).toEqual(['retry', 'retry']);
    const { rows } = await database.executeSql('select id from job_worker');
    expect(rows).toEqual([{ id: restarted.id }]);
  });

  it('a job that ended well loses its lease with the next heartbeat, one the handler failed at once', async () => {
    // A job's lease is deleted in the heartbeat's statement, not in one of its own: one statement per job fewer.
    // (No heartbeat comes during this test.)
    const a = await instance();
    const b = await instance();
    const leased = async () =>
      (await database.executeSql('select job_id from job_lease where worker_id = $1', [a.id])).rows.map(
        (row) => (row as { job_id: string }).job_id,
      );
    const [done, failed] = await activeJobs(2);
    await a.lease(QUEUE, [done!, failed!]);
    await boss.complete(QUEUE, done!);
    a.release([done!]);
    await boss.fail(QUEUE, failed!, { message: 'failed by its handler' });
    await a.releaseNow([failed!]);
    expect(await leased()).toEqual([done]);
    // Its instance dead before the heartbeat: the completed job's lease is harmless (pg-boss fails no completed
    // job), and the failed job, waiting for its retry, is not failed a second time.
    await database.executeSql(`update job_worker set seen_at = now() - interval '1 minute' where id = $1`, [
      a.id,
    ]);
    expect(await b.sweep()).toBe(0);
    expect(await states([done!, failed!])).toEqual(['completed', 'retry']);
  });

  it('the heartbeat deletes the leases of the jobs that ended well', async () => {
    const a = await startWorkers({
      database,
      boss,
      queues: () => [QUEUE],
      log,
      timing: { ...timing, heartbeatSeconds: 0.2 },
      sole: false,
    });
    started.push(a);
    const [done] = await activeJobs(1);
    await a.lease(QUEUE, [done!]);
    a.release([done!]);
    await new Promise((resolve) => setTimeout(resolve, 600));
    const { rows } = await database.executeSql('select job_id from job_lease where worker_id = $1', [a.id]);
    expect(rows).toEqual([]);
  });
});

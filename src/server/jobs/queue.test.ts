import { randomBytes } from 'node:crypto';
import PgBoss from 'pg-boss';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client';
import { devMailboxTransport } from '#server/email/outbox';
import { createFieldCipher } from '#server/security/field-encryption';
import { createTestDatabase } from '#tests/setup/test-database';
import { deadLetterQueue, recordHandover } from './handover';
import { JOBS } from './definitions';
import { FALLBACK_POLLING_SECONDS } from './polling';
import { EMAIL_QUEUE, type Jobs, PGBOSS_SCHEMA, startJobs } from './queue';

// Every job's payload is checked against its definition's schema where it is sent and where it is worked. A
// job whose data does not match is failed, with a log line that names the fields but never their values.

let database: Database;
let jobs: Jobs;
let boss: PgBoss;
const lines: Record<string, unknown>[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  jobs = await startJobs({
    database,
    transport: devMailboxTransport,
    sms: { send: async () => ({ id: 'sent' }) },
    log: pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) }),
    cipher: createFieldCipher(randomBytes(32)),
    partnerWebhook: undefined,
    emailBodyRetentionDays: 7,
  });
  // Another sender on the same database, as an older version (or a mistake) would queue a job.
  boss = new PgBoss({ db: { executeSql: database.executeSql }, schema: PGBOSS_SCHEMA, supervise: false });
  await boss.start();
}, 60_000);
afterAll(async () => {
  await boss.stop({ graceful: false, wait: true });
  await jobs.stop();
  await database.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a job's payload", () => {
  it('that does not match its schema fails the job without running it, logged without its values', async () => {
    const id = await boss.send(EMAIL_QUEUE, { id: 'jane.doe@example.com' }, { singletonKey: 'bad-payload' });
    const deadline = Date.now() + 30_000;
    let line: Record<string, unknown> | undefined;
    while (!line && Date.now() < deadline) {
      line = lines.find((l) => l.jobId === id && typeof l.msg === 'string' && l.msg.includes('schema'));
      if (!line) await sleep(100);
    }
    expect(line).toMatchObject({
      queue: EMAIL_QUEUE,
      fields: ['id'],
      msg: 'job payload does not match its schema: job failed without running',
    });
    expect(JSON.stringify(lines)).not.toContain('jane.doe');
    // Failed (pg-boss retries it, and it fails again), never completed. The line is logged inside the handler,
    // before pg-boss records the failure, so the job may still read 'active' for a moment after it.
    let state: string | undefined;
    while (Date.now() < deadline) {
      state = (await boss.getJobById(EMAIL_QUEUE, id!))?.state;
      if (state !== 'active' && state !== 'created') break;
      await sleep(100);
    }
    expect(['retry', 'failed']).toContain(state);
  }, 60_000);

  it('that does not match its schema is refused where it is sent: nothing is queued', async () => {
    const before = await boss.getQueueSize(EMAIL_QUEUE, { before: 'completed' });
    jobs.emailQueued('jane.doe@example.com');
    const deadline = Date.now() + 10_000;
    while (!lines.some((l) => l.msg === 'could not queue an email') && Date.now() < deadline) await sleep(50);
    expect(lines.some((l) => l.msg === 'could not queue an email')).toBe(true);
    expect(await boss.getQueueSize(EMAIL_QUEUE, { before: 'completed' })).toBeLessThanOrEqual(before);
  }, 30_000);
});

describe('a scheduled job', () => {
  it("is sent with a payload its own schema accepts, so pg-boss's cron runs it rather than failing it", async () => {
    // pg-boss's cron queues each job with the schedule's stored data as its payload.
    const schedules = await boss.getSchedules();
    const scheduled = JOBS.filter(
      (definition) => definition.cron && schedules.some((s) => s.name === definition.name),
    );
    // Those this set-up works (the reminders and the monitors need what this test does not give).
    expect(scheduled.length).toBeGreaterThan(5);
    for (const definition of scheduled) {
      const schedule = schedules.find((s) => s.name === definition.name)!;
      expect(definition.payload.safeParse(schedule.data).success, definition.name).toBe(true);
    }
  });
});

describe('a job that gives up for good', () => {
  it('reaches its dead-letter queue, whose worker forgets the handover so the sweep queues the item again', async () => {
    expect((await boss.getQueue(EMAIL_QUEUE))?.deadLetter).toBe(deadLetterQueue(EMAIL_QUEUE));
    const id = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
    await recordHandover(database.executeSql, EMAIL_QUEUE, [id]);
    // What pg-boss does when the job's last retry fails: the job's data goes to the dead-letter queue.
    await boss.send(deadLetterQueue(EMAIL_QUEUE), { id });
    // Nothing wakes the dead-letter queue's worker (pg-boss queues there by itself): its poll finds the job.
    const handedOver = async () =>
      (
        await database.executeSql('select 1 from job_handover where queue = $1 and key = $2', [
          EMAIL_QUEUE,
          id,
        ])
      ).rows.length;
    const deadline = Date.now() + FALLBACK_POLLING_SECONDS * 1000 + 30_000;
    while ((await handedOver()) > 0 && Date.now() < deadline) await sleep(200);
    expect(await handedOver()).toBe(0);
    expect(lines.some((l) => l.msg === 'jobs gave up: queued again by the next sweep')).toBe(true);
  }, 90_000);
});

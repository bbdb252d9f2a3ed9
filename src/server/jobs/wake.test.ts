import { randomBytes, randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client';
import type { MailTransport } from '#server/email/outbox';
import { resetPasswordEmail } from '#server/email/templates';
import { createFieldCipher } from '#server/security/field-encryption';
import { withUnit, type UnitServices } from '#server/unit-of-work';
import { createTestDatabase } from '#tests/setup/test-database';
import { DELIVERY_POLLING_SECONDS } from './polling';
import { type Jobs, startJobs } from './queue';

// A queue's poll is only the fallback: the instance that commits a job wakes its own worker, so a job written in
// a unit runs right after the unit commits, not at the worker's next poll (DELIVERY_POLLING_SECONDS).

/** Well under the poll: a job that waited for it would take about DELIVERY_POLLING_SECONDS. */
const PROMPT_MS = 2_500;

let database: Database;
let jobs: Jobs;
let services: UnitServices;
/** When the letter's job ran, by application id. */
const ran = new Map<string, number>();
let failNext = false;
/** When each email was tried, by recipient. The first attempt fails: the relay is down for a moment. */
const attempts = new Map<string, number[]>();
const flakyRelay: MailTransport = {
  name: 'smtp',
  send: async (message) => {
    const times = [...(attempts.get(message.to) ?? []), Date.now()];
    attempts.set(message.to, times);
    if (times.length === 1) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
  },
};
/** An email's retry waits this long after a failure. */
const RETRY_SECONDS = 1;
beforeAll(async () => {
  database = await createTestDatabase();
  const cipher = createFieldCipher(randomBytes(32));
  jobs = await startJobs({
    database,
    transport: flakyRelay,
    emailRetry: { firstDelaySeconds: RETRY_SECONDS, maxDelaySeconds: RETRY_SECONDS },
    sms: { send: async () => ({ id: 'sent' }) },
    log: pino({ level: 'silent' }),
    cipher,
    partnerWebhook: undefined,
    emailBodyRetentionDays: 7,
    sendLetter: async (applicationId) => {
      ran.set(applicationId, Date.now());
    },
  });
  services = {
    database,
    cipher,
    today: () => '2026-11-30',
    queueLetter: (tx, applicationId) => jobs.letterQueued(tx, applicationId),
    onEmailQueued: (id) => jobs.emailQueued(id),
  };
  expect(PROMPT_MS).toBeLessThan((DELIVERY_POLLING_SECONDS * 1000) / 2);
}, 60_000);
afterAll(async () => {
  await jobs?.stop();
  await database?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes the letter's job in a unit; answers how long after the commit the job ran (or null: not yet). */
async function letterInAUnit(timeoutMs: number): Promise<number | null> {
  const applicationId = randomUUID();
  await withUnit(services, async (unit) => {
    expect(await unit.outbox.letterJob(applicationId)).toBe(true);
    if (failNext) throw new Error('rolled back');
  });
  const committed = Date.now();
  const deadline = committed + timeoutMs;
  while (!ran.has(applicationId) && Date.now() < deadline) await sleep(20);
  return ran.has(applicationId) ? ran.get(applicationId)! - committed : null;
}

describe("a job written in a unit of work wakes this instance's worker once the unit commits", () => {
  it('runs at once, not at the next poll', async () => {
    // The first job lines the worker up: right after a job, an idle worker sleeps a whole polling interval,
    // so the next job could only wait for the poll if nothing woke the worker.
    expect(await letterInAUnit(DELIVERY_POLLING_SECONDS * 1000 + 5_000)).not.toBeNull();
    await sleep(100);
    for (let round = 0; round < 2; round++) {
      const after = await letterInAUnit(PROMPT_MS);
      expect(after, 'the job ran within moments of the commit').not.toBeNull();
      expect(after!).toBeLessThan(PROMPT_MS);
      await sleep(100);
    }
  }, 60_000);

  it('writes nothing and wakes nothing when the unit rolls back', async () => {
    failNext = true;
    const before = ran.size;
    await expect(letterInAUnit(0)).rejects.toThrow('rolled back');
    failNext = false;
    await sleep(300);
    expect(ran.size).toBe(before);
  });
});

describe("a job queued to start later wakes this instance's worker when it is due", () => {
  it("an email's retry goes out when its delay is over, not at the worker's next poll", async () => {
    const to = 'retry.1@example.com';
    await withUnit(services, (unit) =>
      unit.outbox.email(resetPasswordEmail({ publicUrl: 'http://localhost', email: to, code: '123456' })),
    );
    const deadline = Date.now() + DELIVERY_POLLING_SECONDS * 1000 + 10_000;
    while ((attempts.get(to)?.length ?? 0) < 2 && Date.now() < deadline) await sleep(20);
    const [first, second] = attempts.get(to) ?? [];
    expect(first, 'the first attempt').toBeDefined();
    expect(second, 'the retry').toBeDefined();
    // Right after the failed attempt the worker sleeps its whole poll: only the planned wake fetches the retry
    // when it is due.
    expect(second! - first!).toBeLessThan(RETRY_SECONDS * 1000 + PROMPT_MS);
  }, 60_000);
});

describe('a backlog drains at the handlers’ pace, not one batch per poll', () => {
  it('runs five letters written in one unit (one wake) within moments, though the letters’ batch is one job', async () => {
    const ids = Array.from({ length: 5 }, () => randomUUID());
    await withUnit(services, async (unit) => {
      for (const id of ids) expect(await unit.outbox.letterJob(id)).toBe(true);
    });
    const committed = Date.now();
    // Without fetching again after a full batch, the worker would take the second letter a whole poll later.
    const deadline = committed + 2 * PROMPT_MS;
    while (ids.some((id) => !ran.has(id)) && Date.now() < deadline) await sleep(20);
    expect(ids.filter((id) => ran.has(id)).length, 'letters run within moments of the commit').toBe(5);
  }, 60_000);
});

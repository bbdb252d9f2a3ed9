import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, smsOutbox } from '#server/db/schema/ops';
import {
  EMAIL_SEND_CONCURRENCY,
  emailRetryDelaySeconds,
  enqueueEmail,
  type MailTransport,
} from '#server/email/outbox';
import { resetPasswordEmail } from '#server/email/templates';
import type { SmsSender } from '#providers/sms/port';
import { signedInStaff } from '#tests/support/staff-actions';
import { EMAIL_QUEUE, type Jobs, SMS_QUEUE, startJobs } from '#server/jobs/queue';
import { createTestApp, type TestApp } from '../setup/test-app';

// The email queue after an SMTP outage: 221 emails once took 9 minutes to drain (one email per polling second)
// and every restart queued each pending email again. Now a backlog goes out in batches, each outbox row has at
// most one job however often the server restarts, and an email that cannot be delivered is retried until
// EMAIL_GIVE_UP_HOURS, then marked failed where staff see it.

let t: TestApp;
const running: Jobs[] = [];
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  for (const jobs of running.splice(0)) await jobs.stop();
  await t.close();
});

const HOUR = 60 * 60 * 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function start(transport: MailTransport, options: Partial<Parameters<typeof startJobs>[0]> = {}) {
  const jobs = await startJobs({
    database: t.database,
    transport,
    sms: t.sms,
    log: pino({ level: 'silent' }),
    cipher: t.cipher,
    partnerWebhook: undefined,
    emailBodyRetentionDays: 7,
    ...options,
  });
  running.push(jobs);
  return jobs;
}

async function stop(jobs: Jobs) {
  running.splice(running.indexOf(jobs), 1);
  await jobs.stop();
}

/** A transport that records each delivery per recipient and how many sends overlapped. */
function recordingTransport(o: { delayMs?: number } = {}) {
  const deliveries = new Map<string, number>();
  let inFlight = 0;
  let maxInFlight = 0;
  const transport: MailTransport = {
    name: 'smtp',
    send: async (m) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        if (o.delayMs) await sleep(o.delayMs);
        deliveries.set(m.to, (deliveries.get(m.to) ?? 0) + 1);
      } finally {
        inFlight -= 1;
      }
    },
  };
  return { transport, deliveries, maxInFlight: () => maxInFlight };
}

const refusingTransport: MailTransport = {
  name: 'smtp',
  send: async () => {
    throw new Error('connect ECONNREFUSED 127.0.0.1:25');
  },
};

let counter = 0;
/** `n` outbox emails, each to its own address; returns their ids and addresses. */
async function writeEmails(n: number, name: string) {
  const written: { id: string; to: string }[] = [];
  for (let k = 0; k < n; k += 1) {
    const to = `${name}.${++counter}@example.com`;
    const id = await t.db.transaction((tx) =>
      enqueueEmail(
        tx,
        t.cipher,
        resetPasswordEmail({ publicUrl: t.config.publicUrl, email: to, code: '123456' }),
      ),
    );
    written.push({ id, to });
  }
  return written;
}

async function waitFor(what: string, done: () => Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

const unsent = async (ids: string[]) =>
  (
    await t.db
      .select({ n: count() })
      .from(emailOutbox)
      .where(and(inArray(emailOutbox.id, ids), isNull(emailOutbox.sentAt)))
  )[0]!.n;

/** pg-boss's email jobs per outbox row (by singleton key); `live` counts queued, waiting and running ones. */
async function jobsPerRow(o: { live?: boolean; queue?: string } = {}): Promise<Map<string | null, number>> {
  const { rows } = await t.database.executeSql(
    `select singleton_key as key, count(*)::int as n from pgboss.job
      where name = $1 ${o.live ? "and state < 'completed'" : ''} group by singleton_key`,
    [o.queue ?? EMAIL_QUEUE],
  );
  return new Map((rows as { key: string | null; n: number }[]).map((r) => [r.key, r.n]));
}

const rowOf = async (id: string) => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;

describe('the email queue', () => {
  it('delivers 200 pending emails exactly once each, several at a time, one job per row', async () => {
    // 120 written while the queue was down (picked up at start), 80 while it runs (announced after commit).
    const before = await writeEmails(120, 'backlog');
    const mail = recordingTransport({ delayMs: 5 });
    const jobs = await start(mail.transport);
    const after = await writeEmails(80, 'live');
    for (const e of after) jobs.emailQueued(e.id);

    const all = [...before, ...after];
    const ids = all.map((e) => e.id);
    await waitFor('every email to be delivered', async () => (await unsent(ids)) === 0);
    await sleep(300); // a duplicate job, if there were one, would deliver in this time
    expect(mail.deliveries.size).toBe(200);
    expect(all.filter((e) => mail.deliveries.get(e.to) !== 1)).toEqual([]);
    expect(mail.maxInFlight()).toBeGreaterThan(1);
    expect(mail.maxInFlight()).toBeLessThanOrEqual(EMAIL_SEND_CONCURRENCY);

    const perRow = await jobsPerRow();
    expect(ids.filter((id) => perRow.get(id) !== 1)).toEqual([]);
    expect(perRow.has(null)).toBe(false);
  });

  it('a restart queues no second job for a row that already has one', async () => {
    const written = await writeEmails(60, 'restart');
    const ids = written.map((e) => e.id);
    // The relay is down: each email is tried once and its retry waits an hour in the queue.
    const slowRetry = { firstDelaySeconds: 3600, maxDelaySeconds: 3600 };
    const first = await start(refusingTransport, { emailRetry: slowRetry });
    await waitFor('a first attempt at each email', async () => {
      const rows = await t.db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
      return rows.every((r) => r.attempts === 1);
    });
    await waitFor('each retry to be queued', async () => {
      const live = await jobsPerRow({ live: true });
      return ids.every((id) => live.get(id) === 1);
    });
    await stop(first);

    const mail = recordingTransport();
    for (let restart = 0; restart < 2; restart += 1) {
      const again = await start(mail.transport, { emailRetry: slowRetry });
      await sleep(500);
      await stop(again);
    }
    const live = await jobsPerRow({ live: true });
    expect(ids.filter((id) => live.get(id) !== 1)).toEqual([]);
    // Nothing was sent before its queued retry is due: no extra job ran.
    expect(mail.deliveries.size).toBe(0);
  });

  it('a restart in the middle of a backlog delivers every email once', async () => {
    const written = await writeEmails(300, 'midway');
    const ids = written.map((e) => e.id);
    const mail = recordingTransport({ delayMs: 20 });
    const first = await start(mail.transport);
    await waitFor('part of the backlog', async () => mail.deliveries.size >= 50);
    await stop(first);
    expect(await unsent(ids)).toBeGreaterThan(0);

    await start(mail.transport);
    await waitFor('the rest of the backlog', async () => (await unsent(ids)) === 0);
    await sleep(300);
    expect(written.filter((e) => mail.deliveries.get(e.to) !== 1)).toEqual([]);
    const perRow = await jobsPerRow();
    expect(ids.filter((id) => perRow.get(id) !== 1)).toEqual([]);
  });

  it('retries with growing delays, then marks the email failed at the give-up age and shows it to staff', async () => {
    expect(
      [1, 2, 3, 4, 5, 6, 7, 8, 20].map((attempts) =>
        emailRetryDelaySeconds(attempts, { firstDelaySeconds: 10, maxDelaySeconds: 600 }),
      ),
    ).toEqual([10, 20, 40, 80, 160, 320, 600, 600, 600]);

    const [old, nearlyOld, fresh] = await writeEmails(3, 'undeliverable');
    const setCreatedAt = (id: string, createdAt: Date) =>
      t.db.update(emailOutbox).set({ createdAt }).where(eq(emailOutbox.id, id));
    await setCreatedAt(old!.id, new Date(Date.now() - 49 * HOUR));
    const nearlyOldGivesUpAt = Date.now() + 3_000;
    await setCreatedAt(nearlyOld!.id, new Date(nearlyOldGivesUpAt - 48 * HOUR));

    let skew = 0;
    await start(refusingTransport, {
      emailGiveUpHours: 48,
      emailRetry: { firstDelaySeconds: 1, maxDelaySeconds: 1 },
      now: () => new Date(Date.now() + skew),
    });

    // Past the give-up age already: one attempt, then failed.
    await waitFor('the old email to be given up', async () => (await rowOf(old!.id)).failedAt !== null);
    expect(await rowOf(old!.id)).toMatchObject({ attempts: 1, sentAt: null });

    // Three seconds short of it: retried until then, failed at (not long after) the give-up time.
    await waitFor(
      'the nearly old email to be given up',
      async () => (await rowOf(nearlyOld!.id)).failedAt !== null,
    );
    const gaveUp = await rowOf(nearlyOld!.id);
    expect(gaveUp.attempts).toBeGreaterThanOrEqual(2);
    expect(gaveUp.lastError).toContain('ECONNREFUSED');
    expect(gaveUp.failedAt!.getTime()).toBeGreaterThanOrEqual(nearlyOldGivesUpAt);
    expect(gaveUp.failedAt!.getTime()).toBeLessThan(nearlyOldGivesUpAt + 5_000);

    // A new email keeps being retried...
    await waitFor('a few attempts at the new email', async () => (await rowOf(fresh!.id)).attempts >= 2);
    expect((await rowOf(fresh!.id)).failedAt).toBeNull();
    // ...until the clock says it is two days old.
    skew = 49 * HOUR;
    await waitFor('the new email to be given up', async () => (await rowOf(fresh!.id)).failedAt !== null);

    // Nothing tries a failed email again.
    await sleep(1_500);
    const live = await jobsPerRow({ live: true });
    expect([old, nearlyOld, fresh].map((e) => live.get(e!.id) ?? 0)).toEqual([0, 0, 0]);

    // Staff see them: a count and the list (recipient, kind, last error; never the body).
    const staff = await signedInStaff(t);
    const res = await staff.client.get('/api/staff/email-failures');
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json() as { failed: number; items: { to: string; kind: string; lastError: string }[] };
    expect(view.failed).toBe(3);
    expect(view.items.map((i) => i.to).sort()).toEqual([old!.to, nearlyOld!.to, fresh!.to].sort());
    expect(view.items[0]).toMatchObject({ kind: 'reset-password' });
    expect(res.body).not.toContain('123456');
    expect((await t.client().get('/api/staff/email-failures')).statusCode).toBe(401);
    // And in the dev mailbox.
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.body).toContain('3 emails failed: the queue gave up');
    expect(page.body).toContain('failed: given up');
  }, 60_000);
});

describe('the text message queue', () => {
  /** `n` outbox texts to numbers of their own, as the outreach and contact attempts write them. */
  async function writeTexts(n: number) {
    const rows = await t.db
      .insert(smsOutbox)
      .values(
        Array.from({ length: n }, (_, k) => ({
          to: `+1415555${String(1000 + k).padStart(4, '0')}`,
          body: 'Your offer is ready.',
          eventType: 'obtainedOffer',
        })),
      )
      .returning({ id: smsOutbox.id, to: smsOutbox.to });
    return rows;
  }
  const mailDown = recordingTransport().transport;

  it('a restart queues no second job for a text that already has one, and each text goes out once', async () => {
    const texts = await writeTexts(20);
    const ids = texts.map((x) => x.id);
    // The SMS service is down: each text is tried once and waits in pg-boss's retry.
    const down: SmsSender = {
      send: async () => {
        throw new Error('503 service unavailable');
      },
    };
    const first = await start(mailDown, { sms: down });
    await waitFor('a first attempt at each text', async () => {
      const rows = await t.db.select().from(smsOutbox).where(inArray(smsOutbox.id, ids));
      return rows.every((r) => r.attempts >= 1);
    });
    await stop(first);
    for (let restart = 0; restart < 2; restart += 1) {
      const again = await start(mailDown, { sms: down });
      await stop(again);
    }
    const live = await jobsPerRow({ live: true, queue: SMS_QUEUE });
    expect(ids.filter((id) => live.get(id) !== 1)).toEqual([]);

    // The service is back: the retries deliver each text exactly once.
    const sent = new Map<string, number>();
    const up: SmsSender = {
      send: async (m) => {
        sent.set(m.to, (sent.get(m.to) ?? 0) + 1);
        return { id: `msg-${sent.size}` };
      },
    };
    await start(mailDown, { sms: up });
    await waitFor(
      'every text to be sent',
      async () => {
        const rows = await t.db.select().from(smsOutbox).where(inArray(smsOutbox.id, ids));
        return rows.every((r) => r.sentAt !== null);
      },
      60_000,
    );
    await sleep(500);
    expect(texts.filter((x) => sent.get(x.to) !== 1)).toEqual([]);
  }, 90_000);

  it('picks up texts written while the queue was down, and sends each once however often it restarts', async () => {
    const texts = await writeTexts(10);
    const sent: string[] = [];
    const slow: SmsSender = {
      send: async (m) => {
        await sleep(50);
        sent.push(m.to);
        return { id: `msg-${sent.length}` };
      },
    };
    // Restarted twice while the first texts go out: still one job per text, so one send each.
    for (let restart = 0; restart < 2; restart += 1) await stop(await start(mailDown, { sms: slow }));
    await start(mailDown, { sms: slow });
    await waitFor('every text to be sent', async () => {
      const rows = await t.db
        .select()
        .from(smsOutbox)
        .where(
          inArray(
            smsOutbox.id,
            texts.map((x) => x.id),
          ),
        );
      return rows.every((r) => r.sentAt !== null);
    });
    await sleep(500);
    expect([...sent].sort()).toEqual(texts.map((x) => x.to).sort());
  }, 60_000);
});

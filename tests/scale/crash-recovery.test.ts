import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, fromPostgres, openDatabase } from '#server/db/client';
import { application } from '#server/db/schema/application';
import { docusign } from '#server/db/schema/enrollment';
import { emailOutbox, eSignatureSandboxEnvelope } from '#server/db/schema/ops';
import { createTestApp } from '#tests/setup/test-app';
import { atPaymentOptions } from '#tests/support/enrollment';
import { journeyEnv } from '#tests/e2e/support/server';
import { createPostgresTestDatabase } from '#tests/setup/test-database';
import { type CrashableServer, startCrashableServer } from '#tests/support/crashable-server';
import { smtpSink } from '#tests/support/smtp-sink';

// A server killed outright (kill -9: a crash, an out-of-memory kill, a host lost) leaves the jobs it had
// picked up marked active in the queue. Restarted, the server must deliver every email it had acknowledged
// within a minute, and each exactly once: a row marked sent is never sent again. The one email that may
// arrive twice is one the relay accepted in the instant before the kill, before its row was marked sent
// (nobody can know it arrived): those are counted apart, from the database as the kill left it.
// The real server runs as a child process with its SMTP pointed at a local sink, on an embedded database in a
// temporary folder (on the PostgreSQL pass, a fresh PostgreSQL database).

/** Leads sent at once: each writes a set-password email in its transaction. */
const LEADS = 40;
/** The kill comes once the sink has this many emails: the queue is then mid-flood. */
const KILL_AFTER = 4;
/** The sink takes this long to accept each message, as a relay across a network: jobs stay active a while. */
const SINK_LATENCY_MS = 250;
/**
 * Every acknowledged email must have arrived this long after the restarted server is ready (its start, a
 * migration check and the database's own recovery, takes tens of seconds on a busy machine: not the queue's).
 */
const DELIVERED_WITHIN_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The server's database, opened by the test while no server runs (the embedded one belongs to one process). */
async function openServerDatabase(env: Record<string, string>): Promise<Database> {
  return env.DATABASE_URL
    ? fromPostgres(env.DATABASE_URL, { max: 1 })
    : openDatabase({ dataDir: env.DATA_DIR! });
}

describe('kill -9 during an email flood', () => {
  it(
    'delivers every acknowledged email within a minute of the restart, once',
    { timeout: 240_000 },
    async () => {
      const sink = smtpSink({ latencyMs: SINK_LATENCY_MS });
      const smtpPort = await sink.listen();
      cleanups.push(() => sink.close());
      const postgres = await createPostgresTestDatabase();
      if (postgres) cleanups.push(() => postgres.drop());
      const env: Record<string, string> = {
        ...(await journeyEnv()),
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        AUTH_RATE_LIMIT_PER_MINUTE: '10000',
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      };
      cleanups.push(() => rmSync(env.DATA_DIR!, { recursive: true, force: true }));
      let server: CrashableServer = await startCrashableServer(env);
      cleanups.push(() => server.kill());

      const tag = randomUUID().slice(0, 8);
      const emails = Array.from({ length: LEADS }, (_, k) => `crash.${tag}.${k}@example.com`);
      const acknowledged = new Set<string>();
      let killed = false;
      const leads = emails.map(async (email) => {
        try {
          const res = await fetch(`http://127.0.0.1:${env.PORT}/api/lead`, {
            method: 'POST',
            headers: { origin: env.PUBLIC_URL!, 'content-type': 'application/json' },
            body: JSON.stringify({
              firstName: 'Pat',
              lastName: 'Doe',
              email,
              phoneNumber: '415-555-0123',
              agreedToTerms: true,
            }),
          });
          await res.text();
          // An answer that arrived after the kill began counts as not acknowledged: the test cannot tell.
          if (res.status === 201 && !killed) acknowledged.add(email);
        } catch {
          // Cut by the kill: not acknowledged.
        }
      });
      const ours = () => sink.arrivals().filter((a) => emails.includes(a.to));
      const floodDeadline = Date.now() + 60_000;
      // Emails reach the sink before the flood reads their answers: on a busy machine the answers lag, so the
      // kill waits for both (acknowledged leads, and some of their emails sent).
      while ((ours().length < KILL_AFTER || acknowledged.size < KILL_AFTER) && Date.now() < floodDeadline)
        await sleep(5);
      killed = true;
      const acknowledgedAtKill = new Set(acknowledged);
      await server.kill();
      const killedAt = Date.now();
      await Promise.all(leads);
      const arrivedBeforeKill = new Set(ours().map((a) => a.to));

      // Otherwise nothing was left to recover and the test would prove nothing.
      expect(acknowledgedAtKill.size, server.output().slice(-3000)).toBeGreaterThanOrEqual(KILL_AFTER);
      const waiting = [...acknowledgedAtKill].filter((e) => !arrivedBeforeKill.has(e));
      expect(waiting.length).toBeGreaterThan(0);

      // The database as the kill left it: which acknowledged emails were already marked sent, and which reached
      // the sink without being marked (in doubt: the one window where an email may arrive twice).
      const database = await openServerDatabase(env);
      let sentAtKill: Set<string>;
      let activeJobsAtKill: number;
      try {
        const rows = await database.db
          .select({ to: emailOutbox.to, sentAt: emailOutbox.sentAt })
          .from(emailOutbox)
          .where(inArray(emailOutbox.to, [...acknowledgedAtKill]));
        // Every acknowledged lead committed its email.
        expect(new Set(rows.map((r) => r.to))).toEqual(acknowledgedAtKill);
        sentAtKill = new Set(rows.filter((r) => r.sentAt).map((r) => r.to));
        const active = await database.executeSql(
          `select count(*)::int as n from pgboss.job where name = 'email-deliver' and state = 'active'`,
        );
        activeJobsAtKill = (active.rows[0] as { n: number }).n;
      } finally {
        await database.close();
      }
      const inDoubt = new Set([...arrivedBeforeKill].filter((e) => !sentAtKill.has(e)));

      server = await startCrashableServer(env);
      const restartedAt = server.spawnedAt;
      const deadline = server.readyAt + DELIVERED_WITHIN_MS;
      const undelivered = () => {
        const arrived = new Set(ours().map((a) => a.to));
        return [...acknowledgedAtKill].filter((e) => !arrived.has(e));
      };
      // Delivered, and an email in doubt at the kill sent again: both within the minute (on a busy machine the
      // second sending of an email in doubt can come after every first delivery).
      const resent = () => [...inDoubt].every((e) => ours().filter((a) => a.to === e).length >= 2);
      while ((undelivered().length > 0 || !resent()) && Date.now() < deadline) await sleep(100);
      const lastArrival = Math.max(
        ...[...acknowledgedAtKill].map((e) =>
          Math.min(
            ...ours()
              .filter((a) => a.to === e)
              .map((a) => a.at),
          ),
        ),
      );
      const figures = {
        acknowledged: acknowledgedAtKill.size,
        deliveredBeforeKill: [...acknowledgedAtKill].filter((e) => arrivedBeforeKill.has(e)).length,
        activeJobsAtKill,
        inDoubt: inDoubt.size,
        restartToReadyMs: server.readyAt - restartedAt,
        restartToLastDeliveryMs: Number.isFinite(lastArrival) ? lastArrival - restartedAt : null,
        readyToLastDeliveryMs: Number.isFinite(lastArrival) ? lastArrival - server.readyAt : null,
        killToRestartMs: restartedAt - killedAt,
        undeliveredAfter60s: undelivered().length,
      };
      process.stdout.write(`crash-recovery email figures: ${JSON.stringify(figures)}\n`);
      expect(undelivered(), `${JSON.stringify(figures)}\n${server.output().slice(-3000)}`).toEqual([]);

      // Late duplicates would show within a few seconds: the queue is idle by now.
      await sleep(3_000);
      const counts = new Map<string, number>();
      for (const a of ours()) counts.set(a.to, (counts.get(a.to) ?? 0) + 1);
      // Once each; an email in doubt at the kill was sent again once (its row was not marked sent).
      expect([...acknowledgedAtKill].map((e) => [e, counts.get(e)])).toEqual(
        [...acknowledgedAtKill].map((e) => [e, inDoubt.has(e) ? 2 : 1]),
      );
      await server.stop();
    },
  );
});

describe('kill -9 right after a payment account is saved', () => {
  it(
    'sends the Letter of Authorization after the restart without the borrower opening /submitted',
    { timeout: 300_000 },
    async () => {
      const sink = smtpSink();
      const smtpPort = await sink.listen();
      cleanups.push(() => sink.close());
      const postgres = await createPostgresTestDatabase();
      if (postgres) cleanups.push(() => postgres.drop());
      const env: Record<string, string> = {
        ...(await journeyEnv()),
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        AUTH_RATE_LIMIT_PER_MINUTE: '10000',
        ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        AUTH_SECRET: randomBytes(32).toString('hex'),
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      };
      cleanups.push(() => rmSync(env.DATA_DIR!, { recursive: true, force: true }));

      // The borrower's application up to the payment pages, written through the API in this process on the
      // database the server then opens (the same keys, so their session and encrypted fields carry over).
      const prepared = await openServerDatabase(env);
      await prepared.migrate();
      const t = await createTestApp(
        {
          DATA_DIR: env.DATA_DIR!,
          ENCRYPTION_KEY: env.ENCRYPTION_KEY!,
          AUTH_SECRET: env.AUTH_SECRET!,
          PUBLIC_URL: env.PUBLIC_URL!,
        },
        { database: prepared },
      );
      const b = await atPaymentOptions(t);
      const cookie = [...b.client.jar].map(([k, v]) => `${k}=${v}`).join('; ');
      // The emails of the way there (the lead's set-password email) went out long ago.
      await t.db.update(emailOutbox).set({ sentAt: new Date() });
      await t.close();

      let server: CrashableServer = await startCrashableServer(env);
      cleanups.push(() => server.kill());
      const put = (path: string, body: unknown) =>
        fetch(`http://127.0.0.1:${env.PORT}${path}`, {
          method: 'PUT',
          headers: { origin: env.PUBLIC_URL!, cookie, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const choice = await put('/api/application/payments/manual-choice', {
        reasonForNotConnectingBank: 'other',
      });
      expect(choice.status, await choice.text()).toBe(200);

      // The save, and the kill as soon as it is committed: its answer, or (on PostgreSQL, which the test can
      // read meanwhile) the application's new status, whichever comes first.
      let committed = false;
      let saveAnsweredMs: number | null = null;
      const saveSentAt = Date.now();
      const saved = put('/api/application/payments/payment-account', {
        accountNumber: '123456789',
        confirmAccountNumber: '123456789',
        routingNumber: '021000021',
      }).then(
        async (res) => {
          await res.text();
          if (res.status === 200) {
            committed = true;
            saveAnsweredMs = Date.now() - saveSentAt;
          }
        },
        () => {},
      );
      const watcher = postgres ? fromPostgres(postgres.url, { max: 1 }) : undefined;
      const deadline = Date.now() + 60_000;
      while (!committed && Date.now() < deadline) {
        if (watcher) {
          const [row] = await watcher.db
            .select({ status: application.status })
            .from(application)
            .where(eq(application.id, b.applicationId));
          if (row?.status === 'signContract') break;
        } else {
          await Promise.race([saved, sleep(5)]);
        }
      }
      await server.kill();
      const killedAt = Date.now();
      await saved;
      await watcher?.close();

      // The kill came after the commit and before the letter went out.
      const atKill = await openServerDatabase(env);
      try {
        const [row] = await atKill.db
          .select({ status: application.status })
          .from(application)
          .where(eq(application.id, b.applicationId));
        expect(row?.status).toBe('signContract');
        expect(
          await atKill.db.select().from(docusign).where(eq(docusign.applicationId, b.applicationId)),
        ).toEqual([]);
      } finally {
        await atKill.close();
      }
      expect(sink.recipients().filter((to) => to === b.email)).toEqual([]);

      // Restarted: nobody opens /submitted, and the signing email arrives.
      server = await startCrashableServer(env);
      const restartedAt = server.spawnedAt;
      const arrived = () => sink.arrivals().filter((a) => a.to === b.email);
      while (arrived().length === 0 && Date.now() < server.readyAt + DELIVERED_WITHIN_MS) await sleep(100);
      const figures = {
        saveAnsweredMs,
        restartToReadyMs: server.readyAt - restartedAt,
        restartToLetterEmailMs: arrived()[0] ? arrived()[0]!.at - restartedAt : null,
        readyToLetterEmailMs: arrived()[0] ? arrived()[0]!.at - server.readyAt : null,
        killToRestartMs: restartedAt - killedAt,
      };
      process.stdout.write(`crash-recovery letter figures: ${JSON.stringify(figures)}\n`);
      expect(arrived().length, `${JSON.stringify(figures)}\n${server.output().slice(-3000)}`).toBe(1);
      await sleep(2_000);
      await server.stop();

      // One envelope, recorded once, and one signing email.
      expect(arrived()).toHaveLength(1);
      const after = await openServerDatabase(env);
      try {
        expect(
          await after.db.select().from(docusign).where(eq(docusign.applicationId, b.applicationId)),
        ).toHaveLength(1);
        expect(await after.db.select().from(eSignatureSandboxEnvelope)).toHaveLength(1);
      } finally {
        await after.close();
      }
    },
  );
});

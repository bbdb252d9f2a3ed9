import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { and, count, inArray, isNull } from 'drizzle-orm';
import pino from 'pino';
import { createSandboxSms } from '#providers/sms/sandbox';
import { openDatabase } from '#server/db/client';
import { emailOutbox } from '#server/db/schema/ops';
import { EMAIL_SEND_CONCURRENCY, enqueueEmail } from '#server/email/outbox';
import { resetPasswordEmail } from '#server/email/templates';
import { createMailTransport } from '#server/email/transport';
import { startJobs } from '#server/jobs/queue';
import { smtpSink } from '#tests/support/smtp-sink';
import { createFieldCipher } from '#server/security/field-encryption';

// The email queue drains a backlog at the mail relay's pace. N outbox emails (default 1,000; `-- --emails N`)
// are delivered through the job queue to an SMTP sink on 127.0.0.1, with the production SMTP transport
// (pooled nodemailer), in two ways: all written while the queue was down and picked up at start (recovery
// after an outage), and written one by one while it runs (each announced after commit, as the routes do).
// Beside them, the baseline measured in the same run: the same N emails handed straight to the transport, as
// many at a time, with no database or queue. `--latency MS` makes the sink take that long to accept each
// message, like a relay across a network. BENCH_DATABASE_URL runs it on PostgreSQL. Target: 1,000 in 10 s.

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const total = arg('emails', 1000);
const latencyMs = arg('latency', 0);
const TARGET_SECONDS = 10;

const sink = smtpSink({ latencyMs });
const port = await sink.listen();
const config = {
  emailTransport: 'smtp' as const,
  smtpUrl: `smtp://127.0.0.1:${port}`,
  emailFrom: 'Debt Relief <no-reply@dmp.example>',
};
const log = pino({ level: 'silent' });
const cipher = createFieldCipher(randomBytes(32));
const message = (k: number, run: string) =>
  resetPasswordEmail({
    publicUrl: 'https://dmp.example',
    email: `bench.${run}.${k}@example.com`,
    code: String(100_000 + (k % 900_000)),
  });

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const perSecond = (ms: number) => Math.round(total / (ms / 1000)).toLocaleString('en-US');
const row = (name: string, ms: number, baselineMs: number) =>
  console.log(
    `${name.padEnd(46)} ${seconds(ms).padStart(7)} s ${perSecond(ms).padStart(7)} emails/s  (${(ms / baselineMs).toFixed(1)}x baseline)`,
  );

// Baseline: the transport alone, EMAIL_SEND_CONCURRENCY sends at a time, bodies already in memory.
const direct = createMailTransport(config, log);
const bodies = Array.from({ length: total }, (_, k) => message(k, 'direct'));
let started = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: EMAIL_SEND_CONCURRENCY }, async () => {
    while (next < bodies.length) {
      const m = bodies[next++]!;
      await direct.send({ ...m, attachments: [] });
    }
  }),
);
const baselineMs = performance.now() - started;
direct.close?.();

const database = await openDatabase({
  databaseUrl: process.env.BENCH_DATABASE_URL,
  dataDir: mkdtempSync(path.join(os.tmpdir(), 'dmp-bench-email-')),
});
await database.migrate();
const jobOptions = {
  database,
  sms: createSandboxSms(),
  log,
  cipher,
  partnerWebhook: undefined,
  emailBodyRetentionDays: 7,
};
// pg-boss creates its tables on its first start: done before the clock runs.
await (await startJobs({ ...jobOptions, transport: createMailTransport(config, log) })).stop();

const write = async (run: string, after?: (id: string) => void) => {
  const ids: string[] = [];
  for (let k = 0; k < total; k += 1) {
    const id = await database.db.transaction((tx) => enqueueEmail(tx, cipher, message(k, run)));
    after?.(id);
    ids.push(id);
  }
  return ids;
};
const drained = async (ids: string[]) => {
  for (;;) {
    let left = 0;
    for (let at = 0; at < ids.length; at += 500) {
      const [r] = await database.db
        .select({ n: count() })
        .from(emailOutbox)
        .where(and(inArray(emailOutbox.id, ids.slice(at, at + 500)), isNull(emailOutbox.sentAt)));
      left += r!.n;
    }
    if (left === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

// A backlog written while the queue was down, delivered from the start.
const backlog = await write('backlog');
started = performance.now();
let jobs = await startJobs({ ...jobOptions, transport: createMailTransport(config, log) });
await drained(backlog);
const backlogMs = performance.now() - started;
await jobs.stop();

// Emails written and announced one by one while the queue runs.
jobs = await startJobs({ ...jobOptions, transport: createMailTransport(config, log) });
started = performance.now();
const live = await write('live', (id) => jobs.emailQueued(id));
await drained(live);
const liveMs = performance.now() - started;
await jobs.stop();

const expected = 3 * total;
console.log(
  `\nemail queue, ${total.toLocaleString('en-US')} emails to an SMTP sink on 127.0.0.1` +
    `${latencyMs > 0 ? ` (${latencyMs} ms per message)` : ''}, ${database.kind}, ${EMAIL_SEND_CONCURRENCY} at a time`,
);
row('baseline: straight to the transport', baselineMs, baselineMs);
row('queue: backlog picked up at start', backlogMs, baselineMs);
row('queue: written and announced one by one', liveMs, baselineMs);
console.log(
  `sink received ${sink.received()} of ${expected} messages; backlog ${backlogMs / 1000 <= (TARGET_SECONDS * total) / 1000 ? 'within' : 'OVER'} the target of ${TARGET_SECONDS} s per 1,000`,
);
await database.close();
await sink.close();
if (sink.received() !== expected) process.exit(1);

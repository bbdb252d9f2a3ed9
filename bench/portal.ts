import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { and, count as sqlCount, desc, eq, inArray } from 'drizzle-orm';
import { createSandboxAddressLookup } from '#providers/address/sandbox';
import { createSandboxCreditBureau } from '#providers/credit-bureau/sandbox';
import { createSandboxPhoneLookup } from '#providers/phone-lookup/sandbox';
import { createSandboxSms } from '#providers/sms/sandbox';
import { buildApp } from '#server/app';
import { createEnrollmentProviders } from '#server/enrollment-providers';
import { openDatabase } from '#server/db/client';
import { application, borrower } from '#server/db/schema/application';
import { account, user } from '#server/db/schema/auth';
import { loadConfig } from '#server/env';
import { createStaff } from '#server/features/accounts/create-staff';
import { hashPassword } from '#server/plugins/auth';
import { authenticatorCode, base32Decode } from '#server/security/totp';
import { seedBulk } from '#server/seed/bulk-seed';
import { runLoad } from './load';

// The service portal's reads and a borrower's own read stay fast. Measures, beside a bare route (/api/health)
// in the same run, each read of the portal and a borrower's GET /api/application with autocannon in its own
// process (bench/load.ts), and prints one line per read: name, req/s, p50, p95, p99, ratio to the baseline.
//   npm run bench:portal -- --applications N [--seconds S] [--database-url postgres://...]
// Without a database URL it runs on a fresh embedded database (PGlite). A database that already holds N
// applications (for example one filled by `npm run seed -- --applications 1000000 --bulk`) is used as it is;
// otherwise the missing ones are seeded first. BENCH_DATABASE_URL is read when --database-url is not given;
// --data-dir measures an embedded database kept by `DATA_DIR=… npm run seed`.

const { values: args } = parseArgs({
  options: {
    applications: { type: 'string', default: '300' },
    seconds: { type: 'string', default: '5' },
    'database-url': { type: 'string' },
    /** An embedded database kept from an earlier run (npm run seed with DATA_DIR), used as it is. */
    'data-dir': { type: 'string' },
    /** Only the reads whose name contains this, or one of several separated by '|' (the baselines always run). */
    only: { type: 'string' },
  },
});
const count = Number(args.applications);
const seconds = Number(args.seconds);

const databaseUrl = args['database-url'] ?? process.env.BENCH_DATABASE_URL ?? '';
const keptDataDir = args['data-dir'];
// On a fresh embedded database the bench makes fresh secrets; on a kept database it keeps the ones the seed
// used (the environment's, or the development ones kept in DATA_DIR) so encrypted fields still decrypt.
const config = loadConfig({
  ...process.env,
  ...(databaseUrl
    ? {}
    : keptDataDir
      ? { DATA_DIR: keptDataDir }
      : {
          DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'dmp-bench-')),
          ENCRYPTION_KEY: randomBytes(32).toString('hex'),
          AUTH_SECRET: randomBytes(32).toString('hex'),
        }),
  NODE_ENV: 'test',
  DATABASE_URL: databaseUrl,
  LOG_LEVEL: 'silent',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
  DEMO_STAFF: 'false',
});
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const [held] = await database.db.select({ n: sqlCount() }).from(application);
const missing = count - Number(held?.n ?? 0);
if (missing > 0) {
  console.log(`seeding ${missing} applications on ${database.kind}...`);
  // A few hundred through the live use cases, the rest copied in bulk (npm run seed -- --bulk).
  const seeded = await seedBulk({ config, database, count: missing });
  console.log(`seeded in ${(seeded.durationMs / 1000).toFixed(1)} s`);
}
const [total] = await database.db.select({ n: sqlCount() }).from(application);

const app = await buildApp({
  config,
  database,
  phoneLookup: createSandboxPhoneLookup(),
  creditBureau: createSandboxCreditBureau(),
  addressLookup: createSandboxAddressLookup(),
  sms: createSandboxSms(),
  ...createEnrollmentProviders(config, database.db),
  logger: false,
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });

// A counsellor signed in with the second factor; the bench reuses the session cookie. A new one each run, so a
// kept database can be measured again.
const password = 'Bench#Pass9';
const staff = await createStaff(database.db, {
  email: `bench-${randomUUID().slice(0, 8)}@agency.org`,
  name: 'Bench Counsellor',
  password,
  mustChangePassword: false,
});
const cookies = new Map<string, string>();
const call = async (url: string, body?: unknown) => {
  const res = await app.inject({
    method: body === undefined ? 'GET' : 'POST',
    url,
    payload: body as object,
    // Like the browser: state-changing calls without our Origin are refused.
    headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '), origin: config.publicUrl },
  });
  for (const c of res.cookies) cookies.set(c.name, c.value);
  if (res.statusCode >= 400) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};
await call('/api/auth/sign-in', { username: staff.email, password });
const { secret } = (await call('/api/auth/two-factor/setup', { password })) as { secret: string };
await call('/api/auth/two-factor/setup/confirm', { code: authenticatorCode(base32Decode(secret)) });
const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');

// A borrower whose application went all the way (its whole document is read), signed in with a password
// given here: seeded borrowers have none. Their record also gives the search terms.
const [enrolled] = await database.db
  .select({
    applicationId: application.id,
    userId: application.owner,
    email: user.email,
    firstName: borrower.firstName,
    lastName: borrower.lastName,
    phoneNumber: borrower.phoneNumber,
  })
  .from(application)
  .innerJoin(user, eq(user.id, application.owner))
  .innerJoin(borrower, eq(borrower.applicationId, application.id))
  .where(inArray(application.status, ['transfer', 'transferred', 'creditorReview', 'counselorReview']))
  .orderBy(desc(application.createdAt))
  .limit(1);
if (!enrolled) throw new Error('the database holds no enrolled borrower: seed more applications');
const borrowerPassword = 'Borrower#Bench9';
await database.db
  .delete(account)
  .where(and(eq(account.userId, enrolled.userId), eq(account.providerId, 'credential')));
await database.db.insert(account).values({
  id: randomUUID(),
  accountId: enrolled.userId,
  providerId: 'credential',
  userId: enrolled.userId,
  password: await hashPassword(borrowerPassword),
});
const signedIn = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-in',
  payload: { username: enrolled.email, password: borrowerPassword },
  headers: { origin: config.publicUrl },
});
if (signedIn.statusCode !== 200) throw new Error(`borrower sign-in: ${signedIn.statusCode} ${signedIn.body}`);
const borrowerCookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

const search = (value: string) => `/api/staff/queue?searchValue=${encodeURIComponent(value)}`;
/** What is read, by whom, over how many connections. The first of each connection count is the baseline. */
// Applications of every status, for the summary opened on a different borrower at every request (none is in
// the server's memory yet: each opening reads the whole record from the database).
const spread = await database.db
  .select({ id: application.id })
  .from(application)
  .orderBy(desc(application.createdAt))
  .limit(5_000);
// Whole names of other borrowers, for a search whose matches no server has read yet.
const names = await database.db
  .selectDistinct({ firstName: borrower.firstName, lastName: borrower.lastName })
  .from(borrower)
  .limit(5_000);
/**
 * What a read must reach: at a million applications on PostgreSQL. The embedded database (one process, one
 * thread, a laptop's data) has a target for a borrower's own read only, at 100,000 applications.
 */
type Target = { p95?: number; p99?: number; rps?: number };
const onPostgres = database.kind === 'postgres';
const PORTAL_READ: Target | undefined = onPostgres ? { p95: 50 } : undefined;
const BORROWER_SUMMARY: Target | undefined = onPostgres ? { p95: 30 } : undefined;
const BORROWER_READ: Target = onPostgres ? { rps: 5_000, p99: 20 } : { rps: 1_500 };
const targets: {
  name: string;
  url: string;
  cookie: string;
  connections: number;
  paths?: string[];
  target?: Target;
}[] = [
  { name: 'baseline: GET /api/health', url: '/api/health', cookie, connections: 10 },
  {
    name: 'summary list (default filters)',
    url: '/api/staff/applications',
    cookie,
    connections: 10,
    target: PORTAL_READ,
  },
  // The summary list's language filter, beside the unfiltered list above: its counts per status and its
  // newest-first walk test each application's borrower through the same partial index as the queue.
  {
    name: 'summary list, Spanish speakers',
    url: '/api/staff/applications?language=es',
    cookie,
    connections: 10,
    target: PORTAL_READ,
  },
  {
    name: 'summary list, English speakers',
    url: '/api/staff/applications?language=en',
    cookie,
    connections: 10,
    target: PORTAL_READ,
  },
  {
    name: 'contact summary',
    url: '/api/staff/contact-summary',
    cookie,
    connections: 10,
    target: PORTAL_READ,
  },
  { name: 'queue, page 1', url: '/api/staff/queue', cookie, connections: 10, target: PORTAL_READ },
  // The language filter: Spanish speakers are one borrower in eight, each tested through a partial index
  // (decision 0098); with a narrow filter too, where the walk skips more.
  {
    name: 'queue, Spanish speakers, page 1',
    url: '/api/staff/queue?language=es',
    cookie,
    connections: 10,
    target: PORTAL_READ,
  },
  {
    name: 'queue, Spanish speakers, unclaimed in counselor review',
    url: '/api/staff/queue?language=es&applicationStatus=counselorReview&claimedStatus=unclaimed',
    cookie,
    connections: 10,
    target: PORTAL_READ,
  },
  {
    name: 'queue, English speakers, page 1',
    url: '/api/staff/queue?language=en',
    cookie,
    connections: 10,
    target: PORTAL_READ,
  },
  // What a counsellor types to find a person, then the worst case: a surname one borrower in a hundred has.
  {
    name: 'queue search: whole name',
    url: search(`${enrolled.firstName ?? 'Pat'} ${enrolled.lastName ?? 'Moore'}`),
    cookie,
    connections: 10,
    target: PORTAL_READ,
  },
  {
    name: 'queue search: a different whole name each time',
    url: search('Pat Moore'),
    paths: names.map((n) => search(`${n.firstName ?? ''} ${n.lastName ?? ''}`)),
    cookie,
    connections: 10,
    target: PORTAL_READ,
  },
  {
    name: 'queue search: common surname alone',
    url: search(enrolled.lastName ?? 'mor'),
    cookie,
    connections: 10,
    target: PORTAL_READ,
  },
  {
    name: 'queue search: email',
    url: search(enrolled.email.split('@')[0]!),
    cookie,
    connections: 10,
    target: PORTAL_READ,
  },
  {
    name: 'queue search: phone',
    url: search(enrolled.phoneNumber?.slice(2) ?? '555'),
    cookie,
    connections: 10,
    target: PORTAL_READ,
  },
  {
    name: 'queue search: id prefix',
    url: search(enrolled.applicationId.slice(0, 8)),
    cookie,
    connections: 10,
    target: PORTAL_READ,
  },
  {
    name: 'borrower summary (whole record, audited)',
    url: `/api/staff/applications/${enrolled.applicationId}`,
    cookie,
    connections: 10,
    target: BORROWER_SUMMARY,
  },
  {
    name: 'borrower summary, a different one each time',
    url: `/api/staff/applications/${enrolled.applicationId}`,
    paths: spread.map((a) => `/api/staff/applications/${a.id}`),
    cookie,
    connections: 10,
    target: BORROWER_SUMMARY,
  },
  { name: 'baseline: GET /api/health', url: '/api/health', cookie: '', connections: 50 },
  {
    name: "a borrower's GET /api/application",
    url: '/api/application',
    cookie: borrowerCookie,
    connections: 50,
    target: BORROWER_READ,
  },
];

console.log(
  `\n${Number(total?.n ?? 0)} applications on ${database.kind}, ${seconds} s each, load from another process`,
);
const column = (label: string, value: string | number, width: number) =>
  `${label} ${String(value).padStart(width)}`;
let baseline = 0;
let baselineConnections = 0;
/** 'p95 ≤ 50 ms: met' — or not met — for a read with a target. */
const verdict = (target: Target | undefined, r: { rps: number; p95: number; p99: number }) => {
  if (!target) return '';
  const parts = [
    target.rps !== undefined ? { text: `≥ ${target.rps} req/s`, ok: r.rps >= target.rps } : null,
    target.p95 !== undefined ? { text: `p95 ≤ ${target.p95} ms`, ok: r.p95 <= target.p95 } : null,
    target.p99 !== undefined ? { text: `p99 ≤ ${target.p99} ms`, ok: r.p99 <= target.p99 } : null,
  ].filter((x) => x !== null);
  return `  target ${parts.map((x) => x.text).join(', ')}: ${parts.every((x) => x.ok) ? 'met' : 'NOT MET'}`;
};
for (const { name, url, cookie: sentCookie, connections, paths, target } of targets) {
  if (args.only && !name.startsWith('baseline') && !args.only.split('|').some((part) => name.includes(part)))
    continue;
  if (connections !== baselineConnections) {
    console.log(`-- ${connections} connections`);
    baselineConnections = connections;
    baseline = 0;
  }
  const cpuBefore = process.cpuUsage();
  const result = await runLoad({
    url: `${address}${url}`,
    connections,
    seconds,
    headers: { cookie: sentCookie, origin: config.publicUrl },
    paths,
  });
  // CPU the server spent per answer: steadier than req/s on a machine doing other work.
  const cpu = process.cpuUsage(cpuBefore);
  const cpuPerRequest = Math.round((cpu.user + cpu.system) / Math.max(1, result.total));
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  if (baseline === 0) baseline = result.rps;
  console.log(
    [
      name.padEnd(42),
      column('', result.rps, 7) + ' req/s',
      column(' p50', result.p50, 6),
      column(' p95', result.p95, 6),
      column(' p99', result.p99, 6) + ' ms',
      `  ${((result.rps / baseline) * 100).toFixed(0)}% of baseline`,
      `  ${cpuPerRequest} µs CPU/request`,
      `  ${(result.bytesPerAnswer / 1024).toFixed(1)} KB/answer`,
      verdict(target, result),
    ].join(''),
  );
}
await app.close();
await database.close();

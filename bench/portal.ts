import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { eq, inArray } from 'drizzle-orm';
import { createSandboxAddressLookup } from '#providers/address/sandbox';
import { createSandboxCreditBureau } from '#providers/credit-bureau/sandbox';
import { createSandboxPhoneLookup } from '#providers/phone-lookup/sandbox';
import { createSandboxSms } from '#providers/sms/sandbox';
import { buildApp } from '#server/app';
import { createEnrollmentProviders } from '#server/enrollment-providers';
import { openDatabase } from '#server/db/client';
import { application } from '#server/db/schema/application';
import { account, user } from '#server/db/schema/auth';
import { loadConfig } from '#server/env';
import { createStaff } from '#server/features/accounts/create-staff';
import { hashPassword } from '#server/plugins/auth';
import { authenticatorCode, base32Decode } from '#server/security/totp';
import { seedApplications } from '#server/seed/seed-applications';

// The service portal's lists and search stay fast. Seeds N applications (default 300;
// `-- --applications N`), serves the app on loopback and measures the portal's reads with autocannon beside a
// bare route (/api/health) measured in the same run. BENCH_DATABASE_URL runs it on PostgreSQL.

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const count = arg('applications', 300);
const seconds = arg('seconds', 5);

const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'dmp-bench-')),
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  AUTH_SECRET: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'silent',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  DEMO_STAFF: 'false',
});
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
console.log(`seeding ${count} applications on ${database.kind}...`);
const seeded = await seedApplications({ config, database, count });
console.log(`seeded in ${(seeded.durationMs / 1000).toFixed(1)} s`);

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

// A counsellor signed in with the second factor; the bench reuses the session cookie.
const password = 'Bench#Pass9';
const staff = await createStaff(database.db, {
  email: 'bench@agency.org',
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
const someId = seeded.applicationIds[Math.floor(seeded.applicationIds.length / 2)]!;

// A borrower whose application went all the way (its whole document is read), signed in with a password
// given here: seeded borrowers have none.
const [enrolled] = await database.db
  .select({ userId: application.owner, email: user.email })
  .from(application)
  .innerJoin(user, eq(user.id, application.owner))
  .where(inArray(application.status, ['transfer', 'transferred', 'creditorReview', 'counselorReview']))
  .limit(1);
if (!enrolled) throw new Error('the seed made no enrolled borrower: seed more applications');
const borrowerPassword = 'Borrower#Bench9';
await database.db
  .insert(account)
  .values({
    id: randomUUID(),
    accountId: enrolled.userId,
    providerId: 'credential',
    userId: enrolled.userId,
    password: await hashPassword(borrowerPassword),
  })
  .onConflictDoNothing();
const signedIn = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-in',
  payload: { username: enrolled.email, password: borrowerPassword },
  headers: { origin: config.publicUrl },
});
if (signedIn.statusCode !== 200) throw new Error(`borrower sign-in: ${signedIn.statusCode} ${signedIn.body}`);
const borrowerCookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

/** What is read, by whom, over how many connections. The first of each connection count is the baseline. */
const targets: { name: string; url: string; cookie: string; connections: number }[] = [
  { name: 'baseline: GET /api/health', url: '/api/health', cookie, connections: 10 },
  { name: 'summary list (default filters)', url: '/api/staff/applications', cookie, connections: 10 },
  { name: 'queue, page 1', url: '/api/staff/queue', cookie, connections: 10 },
  { name: 'queue search "mor"', url: '/api/staff/queue?searchValue=mor', cookie, connections: 10 },
  {
    name: 'borrower summary (one query, audited)',
    url: `/api/staff/applications/${someId}`,
    cookie,
    connections: 10,
  },
  { name: 'baseline: GET /api/health', url: '/api/health', cookie: '', connections: 50 },
  {
    name: "a borrower's GET /api/application",
    url: '/api/application',
    cookie: borrowerCookie,
    connections: 50,
  },
];

console.log(`\n${count} applications on ${database.kind}, ${seconds} s each`);
let baseline = 0;
let baselineConnections = 0;
for (const { name, url, cookie: sentCookie, connections } of targets) {
  if (connections !== baselineConnections) {
    console.log(`-- ${connections} connections`);
    baselineConnections = connections;
    baseline = 0;
  }
  const result = await autocannon({
    url: `${address}${url}`,
    connections,
    duration: seconds,
    headers: { cookie: sentCookie, origin: config.publicUrl },
  });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  const rps = Math.round(result.requests.average);
  if (baseline === 0) baseline = rps;
  console.log(
    `${name.padEnd(40)} ${String(rps).padStart(7)} req/s  p50 ${String(result.latency.p50).padStart(4)} ms  p97.5 ${String(result.latency.p97_5).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(5)} ms  (${((rps / baseline) * 100).toFixed(0)}% of baseline)`,
  );
}
await app.close();
await database.close();

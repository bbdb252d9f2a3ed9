import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createSandboxAddressLookup } from '#providers/address/sandbox';
import { createSandboxCreditBureau } from '#providers/credit-bureau/sandbox';
import { createSandboxPhoneLookup } from '#providers/phone-lookup/sandbox';
import { createSandboxSms } from '#providers/sms/sandbox';
import { buildApp } from '#server/app';
import { createEnrollmentProviders } from '#server/enrollment-providers';
import { openDatabase } from '#server/db/client';
import { loadConfig } from '#server/env';
import { createStaff } from '#server/features/accounts/create-staff';
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

const targets = [
  ['baseline: GET /api/health', '/api/health'],
  ['summary list (default filters)', '/api/staff/applications'],
  ['queue, page 1', '/api/staff/queue'],
  ['queue search "mor"', '/api/staff/queue?searchValue=mor'],
  ['borrower summary (one query, audited)', `/api/staff/applications/${someId}`],
] as const;

console.log(`\n${count} applications, ${seconds} s each, 10 connections`);
let baseline = 0;
for (const [name, url] of targets) {
  const result = await autocannon({
    url: `${address}${url}`,
    connections: 10,
    duration: seconds,
    headers: { cookie, origin: config.publicUrl },
  });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  const rps = Math.round(result.requests.average);
  if (baseline === 0) baseline = rps;
  console.log(
    `${name.padEnd(40)} ${String(rps).padStart(7)} req/s  p50 ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(5)} ms  (${((rps / baseline) * 100).toFixed(0)}% of baseline)`,
  );
}
await app.close();
await database.close();

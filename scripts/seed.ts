/**
 * Seed data: N realistic applications made through the live flow's use cases, spread over every status.
 * Usage: npm run seed -- --applications 200 [--seed 1]
 * Writes to the configured database (DATA_DIR's embedded one, or DATABASE_URL). Refused when NODE_ENV=production.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { APPLICATION_STATUSES } from '#domain/flow/statuses';
import { openDatabase } from '#server/db/client';
import { ConfigError, type Config, loadConfig } from '#server/env';
import { DEFAULT_SEED, seedApplications } from '#server/seed/seed-applications';

const USAGE = 'Usage: npm run seed -- --applications N [--seed S]';
/** A bound that keeps a typo from filling the disk. */
const MAX_APPLICATIONS = 100_000;

const { values } = parseArgs({ options: { applications: { type: 'string' }, seed: { type: 'string' } } });
const args = z
  .object({
    applications: z.coerce
      .number({ error: '--applications must be a number' })
      .int('--applications must be a whole number')
      .min(1, '--applications must be at least 1')
      .max(MAX_APPLICATIONS, `--applications must be at most ${MAX_APPLICATIONS}`),
    seed: z.coerce.number().int('--seed must be a whole number').default(DEFAULT_SEED),
  })
  .safeParse(values);
if (!args.success) {
  console.error(args.error.issues.map((i) => i.message).join('\n'));
  console.error(USAGE);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
if (config.nodeEnv === 'production') {
  console.error('Refusing to seed made-up applications into a production database (NODE_ENV=production).');
  process.exit(1);
}

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const { applications, seed } = args.data;
console.log(`Seeding ${applications} applications (seed ${seed}) into the ${database.kind} database...`);
const step = Math.max(1, Math.round(applications / 20));
try {
  const summary = await seedApplications({
    config,
    database,
    count: applications,
    seed,
    onProgress: (done, total) => {
      if (done % step === 0 || done === total) process.stdout.write(`  ${done}/${total}\n`);
    },
  });
  console.log(`\nApplications by status (numbered from ${summary.firstIndex}):`);
  for (const status of APPLICATION_STATUSES) {
    console.log(`  ${status.padEnd(22)} ${summary.byStatus[status]}`);
  }
  console.log('Disqualified by reason:');
  for (const [reason, n] of Object.entries(summary.disqualifiedBy).sort((a, b) => b[1] - a[1])) {
    console.log(`  ${reason.padEnd(42)} ${n}`);
  }
  console.log(`Staff: ${summary.staff.map((s) => s.name).join(', ')} (no password: they cannot sign in)`);
  console.log(`Done in ${(summary.durationMs / 1000).toFixed(1)} s.`);
} finally {
  await database.close();
}

/**
 * Seed data: N realistic applications made through the live flow's use cases, spread over every status.
 * Usage: npm run seed -- --applications 200 [--seed 1]
 *        npm run seed -- --applications 1000000 --bulk [--seed 1] (a few hundred live, the rest copied in SQL)
 *        npm run seed -- --restore-indexes (after an interrupted bulk run; any seed run does it first anyway)
 * Writes to the configured database (DATA_DIR's embedded one, or DATABASE_URL). Refused when NODE_ENV=production.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { APPLICATION_STATUSES, type ApplicationStatus } from '#domain/flow/statuses';
import { loadConfigOrExit, openDatabaseOrExit } from '#server/command-start';
import { restoreIndexes } from '#server/seed/bulk-indexes';
import { seedBulk } from '#server/seed/bulk-seed';
import { DEFAULT_SEED, seedApplications } from '#server/seed/seed-applications';

const USAGE = 'Usage: npm run seed -- --applications N [--seed S] [--bulk]';
/** Bounds that keep a typo from filling the disk: live applications, and bulk copies. */
const MAX_APPLICATIONS = 100_000;
const MAX_BULK_APPLICATIONS = 1_000_000;

const { values } = parseArgs({
  options: {
    applications: { type: 'string' },
    seed: { type: 'string' },
    bulk: { type: 'boolean', default: false },
    'restore-indexes': { type: 'boolean', default: false },
  },
});
const restoreOnly = values['restore-indexes'] && values.applications === undefined;
const args = z
  .object({
    bulk: z.boolean(),
    applications: z.coerce
      .number({ error: '--applications must be a number' })
      .int('--applications must be a whole number')
      .min(1, '--applications must be at least 1'),
    seed: z.coerce.number().int('--seed must be a whole number').default(DEFAULT_SEED),
  })
  .superRefine((a, ctx) => {
    const max = a.bulk ? MAX_BULK_APPLICATIONS : MAX_APPLICATIONS;
    if (a.applications > max) {
      ctx.addIssue({
        code: 'custom',
        path: ['applications'],
        message: `--applications must be at most ${max}${a.bulk ? '' : ` (up to ${MAX_BULK_APPLICATIONS} with --bulk)`}`,
      });
    }
  })
  .safeParse(restoreOnly ? { bulk: false, applications: 1 } : values);
if (!args.success) {
  console.error(args.error.issues.map((i) => i.message).join('\n'));
  console.error(USAGE);
  process.exit(1);
}

const config = loadConfigOrExit();
if (config.nodeEnv === 'production') {
  console.error('Refusing to seed made-up applications into a production database (NODE_ENV=production).');
  process.exit(1);
}

const database = await openDatabaseOrExit(config);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
try {
  await database.migrate();
  // A bulk run interrupted while its constraints and indexes were set aside left their definitions: rebuild.
  const rebuilt = await restoreIndexes(database, (name, ms) =>
    console.log(`  rebuilt ${name} (${seconds(ms)})`),
  );
  if (rebuilt > 0)
    console.log(`Rebuilt ${rebuilt} constraints and indexes an interrupted bulk run set aside.`);
  if (!restoreOnly) await seed(args.data);
} finally {
  await database.close();
}

async function seed({ applications, seed, bulk }: { applications: number; seed: number; bulk: boolean }) {
  console.log(
    `Seeding ${applications} applications (seed ${seed}${bulk ? ', bulk' : ''}) into the ${database.kind} database...`,
  );
  const step = (total: number) => Math.max(1, Math.round(total / 20));
  const liveProgress = (done: number, total: number) => {
    if (done % step(total) === 0 || done === total) process.stdout.write(`  ${done}/${total}\n`);
  };
  // While constraints and indexes are set aside, Ctrl-C stops after the chunks being written and still rebuilds
  // them; a second Ctrl-C kills (the next seed run rebuilds them then).
  const stop = new AbortController();
  const stopGently = () => {
    process.once('SIGINT', () => {
      console.log('\nStopping after the chunks being written, then rebuilding (Ctrl-C again to kill)...');
      stop.abort();
      process.once('SIGINT', () => process.exit(130));
    });
  };
  const summary = bulk
    ? await seedBulk({
        config,
        database,
        count: applications,
        seed,
        signal: stop.signal,
        onProgress: (p) => {
          if (p.phase === 'templates') {
            if (p.done === 1) console.log('Templates, through the live use cases:');
            liveProgress(p.done, p.total);
          } else if (p.phase === 'copies') {
            console.log(`  copies ${p.done}/${p.total} (chunk in ${seconds(p.chunkMs)})`);
          } else if (p.phase === 'index') {
            if (p.ms >= 1000) console.log(`  rebuilt ${p.name} in ${seconds(p.ms)}`);
          } else {
            if (p.phase === 'aside') stopGently();
            const what = {
              aside: 'constraints and indexes set aside',
              indexes: 'constraints and indexes rebuilt',
              analyze: 'statistics updated',
            };
            console.log(`  ${what[p.phase]} in ${seconds(p.ms)}`);
          }
        },
      })
    : await seedApplications({ config, database, count: applications, seed, onProgress: liveProgress });

  console.log(`\nApplications by status (numbered from ${summary.firstIndex}):`);
  for (const status of APPLICATION_STATUSES) {
    console.log(`  ${status.padEnd(22)} ${summary.byStatus[status as ApplicationStatus]}`);
  }
  console.log('Disqualified by reason:');
  for (const [reason, n] of Object.entries(summary.disqualifiedBy).sort((a, b) => b[1] - a[1])) {
    console.log(`  ${reason.padEnd(42)} ${n}`);
  }
  if ('tables' in summary) {
    const p = summary.phases;
    console.log(
      `Copied ${summary.copies} applications from ${summary.templates} templates. Phases: templates ${seconds(p.templates)}, ` +
        `prepare ${seconds(p.prepare)}, copy ${seconds(p.copy)}, rebuild ${seconds(p.rebuild)}, analyze ${seconds(p.analyze)}. Rows per table:`,
    );
    for (const t of [...summary.tables].sort((a, b) => b.ms - a.ms)) {
      console.log(`  ${t.name.padEnd(30)} ${String(t.rows).padStart(11)} rows  ${seconds(t.ms).padStart(8)}`);
    }
  }
  console.log(`Staff: ${summary.staff.map((s) => s.name).join(', ')} (no password: they cannot sign in)`);
  console.log(`Done in ${seconds(summary.durationMs)}.`);
}

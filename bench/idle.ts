import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildIfStale, freePort, freshDatabase, startBuiltServer } from './built-server';
import type { QueryCounts } from './count-queries';

// What an agency server costs while nobody uses it: the built server started on its own in production mode on
// PostgreSQL (as bench/campaign.ts starts it), nothing sent to it but the one request that says it is ready.
// After a settling time (the jobs it runs at start), it prints its own CPU (utime + stime from /proc) over the
// measured seconds, in ms per second, and the statements it sent to PostgreSQL per second (bench/count-queries.ts
// preloaded), the job queue's apart, with the statements sent most often: the job queue's polling, pg-boss's own
// timers (maintenance, the cron check, the clock check) and the product's (the workers' heartbeat and sweep).
//   npx tsx bench/idle.ts [--seconds 60] [--settle 20] [--database bench_idle] [--database-url postgres://...]
//     [--root DIR]   (another checkout whose built server to run, for a before/after; built there if stale)
// The database URL (or BENCH_DATABASE_URL) names a PostgreSQL server the bench may create a database on: it
// drops and creates the database named on every run. When no PostgreSQL answers it says so and skips.

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    settle: { type: 'string', default: '20' },
    'database-url': { type: 'string' },
    database: { type: 'string', default: 'bench_idle' },
    root: { type: 'string' },
    /** How many statements to name, the most frequent first. */
    top: { type: 'string', default: '15' },
  },
});
const seconds = Number(args.seconds);
const settleSeconds = Number(args.settle);
const root = path.resolve(args.root ?? path.join(import.meta.dirname, '..'));

const serverUrl = new URL(
  args['database-url'] ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
const databaseName = args.database;
const databaseUrl = await freshDatabase(serverUrl, databaseName, 'bench:idle');

buildIfStale(root);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const countFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'dmp-idle-')), 'counts.json');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dmp-idle-data-'));
const server = await startBuiltServer({
  root,
  base,
  nodeArgs: ['--enable-source-maps', '--import', path.join(import.meta.dirname, 'count-queries.ts')],
  env: {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATABASE_URL: databaseUrl.toString(),
    DATA_DIR: dataDir,
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    AUTH_SECRET: randomBytes(32).toString('hex'),
    ALLOW_SANDBOX_PROVIDERS: 'true',
    EMAIL_TRANSPORT: 'log',
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    DEMO_STAFF: 'false',
    QUERY_COUNT_FILE: countFile,
    QUERY_COUNT_TEXTS: '1',
  },
});
const serverPid = server.pid;
const serverCpuMs = server.cpuMs;
const stopServer = server.stop;

/** The server's statement counts so far, and each statement's: it writes them on SIGWINCH. */
async function counts(): Promise<{ routes: QueryCounts; texts: Record<string, number> }> {
  rmSync(countFile, { force: true });
  process.kill(serverPid, 'SIGWINCH');
  const until = Date.now() + 30_000;
  for (;;) {
    await new Promise((r) => setTimeout(r, 50));
    if (existsSync(countFile)) {
      return {
        routes: JSON.parse(readFileSync(countFile, 'utf8')) as QueryCounts,
        texts: JSON.parse(readFileSync(`${countFile}.texts`, 'utf8')) as Record<string, number>,
      };
    }
    if (Date.now() > until) throw new Error('the server did not write its query counts');
  }
}
const total = (routes: QueryCounts) =>
  Object.values(routes).reduce((sum, c) => ({ own: sum.own + c.statements, queue: sum.queue + c.jobQueue }), {
    own: 0,
    queue: 0,
  });

await new Promise((r) => setTimeout(r, settleSeconds * 1000));
const load = os.loadavg()[0]!.toFixed(2);
const fromCounts = await counts();
const fromCpu = serverCpuMs();
const started = performance.now();
await new Promise((r) => setTimeout(r, seconds * 1000));
const cpu = serverCpuMs() - fromCpu;
const elapsed = (performance.now() - started) / 1000;
const toCounts = await counts();
stopServer();

const a = total(fromCounts.routes);
const b = total(toCounts.routes);
const perSecond = (n: number) => (n / elapsed).toFixed(2);
console.log(
  `\nbench:idle: ${root} (its built server, production mode, PostgreSQL ${databaseName}), ` +
    `${os.cpus().length} cores, load average (1 min) ${load} before the measure`,
);
console.log(
  `  over ${elapsed.toFixed(1)} s idle: server CPU ${(cpu / elapsed).toFixed(1)} ms/s (${cpu.toFixed(0)} ms); ` +
    `statements ${perSecond(b.own + b.queue - a.own - a.queue)}/s, of which the job queue's (pg-boss) ` +
    `${perSecond(b.queue - a.queue)}/s and the product's ${perSecond(b.own - a.own)}/s`,
);
const sent = Object.entries(toCounts.texts)
  .map(([text, n]) => [text, n - (fromCounts.texts[text] ?? 0)] as const)
  .filter(([, n]) => n > 0)
  .sort((x, y) => y[1] - x[1]);
for (const [text, n] of sent.slice(0, Number(args.top))) {
  console.log(`  ${perSecond(n).padStart(6)}/s  ${text}`);
}
if (sent.length > Number(args.top)) console.log(`  … and ${sent.length - Number(args.top)} other statements`);
await new Promise<void>((resolve) =>
  server.process.exitCode === null ? server.process.once('exit', () => resolve()) : resolve(),
);
rmSync(dataDir, { recursive: true, force: true });
rmSync(path.dirname(countFile), { recursive: true, force: true });

import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createSandboxAddressLookup } from '#providers/address/sandbox';
import { createSandboxCreditBureau } from '#providers/credit-bureau/sandbox';
import { createSandboxPhoneLookup } from '#providers/phone-lookup/sandbox';
import { createSandboxSms } from '#providers/sms/sandbox';
import { buildApp } from '#server/app';
import { openDatabase } from '#server/db/client';
import { createEnrollmentProviders } from '#server/enrollment-providers';
import { loadConfig } from '#server/env';
import { createMetrics } from '#server/plugins/metrics';
import { type LoadResult, runLoad } from './load';

// What counting every request costs (METRICS=true): the same app built twice on one database, metrics off and
// on, each loaded in turn by autocannon in its own process (bench/load.ts), rounds interleaved so that the
// shared machine's noise falls on both alike. Prints the worst round of each (the lowest req/s and the
// highest p99), the load average, and how long a scrape of /metrics takes.
//   npx tsx bench/metrics.ts [--rounds 3] [--seconds 5] [--connections 10] [--database-url postgres://...]

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    'database-url': { type: 'string' },
  },
});
const rounds = Number(args.rounds);
const seconds = Number(args.seconds);
const connections = Number(args.connections);
const databaseUrl = args['database-url'] ?? process.env.BENCH_DATABASE_URL ?? '';

const env = {
  NODE_ENV: 'test',
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'dmp-bench-metrics-')),
  ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  AUTH_SECRET: randomBytes(32).toString('hex'),
  DATABASE_URL: databaseUrl,
  LOG_LEVEL: 'silent',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
  DEMO_STAFF: 'false',
};
const database = await openDatabase({ databaseUrl: databaseUrl || undefined, dataDir: env.DATA_DIR });
await database.migrate();

async function start(metrics: boolean) {
  const config = loadConfig({ ...env, METRICS: String(metrics) });
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
  return { app, address: await app.listen({ port: 0, host: '127.0.0.1' }) };
}
const servers = { off: await start(false), on: await start(true) };

// A bare route (the most the counting can weigh, relatively) and a small read answered from a file.
const ROUTES = ['/api/health', '/api/legal/privacy-policy'];
const load = (mode: 'off' | 'on', route: string) =>
  runLoad({ url: `${servers[mode].address}${route}`, connections, seconds, headers: {} });

const loadBefore = os.loadavg();
const results = new Map<string, LoadResult[]>();
for (let round = 0; round < rounds; round++) {
  for (const route of ROUTES) {
    // Alternate which goes first, so neither always runs on the warmer (or the busier) moment.
    const order: ('off' | 'on')[] = round % 2 === 0 ? ['off', 'on'] : ['on', 'off'];
    for (const mode of order) {
      const result = await load(mode, route);
      if (result.non2xx > 0) throw new Error(`${route} (${mode}): ${result.non2xx} answers were not 2xx`);
      const key = `${route} ${mode}`;
      results.set(key, [...(results.get(key) ?? []), result]);
    }
  }
}
const loadAfter = os.loadavg();

const fmt = (n: number[]) => n.map((v) => v.toFixed(2)).join(' ');
console.log(`load average before ${fmt(loadBefore)}, after ${fmt(loadAfter)} (${os.cpus().length} cores)`);
console.log(`${database.kind}, ${connections} connections, ${seconds} s per run, worst of ${rounds}`);
for (const route of ROUTES) {
  const worst = (mode: string) => {
    const runs = results.get(`${route} ${mode}`)!;
    return {
      rps: Math.min(...runs.map((r) => r.rps)),
      best: Math.max(...runs.map((r) => r.rps)),
      p99: Math.max(...runs.map((r) => r.p99)),
      all: runs.map((r) => r.rps).join('/'),
    };
  };
  const off = worst('off');
  const on = worst('on');
  const change = (a: number, b: number) => `${((b / a - 1) * 100).toFixed(1)}%`;
  console.log(
    `${route}: off ${off.rps} req/s (p99 ${off.p99} ms; runs ${off.all}), on ${on.rps} req/s (p99 ${on.p99} ms; runs ${on.all}): worst ${change(off.rps, on.rps)}, best ${change(off.best, on.best)}`,
  );
}

// Scrapes: every series the load above created; the first reads the database counts, the others within
// 5 s reuse that read.
const scrapes: number[] = [];
for (let i = 0; i < 20; i++) {
  const started = performance.now();
  const res = await servers.on.app.inject({ method: 'GET', url: '/metrics' });
  scrapes.push(performance.now() - started);
  if (res.statusCode !== 200) throw new Error(`/metrics: ${res.statusCode}`);
}
scrapes.sort((a, b) => a - b);
const size = (await servers.on.app.inject({ method: 'GET', url: '/metrics' })).body.length;
console.log(
  `/metrics: 20 scrapes, slowest ${scrapes.at(-1)!.toFixed(1)} ms, median ${scrapes[10]!.toFixed(1)} ms; ${size} bytes`,
);

// CPU time per request through the whole app (in process, no network), off and on in turn: on a busy
// machine this varies far less than requests per second do. The lowest of the rounds for each.
const cpuPerRequest = async (mode: 'off' | 'on', route: string, n = 5_000) => {
  const started = process.cpuUsage();
  for (let i = 0; i < n; i++) await servers[mode].app.inject({ method: 'GET', url: route });
  const used = process.cpuUsage(started);
  return (used.user + used.system) / n;
};
for (const route of ROUTES) {
  // A round not kept, so that neither mode is measured while the JIT still compiles the route.
  for (const mode of ['off', 'on'] as const) await cpuPerRequest(mode, route);
  const cpu = { off: [] as number[], on: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    for (const mode of round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
      cpu[mode].push(await cpuPerRequest(mode, route));
    }
  }
  const off = Math.min(...cpu.off);
  const on = Math.min(...cpu.on);
  console.log(
    `${route} in process: off ${off.toFixed(1)} µs of CPU per request, on ${on.toFixed(1)} µs (${((on / off - 1) * 100).toFixed(1)}%)`,
  );
}

// The counting alone, without the machine's noise: CPU time per request the onResponse hook adds.
const alone = createMetrics({ database, log: servers.on.app.log });
const calls = 500_000;
const cpu = process.cpuUsage();
for (let i = 0; i < calls; i++) alone.observe('GET', ROUTES[i % 2], 200, 0.001 * (i % 50));
const { user, system } = process.cpuUsage(cpu);
console.log(`counting one request: ${((user + system) / calls).toFixed(2)} µs of CPU (${calls} in a loop)`);

await servers.off.app.close();
await servers.on.app.close();
await database.close();

import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { journeyEnv } from '#tests/e2e/support/server';

// How long `npm start` takes until the server answers: from the command to the first 200 on /api/health,
// with one embedded database kept across the starts (as on a machine that restarts the product). The first
// start migrates the new database (and builds, when the build is not current); the next N starts are the
// figure that counts, each a start of a built checkout, whose worst is compared with the target.
//   npm run bench:start [-- --runs N] [--first-build]
// --first-build removes the build's stamp first, so the first start builds everything and its time is the
// first-build figure.

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, 'first-build': { type: 'boolean', default: false } },
});
const runs = Math.max(1, Number(args.runs));
const TARGET_MS = 3_000;

const root = path.resolve(import.meta.dirname, '..');

/** One `npm start` until /api/health answers 200, then SIGTERM and its exit; the milliseconds to the 200. */
async function timedStart(env: Record<string, string>): Promise<number> {
  const started = performance.now();
  // Its own process group, so the stop reaches npm, its shell and the server under it.
  const child = spawn('npm', ['start'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (d) => (output += String(d)));
  child.stderr.on('data', (d) => (output += String(d)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let elapsed: number | undefined;
  const deadline = started + 15 * 60_000;
  while (elapsed === undefined) {
    if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    if (performance.now() > deadline) throw new Error(`no answer from /api/health:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${env.PORT}/api/health`);
      if (res.status === 200) elapsed = performance.now() - started;
    } catch {
      // not listening yet
    }
    if (elapsed === undefined) await new Promise((r) => setTimeout(r, 20));
  }
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
  return elapsed;
}

const env: Record<string, string> = { ...(await journeyEnv()), NODE_ENV: 'development', LOG_LEVEL: 'warn' };
try {
  if (args['first-build']) rmSync(path.join(root, 'dist/build-stamp.txt'), { force: true });
  const first = await timedStart(env);
  console.log(
    `first start (${args['first-build'] ? 'builds, ' : ''}migrates a new database): ${(first / 1000).toFixed(1)} s`,
  );
  const times: number[] = [];
  for (let run = 1; run <= runs; run++) {
    const ms = await timedStart(env);
    times.push(ms);
    console.log(`start ${run} of a built checkout: ${(ms / 1000).toFixed(2)} s`);
  }
  const worst = Math.max(...times);
  console.log(
    `worst of ${runs}: ${(worst / 1000).toFixed(2)} s (target ≤ ${TARGET_MS / 1000} s): ${worst <= TARGET_MS ? 'met' : 'NOT met'}`,
  );
} finally {
  rmSync(env.DATA_DIR!, { recursive: true, force: true });
}

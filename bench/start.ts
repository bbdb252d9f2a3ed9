import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { journeyEnv } from '#tests/e2e/support/server';

// How long `npm start` takes until the server answers: from the command to the first 200 on /api/health,
// with one embedded database kept across the starts (as on a machine that restarts the product). The first
// start migrates the new database (and builds, when the build is not current); the next N starts are the
// figure that counts, each a start of a built checkout, whose worst is compared with the target.
//   npm run bench:start [-- --runs N] [--first-build]
// --first-build removes the build's stamp first, so the first start builds everything and its time is the
// first-build figure. Each start also prints the CPU time its processes used until the 200 (Linux only): on
// a shared machine the wall time mostly measures the neighbours.

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, 'first-build': { type: 'boolean', default: false } },
});
const runs = Math.max(1, Number(args.runs));
const TARGET_MS = 3_000;

const root = path.resolve(import.meta.dirname, '..');

const TICKS_PER_SECOND = 100;

/**
 * The CPU time (user and system, in ms) that the process `pid` and everything under it have used so far,
 * from Linux's /proc: the processes still running with the children they have waited for. On a shared machine
 * the wall time depends on the neighbours; this is the work the start itself did.
 */
function cpuMsOfTree(pid: number): number {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const name of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      // After the command's closing parenthesis: state, ppid, ... utime (14), stime, cutime, cstime (17).
      const fields = readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]!.split(' ');
      const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
      stats.set(Number(name), { ppid: Number(fields[1]), ticks });
    } catch {
      // the process ended meanwhile
    }
  }
  const inTree = (id: number): boolean => {
    for (let at: number | undefined = id; at; at = stats.get(at)?.ppid) if (at === pid) return true;
    return false;
  };
  let ticks = 0;
  for (const [id, { ticks: t }] of stats) if (inTree(id)) ticks += t;
  return (ticks * 1000) / TICKS_PER_SECOND;
}

type Start = { ms: number; cpuMs: number };

/** One `npm start` until /api/health answers 200, then SIGTERM and its exit: the time to the 200 and its CPU. */
async function timedStart(env: Record<string, string>): Promise<Start> {
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
  let elapsed: Start | undefined;
  const deadline = started + 15 * 60_000;
  while (elapsed === undefined) {
    if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    if (performance.now() > deadline) throw new Error(`no answer from /api/health:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${env.PORT}/api/health`);
      if (res.status === 200) elapsed = { ms: performance.now() - started, cpuMs: cpuMsOfTree(child.pid!) };
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
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const first = await timedStart(env);
  console.log(
    `first start (${args['first-build'] ? 'builds, ' : ''}migrates a new database): ${seconds(first.ms)} (CPU ${seconds(first.cpuMs)})`,
  );
  const starts: Start[] = [];
  for (let run = 1; run <= runs; run++) {
    const start = await timedStart(env);
    starts.push(start);
    console.log(`start ${run} of a built checkout: ${seconds(start.ms)} (CPU ${seconds(start.cpuMs)})`);
  }
  const worst = Math.max(...starts.map((s) => s.ms));
  const worstCpu = Math.max(...starts.map((s) => s.cpuMs));
  console.log(
    `worst of ${runs}: ${seconds(worst)}, CPU ${seconds(worstCpu)} (target ≤ ${TARGET_MS / 1000} s): ${worst <= TARGET_MS ? 'met' : 'NOT met'}`,
  );
} finally {
  rmSync(env.DATA_DIR!, { recursive: true, force: true });
}

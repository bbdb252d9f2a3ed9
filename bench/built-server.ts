import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import pg from 'pg';

// What the benches that drive the built server share (bench/campaign.ts, bench/idle.ts): a database of their
// own, made fresh on a PostgreSQL server, and the built server started on its own on a free port, with its CPU
// read from /proc.

/**
 * Drops and creates `name` on the PostgreSQL server at `serverUrl` and answers its URL; when no server answers,
 * prints that `bench` is skipped (with `hint`) and exits.
 */
export async function freshDatabase(serverUrl: URL, name: string, bench: string, hint = ''): Promise<URL> {
  const admin = new pg.Client({ connectionString: serverUrl.toString(), connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch (error) {
    console.log(
      `${bench} skipped: no PostgreSQL answers at ${serverUrl.host} (${error instanceof Error ? error.message : String(error)}).${hint ? ` ${hint}` : ''}`,
    );
    process.exit(0);
  }
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error('--database: lower-case letters, digits and _');
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  return databaseUrl;
}

/** Builds the checkout at `root` if its build is stale. */
export function buildIfStale(root: string): void {
  // npm and npx put the project's Node 24 first on the PATH (decision 0088): process.execPath is it.
  const built = spawnSync(process.execPath, ['scripts/build-stamp.ts', 'build-if-stale'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('the build failed');
}

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export type BuiltServer = {
  process: ChildProcess;
  pid: number;
  /** The server's own CPU time so far (user + system, ms), from /proc/<pid>/stat. */
  cpuMs: () => number;
  /** The server's CPU by thread name (the main thread, V8's helper threads, libuv's pool), ms, from /proc. */
  cpuByThreadMs: () => Map<string, number>;
  /** The same split: in the program (user) and in the kernel on its behalf (system: socket writes among them), ms. */
  cpuSplitMs: () => { user: number; system: number };
  stop: () => void;
};

/** Linux counts CPU time in /proc in ticks of 10 ms. */
export const TICKS_PER_SECOND = 100;

/**
 * Starts `dist/server/main.js` of `root` with `env` (and Node's `nodeArgs` before it), stopped when this
 * process exits; answers once GET /api/ready at `base` answers, within 2 minutes.
 */
export async function startBuiltServer(o: {
  root: string;
  base: string;
  env: Record<string, string>;
  nodeArgs?: string[];
}): Promise<BuiltServer> {
  const server = spawn(process.execPath, [...(o.nodeArgs ?? []), 'dist/server/main.js'], {
    cwd: o.root,
    env: o.env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = () => {
    if (server.exitCode === null) server.kill('SIGTERM');
  };
  process.on('exit', stop);
  const pid = server.pid!;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${o.base}/api/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not become ready in 2 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
  const cpuSplitMs = () => {
    // After the command's closing parenthesis: state is field 0, utime field 11, stime field 12.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return {
      user: (Number(fields[11]) * 1000) / TICKS_PER_SECOND,
      system: (Number(fields[12]) * 1000) / TICKS_PER_SECOND,
    };
  };
  const cpuByThreadMs = () => {
    const byName = new Map<string, number>();
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
      } catch {
        continue; // the thread ended
      }
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/\d+$/, '');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
      byName.set(name, (byName.get(name) ?? 0) + ms);
    }
    return byName;
  };
  const cpuMs = () => {
    const { user, system } = cpuSplitMs();
    return user + system;
  };
  return { process: server, pid, cpuMs, cpuByThreadMs, cpuSplitMs, stop };
}

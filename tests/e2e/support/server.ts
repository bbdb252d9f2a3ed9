import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { copyMigratedDatabase } from './migrated-database';

const root = path.resolve(import.meta.dirname, '../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export type TestServer = {
  url: string;
  dataDir: string;
  env: Record<string, string>;
  /** Stops the server and removes its database, unless `keepData` (to run a script on it and start again). */
  stop: (o?: { keepData?: boolean }) => Promise<void>;
};

/**
 * Environment for one journey: its own data directory (a fresh embedded database, already migrated when the
 * journeys' global setup made one: migrated-database.ts) and port.
 */
export async function journeyEnv(): Promise<Record<string, string>> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dmp-e2e-'));
  copyMigratedDatabase(dataDir);
  return {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    DEMO_STAFF: 'false',
    LOG_LEVEL: 'warn',
  };
}

/** Runs one of the project's scripts (e.g. the staff CLI) against the journey's database, before the server starts. */
export async function runScript(
  env: Record<string, string>,
  script: string,
  args: string[],
): Promise<string> {
  const { stdout } = await promisify(execFile)(tsx, [path.join(root, script), ...args], { env, cwd: root });
  return stdout;
}

/** The compiled server that `npm run build` writes and `npm start` runs. */
const compiledServer = path.join(root, 'dist/server/main.js');

/**
 * Starts the product and waits until it is ready: by default the built one, as `npm start` runs it once the
 * build is current (the browser journeys run after `npm run build`). `fromSource` runs src/server/main.ts
 * through tsx instead, for the tests that run before anything is built (the API tests).
 */
export async function startServer(
  env: Record<string, string>,
  { fromSource = false }: { fromSource?: boolean } = {},
): Promise<TestServer> {
  if (!fromSource && !existsSync(compiledServer)) {
    throw new Error(`${path.relative(root, compiledServer)} is missing: run npm run build first`);
  }
  const [command, args] = fromSource
    ? [tsx, [path.join(root, 'src/server/main.ts')]]
    : [process.execPath, ['--enable-source-maps', compiledServer]];
  const child: ChildProcess = spawn(command, args, { env, cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  const url = env.PUBLIC_URL!;
  // Three minutes: a fresh database migrates and creates the job queues first, slow on a loaded machine.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${env.PORT}/api/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left running behind the failed test (it would hold its port and database until the machine stops).
      child.kill('SIGKILL');
      throw new Error(`server did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir: env.DATA_DIR!,
    env,
    stop: async (o = {}) => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!o.keepData) rmSync(env.DATA_DIR!, { recursive: true, force: true });
    },
  };
}

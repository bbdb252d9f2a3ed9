import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The real server as one child process (`node --import tsx`, as `npm start` runs it), so that a SIGKILL hits
 * the server itself: through the tsx command it would hit tsx, and the server beneath could live on.
 */
export type CrashableServer = {
  child: ChildProcess;
  /** Everything it printed so far (for failure messages). */
  output: () => string;
  /** When it was spawned and when it first answered /api/ready (ms since the epoch). */
  spawnedAt: number;
  readyAt: number;
  /** kill -9; resolves once the process is gone. */
  kill: () => Promise<void>;
  /** SIGTERM, and SIGKILL after 10 s. */
  stop: () => Promise<void>;
};

export async function startCrashableServer(env: Record<string, string>): Promise<CrashableServer> {
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    env,
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output.slice(-4000)}`);
    try {
      const res = await fetch(`http://127.0.0.1:${env.PORT}/api/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become ready:\n${output.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  return {
    child,
    output: () => output,
    spawnedAt,
    readyAt: Date.now(),
    kill: async () => {
      if (gone()) return;
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (gone()) return;
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (!gone()) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}

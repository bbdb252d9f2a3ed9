import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, fromPostgres, openDatabase } from '#server/db/client';
import { user } from '#server/db/schema/auth';
import { createPostgresTestDatabase } from '#tests/setup/test-database';
import { buildServer } from '../../scripts/build-server';
import { journeyEnv } from '../e2e/support/server';

// A deploy or a container stop sends SIGTERM. The server then stops accepting connections, answers every
// request already in flight (their writes commit), closes the job queue and the database, and exits 0.
// Before, a keep-alive connection whose request finished during the drain stayed open for its keep-alive
// timeout (72 s), so the close outlasted its grace delay and the process was killed with exit code 1.
// The real server runs as a child process, on 127.0.0.1 and a free port, with a fresh embedded database (on
// the PostgreSQL pass, a fresh PostgreSQL database: there the pool must drain too).

const root = path.resolve(import.meta.dirname, '../..');

/** Leads hash a password and sign in (argon2 twice) and write in a transaction; health checks are quick. */
const LEADS = 20;
const HEALTH_CHECKS = 40;
/** Leads whose body arrives only after the SIGTERM: certainly in flight when it comes. */
const SLOW_LEADS = 3;
/** How long the process may take from SIGTERM to its exit: the drain, the job queue's stop, the database. */
const EXIT_WITHIN_MS = 10_000;

type Answer = { status: number } | { error: string };

let child: ChildProcess | undefined;
let dataDir: string | undefined;
let postgres: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
// The compiled server, as `npm start` runs it, built here for this file: the API tests run before the build.
// Inside the checkout, so the packages it imports are found in node_modules.
const serverDir = path.join(root, '.tmp', `server-${randomUUID()}`);
beforeAll(async () => {
  await buildServer(root, serverDir);
}, 60_000);
afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  rmSync(serverDir, { recursive: true, force: true });
  await postgres?.drop();
});

/**
 * One request on a keep-alive connection of its own (as a browser or a proxy keeps them). With `rest`, half
 * the body is sent at once and the other half when `rest` resolves: a slow upload, in flight for as long.
 */
function request(
  agent: http.Agent,
  port: number,
  o: { method: string; path: string; body?: unknown; origin: string; rest?: Promise<void> },
): Promise<Answer> {
  return new Promise((resolve) => {
    const body = o.body === undefined ? undefined : JSON.stringify(o.body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: o.method,
        path: o.path,
        agent,
        headers: {
          origin: o.origin,
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
        res.on('error', (error) => resolve({ error: error.message }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    if (!body || !o.rest) return void req.end(body);
    const half = Math.floor(body.length / 2);
    req.write(body.slice(0, half));
    void o.rest.then(() => req.end(body.slice(half)));
  });
}

/** The error code of a new TCP connection to the port, or 'connected'. */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it answers a value, or fails with the server's last output. */
async function until<T>(
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs: number,
  output: () => string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${output().slice(-4000)}`);
    await sleep(10);
  }
}

describe('SIGTERM', () => {
  it(
    'stops accepting, answers the requests in flight, then closes and exits 0',
    { timeout: 120_000 },
    async () => {
      const env: Record<string, string> = {
        ...(await journeyEnv()),
        // Request lines show which requests the server has received and which it has answered.
        LOG_LEVEL: 'info',
        AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      };
      dataDir = env.DATA_DIR!;
      postgres = await createPostgresTestDatabase();
      if (postgres) env.DATABASE_URL = postgres.url;
      const port = Number(env.PORT);
      const origin = env.PUBLIC_URL!;

      // As `npm start` runs it: one Node process running the compiled server. (The tsx command, by contrast,
      // runs a server in a child process and, if that child does not confirm a relayed SIGTERM within 30 ms,
      // as on a busy machine, kills it outright: in-flight requests were reset and nothing drained.)
      const server = spawn(process.execPath, ['--enable-source-maps', path.join(serverDir, 'main.js')], {
        env,
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = server;
      let output = '';
      const answered = new Set<string>();
      const leadRequests = new Set<string>();
      const healthRequests = new Set<string>();
      let pending = '';
      server.stdout.on('data', (chunk: Buffer) => {
        output += String(chunk);
        pending += String(chunk);
        const complete = pending.split('\n');
        pending = complete.pop() ?? '';
        for (const line of complete) {
          if (!line.startsWith('{')) continue;
          const entry = JSON.parse(line) as { msg?: string; reqId?: string; req?: { url?: string } };
          if (!entry.reqId) continue;
          if (entry.msg === 'incoming request') {
            if (entry.req?.url === '/api/lead') leadRequests.add(entry.reqId);
            if (entry.req?.url === '/api/health') healthRequests.add(entry.reqId);
          }
          if (entry.msg === 'request completed') answered.add(entry.reqId);
        }
      });
      server.stderr.on('data', (chunk: Buffer) => (output += String(chunk)));
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>(
        (resolve) => server.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
      );

      const probeAgent = new http.Agent({ keepAlive: false });
      await until(
        'the server to be ready',
        async () => {
          if (server.exitCode !== null) throw new Error(`server exited early:\n${output}`);
          const ready = await request(probeAgent, port, { method: 'GET', path: '/api/ready', origin });
          return 'status' in ready && ready.status === 200 ? true : undefined;
        },
        60_000,
        () => output,
      );

      // The burst: every request on a keep-alive connection of its own.
      const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
      let finishUploads = () => {};
      const uploadsFinished = new Promise<void>((resolve) => (finishUploads = resolve));
      const emails = Array.from(
        { length: LEADS + SLOW_LEADS },
        (_, i) => `shutdown.${Date.now()}.${i}@example.com`,
      );
      const leads = emails.map((email, i) =>
        request(agent, port, {
          method: 'POST',
          path: '/api/lead',
          origin,
          body: {
            firstName: 'Pat',
            lastName: 'Doe',
            email,
            phoneNumber: '415-555-0123',
            agreedToTerms: true,
          },
          rest: i >= LEADS ? uploadsFinished : undefined,
        }),
      );
      const healthChecks = Array.from({ length: HEALTH_CHECKS }, () =>
        request(agent, port, { method: 'GET', path: '/api/health', origin }),
      );

      // SIGTERM once the server has every request of the burst (the slow ones are waiting for their bodies).
      await until(
        'the server to receive the burst',
        () =>
          leadRequests.size >= LEADS + SLOW_LEADS && healthRequests.size >= HEALTH_CHECKS ? true : undefined,
        30_000,
        () => output,
      );
      const leadsInFlight = [...leadRequests].filter((id) => !answered.has(id)).length;
      server.kill('SIGTERM');
      const signalledAt = Date.now();
      // Otherwise nothing was in flight and the test would prove nothing.
      expect(leadsInFlight).toBeGreaterThan(0);

      // No new connection is accepted once the close has begun. One that reached the listening socket's queue
      // as it closed is reset (ECONNRESET, seen on a busy machine): the next one finds nothing listening.
      const refused = await until(
        'new connections to be refused',
        async () => {
          const outcome = await tryConnect(port);
          return outcome === 'connected' || outcome === 'ECONNRESET' ? undefined : outcome;
        },
        3_000,
        () => output,
      );
      expect(refused).toBe('ECONNREFUSED');
      // The slow uploads end after the server stopped accepting: their requests are still answered.
      finishUploads();

      // Every request in flight was answered: no reset connection, no 503.
      const leadAnswers = await Promise.all(leads);
      const healthAnswers = await Promise.all(healthChecks);
      // The server's own lines say why a request was not answered (a crash, a close past its grace delay).
      expect(leadAnswers, output.slice(-4000)).toEqual(emails.map(() => ({ status: 201 })));
      expect(healthAnswers, output.slice(-4000)).toEqual(healthChecks.map(() => ({ status: 200 })));

      const exit = await Promise.race([exited, sleep(EXIT_WITHIN_MS + 5_000).then(() => undefined)]);
      expect(exit, `the server did not exit:\n${output.slice(-4000)}`).toBeDefined();
      expect({ code: exit!.code, signal: exit!.signal }, output.slice(-4000)).toEqual({
        code: 0,
        signal: null,
      });
      expect(exit!.at - signalledAt).toBeLessThan(EXIT_WITHIN_MS);
      expect(await tryConnect(port)).toBe('ECONNREFUSED');
      agent.destroy();
      probeAgent.destroy();

      // The leads answered during the drain were committed, and the database was closed cleanly: it opens.
      const database: Database = postgres
        ? fromPostgres(postgres.url, { max: 1 })
        : await openDatabase({ dataDir: dataDir! });
      try {
        const rows = await database.db
          .select({ email: user.email })
          .from(user)
          .where(inArray(user.email, emails));
        expect(rows).toHaveLength(LEADS + SLOW_LEADS);
      } finally {
        await database.close();
      }
    },
  );
});

import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import PgBoss from 'pg-boss';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, smsOutbox } from '#server/db/schema/ops';
import { PGBOSS_SCHEMA } from '#server/jobs/queue';
import { cachedRead, createMetrics, DATABASE_READ_TTL_MS } from '#server/plugins/metrics';
import { MAX_SMS_ATTEMPTS, OPTED_OUT_ERROR } from '#server/sms/deliver-sms';
import { createTestApp, type TestApp } from '#tests/setup/test-app';

// Prometheus metrics: off unless METRICS=true; then request counts and durations per route pattern (never a
// raw URL: no ids, no query strings), the job queue, the outboxes and the database pool.

/** The value of one sample of the exposition text, or undefined when it is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

const scrape = async (t: TestApp, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers });

describe('metrics on the main port (METRICS=true)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS: 'true' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the Prometheus text format, counting a request under its route', async () => {
    const before = sample((await scrape(t)).body, 'http_requests_total', { route: '/api/health' }) ?? 0;
    expect((await t.client().get('/api/health')).statusCode).toBe(200);
    const res = await scrape(t);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4; charset=utf-8/);
    expect(res.body).toContain('# TYPE http_requests_total counter');
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
    const labels = { method: 'GET', route: '/api/health', status_code: '200' };
    expect(sample(res.body, 'http_requests_total', labels)).toBe(before + 1);
    const duration = { method: 'GET', route: '/api/health', status_class: '2xx' };
    expect(sample(res.body, 'http_request_duration_seconds_count', duration)).toBe(before + 1);
    expect(sample(res.body, 'http_request_duration_seconds_bucket', { ...duration, le: '+Inf' })).toBe(
      before + 1,
    );
    // The process's own metrics come along.
    expect(sample(res.body, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it('names a request by its route pattern, never by the id in its URL', async () => {
    const id = randomUUID();
    expect((await t.client().get(`/api/staff/applications/${id}`)).statusCode).toBe(401);
    const { body } = await scrape(t);
    const labels = { method: 'GET', route: '/api/staff/applications/:id', status_code: '401' };
    expect(sample(body, 'http_requests_total', labels)).toBe(1);
    expect(body).not.toContain(id);
  });

  it('leaves out the query string and the path parameters, whatever they hold', async () => {
    const res = await t.client().get('/api/legal/privacy-policy?email=jane.doe%40mail.test&phone=2025550143');
    expect(res.statusCode).toBe(200);
    const { body } = await scrape(t);
    expect(sample(body, 'http_requests_total', { route: '/api/legal/:document', status_code: '200' })).toBe(
      1,
    );
    for (const leak of ['jane', 'mail.test', '2025550143', 'privacy-policy', 'email=']) {
      expect(body).not.toContain(leak);
    }
  });

  it('counts every path no route matched as one series, "unmatched"', async () => {
    const labels = { method: 'GET', route: 'unmatched', status_code: '404' };
    const before = sample((await scrape(t)).body, 'http_requests_total', labels) ?? 0;
    expect((await t.client().get('/api/no-such-route/jane.doe@mail.test')).statusCode).toBe(404);
    expect((await t.client().get('/api/another/2025550143?ssn=123-45-6789')).statusCode).toBe(404);
    // A method Node accepts but the product never uses is one series too.
    await t.app.inject({ method: 'PROPFIND', url: `/api/${randomUUID()}` });
    const { body } = await scrape(t);
    expect(sample(body, 'http_requests_total', labels)).toBe(before + 2);
    expect(sample(body, 'http_requests_total', { method: 'OTHER', route: 'unmatched' })).toBe(1);
    for (const leak of ['jane', '2025550143', '123-45-6789', 'no-such-route', 'PROPFIND']) {
      expect(body).not.toContain(leak);
    }
  });

  it('has no job series before the job queue first started (no pg-boss schema yet), and no error', async () => {
    const { body } = await scrape(t);
    expect(body).toContain('# TYPE dmp_job_queue_jobs gauge');
    expect(body).not.toContain('dmp_job_queue_jobs{');
    expect(sample(body, 'dmp_email_outbox_messages', { state: 'pending' })).toBe(0);
    expect(sample(body, 'dmp_metrics_database_read_failures_total')).toBe(0);
  });

  it('reports the database pool on PostgreSQL; the embedded database has none', async () => {
    const { body } = await scrape(t);
    if (t.database.kind === 'postgres') {
      // The test database opens at most 4 connections (tests/setup/test-database.ts).
      expect(sample(body, 'dmp_db_pool_max_connections', { pool: 'main' })).toBe(4);
      expect(sample(body, 'dmp_db_pool_connections', { pool: 'main' })).toBeGreaterThanOrEqual(1);
      expect(sample(body, 'dmp_db_pool_waiting_queries', { pool: 'main' })).toBe(0);
      expect(sample(body, 'dmp_db_pool_idle_connections', { pool: 'generic_plan' })).toBeDefined();
    } else {
      expect(body).not.toContain('dmp_db_pool_');
    }
  });
});

describe('the job queue and the outboxes', () => {
  let t: TestApp;
  let boss: PgBoss | undefined;
  beforeAll(async () => {
    t = await createTestApp({ METRICS: 'true' });
  });
  afterAll(async () => {
    await boss?.stop({ graceful: false, wait: true });
    await t.close();
  });

  it('reads each queue’s jobs by state and the messages not delivered, at most once per few seconds', async () => {
    // A real pg-boss on the test database: three jobs queued, one of them fetched and failed.
    boss = new PgBoss({ db: { executeSql: t.database.executeSql }, schema: PGBOSS_SCHEMA, supervise: false });
    await boss.start();
    await boss.createQueue('metrics-probe', { name: 'metrics-probe', retryLimit: 0 });
    // Due a second ago: the embedded database's clock counts milliseconds, and pg-boss fetches only jobs whose
    // start_after is before its `now()`, which a job sent in the same millisecond is not.
    const dueAgo = new Date(Date.now() - 1000);
    for (let i = 0; i < 3; i++) await boss.send('metrics-probe', { i }, { startAfter: dueAgo });
    const [job] = await boss.fetch('metrics-probe');
    await boss.fail('metrics-probe', job!.id, { message: 'probe' });

    const now = new Date();
    await t.db.insert(emailOutbox).values([
      { to: 'a@mail.test', kind: 'probe', sealed: 'x' },
      { to: 'b@mail.test', kind: 'probe', sealed: 'x' },
      { to: 'c@mail.test', kind: 'probe', sealed: 'x', failedAt: now },
      { to: 'd@mail.test', kind: 'probe', sealed: 'x', sentAt: now },
    ]);
    await t.db.insert(smsOutbox).values([
      { to: '+12025550143', body: 'x', eventType: 'probe' },
      { to: '+12025550144', body: 'x', eventType: 'probe', attempts: MAX_SMS_ATTEMPTS, lastError: 'refused' },
      {
        to: '+12025550145',
        body: 'x',
        eventType: 'probe',
        attempts: MAX_SMS_ATTEMPTS,
        lastError: OPTED_OUT_ERROR,
      },
      { to: '+12025550146', body: 'x', eventType: 'probe', attempts: 1, sentAt: now },
    ]);

    const { body } = await scrape(t);
    const jobs = (state: string) => sample(body, 'dmp_job_queue_jobs', { queue: 'metrics-probe', state });
    // The failed one is not counted: pg-boss's public API has no count of jobs that gave up.
    expect([jobs('created'), jobs('retry'), jobs('active'), jobs('failed')]).toEqual([2, 0, 0, undefined]);
    expect(sample(body, 'dmp_email_outbox_messages', { state: 'pending' })).toBe(2);
    expect(sample(body, 'dmp_email_outbox_messages', { state: 'failed' })).toBe(1);
    expect(sample(body, 'dmp_sms_outbox_messages', { state: 'pending' })).toBe(1);
    expect(sample(body, 'dmp_sms_outbox_messages', { state: 'failed' })).toBe(1);
    expect(sample(body, 'dmp_sms_outbox_messages', { state: 'opted_out' })).toBe(1);
    expect(sample(body, 'dmp_metrics_database_read_failures_total')).toBe(0);
    for (const leak of ['mail.test', '2025550']) expect(body).not.toContain(leak);

    // A scrape right after reuses that read; one a few seconds later reads again.
    await t.db.insert(emailOutbox).values({ to: 'e@mail.test', kind: 'probe', sealed: 'x' });
    const pending = async () =>
      sample((await scrape(t)).body, 'dmp_email_outbox_messages', { state: 'pending' });
    expect(await pending()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, DATABASE_READ_TTL_MS + 100));
    expect(await pending()).toBe(3);
  });
});

describe('cachedRead', () => {
  it('reads once for a storm of callers, again only after the delay, and remembers a failure as empty', async () => {
    let clock = 0;
    let reads = 0;
    let fail = false;
    const read = cachedRead(
      5_000,
      async () => {
        reads += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
        if (fail) throw new Error('database down');
        return reads;
      },
      () => clock,
    );
    expect(await Promise.all(Array.from({ length: 50 }, () => read()))).toEqual(Array(50).fill(1));
    clock = 4_999;
    expect(await read()).toBe(1);
    clock = 5_000;
    fail = true;
    expect(await Promise.all([read(), read()])).toEqual([undefined, undefined]);
    expect(reads).toBe(2);
    clock = 9_999;
    expect(await read()).toBeUndefined();
    expect(reads).toBe(2);
    clock = 10_000;
    fail = false;
    expect(await read()).toBe(3);
  });

  it('leaves the database gauges empty when the read fails, and counts the failure', async () => {
    const t = await createTestApp();
    try {
      const failing = {
        ...t.database,
        executeSql: async () => {
          throw new Error('connection refused');
        },
      };
      const metrics = createMetrics({ database: failing, log: pino({ level: 'silent' }) });
      const text = await metrics.registry.metrics();
      expect(sample(text, 'dmp_metrics_database_read_failures_total')).toBe(1);
      expect(text).toContain('# TYPE dmp_email_outbox_messages gauge');
      expect(sample(text, 'dmp_email_outbox_messages', { state: 'pending' })).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe('metrics off (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // With a build of the web app, whose client routes would answer any other unknown path with its page.
    const webRoot = mkdtempSync(path.join(os.tmpdir(), 'dmp-web-metrics-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await createTestApp({}, { webRoot });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers /metrics 404, as an unknown API path, not with the web app', async () => {
    const res = await scrape(t);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NotFound', message: 'No route GET /metrics' });
    expect((await t.client().get('/api/no-such-route')).statusCode).toBe(404);
    // A client route of the web app, for comparison.
    expect((await t.client().get('/no-such-page')).statusCode).toBe(200);
  });
});

describe('a metrics token', () => {
  const TOKEN = randomUUID().replaceAll('-', '') + randomUUID().replaceAll('-', '');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS: 'true', METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is asked for as a bearer token; nothing else opens /metrics', async () => {
    const missing = await scrape(t);
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    expect(missing.body).not.toContain('http_requests_total');
    for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, `Basic ${TOKEN}`, TOKEN]) {
      expect((await scrape(t, { authorization })).statusCode).toBe(401);
    }
    const res = await scrape(t, { authorization: `Bearer ${TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('http_requests_total');
  });
});

/** A port free at this moment (the listener is closed again before it is handed out). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('metrics on a port of their own (METRICS_PORT)', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
  });

  it('serves /metrics there only, counting the main port’s requests, and closes with the app', async () => {
    const port = await freePort();
    const TOKEN = 'f0e1d2c3b4a5968778695a4b3c2d1e0f'.repeat(2);
    t = await createTestApp({
      METRICS: 'true',
      METRICS_PORT: String(port),
      METRICS_HOST: '127.0.0.1',
      METRICS_TOKEN: TOKEN,
    });
    expect((await scrape(t)).statusCode).toBe(404);
    expect((await t.client().get('/api/health')).statusCode).toBe(200);

    const address = await t.app.listenMetrics();
    expect(address).toBe(`http://127.0.0.1:${port}/metrics`);
    const authorization = `Bearer ${TOKEN}`;
    expect((await fetch(address!)).status).toBe(401);
    const res = await fetch(address!, { headers: { authorization } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = await res.text();
    expect(sample(body, 'http_requests_total', { route: '/api/health', status_code: '200' })).toBe(1);
    // The main port's /metrics answer (404) is counted too, under its route.
    expect(sample(body, 'http_requests_total', { route: '/metrics', status_code: '404' })).toBe(1);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { authorization } })).status).toBe(
      404,
    );

    await t.close();
    t = undefined;
    await expect(fetch(address!)).rejects.toThrow();
  });

  it('stops the start when the port is taken', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = taken.address() as net.AddressInfo;
      t = await createTestApp({ METRICS: 'true', METRICS_PORT: String(port), METRICS_HOST: '127.0.0.1' });
      await expect(t.app.listenMetrics()).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

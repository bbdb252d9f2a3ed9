import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database, PoolUse } from '../db/client';
import type { Config } from '../env';
import { readJobCounts } from '../jobs/job-counts';
import { MAX_SMS_ATTEMPTS, OPTED_OUT_ERROR } from '../sms/deliver-sms';

// Prometheus metrics (METRICS=true): what the requests, the job queue, the outboxes and the database pool are
// doing, read by a Prometheus server at /metrics. Nothing personal may reach a label: a request is named by its
// route's pattern ('/api/staff/applications/:id'), never by its URL (ids, query strings), and a request that
// matched no route is 'unmatched', so a client inventing URLs cannot create new series either.

/** The route label of a request no route matched (an unknown path, the web app's client routes). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * How long figures read from the database (job counts, outbox counts) are reused. Prometheus scrapes every
 * 15 to 60 s; a burst of scrapes (several Prometheus servers, someone reloading the page) reads the database
 * at most once per this delay, and scrapes arriving while a read runs wait for that read.
 */
export const DATABASE_READ_TTL_MS = 5_000;

/** Methods named as they are; anything else (Node accepts a few dozen) is 'OTHER', so the set stays small. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Seconds: from a cached read (a few ms) to a slow report or a timed-out provider call. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The counts read from the database at a scrape. */
export type DatabaseFigures = {
  /** Per pg-boss queue and state; empty before the job queue first started (no pgboss schema yet). */
  jobs: { queue: string; state: string; count: number }[];
  emails: { pending: number; failed: number };
  texts: { pending: number; failed: number; optedOut: number };
};

/**
 * `read` at most once per `ttlMs`; callers arriving while it runs share it. A failed read is remembered for
 * the same time (as undefined), so a database that is down is not asked again at every scrape either.
 */
export function cachedRead<T>(
  ttlMs: number,
  read: () => Promise<T>,
  now: () => number = Date.now,
): () => Promise<T | undefined> {
  let last: { at: number; value: T | undefined } | undefined;
  let running: Promise<T | undefined> | undefined;
  return () => {
    if (last && now() - last.at < ttlMs) return Promise.resolve(last.value);
    running ??= read()
      .catch(() => undefined)
      .then((value) => {
        last = { at: now(), value };
        running = undefined;
        return value;
      });
    return running;
  };
}

const toCount = (value: unknown): number => Number(value ?? 0);

/** The job, email and text counts, in a few small queries (each served by an index or a small table). */
export async function readDatabaseFigures(database: Database): Promise<DatabaseFigures> {
  // Every queue, each state at zero unless counted: a series that exists at zero can be alerted on.
  const jobs: DatabaseFigures['jobs'] = await readJobCounts(database);
  // Only rows never delivered: the sent_at index keeps this small however many were sent.
  const { rows: emails } = await database.executeSql(
    `select count(*) filter (where failed_at is null) as pending,
            count(*) filter (where failed_at is not null) as failed
       from email_outbox where sent_at is null`,
  );
  const { rows: texts } = await database.executeSql(
    `select count(*) filter (where attempts < $1) as pending,
            count(*) filter (where attempts >= $1 and last_error is distinct from $2) as failed,
            count(*) filter (where attempts >= $1 and last_error = $2) as opted_out
       from sms_outbox where sent_at is null`,
    [MAX_SMS_ATTEMPTS, OPTED_OUT_ERROR],
  );
  const email = emails[0] as { pending: unknown; failed: unknown };
  const text = texts[0] as { pending: unknown; failed: unknown; opted_out: unknown };
  return {
    jobs,
    emails: { pending: toCount(email.pending), failed: toCount(email.failed) },
    texts: {
      pending: toCount(text.pending),
      failed: toCount(text.failed),
      optedOut: toCount(text.opted_out),
    },
  };
}

/** The product's metrics in a registry of their own (a test process builds several apps). */
export function createMetrics(o: { database: Database; log: FastifyBaseLogger; readTtlMs?: number }) {
  const registry = new Registry();
  // The process's own: CPU, memory, event-loop delay, garbage collection, open handles.
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to the end of its answer, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });

  const figures = cachedRead(o.readTtlMs ?? DATABASE_READ_TTL_MS, () =>
    readDatabaseFigures(o.database).catch((error: unknown) => {
      readFailures.inc();
      o.log.warn({ err: error }, 'metrics: could not read the job and outbox counts');
      throw error;
    }),
  );
  // Its collect waits for this scrape's read: the registry gathers every metric at once, and the read's
  // failure must be counted before this value is.
  const readFailures = new Counter({
    name: 'dmp_metrics_database_read_failures_total',
    help: 'Failed reads of the job and outbox counts from the database (at most one read per 5 s; the gauges stay empty until one succeeds).',
    registers: [registry],
    async collect() {
      await figures();
    },
  });
  new Gauge({
    name: 'dmp_job_queue_jobs',
    help: 'Jobs in each pg-boss queue by state: created (waiting, or scheduled for later), retry (waiting to be tried again), active (running). Shared by every instance.',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const job of (await figures())?.jobs ?? []) {
        this.set({ queue: job.queue, state: job.state }, job.count);
      }
    },
  });
  new Gauge({
    name: 'dmp_email_outbox_messages',
    help: 'Emails not delivered: pending (still being tried) or failed (given up after EMAIL_GIVE_UP_HOURS, kept on record). Shared by every instance.',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const read = await figures();
      if (!read) return;
      this.set({ state: 'pending' }, read.emails.pending);
      this.set({ state: 'failed' }, read.emails.failed);
    },
  });
  new Gauge({
    name: 'dmp_sms_outbox_messages',
    help: 'Text messages not sent: pending (still being tried), failed (every attempt used, kept on record) or opted_out (not sent: the borrower replied STOP). Shared by every instance.',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const read = await figures();
      if (!read) return;
      this.set({ state: 'pending' }, read.texts.pending);
      this.set({ state: 'failed' }, read.texts.failed);
      this.set({ state: 'opted_out' }, read.texts.optedOut);
    },
  });

  // The embedded database has no pool (one connection inside this process): these exist on PostgreSQL only.
  const pools = o.database.pools;
  if (pools) {
    const poolGauge = (name: string, help: string, pick: (use: PoolUse) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['pool'] as const,
        registers: [registry],
        collect() {
          for (const use of pools()) this.set({ pool: use.pool }, pick(use));
        },
      });
    poolGauge(
      'dmp_db_pool_connections',
      'PostgreSQL connections open in this instance (busy or idle), per pool: main, or generic_plan (the borrower summary).',
      (use) => use.total,
    );
    poolGauge('dmp_db_pool_idle_connections', 'Open connections not in use, per pool.', (use) => use.idle);
    poolGauge(
      'dmp_db_pool_waiting_queries',
      'Queries waiting for a free connection, per pool: above zero for long, the pool is too small for the load.',
      (use) => use.waiting,
    );
    poolGauge('dmp_db_pool_max_connections', 'The most connections the pool opens.', (use) => use.max);
  }

  // A child per label set, found again by one string key: cheaper at every request than prom-client matching
  // the label object. The label sets are few (routes times methods times codes), so this stays small.
  const children = new Map<
    string,
    { count: ReturnType<typeof requests.labels>; duration: ReturnType<typeof durations.labels> }
  >();
  return {
    registry,
    /** Counts one answered request; `route` is its pattern, or undefined when no route matched. */
    observe(method: string, route: string | undefined, statusCode: number, seconds: number) {
      const m = METHODS.has(method) ? method : 'OTHER';
      const r = route ?? UNMATCHED_ROUTE;
      const key = `${m} ${statusCode} ${r}`;
      let child = children.get(key);
      if (!child) {
        child = {
          count: requests.labels(m, r, String(statusCode)),
          duration: durations.labels(m, r, `${Math.floor(statusCode / 100)}xx`),
        };
        children.set(key, child);
      }
      child.count.inc();
      child.duration.observe(seconds);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** A bearer-token check in constant time (both sides hashed first, so their lengths are equal). */
function bearerCheck(token: string | undefined): (header: string | undefined) => boolean {
  if (!token) return () => true;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  const expected = digest(token);
  return (header) => {
    const match = /^Bearer +(\S+)\s*$/i.exec(header ?? '');
    return match !== null && timingSafeEqual(digest(match[1]!), expected);
  };
}

const NOT_FOUND = (method: string) => ({ code: 'NotFound', message: `No route ${method} /metrics` });
const UNAUTHORIZED = {
  code: 'Unauthorized',
  message: 'Metrics need the bearer token (Authorization: Bearer <METRICS_TOKEN>).',
};

/**
 * Installs the metrics on the app: the request counter (on every request, whichever listener) and /metrics,
 * on the main port when METRICS_PORT is unset, otherwise on a listener of its own started by
 * `app.listenMetrics()`. When metrics are off, or on their own port, /metrics on the main port answers 404
 * (JSON, not the web app's page), so a scraper pointed at the wrong place fails plainly.
 */
export function registerMetrics(
  app: FastifyInstance,
  o: { config: Config['metrics']; database: Database; readTtlMs?: number },
) {
  const settings = o.config;
  let listen = async (): Promise<string | undefined> => undefined;
  app.decorate('listenMetrics', () => listen());
  if (!settings) {
    app.get('/metrics', (request, reply) => reply.status(404).send(NOT_FOUND(request.method)));
    return;
  }
  const metrics = createMetrics({ database: o.database, log: app.log, readTtlMs: o.readTtlMs });
  const authorized = bearerCheck(settings.token);
  // onResponse runs after the answer is sent: counting adds nothing to the time the client waits.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observe(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  if (settings.port === undefined) {
    app.get('/metrics', async (request, reply) => {
      if (!authorized(request.headers.authorization))
        return reply.status(401).header('www-authenticate', 'Bearer').send(UNAUTHORIZED);
      const text = await metrics.registry.metrics();
      return reply
        .header('content-type', metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(text);
    });
    return;
  }

  app.get('/metrics', (request, reply) => reply.status(404).send(NOT_FOUND(request.method)));
  const port = settings.port;
  const server = http.createServer((request, response) => {
    const json = (status: number, body: object, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      response.end(JSON.stringify(body));
    };
    const method = request.method ?? 'GET';
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (method !== 'GET' && method !== 'HEAD')) {
      return json(404, { code: 'NotFound', message: 'Only GET /metrics is served here.' });
    }
    if (!authorized(request.headers.authorization)) {
      return json(401, UNAUTHORIZED, { 'www-authenticate': 'Bearer' });
    }
    metrics.registry.metrics().then(
      (text) => {
        response.writeHead(200, {
          'content-type': metrics.registry.contentType,
          'cache-control': 'no-store',
        });
        response.end(method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics: could not gather the metrics');
        json(500, { code: 'InternalServerError', message: 'The metrics could not be gathered.' });
      },
    );
  });
  listen = () =>
    new Promise<string | undefined>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, settings.host, () => {
        server.off('error', reject);
        const address = server.address() as AddressInfo;
        resolve(
          `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}/metrics`,
        );
      });
    });
  // After the main listener has drained (graceful close): a scrape during a deploy still answers.
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Starts the metrics' own listener (METRICS_PORT) and resolves with its address; resolves undefined when
     * there is none (metrics off, or served on the main port).
     */
    listenMetrics: () => Promise<string | undefined>;
  }
}

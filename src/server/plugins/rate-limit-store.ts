import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { ExecuteSql } from '#server/db/client';

// Where the rate limits count requests. The plugin's default store is one process's memory: with several
// server instances behind a load balancer, each would give a client a full budget of its own. These counters
// live where every instance sees them: the database (table rate_limit_counter), or Redis when REDIS_URL is
// set (through @fastify/rate-limit's own Redis store and the ioredis client).

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;
type RouteOptions = { routeInfo?: { method?: string; url?: string }; groupId?: string };

/** One counter per limiter and client: hashed, so no client address is stored. */
const counterKey = (prefix: string, client: string) =>
  createHash('sha256').update(`${prefix}\u0000${client}`).digest('base64url');

// One statement: the first hit of a window sets its end; a hit after the end starts a new window at 1.
// Concurrent hits from several instances serialise on the row, so none is lost.
const INCREMENT = `
  insert into rate_limit_counter as c (key, hits, resets_at)
  values ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
  on conflict (key) do update set
    hits = case when c.resets_at <= now() then 1 else c.hits + 1 end,
    resets_at = case when c.resets_at <= now() then excluded.resets_at else c.resets_at end
  returning hits, greatest(0, ceil(extract(epoch from (resets_at - now())) * 1000))::int as ttl`;

const READ = `
  select hits, greatest(0, ceil(extract(epoch from (resets_at - now())) * 1000))::int as ttl
    from rate_limit_counter where key = $1 and resets_at > now()`;

/** Deletes counters whose window ended; run by the hourly clean-up job. Answers how many. */
export async function deleteExpiredRateLimitCounters(executeSql: ExecuteSql): Promise<number> {
  const { rows } = await executeSql(
    `with gone as (delete from rate_limit_counter where resets_at < now() returning 1) select count(*)::int as n from gone`,
  );
  return (rows[0] as { n: number } | undefined)?.n ?? 0;
}

/**
 * A store class for @fastify/rate-limit (`store` option) that counts in the database. The plugin makes one
 * store, then a child per route or limiter (`child`), whose counters are apart from the others'.
 */
export function databaseRateLimitStore(executeSql: ExecuteSql): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _globalParams?: unknown,
      private readonly prefix = 'global',
    ) {}

    incr(client: string, callback: Callback, timeWindow: number) {
      executeSql(INCREMENT, [counterKey(this.prefix, client), timeWindow]).then(
        ({ rows }) => {
          const row = rows[0] as { hits: number; ttl: number };
          callback(null, { current: Number(row.hits), ttl: Number(row.ttl) });
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    read(client: string, callback: Callback) {
      executeSql(READ, [counterKey(this.prefix, client)]).then(
        ({ rows }) => {
          const row = rows[0] as { hits: number; ttl: number } | undefined;
          callback(null, { current: Number(row?.hits ?? 0), ttl: Number(row?.ttl ?? 0) });
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(options: object) {
      // The plugin passes the route's merged options: its route (routeInfo) or a limiter's groupId.
      const routeOptions = options as RouteOptions;
      const route = routeOptions.routeInfo?.url
        ? `${routeOptions.routeInfo.method ?? ''} ${routeOptions.routeInfo.url}`
        : undefined;
      // A limiter made with app.rateLimit() has no route: its groupId (or 'shared') names its counters.
      return new DatabaseRateLimitStore(undefined, route ?? routeOptions.groupId ?? 'shared');
    }
  }
  return DatabaseRateLimitStore;
}

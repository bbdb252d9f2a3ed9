import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { projectPath } from '../project-files';
import { lockEmbeddedDatabase } from './embedded-lock';
import { insertReferenceData } from './reference-data';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/**
 * One open transaction, and only that: the plain database handle is not one (it has no rollback), so a
 * function that locks rows (`for update`) and asks for a Transaction cannot be handed the handle by mistake,
 * where each statement would commit on its own and the lock end with it. Units of work hold one
 * (unit-of-work.ts).
 */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];
/**
 * Reads only: the query builders that select, which both the database handle and a transaction have, and no
 * insert, update or delete. A function that only reads takes a Reader, so its caller can run it inside a
 * transaction (seeing that transaction's own writes) or on the pool (the portal's big reads do, on purpose),
 * while a function that writes or locks takes a Transaction and cannot be handed the plain handle.
 */
export type Reader = Pick<Db, 'select' | 'selectDistinct' | 'selectDistinctOn' | '$count' | 'query'>;
/** Runs raw SQL for libraries that bring their own queries (pg-boss). */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/** One connection pool's use at this moment (node-postgres counts). */
export type PoolUse = {
  /** Which pool: 'main' (the requests' and the jobs') or 'generic_plan' (see genericPlanDb). */
  pool: 'main' | 'generic_plan';
  /** The most connections it opens. */
  max: number;
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection: above zero, the pool is too small for the load. */
  waiting: number;
};

export type Database = {
  kind: 'pglite' | 'postgres';
  /**
   * Each connection pool's use, for the metrics; absent on the embedded database, which is one connection
   * inside this process (nothing to open, nothing to wait for).
   */
  pools?: () => PoolUse[];
  db: Db;
  /**
   * The same database for a few big prepared reads whose plan does not depend on their parameters (one
   * application's whole record by its id): PostgreSQL keeps one generic plan for them instead of planning
   * them afresh at every call, which cost more than running them. Only statements prepared here are affected;
   * a search, whose best plan depends on the term, stays on `db`. On the embedded database it is `db`.
   */
  genericPlanDb: Db;
  executeSql: ExecuteSql;
  /**
   * A raw statement prepared once per connection under `name` on the generic-plan connections (see
   * genericPlanDb): for a hot statement drizzle cannot prepare (an insert feeding a select).
   */
  preparedSql: (name: string, text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;
  migrate: () => Promise<void>;
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /**
   * Hears what is sent on `channel` (NOTIFY) on a connection of its own: onMessage gets each payload, onLost is
   * called when that connection ends without being asked to (then nothing more arrives). Resolves with a stop.
   */
  listen: (
    channel: string,
    onMessage: (payload: string) => void,
    onLost: () => void,
  ) => Promise<() => Promise<void>>;
};

export const migrationsFolder = projectPath('src/server/db/migrations');

export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    genericPlanDb: db,
    // pg-boss sends multi-statement scripts without parameters: those must go through exec.
    executeSql: async (text, values) => {
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      return client.query(text, values);
    },
    // In the same process: nothing to gain from naming a statement.
    preparedSql: (_name, text, values) => client.query(text, values),
    migrate: async () => {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder });
      await insertReferenceData(db);
    },
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    // In the same process as the database: the connection cannot be lost.
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await stop();
      };
    },
  };
}

// The product's reads are many small ones at once: parallel workers (each a process started per query) and
// just-in-time compilation cost more than they save there, and they take cores from the other requests.
// Measured on the portal's searches at a million applications (bench/RESULTS.md).
const SESSION_SETTINGS = '-c max_parallel_workers_per_gather=0 -c jit=off';

export function fromPostgres(url: string, options: { max?: number } = {}): Database {
  const max = options.max ?? 10;
  const pool = new pg.Pool({ connectionString: url, max, options: SESSION_SETTINGS });
  // Connections whose prepared statements keep a generic plan (Database.genericPlanDb); opened when first
  // used, so a process that never reads a borrower summary holds none.
  const genericPlanPool = new pg.Pool({
    connectionString: url,
    max: Math.min(4, max),
    options: `${SESSION_SETTINGS} -c plan_cache_mode=force_generic_plan`,
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  genericPlanPool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    genericPlanDb: drizzlePg({ client: genericPlanPool, schema }) as unknown as Db,
    pools: () => [
      { pool: 'main', max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount },
      {
        pool: 'generic_plan',
        max: Math.min(4, max),
        total: genericPlanPool.totalCount,
        idle: genericPlanPool.idleCount,
        waiting: genericPlanPool.waitingCount,
      },
    ],
    executeSql: (text, values) => pool.query(text, values as unknown[]),
    preparedSql: (name, text, values) => genericPlanPool.query({ name, text, values }),
    migrate: async () => {
      await migratePg(drizzlePg({ client: pool }), { migrationsFolder });
      await insertReferenceData(db);
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: async () => {
      await Promise.all([pool.end(), genericPlanPool.end()]);
    },
    listen: async (channel, onMessage, onLost) => {
      const client = new pg.Client({ connectionString: url });
      let stopped = false;
      let lost = false;
      const loseOnce = () => {
        if (stopped || lost) return;
        lost = true;
        onLost();
      };
      client.on('notification', (message) => {
        if (message.channel === channel) onMessage(message.payload ?? '');
      });
      client.on('error', loseOnce);
      client.on('end', loseOnce);
      try {
        await client.connect();
        await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      } catch (error) {
        stopped = true;
        await client.end().catch(() => {});
        throw error;
      }
      return async () => {
        stopped = true;
        await client.end().catch(() => {});
      };
    },
  };
}

/** Extensions the migrations use, loaded into every embedded database (trigram indexes for the portal's search). */
export const PGLITE_EXTENSIONS = { pg_trgm };

export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) return fromPostgres(options.databaseUrl);
  const dir = path.join(options.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  // One process at a time: a second one would corrupt the files (embedded-lock.ts).
  const unlock = lockEmbeddedDatabase(dir);
  try {
    const database = fromPglite(await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS }));
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { APPLICATION_STATUSES, type ApplicationStatus } from '#domain/flow/statuses';
import type { Database } from '#server/db/client';
import type { Config } from '#server/env';
import { planCopy } from './bulk-copies';
import { restoreIndexes, setIndexesAside } from './bulk-indexes';
import { bankHistorySince, COPIES_TABLE, copiesRecord, copyStatement, createCopiesTable } from './bulk-sql';
import { copiedTables } from './bulk-tables';
import { dropWorkSchema, prepareTemplates, type TemplateFacts } from './bulk-templates';
import { DEFAULT_SEED, seedApplications, type SeedSummary } from './seed-applications';

// `npm run seed -- --applications N --bulk`: a few hundred templates made through the live use cases
// (seedApplications), then N − templates varied copies of them written with INSERT … SELECT, a chunk of copies
// per transaction. Docs: README.md ("Seed data") and docs/decisions/0039-bulk-seed-copies-live-templates.md.

/**
 * Templates made live: 25 blocks of the status cycle (every status and in-progress page, each disqualification
 * outcome several times) in about 20 seconds; each is then copied about 3,300 times for a million.
 */
export const DEFAULT_TEMPLATES = 300;
/** Copies per transaction: bounded memory and progress every few seconds. */
export const DEFAULT_CHUNK = 50_000;
/**
 * Rebuilding costs time in proportion to everything in the tables, keeping indexes up costs it per copy: from
 * this many copies (and when they at least double the applications) rebuilding wins, by 2 to 4 times
 * (bench/RESULTS.md, "Seeding").
 */
const SET_ASIDE_FROM = 20_000;

export type BulkProgress =
  | { phase: 'templates'; done: number; total: number }
  | { phase: 'copies'; done: number; total: number; chunkMs: number }
  | { phase: 'index'; name: string; ms: number }
  | { phase: 'aside' | 'indexes' | 'analyze'; ms: number };

export type BulkSummary = Omit<SeedSummary, 'applicationIds'> & {
  templates: number;
  copies: number;
  templateIds: string[];
  /** Rows written per copied table, and the time spent on each over all chunks. */
  tables: { name: string; rows: number; ms: number }[];
  /** Where the copies' bank history starts: older transactions and balances only where something needs them. */
  bankSince: Date;
  /** Milliseconds per phase: templates, prepare, copy, rebuild, analyze. */
  phases: Record<'templates' | 'prepare' | 'copy' | 'rebuild' | 'analyze', number>;
};

type Rows = { rowCount?: number | null; affectedRows?: number };
const written = (result: unknown) => {
  const r = result as Rows;
  return Number(r.rowCount ?? r.affectedRows ?? 0);
};

/** Makes `count` applications for `seed`: min(templates, count) live, the rest copied in bulk. */
export async function seedBulk(o: {
  config: Config;
  database: Database;
  count: number;
  seed?: number;
  templates?: number;
  chunk?: number;
  /**
   * Set the copied tables' constraints and indexes aside while copying, rebuilt before returning (see
   * bulk-indexes.ts). Default: when the copies are many and at least double the applications.
   */
  setAside?: boolean;
  log?: FastifyBaseLogger;
  /** Stops after the chunks being written (the indexes are still rebuilt). */
  signal?: AbortSignal;
  onProgress?: (p: BulkProgress) => void;
  /**
   * The moment the copies are placed before (default: when the copying starts). Two runs with the same seed and
   * the same `now` write the same rows; without it, which old bank rows a copy keeps follows the clock.
   */
  now?: Date;
}): Promise<BulkSummary> {
  const began = Date.now();
  const seed = o.seed ?? DEFAULT_SEED;
  const { db } = o.database;
  const templates = Math.max(1, Math.min(o.templates ?? DEFAULT_TEMPLATES, o.count));
  const copies = o.count - templates;
  const tables = copiedTables();
  const before = await applicationCount(o.database);
  const live = await seedApplications({
    config: o.config,
    database: o.database,
    count: templates,
    seed,
    // The copies could not carry the agency's events (seedApplications' agencyLedgers).
    agencyLedgers: false,
    ...(o.log ? { log: o.log } : {}),
    onProgress: (done, total) => o.onProgress?.({ phase: 'templates', done, total }),
  });
  const summary: BulkSummary = {
    ...live,
    templates,
    copies,
    templateIds: live.applicationIds,
    byStatus: { ...live.byStatus },
    disqualifiedBy: { ...live.disqualifiedBy },
    tables: tables.map((t) => ({ name: t.name, rows: 0, ms: 0 })),
    bankSince: bankHistorySince(o.now ?? new Date()),
    phases: { templates: Date.now() - began, prepare: 0, copy: 0, rebuild: 0, analyze: 0 },
    durationMs: 0,
  };
  let phaseStart = Date.now();
  const endPhase = (phase: keyof BulkSummary['phases']) => {
    summary.phases[phase] = Date.now() - phaseStart;
    phaseStart = Date.now();
  };
  if (copies === 0) return { ...summary, durationMs: Date.now() - began };

  const prepared = await db.transaction((tx) =>
    prepareTemplates(tx, { tables, templateIds: live.applicationIds }),
  );
  const now = o.now ?? new Date();
  summary.bankSince = bankHistorySince(now);
  const statements = tables.map((t) => copyStatement(t, prepared.jsonRefs, summary.bankSince));
  endPhase('prepare');
  const firstIndex = live.firstIndex + templates;
  const chunk = o.chunk ?? DEFAULT_CHUNK;
  const aside = o.setAside ?? (copies >= SET_ASIDE_FROM && copies >= before);
  // Copies claimed by a worker; every claimed chunk is written (or the run fails).
  let next = 0;
  let stopped = false;
  try {
    if (aside) {
      const started = Date.now();
      await setIndexesAside(o.database);
      o.onProgress?.({ phase: 'aside', ms: Date.now() - started });
    }
    let done = 0;
    const worker = async () => {
      while (next < copies && !o.signal?.aborted && !stopped) {
        const from = next;
        const to = Math.min(copies, from + chunk);
        next = to;
        const started = Date.now();
        try {
          await copyChunk(o.database, {
            statements,
            rows: Array.from({ length: to - from }, (_, j) =>
              planCopy({ seed, k: from + j, firstIndex, templates: prepared.facts, now }),
            ),
            onTable: (k, rows, ms) => {
              summary.tables[k]!.rows += rows;
              summary.tables[k]!.ms += ms;
            },
          });
        } catch (error) {
          stopped = true;
          throw error;
        }
        done += to - from;
        o.onProgress?.({ phase: 'copies', done, total: copies, chunkMs: Date.now() - started });
      }
    };
    // PostgreSQL writes two chunks at once (one per core); the embedded database has one connection.
    const workers = o.database.kind === 'postgres' ? 2 : 1;
    // Every worker stops before the rebuild starts, even when one of them failed.
    const ended = await Promise.allSettled(Array.from({ length: workers }, worker));
    const failed = ended.find((e): e is PromiseRejectedResult => e.status === 'rejected');
    if (failed) throw failed.reason;
  } finally {
    endPhase('copy');
    if (aside) {
      const started = Date.now();
      await restoreIndexes(o.database, (name, ms) => o.onProgress?.({ phase: 'index', name, ms }));
      o.onProgress?.({ phase: 'indexes', ms: Date.now() - started });
    }
    await db.transaction((tx) => dropWorkSchema(tx));
    endPhase('rebuild');
  }
  const analyzed = Date.now();
  // Fresh statistics, so the planner knows the tables hold a million applications, not a few hundred.
  await db.execute(sql.raw(`analyze ${tables.map((t) => `"${t.name}"`).join(', ')}`));
  // The portal's lists and the queue's search read the application and borrower tables' indexes alone
  // (index-only scans), which needs the tables' visibility maps: a running database gets them from
  // autovacuum in its own time, a fresh seed now.
  await db.execute(sql.raw('vacuum application, borrower'));
  o.onProgress?.({ phase: 'analyze', ms: Date.now() - analyzed });
  endPhase('analyze');

  tallyCopies(summary, prepared.facts, next);
  return { ...summary, copies: next, durationMs: Date.now() - began };
}

async function applicationCount(database: Database): Promise<number> {
  const result = await database.db.execute(sql`select count(*)::int as n from application`);
  const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
  return Number((rows[0] as { n?: number } | undefined)?.n ?? 0);
}

/** One transaction: the chunk's copies into a temporary table, then one INSERT … SELECT per table. */
async function copyChunk(
  database: Database,
  o: {
    statements: readonly string[];
    rows: readonly object[];
    onTable: (k: number, rows: number, ms: number) => void;
  },
): Promise<void> {
  await database.db.transaction(async (tx) => {
    // A lost chunk is re-run, not recovered: no need to wait for the disk at commit.
    await tx.execute(sql.raw('set local synchronous_commit = off'));
    // The statements are simple and run once each: compiling them would cost more than it saves.
    if (database.kind === 'postgres') await tx.execute(sql.raw('set local jit = off'));
    // New rows are in no server's memory, so the change feed (migration 0015) has nothing to announce: its
    // triggers are skipped where the role may (a superuser, as the seed usually runs), saving a call per row.
    await tx.execute(
      sql.raw(
        `do $$ begin if current_setting('is_superuser') = 'on' then set local session_replication_role = replica; end if; end $$`,
      ),
    );
    await tx.execute(sql.raw(createCopiesTable()));
    await tx.execute(
      sql`insert into ${sql.raw(COPIES_TABLE)} select * from jsonb_to_recordset(${JSON.stringify(o.rows)}::jsonb) as ${sql.raw(copiesRecord())}`,
    );
    await tx.execute(sql.raw(`analyze ${COPIES_TABLE}`));
    for (const [k, statement] of o.statements.entries()) {
      const started = Date.now();
      const result = await tx.execute(sql.raw(statement));
      o.onTable(k, written(result), Date.now() - started);
    }
  });
}

/** Copies repeat their template's status and reasons: the summary counts them from the templates. */
function tallyCopies(summary: BulkSummary, facts: readonly TemplateFacts[], copies: number): void {
  for (const [slot, t] of facts.entries()) {
    const n = Math.floor(copies / facts.length) + (slot < copies % facts.length ? 1 : 0);
    if ((APPLICATION_STATUSES as readonly string[]).includes(t.status)) {
      summary.byStatus[t.status as ApplicationStatus] += n;
    }
    for (const reason of t.reasons)
      summary.disqualifiedBy[reason] = (summary.disqualifiedBy[reason] ?? 0) + n;
  }
}

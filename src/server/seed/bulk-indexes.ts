import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client';
import { TABLE_DECISIONS } from './bulk-tables';

// Copies have random ids, so keeping a btree of them up to date row by row touches a random page per row: at a
// million applications that is most of the time (and most of the write-ahead log). The bulk seed therefore sets
// aside, on the copied tables, the foreign keys, the primary keys and unique constraints (except on user and
// application, so emails and owners stay unique even if a run is interrupted) and the other indexes, then
// builds them again from the loaded rows: sorted builds, a quarter smaller (packed full, see packedBuild), and
// re-adding a foreign key checks every copied reference.
//
// Each definition is read from the catalog (that is, as the migrations made it) and recorded in the same
// transaction that drops it. An interrupted run leaves the record behind: the next `npm run seed` (or
// `npm run seed -- --restore-indexes`) rebuilds everything recorded before doing anything else.

const ASIDE = 'bulk_seed_aside';
const RECORD = `${ASIDE}.definition`;
/** Memory for each build: sorts in memory instead of on disk. */
const BUILD_MEMORY = '1GB';
/** Their uniqueness is what a person could notice (one account per email, one application per owner). */
const KEPT_UNIQUE = ['user', 'application'];

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);
const q = (name: string) => `"${name.replaceAll('"', '""')}"`;
const textArray = (names: readonly string[]) => `{${names.map((n) => `"${n}"`).join(',')}}`;

/** Rebuilt in this order: a foreign key needs the key it points at, and indexes come last. */
const STEP = { unique: 1, foreignKey: 2, index: 3 } as const;

const copiedTableNames = () => Object.keys(TABLE_DECISIONS).filter((n) => TABLE_DECISIONS[n]!.copy);

/** What setIndexesAside drops: name, table, step, and the statement that makes it again. */
async function definitionsToSetAside(tx: Transaction): Promise<Row[]> {
  const copied = textArray(copiedTableNames());
  const constraints = rowsOf(
    await tx.execute(sql`
      select k.conname as name, t.relname as table_name,
             case k.contype when 'f' then ${STEP.foreignKey} else ${STEP.unique} end as step,
             format('alter table %I add constraint %I %s', t.relname, k.conname, pg_get_constraintdef(k.oid)) as definition
      from pg_constraint k join pg_class t on t.oid = k.conrelid
      where t.relnamespace = current_schema()::regnamespace
        and (t.relname = any(${copied}::text[])
          -- A table not copied (proposal) may point at a copied one: its foreign key goes aside too, or the
          -- copied table's key could not be dropped.
          or (k.contype = 'f' and k.confrelid in (select c.oid from pg_class c
                where c.relnamespace = current_schema()::regnamespace and c.relname = any(${copied}::text[]))))
        and (k.contype = 'f' or (k.contype in ('p', 'u') and t.relname = any(${copied}::text[])
          and not t.relname = any(${textArray(KEPT_UNIQUE)}::text[])))
      order by k.contype, k.conname`),
  );
  const indexes = rowsOf(
    await tx.execute(sql`
      select ic.relname as name, t.relname as table_name, ${STEP.index} as step,
             pg_get_indexdef(i.indexrelid) as definition
      from pg_index i join pg_class ic on ic.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
      where t.relnamespace = current_schema()::regnamespace and t.relname = any(${copied}::text[])
        and not i.indisunique and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
      order by ic.relname`),
  );
  return [...constraints, ...indexes];
}

/** Records and drops the copied tables' constraints and indexes (see above), in one transaction. */
export async function setIndexesAside(database: Database): Promise<number> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`create schema if not exists ${ASIDE}`));
    await tx.execute(
      sql.raw(`create table if not exists ${RECORD} (
        name text not null, table_name text not null, step integer not null, definition text not null,
        primary key (table_name, name))`),
    );
    const found = await definitionsToSetAside(tx);
    // Foreign keys first: a key cannot go while a foreign key still points at it.
    for (const r of [...found].sort((a, b) => Number(b.step) - Number(a.step))) {
      await tx.execute(
        sql`insert into ${sql.raw(RECORD)} (name, table_name, step, definition)
            values (${r.name}, ${r.table_name}, ${r.step}, ${r.definition}) on conflict do nothing`,
      );
      const drop =
        Number(r.step) === STEP.index
          ? `drop index ${q(String(r.name))}`
          : `alter table ${q(String(r.table_name))} drop constraint ${q(String(r.name))}`;
      await tx.execute(sql.raw(drop));
    }
    return found.length;
  });
}

/**
 * A btree built again over the loaded rows is packed full (fillfactor 100), then given back the catalog's
 * setting, which only later inserts read: a seeded database is mostly read, and the default leaves a tenth of
 * every page empty, about a gigabyte of a million applications. A later insert splits a full page as it would
 * a page filled by use. Definitions with storage settings of their own are built as they are.
 */
function packedBuild(r: Row): { build: string; then: string | null } {
  const definition = String(r.definition);
  const step = Number(r.step);
  const plain = { build: definition, then: null };
  if (step === STEP.foreignKey || definition.includes(' WITH (')) return plain;
  if (step === STEP.index && !definition.includes(' USING btree ')) return plain;
  // Storage settings come before an index's condition.
  const where = step === STEP.index ? definition.indexOf(' WHERE ') : -1;
  const at = where < 0 ? definition.length : where;
  return {
    build: `${definition.slice(0, at)} WITH (fillfactor = 100)${definition.slice(at)}`,
    then: `alter index ${q(String(r.name))} reset (fillfactor)`,
  };
}

async function exists(tx: Transaction, r: Row): Promise<boolean> {
  const found = rowsOf(
    Number(r.step) === STEP.index
      ? await tx.execute(sql`select 1 from pg_class where relname = ${r.name}
                               and relnamespace = current_schema()::regnamespace`)
      : await tx.execute(sql`select 1 from pg_constraint k join pg_class t on t.oid = k.conrelid
                               where k.conname = ${r.name} and t.relname = ${r.table_name}
                               and t.relnamespace = current_schema()::regnamespace`),
  );
  return found.length > 0;
}

/**
 * Builds again everything setIndexesAside recorded, one transaction each (an interruption keeps the rest of
 * the record), then drops the record. Answers how many it built; 0 when nothing was set aside.
 */
export async function restoreIndexes(
  database: Database,
  onBuilt?: (name: string, ms: number) => void,
): Promise<number> {
  const { db } = database;
  const present = rowsOf(await db.execute(sql`select to_regclass(${RECORD}) is not null as present`));
  if (!present[0]?.present) return 0;
  const recorded = rowsOf(
    await db.execute(
      sql.raw(`select name, table_name, step, definition from ${RECORD} order by step, table_name, name`),
    ),
  );
  for (const r of recorded) {
    const started = Date.now();
    await db.transaction(async (tx) => {
      if (database.kind === 'postgres') {
        await tx.execute(sql.raw(`set local maintenance_work_mem = '${BUILD_MEMORY}'`));
      }
      if (!(await exists(tx, r))) {
        const { build, then } = packedBuild(r);
        await tx.execute(sql.raw(build));
        if (then) await tx.execute(sql.raw(then));
      }
      await tx.execute(
        sql`delete from ${sql.raw(RECORD)} where name = ${r.name} and table_name = ${r.table_name}`,
      );
    });
    onBuilt?.(String(r.name), Date.now() - started);
  }
  await db.execute(sql.raw(`drop schema if exists ${ASIDE} cascade`));
  return recorded.length;
}

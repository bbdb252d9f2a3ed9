import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client';
import * as schema from '#server/db/schema/index';
import type { BulkSummary } from './bulk-seed';
import { copiedTables } from './bulk-tables';
import { seedEmailIndex } from './plan';

// Queries the bulk seed's test asks of a database: which copy is of which template, rows per application of
// every copied table, references that point nowhere or at another application, and the schema's catalog.

type Row = Record<string, unknown>;
export const rowsOf = (result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);
const run = async (db: Db, text: string) => rowsOf(await db.execute(sql.raw(text)));
const uuidArray = (ids: readonly string[]) => `'{${ids.join(',')}}'::uuid[]`;

/** A copy, its template and the template's status. */
export type Pair = { index: number; copyId: string; copyOwner: string; templateId: string; status: string };

/** The copies of a bulk run, by the index in their email (seedEmailIndex). */
export async function copiesOf(db: Db, summary: BulkSummary): Promise<Pair[]> {
  const rows = await run(
    db,
    `select a.id::text as id, a.owner, a.status, b.email from application a join borrower b on b.application_id = a.id`,
  );
  const statusOf = new Map(rows.map((r) => [String(r.id), String(r.status)]));
  const first = summary.firstIndex + summary.templates;
  return rows
    .map((r) => ({ r, index: seedEmailIndex(String(r.email)) ?? -1 }))
    .filter(({ index }) => index >= first && index < first + summary.copies)
    .map(({ r, index }) => {
      const templateId = summary.templateIds[(index - first) % summary.templates]!;
      return {
        index,
        copyId: String(r.id),
        copyOwner: String(r.owner),
        templateId,
        status: statusOf.get(templateId)!,
      };
    })
    .sort((a, b) => a.index - b.index);
}

/** How a row of `table` reaches its application: joins from alias `${p}0`, and the application id. */
function pathTo(table: string, p = 't'): { joins: string; app: string } {
  const tables = new Map(copiedTables().map((x) => [x.name, x]));
  if (table === 'application') return { joins: '', app: `${p}0.id` };
  if (table === 'user')
    return { joins: ` join application ${p}a on ${p}a.owner = ${p}0.id`, app: `${p}a.id` };
  let joins = '';
  let alias = `${p}0`;
  let current = tables.get(table)!;
  for (let i = 1; ; i += 1) {
    const column = current.parent!;
    const target = current.columns.find((c) => c.name === column)!.target!;
    if (target === 'application') return { joins, app: `${alias}."${column}"` };
    joins += ` join "${target}" ${p}${i} on ${p}${i}.id = ${alias}."${column}"`;
    alias = `${p}${i}`;
    current = tables.get(target)!;
  }
}

/** Rows of `table` per application id. */
export async function rowsPerApplication(db: Db, table: { name: string }): Promise<Map<string, number>> {
  const { joins, app } = pathTo(table.name);
  const rows = await run(
    db,
    `select ${app}::text as app, count(*)::int as n from "${table.name}" t0${joins} group by 1`,
  );
  return new Map(rows.map((r) => [String(r.app), Number(r.n)]));
}

/** The copies' ids in every copied table, and their people: what must be the same for the same seed. */
export async function fingerprint(db: Db, pairs: readonly Pair[]): Promise<Map<string, string[]>> {
  const copies = uuidArray(pairs.map((p) => p.copyId));
  const result = new Map<string, string[]>();
  for (const table of copiedTables()) {
    const { joins, app } = pathTo(table.name);
    const rows = await run(
      db,
      `select t0.id::text as id from "${table.name}" t0${joins} where ${app} = any(${copies}) order by 1`,
    );
    result.set(
      table.name,
      rows.map((r) => String(r.id)),
    );
  }
  const people = await run(
    db,
    `select concat_ws('|', b.email, b.first_name, b.last_name, b.phone_number, s.first_name, s.last_name, s.email, s.phone_number) as p
     from borrower b left join spouse s on s.application_id = b.application_id
     where b.application_id = any(${copies}) order by 1`,
  );
  result.set(
    'borrower:people',
    people.map((r) => String(r.p)),
  );
  return result;
}

/** The values of a text column of `table` per application id. */
export async function valuesPerApplication(
  db: Db,
  table: string,
  column: string,
): Promise<Map<string, string[]>> {
  const { joins, app } = pathTo(table);
  const rows = await run(
    db,
    `select ${app}::text as app, t0."${column}" as v from "${table}" t0${joins} where t0."${column}" is not null`,
  );
  const byApp = new Map<string, string[]>();
  for (const r of rows) byApp.set(String(r.app), [...(byApp.get(String(r.app)) ?? []), String(r.v)]);
  return byApp;
}

/** Every foreign key of the schema whose column names a row that does not exist, with how many. */
export async function danglingReferences(db: Db): Promise<string[]> {
  const found: string[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    for (const fk of config.foreignKeys) {
      const ref = fk.reference();
      if (ref.columns.length !== 1) continue;
      const column = ref.columns[0]!.name;
      const target = getTableConfig(ref.foreignTable).name;
      const [row] = await run(
        db,
        `select count(*)::int as n from "${config.name}" c where c."${column}" is not null
         and not exists (select 1 from "${target}" p where p."${ref.foreignColumns[0]!.name}" = c."${column}")`,
      );
      if (Number(row!.n) > 0) found.push(`${config.name}.${column}: ${String(row!.n)}`);
    }
  }
  const [audit] = await run(
    db,
    `select count(*)::int as n from audit_log l where l.application_id is not null
     and not exists (select 1 from application a where a.id = l.application_id)`,
  );
  if (Number(audit!.n) > 0) found.push(`audit_log.application_id: ${String(audit!.n)}`);
  // Ids in JSON: what an alert names as its trigger, the transactions an income snapshot counted.
  const triggers = Object.entries(TRIGGER_TABLES)
    .map(([type, table]) => `select '${type}' as type, id::text as id from "${table}"`)
    .join(' union all ');
  const [alerts] = await run(
    db,
    `with ids as (${triggers}) select count(*)::int as n from alert a cross join jsonb_array_elements(a.triggered_by) x
     where not exists (select 1 from ids where ids.type = x->>'type' and ids.id = x->>'id')`,
  );
  if (Number(alerts!.n) > 0) found.push(`alert.triggered_by: ${String(alerts!.n)}`);
  const [income] = await run(
    db,
    `select count(*)::int as n from income_snapshot s cross join jsonb_array_elements_text(s.income_transaction_ids) x
     where not exists (select 1 from plaid_transaction t where t.id::text = x)`,
  );
  if (Number(income!.n) > 0) found.push(`income_snapshot.income_transaction_ids: ${String(income!.n)}`);
  return found;
}

/** The table of each kind of record an alert names as its trigger (TriggerFacts). */
const TRIGGER_TABLES: Readonly<Record<string, string>> = {
  plaidTransaction: 'plaid_transaction',
  plaidBalance: 'plaid_balance',
  plaidItem: 'plaid_item',
  debtScore: 'debt_score',
  inquiry: 'inquiry',
  incomeSnapshot: 'income_snapshot',
};

/**
 * A bank row as the copy rule judges it: its date (day number or milliseconds), whether it must be kept
 * whatever its age, and when the newest income snapshot that lists it was made (milliseconds, or null).
 */
export type BankRow = { at: number; needed: boolean; listedAt: number | null };

/**
 * The bank rows (plaid_transaction by its calendar date as a day number, plaid_balance by when it was read in
 * milliseconds) of every application; whether something of the same application needs the row whatever its
 * age (its alerts or audit values name it, or it is its account's newest balance, which the screens show);
 * and the newest of its income snapshots that counted it, which a copy keeps only while recent.
 */
export async function bankRows(
  db: Db,
  table: 'plaid_transaction' | 'plaid_balance',
): Promise<Map<string, BankRow[]>> {
  const { joins, app } = pathTo(table);
  const at =
    table === 'plaid_transaction'
      ? `(t0.date - date '1970-01-01')::float8`
      : `(extract(epoch from t0.created_at) * 1000)::float8`;
  const newest =
    table === 'plaid_balance'
      ? ` or t0.created_at = (select max(n.created_at) from plaid_balance n where n.plaid_account_id = t0.plaid_account_id)`
      : '';
  const rows = await run(
    db,
    `with named as (
       select a.application_id as app, x->>'id' as id from alert a cross join jsonb_array_elements(a.triggered_by) x
       union all
       select l.application_id, m[1] from audit_log l cross join lateral regexp_matches(
         coalesce(l.before::text, '') || coalesce(l.after::text, ''),
         '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}', 'g') m
     )
     select ${app}::text as app, ${at} as at,
       (exists (select 1 from named where named.app = ${app} and named.id = t0.id::text)${newest}) as needed,
       (select (extract(epoch from max(s.created_at)) * 1000)::float8 from income_snapshot s
        where s.application_id = ${app} and s.income_transaction_ids ? t0.id::text) as listed_at
     from "${table}" t0${joins}`,
  );
  const byApp = new Map<string, BankRow[]>();
  for (const r of rows) {
    const list = byApp.get(String(r.app)) ?? [];
    list.push({
      at: Number(r.at),
      needed: r.needed === true || r.needed === 't',
      listedAt: r.listed_at === null || r.listed_at === undefined ? null : Number(r.listed_at),
    });
    byApp.set(String(r.app), list);
  }
  return byApp;
}

/**
 * References between copied rows that cross from one application to another (an offer pointing at another
 * application's debt), in columns and in JSON (alert triggers, the transactions an income snapshot counted).
 */
export async function crossApplicationReferences(db: Db): Promise<string[]> {
  const found: string[] = [];
  const names = new Set(copiedTables().map((t) => t.name));
  for (const table of copiedTables()) {
    for (const column of table.columns) {
      const target = column.target;
      if (column.kind !== 'ref' || !target || !names.has(target) || target === 'user') continue;
      const own = pathTo(table.name, 't');
      const other = pathTo(target, 'u');
      const [row] = await run(
        db,
        `select count(*)::int as n from "${table.name}" t0${own.joins}
         join "${target}" u0 on u0.id = t0."${column.name}"${other.joins} where ${own.app} <> ${other.app}`,
      );
      if (Number(row!.n) > 0) found.push(`${table.name}.${column.name}: ${String(row!.n)}`);
    }
  }
  const triggers = [
    'plaid_balance',
    'plaid_item',
    'debt_score',
    'plaid_transaction',
    'inquiry',
    'income_snapshot',
  ]
    .map((name) => {
      const { joins, app } = pathTo(name);
      return `select t0.id, ${app} as app from "${name}" t0${joins}`;
    })
    .join(' union all ');
  const [alerts] = await run(
    db,
    `with ids as (${triggers}) select count(*)::int as n from alert a
     cross join jsonb_array_elements(a.triggered_by) x join ids on ids.id = (x->>'id')::uuid
     where ids.app <> a.application_id`,
  );
  if (Number(alerts!.n) > 0) found.push(`alert.triggered_by: ${String(alerts!.n)}`);
  const { joins, app } = pathTo('plaid_transaction');
  const [income] = await run(
    db,
    `select count(*)::int as n from income_snapshot s cross join jsonb_array_elements_text(s.income_transaction_ids) x
     where not exists (select 1 from plaid_transaction t0${joins} where t0.id = x::uuid and ${app} = s.application_id)`,
  );
  if (Number(income!.n) > 0) found.push(`income_snapshot.income_transaction_ids: ${String(income!.n)}`);
  return found;
}

/** Every constraint and index of the schema, as the catalog defines it. */
export async function catalog(db: Db): Promise<string[]> {
  const rows = await run(
    db,
    `select format('%s %s %s %s', t.relname, k.conname, pg_get_constraintdef(k.oid), k.convalidated) as d
     from pg_constraint k join pg_class t on t.oid = k.conrelid where t.relnamespace = current_schema()::regnamespace
     union all
     select indexdef from pg_indexes where schemaname = current_schema() order by 1`,
  );
  return rows.map((r) => String(r.d));
}

import { sql } from 'drizzle-orm';
import type { Transaction } from '#server/db/client';
import { type CopiedTable, JSON_VARIED } from './bulk-tables';

// The templates, prepared for copying: every template row gets a KEY that names it the same way on every run
// of a seed (its table and its rank among its template's rows of that table), since the template rows' own
// ids are random. A copy's ids are made from (copy, key) in SQL, so references between copied rows stay
// consistent without a mapping table. The prepared rows live in a work schema, dropped when the copy is done.

export const WORK_SCHEMA = 'bulk_seed_work';
const W = WORK_SCHEMA;
const q = (name: string) => `"${name.replaceAll('"', '""')}"`;
/** The work table holding a table's template rows. */
export const workTable = (table: string) => `${W}.${q(`t_${table}`)}`;
/** Work columns added beside a template row's own columns. */
export const keyColumn = (column: string) => q(`_k_${column}`);
export const prefixColumn = (column: string) => q(`_p_${column}`);
export const jsonColumn = (column: string) => q(`_j_${column}`);
export const jsonKeysColumn = (column: string) => q(`_jk_${column}`);
/** Marks a template row of a table with recent history only (CopiedTable.recentBy) that every copy keeps. */
export const KEPT_COLUMN = '_kept';
/**
 * Beside KEPT_COLUMN: when the template's newest row listing this bank row (CopiedTable.listsWithinHistory)
 * was made. A copy keeps the bank row while that list is kept, that is while that time, moved, is recent.
 */
export const LISTED_UNTIL_COLUMN = '_listed_until';
export const placeholder = (k: number | string) => `{{bulk:${k}}}`;

/** A copy's token replaces this many characters at the end of its template's (bulk-sql.ts). */
const TOKEN_TAIL = 32;
const UUID_AT_END = '[0-9a-f-]{36}$';
const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

export type TemplateFacts = {
  slot: number;
  applicationId: string;
  status: string;
  createdAt: Date;
  /** The template's last timestamp: a copy keeps its whole span in the past. */
  endAt: Date;
  borrowerPhone: string | null;
  spouse: { lastName: string | null; email: string | null; phone: string | null } | null;
  borrowerLastName: string | null;
  /** Disqualification reasons of a disqualified template, for the summary. */
  reasons: string[];
};

export type JsonRefs = { names: number; varied: string[] };

export type PreparedTemplates = {
  facts: TemplateFacts[];
  /** Per JSON ref column ('table.column'): how many ids its busiest row names, and the person values it repeats. */
  jsonRefs: Map<string, JsonRefs>;
};

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);

/** The order of application first, then the owner, then the rest as the inserts go. */
const keyOrder = (tables: readonly CopiedTable[]) => [
  ...tables.filter((t) => t.name === 'application'),
  ...tables.filter((t) => t.name === 'user'),
  ...tables.filter((t) => t.name !== 'application' && t.name !== 'user'),
];

/** Numbers each template row and copies the templates into the work schema. */
export async function prepareTemplates(
  tx: Transaction,
  o: { tables: readonly CopiedTable[]; templateIds: readonly string[] },
): Promise<PreparedTemplates> {
  const run = (text: string) => tx.execute(sql.raw(text));
  await run(`drop schema if exists ${W} cascade`);
  await run(`create schema ${W}`);
  await run(`create table ${W}.key (old_id text primary key, slot integer not null, key text not null)`);

  for (const table of keyOrder(o.tables)) {
    const id = table.columns.find((c) => c.kind === 'id')!.name;
    if (table.name === 'application') {
      // The slot of a template is its place in the run, so copy k of every run uses the same template.
      await tx.execute(
        sql`insert into ${sql.raw(`${W}.key`)} select t.id, (t.n - 1)::int, 'application'
            from jsonb_array_elements_text(${JSON.stringify(o.templateIds)}::jsonb) with ordinality as t(id, n)`,
      );
      continue;
    }
    if (table.name === 'user') {
      await run(
        `insert into ${W}.key select a.owner, k.slot, 'user' from application a join ${W}.key k on k.old_id = a.id::text`,
      );
      continue;
    }
    const refs = table.columns.filter((c) => c.kind === 'ref');
    const joins = refs.map(
      (c) => `left join ${W}.key ${q(`r_${c.name}`)} on ${q(`r_${c.name}`)}.old_id = s.${q(c.name)}::text`,
    );
    const order = [
      ...table.columns.filter((c) => c.sortable && c.name === 'created_at').map((c) => `s.${q(c.name)}`),
      ...refs.map((c) => `${q(`r_${c.name}`)}.key`),
      ...table.columns.filter((c) => c.sortable && c.name !== 'created_at').map((c) => `s.${q(c.name)}`),
    ];
    await run(
      `insert into ${W}.key select s.${q(id)}::text, p.slot, '${table.name}#' || row_number() over (partition by p.slot order by ${order.join(', ')})
       from ${q(table.name)} s join ${W}.key p on p.old_id = s.${q(table.parent!)}::text ${joins.join(' ')}`,
    );
  }

  for (const table of o.tables) {
    const id = table.columns.find((c) => c.kind === 'id')!.name;
    const refs = table.columns.filter((c) => c.kind === 'ref');
    const tokens = table.columns.filter((c) => c.kind === 'token');
    const extra = [
      ...refs.map((c) => `${q(`r_${c.name}`)}.key as ${keyColumn(c.name)}`),
      // What a copy's token keeps of the template's: all but a uuid at its end, else all but its last 32
      // characters (the copy puts its own in their place, so its token is as long as the template's).
      ...tokens.map(
        (c) =>
          `case when s.${q(c.name)} ~ '${UUID_AT_END}' then regexp_replace(s.${q(c.name)}, '${UUID_AT_END}', '')` +
          ` else left(s.${q(c.name)}, -${TOKEN_TAIL}) end as ${prefixColumn(c.name)}`,
      ),
    ];
    const joins = refs.map(
      (c) => `left join ${W}.key ${q(`r_${c.name}`)} on ${q(`r_${c.name}`)}.old_id = s.${q(c.name)}::text`,
    );
    await run(
      `create table ${workTable(table.name)} as select s.*, k.slot as _slot, k.key as _k_id${extra.map((e) => `, ${e}`).join('')}
       from ${q(table.name)} s join ${W}.key k on k.old_id = s.${q(id)}::text ${joins.join(' ')}`,
    );
  }

  const jsonRefs = await prepareJsonRefs(tx, o.tables);
  await markKept(tx, o.tables);
  return { facts: await templateFacts(tx, o.tables), jsonRefs };
}

/**
 * JSON that names rows by id: each id of a template row becomes a numbered placeholder, with the row keys
 * beside it, so the copy statement puts the copy's ids back in. Ids of rows that are not copied (staff) stay.
 */
async function prepareJsonRefs(
  tx: Transaction,
  tables: readonly CopiedTable[],
): Promise<Map<string, JsonRefs>> {
  const run = (text: string) => tx.execute(sql.raw(text));
  const keys = new Map(
    rowsOf(await run(`select old_id, key from ${W}.key`)).map((r) => [String(r.old_id), String(r.key)]),
  );
  const most = new Map<string, JsonRefs>();
  for (const table of tables) {
    const id = table.columns.find((c) => c.kind === 'id')!.name;
    for (const column of table.columns.filter((c) => c.kind === 'json-ref')) {
      await run(
        `alter table ${workTable(table.name)} add column ${jsonColumn(column.name)} text, add column ${jsonKeysColumn(column.name)} text[]`,
      );
      const rows = rowsOf(
        await run(
          `select ${q(id)}::text as id, ${q(column.name)}::text as v from ${workTable(table.name)} where ${q(column.name)} is not null`,
        ),
      );
      let n = 0;
      const varied = new Set<string>();
      const prepared = rows.map((r) => {
        const named: string[] = [];
        let text = String(r.v).replace(UUID_IN_TEXT, (found) => {
          const key = keys.get(found);
          if (!key) return found;
          let k = named.indexOf(key);
          if (k < 0) k = named.push(key) - 1;
          return placeholder(k);
        });
        for (const v of JSON_VARIED) {
          text = text.replace(v.pattern, () => {
            varied.add(v.copyColumn);
            return placeholder(v.copyColumn);
          });
        }
        n = Math.max(n, named.length);
        return { id: r.id, j: text, k: named };
      });
      most.set(`${table.name}.${column.name}`, { names: n, varied: [...varied] });
      if (prepared.length === 0) continue;
      await tx.execute(
        sql`update ${sql.raw(workTable(table.name))} t
            set ${sql.raw(jsonColumn(column.name))} = v.j, ${sql.raw(jsonKeysColumn(column.name))} = v.k
            from jsonb_to_recordset(${JSON.stringify(prepared)}::jsonb) as v(id text, j text, k text[])
            where t.${sql.raw(q(id))}::text = v.id`,
      );
    }
  }
  return most;
}

/**
 * Marks the bank rows every copy keeps however old (KEPT_COLUMN), so that nothing a copied row names is left
 * out of the copy's recent bank history: rows named in JSON (alert triggers, the transactions an income snapshot
 * counted, audit values) or by a foreign key, and each parent's newest row where the screens show it (an
 * account's newest balance). Runs after prepareJsonRefs, whose key lists say which rows JSON names.
 */
async function markKept(tx: Transaction, tables: readonly CopiedTable[]): Promise<void> {
  const run = (text: string) => tx.execute(sql.raw(text));
  const recent = tables.filter((t) => t.recentBy);
  const listed = (t: CopiedTable, column: string) => t.listsWithinHistory.includes(column);
  // A key names a row within its template, so a named row is its template's slot and key.
  const named = tables.flatMap((t) => [
    ...t.columns
      .filter((c) => c.kind === 'json-ref' && !listed(t, c.name))
      .map((c) => `select _slot, unnest(${jsonKeysColumn(c.name)}) as key from ${workTable(t.name)}`),
    ...t.columns
      .filter((c) => c.kind === 'ref' && recent.some((r) => r.name === c.target))
      .map((c) => `select _slot, ${keyColumn(c.name)} as key from ${workTable(t.name)}`),
  ]);
  // Lists kept only while recent: each bank row they name, with the time of the newest list naming it.
  const lists = tables.flatMap((t) =>
    t.columns
      .filter((c) => c.kind === 'json-ref' && listed(t, c.name))
      .map(
        (c) =>
          `select _slot, unnest(${jsonKeysColumn(c.name)}) as key, created_at as at from ${workTable(t.name)}`,
      ),
  );
  for (const table of recent) {
    const w = workTable(table.name);
    await run(
      `alter table ${w} add column ${KEPT_COLUMN} boolean not null default false, add column ${LISTED_UNTIL_COLUMN} timestamptz`,
    );
    if (named.length > 0)
      await run(`update ${w} set ${KEPT_COLUMN} = true where (_slot, _k_id) in (${named.join(' union ')})`);
    if (lists.length > 0)
      await run(
        `update ${w} s set ${LISTED_UNTIL_COLUMN} = l.at
         from (select _slot, key, max(at) as at from (${lists.join(' union all ')}) x group by _slot, key) l
         where l._slot = s._slot and l.key = s._k_id`,
      );
    if (table.keepsNewest) {
      const by = q(table.recentBy!);
      const parent = q(table.parent!);
      await run(
        `update ${w} s set ${KEPT_COLUMN} = true where s.${by} = (select max(n.${by}) from ${w} n where n.${parent} = s.${parent})`,
      );
    }
  }
}

async function templateFacts(tx: Transaction, tables: readonly CopiedTable[]): Promise<TemplateFacts[]> {
  const run = (text: string) => tx.execute(sql.raw(text));
  const ends = tables.flatMap((t) =>
    t.columns
      .filter((c) => c.kind === 'time')
      .map((c) => `select _slot, max(${q(c.name)}) as at from ${workTable(t.name)} group by _slot`),
  );
  const rows = rowsOf(
    await run(
      `with ends as (select _slot, max(at) as at from (${ends.join(' union all ')}) e group by _slot)
       select a._slot as slot, a.id::text as id, a.status, a.created_at, ends.at as end_at,
              b.last_name as b_last, b.phone_number as b_phone,
              sp.id is not null as has_spouse, sp.last_name as s_last, sp.email as s_email, sp.phone_number as s_phone,
              coalesce((select array_agg(r.reason order by r.reason) from disqualification_reason r
                        where r.application_id = a.id and a.status = 'disqualified'), '{}') as reasons
       from ${workTable('application')} a join ends on ends._slot = a._slot
       left join ${workTable('borrower')} b on b._slot = a._slot
       left join ${workTable('spouse')} sp on sp._slot = a._slot
       order by a._slot`,
    ),
  );
  const date = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return rows.map((r) => ({
    slot: Number(r.slot),
    applicationId: String(r.id),
    status: String(r.status),
    createdAt: date(r.created_at),
    endAt: date(r.end_at),
    borrowerPhone: text(r.b_phone),
    borrowerLastName: text(r.b_last),
    spouse: r.has_spouse
      ? { lastName: text(r.s_last), email: text(r.s_email), phone: text(r.s_phone) }
      : null,
    reasons: Array.isArray(r.reasons) ? r.reasons.map(String) : parseArray(String(r.reasons)),
  }));
}

/** A text[] as PGlite may return it ('{a,b}'). */
const parseArray = (v: string) =>
  v === '{}'
    ? []
    : v
        .replace(/^\{|\}$/g, '')
        .split(',')
        .map((s) => s.replace(/^"|"$/g, ''));

export async function dropWorkSchema(tx: Transaction): Promise<void> {
  await tx.execute(sql.raw(`drop schema if exists ${W} cascade`));
}

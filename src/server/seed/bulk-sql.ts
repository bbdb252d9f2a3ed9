import { COPY_COLUMNS } from './bulk-copies';
import { BANK_HISTORY_DAYS, type CopiedColumn, type CopiedTable } from './bulk-tables';
import {
  type JsonRefs,
  jsonColumn,
  jsonKeysColumn,
  KEPT_COLUMN,
  keyColumn,
  LISTED_UNTIL_COLUMN,
  placeholder,
  prefixColumn,
  workTable,
} from './bulk-templates';

// The SQL that writes a chunk of copies: one INSERT … SELECT per copied table, joining the table's template
// rows (`s`, in the work schema) with the chunk's copies (`c`, a temporary table), in foreign-key order.

/** The chunk's copies (see CopyRow); dropped with the chunk's transaction. */
export const COPIES_TABLE = 'bulk_copies';

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A copied row's id: a version-4 style uuid from two 64-bit hashes of the row's key, salted by the copy.
 * One function of (copy, key) everywhere, so a reference to a copied row is the same expression as its id.
 * hashtextextended is PostgreSQL's own hash (the same on PGlite); md5 would cost three times as much.
 */
export const idExpression = (key: string, c = 'c') =>
  `encode(int8send((hashtextextended(${key}, ${c}.salt_hi) & -61441) | 16384)` +
  ` || int8send((hashtextextended(${key}, ${c}.salt_lo) & 4611686018427387903) | -9223372036854775808), 'hex')::uuid`;

/** The copy's JSON: each placeholder of the template's JSON replaced by the copy's id of that row. */
function jsonExpression(column: string, refs: JsonRefs): string {
  let text = `s.${jsonColumn(column)}`;
  for (let k = 0; k < refs.names; k += 1) {
    const id = idExpression(`s.${jsonKeysColumn(column)}[${k + 1}]`);
    text = `replace(${text}, '${placeholder(k)}', coalesce(${id}::text, ''))`;
  }
  for (const copyColumn of refs.varied) {
    text = `replace(${text}, '${placeholder(copyColumn)}', coalesce(c.${copyColumn}, ''))`;
  }
  return `(${text})::jsonb`;
}

function valueOf(
  table: CopiedTable,
  column: CopiedColumn,
  jsonRefs: ReadonlyMap<string, JsonRefs>,
  since: string,
): string {
  const own = `s.${q(column.name)}`;
  const asText = column.isText ? '::text' : '';
  switch (column.kind) {
    case 'id':
      return `${idExpression('s._k_id')}${asText}`;
    case 'ref':
      // Only references to template rows are keyed; others (staff, reference data) are kept.
      return `coalesce(${idExpression(`s.${keyColumn(column.name)}`)}${asText}, ${own})`;
    case 'time':
      return `${own} + c.shift`;
    case 'date':
      return `${own} + c.day_shift`;
    case 'draft-date':
      // The whole months nearest the copy's shift (a draft day is at most the 28th: every month has it).
      return `(${own} + make_interval(months => round(c.day_shift / 30.436875)::int))::date`;
    case 'json-ref': {
      const refs = jsonRefs.get(`${table.name}.${column.name}`);
      let json =
        !refs || (refs.names === 0 && refs.varied.length === 0) ? own : jsonExpression(column.name, refs);
      if (table.listsWithinHistory.includes(column.name))
        json = `case when s.created_at + c.shift >= ${since} then ${json} else '[]'::jsonb end`;
      return table.emptiedUnlessEnrolled.includes(column.name)
        ? `case when c.enrolled then ${json} else '[]'::jsonb end`
        : json;
    }
    case 'token': {
      // The template's token less its random ending (bulk-templates.ts), and the copy's own: a uuid where the
      // template's ended in one, else 32 hex digits (never fewer, so tokens stay unique over a million copies).
      const prefix = `s.${prefixColumn(column.name)}`;
      const uuid = `${idExpression(`s._k_id || ':${column.name}'`)}::text`;
      return (
        `case when ${own} is null then null when length(${own}) - length(${prefix}) = 36 then ${prefix} || ${uuid}` +
        ` else ${prefix} || replace(${uuid}, '-', '') end`
      );
    }
    case 'varied':
      return column.expression!;
    case 'plain':
      return own;
  }
}

/**
 * The INSERT … SELECT that writes the chunk's copies of one table. `bankSince`: where a copy's bank history
 * starts (CopiedTable.recentBy); older rows are copied only when marked kept or named by a list the copy keeps
 * (CopiedTable.listsWithinHistory).
 */
export function copyStatement(
  table: CopiedTable,
  jsonRefs: ReadonlyMap<string, JsonRefs>,
  bankSince: Date,
): string {
  const since = `'${bankSince.toISOString()}'::timestamptz`;
  const names = table.columns.map((c) => q(c.name)).join(', ');
  const values = table.columns.map((c) => valueOf(table, c, jsonRefs, since)).join(',\n  ');
  const filters: string[] = [];
  if (table.enrolledOnly) filters.push('c.enrolled');
  if (table.recentBy) {
    const column = table.columns.find((c) => c.name === table.recentBy)!;
    const own = `s.${q(column.name)}`;
    // A calendar date is compared as the copy holds it (moved in whole days) with the calendar day the history
    // starts; a moment, moved by the copy's exact shift, with the moment it starts. Comparing a date's midnight
    // with an exact moment instead made the kept rows follow the time of day the templates were made.
    const kept =
      column.kind === 'date'
        ? `${own} + c.day_shift >= (${since} at time zone 'UTC')::date`
        : `${own} + c.shift >= ${since}`;
    filters.push(`(s.${KEPT_COLUMN} or ${kept} or s.${LISTED_UNTIL_COLUMN} + c.shift >= ${since})`);
  }
  return (
    `insert into ${q(table.name)} (${names})\nselect ${values}\n` +
    `from ${workTable(table.name)} s join ${COPIES_TABLE} c on c.slot = s._slot` +
    (filters.length > 0 ? ` where ${filters.join(' and ')}` : '')
  );
}

/** Where the copies' bank history starts: BANK_HISTORY_DAYS before the run. */
export const bankHistorySince = (now: Date): Date => new Date(now.getTime() - BANK_HISTORY_DAYS * 86_400_000);

const columnList = () => COPY_COLUMNS.map(([n, t]) => `${n} ${t}`).join(', ');

/** The chunk's copies table; the caller fills it from one JSON parameter (see copiesRecord). */
export const createCopiesTable = () =>
  `create temporary table ${COPIES_TABLE} (${columnList()}) on commit drop`;

/** The record type of jsonb_to_recordset over the chunk's copies. */
export const copiesRecord = () => `x(${columnList()})`;

import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { type FieldCipher, isSealedValue } from './field-encryption';
import { SEALED_COLUMNS, type SealedColumn } from './sealed-columns';

/*
 * Re-sealing every sealed value under the current key (ENCRYPTION_KEY), for a key rotation: values under an
 * old key (ENCRYPTION_KEYS_OLD), values written before key ids existed (v1), and values kept in clear from
 * before their column was sealed (old texts, old signed letters).
 *
 * Safe while the server runs: each batch is one short transaction, and each row is written only if it still
 * holds the value that was read (a row the server rewrote meanwhile was sealed under the current key by it).
 * Resumable: a value already under the current key is never read again, so a run stopped half-way and started
 * again carries on where the first left off. Nothing read is ever printed or returned: only counts and the
 * ids of rows that could not be opened.
 */

export type ColumnProgress = {
  table: string;
  column: string;
  /** Values in the column (nulls not counted). */
  total: number;
  /** Values under the current key, as of now. */
  current: number;
  /** Values re-sealed by this run. */
  resealed: number;
  /** Rows whose value opens with no known key (or is in clear where no clear value is expected). */
  unreadable: string[];
};

/** Keeps at most this many unreadable row ids per column (their count is still exact in `unreadableCount`). */
const UNREADABLE_IDS_KEPT = 20;

type Row = { id: string; value: string } & Record<string, string>;

const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

async function countColumn(db: Db, c: SealedColumn, prefix: string) {
  const [row] = rowsOf(
    await db.execute(sql`
      select count(*)::int as total,
             count(*) filter (where ${sql.identifier(c.column)} like ${prefix + '%'})::int as current
        from ${sql.identifier(c.table)}
       where ${sql.identifier(c.column)} is not null`),
  ) as unknown as { total: number; current: number }[];
  return { total: row!.total, current: row!.current };
}

/** The value under the current key, or null when it cannot be opened. */
function resealed(cipher: FieldCipher, c: SealedColumn, row: Row): string | null {
  try {
    if (isSealedValue(row.value)) return cipher.encrypt(cipher.decrypt(row.value));
    return c.sealPlain ? c.sealPlain.seal(cipher, row.value, row) : null;
  } catch {
    // An unknown key, a tampered value: reported by row id, never by content.
    return null;
  }
}

/** Re-seals one column; `onProgress` hears after each batch. */
export async function rotateColumn(
  db: Db,
  cipher: FieldCipher,
  c: SealedColumn,
  o: { batchSize?: number; onProgress?: (p: ColumnProgress & { unreadableCount: number }) => void } = {},
): Promise<ColumnProgress & { unreadableCount: number }> {
  const prefix = `v2.${cipher.currentKeyId}.`;
  const counts = await countColumn(db, c, prefix);
  const progress = { table: c.table, column: c.column, ...counts, resealed: 0, unreadable: [] as string[] };
  let unreadableCount = 0;
  const batchSize = c.batchSize ?? o.batchSize ?? 200;
  const extra = c.sealPlain?.with ?? [];
  // Walks by primary key: rows that cannot be opened stay behind the cursor instead of being read again.
  let after: string | null = null;
  const idOf = (id: string) => (c.textId ? sql`${id}` : sql`${id}::uuid`);
  const key = sql.identifier(c.idColumn ?? 'id');
  for (;;) {
    const batch = rowsOf(
      await db.execute(sql`
        select ${key}::text as id, ${sql.identifier(c.column)} as value
               ${sql.join(
                 extra.map((name) => sql`, ${sql.identifier(name)}::text as ${sql.identifier(name)}`),
                 sql``,
               )}
          from ${sql.identifier(c.table)}
         where ${sql.identifier(c.column)} is not null
           and ${sql.identifier(c.column)} not like ${prefix + '%'}
           ${after === null ? sql`` : sql`and ${key} > ${idOf(after)}`}
         order by ${key}
         limit ${batchSize}`),
    );
    if (batch.length === 0) break;
    after = batch[batch.length - 1]!.id;
    await db.transaction(async (tx) => {
      for (const row of batch) {
        const value = resealed(cipher, c, row);
        if (value === null) {
          unreadableCount++;
          if (progress.unreadable.length < UNREADABLE_IDS_KEPT) progress.unreadable.push(row.id);
          continue;
        }
        // Only if unchanged since it was read: a value the server wrote meanwhile is already current.
        const written = rowsOf(
          await tx.execute(sql`
            update ${sql.identifier(c.table)} set ${sql.identifier(c.column)} = ${value}
             where ${key} = ${idOf(row.id)} and ${sql.identifier(c.column)} = ${row.value}
            returning ${key}`),
        );
        if (written.length > 0) progress.resealed++;
      }
    });
    o.onProgress?.({ ...progress, current: progress.current + progress.resealed, unreadableCount });
  }
  const final = await countColumn(db, c, prefix);
  return { ...progress, ...final, unreadableCount };
}

/** Re-seals every sealed column in turn (SEALED_COLUMNS); returns each column's outcome. */
export async function rotateKeys(
  db: Db,
  cipher: FieldCipher,
  o: {
    batchSize?: number;
    columns?: readonly SealedColumn[];
    onProgress?: (p: ColumnProgress & { unreadableCount: number }) => void;
  } = {},
): Promise<(ColumnProgress & { unreadableCount: number })[]> {
  const results = [];
  for (const c of o.columns ?? SEALED_COLUMNS) results.push(await rotateColumn(db, cipher, c, o));
  return results;
}

export type KeyUse = {
  table: string;
  column: string;
  /** Values per key id; 'v1' for values written before key ids, 'clear' for values never sealed. */
  byKey: Record<string, number>;
};

/** Which keys the stored values are sealed with, per column, without reading any value whole. */
export async function keysInUse(
  db: Db,
  columns: readonly SealedColumn[] = SEALED_COLUMNS,
): Promise<KeyUse[]> {
  const uses: KeyUse[] = [];
  for (const c of columns) {
    const col = sql.identifier(c.column);
    const rows = rowsOf(
      await db.execute(sql`
        select case when ${col} like 'v2.%' then split_part(left(${col}, 40), '.', 2)
                    when ${col} like 'v1.%' then 'v1'
                    else 'clear' end as key,
               count(*)::int as n
          from ${sql.identifier(c.table)}
         where ${col} is not null
         group by 1
         order by 1`),
    ) as unknown as { key: string; n: number }[];
    uses.push({ table: c.table, column: c.column, byKey: Object.fromEntries(rows.map((r) => [r.key, r.n])) });
  }
  return uses;
}

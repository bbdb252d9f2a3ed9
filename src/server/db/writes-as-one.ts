import { sql, type SQL } from 'drizzle-orm';
import type { Transaction } from './client';

/** An insert, update or delete built by drizzle and not sent yet (its answer is not read). */
export type Write = { getSQL(): SQL };

/**
 * Sends `writes` as one statement: every write but the last rides as a CTE of the last. Each statement sent
 * costs the server a round trip and its driver's work, so a unit that writes several rows nobody reads back
 * (the lead's credential, its reset code) sends them together. PostgreSQL runs every CTE that writes, whether
 * or not the statement reads it, all on the snapshot the statement began with: no write here may need to read
 * another's rows (a delete of rows inserted beside it would not find them). A foreign key may name a row
 * inserted beside it (the caller makes the ids): the keys are checked once the whole statement has run. One
 * failing fails the statement, and so the unit, as one failing of separate statements would.
 */
export async function writeAsOne(tx: Transaction, writes: readonly Write[]): Promise<void> {
  const last = writes.at(-1);
  if (!last) return;
  if (writes.length === 1) {
    await tx.execute(last.getSQL());
    return;
  }
  // (getSQL: a drizzle builder put in a sql template comes out in parentheses, which a CTE's body may not have.)
  const riders = writes.slice(0, -1).map((w, i) => sql`${sql.identifier(`write_${i}`)} as (${w.getSQL()})`);
  await tx.execute(sql`with ${sql.join(riders, sql`, `)} ${last.getSQL()}`);
}

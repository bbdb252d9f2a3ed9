import { Param, type SQL, sql } from 'drizzle-orm';
import type { ExecuteSql, Transaction } from './client';

/**
 * Raw SQL with `$1`-style parameters run on a drizzle transaction (or the database), for a library that
 * brings its own statements and accepts the client to run them on: pg-boss writes a job this way inside the
 * caller's transaction, so the job exists if and only if the transaction commits.
 *
 * Each `$n` becomes a drizzle parameter holding the n-th value, passed to the driver unchanged (an array
 * stays one array parameter). Only for statements without dollar-quoted strings or a literal `$` followed
 * by a digit, which pg-boss's job statements never contain.
 */
export function transactionSql(tx: Transaction): ExecuteSql {
  return async (text, values = []) => {
    const chunks: SQL[] = [];
    let last = 0;
    for (const match of text.matchAll(/\$(\d+)/g)) {
      const index = Number(match[1]) - 1;
      if (index < 0 || index >= values.length) throw new Error(`transactionSql: no value for $${match[1]}`);
      chunks.push(sql.raw(text.slice(last, match.index)));
      chunks.push(sql`${new Param(values[index])}`);
      last = match.index + match[0].length;
    }
    chunks.push(sql.raw(text.slice(last)));
    const result = await tx.execute(sql.join(chunks));
    return { rows: (result as unknown as { rows: unknown[] }).rows };
  };
}

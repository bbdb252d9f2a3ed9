import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/setup/test-database';
import { type Database, inTransaction } from './client';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await database?.close();
});

/** The server's id for the transaction the statement runs in. */
const currentTransaction = async (run: { execute: Database['db']['execute'] }) => {
  const result = (await run.execute(sql`select txid_current()::text as id`)) as unknown as {
    rows: { id: string }[];
  };
  return result.rows[0]!.id;
};

describe('inTransaction (the bridge for callers still holding a Tx)', () => {
  it('runs the work in the transaction it is given', async () => {
    await database.db.transaction(async (outer) => {
      const ids = await inTransaction(outer, async (tx) => [await currentTransaction(tx), tx === outer]);
      expect(ids).toEqual([await currentTransaction(outer), true]);
    });
  });

  it('opens a transaction of its own on the plain handle, so its statements commit or roll back together', async () => {
    const [first, second] = await inTransaction(database.db, async (tx) => [
      await currentTransaction(tx),
      await currentTransaction(tx),
    ]);
    expect(first).toBe(second);
    // Two statements on the plain handle are two transactions: what the bridge spares a caller.
    expect(await currentTransaction(database.db)).not.toBe(await currentTransaction(database.db));
  });
});

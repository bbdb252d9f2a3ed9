import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPostgresTestDatabase, createTestDatabase } from '#tests/setup/test-database';
import { builtOnce } from './built-once';
import { type Database, fromPostgres } from './client';
import { emailOutbox } from './schema/ops';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

let builds = 0;
const insertEmail = builtOnce((handle) => {
  builds++;
  return (handle as typeof database.db)
    .insert(emailOutbox)
    .values({ to: sql.placeholder('to'), kind: 'built-once-test' })
    .returning({ id: emailOutbox.id })
    .prepare('built_once_test_insert');
});
const lockEmail = builtOnce((handle) =>
  handle
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(eq(emailOutbox.id, sql.placeholder('id')))
    .for('update')
    .prepare('built_once_test_lock'),
);

class Undo extends Error {}

describe('a statement built once', () => {
  it('runs in the transaction it is handed: a rollback undoes its write', async () => {
    const to = `undone-${Date.now()}@example.test`;
    // Built first on the database itself, so what drizzle built holds the pool, not a transaction.
    await insertEmail(database.db).execute({ to: 'first@example.test' });
    await lockEmail(database.db).execute({ id: '00000000-0000-4000-8000-000000000000' });
    await expect(
      database.db.transaction(async (tx) => {
        const [row] = await insertEmail(tx).execute({ to });
        expect(row?.id).toBeTruthy();
        // Seen inside the transaction that wrote it.
        expect(await lockEmail(tx).execute({ id: row!.id })).toEqual([{ id: row!.id }]);
        throw new Undo();
      }),
    ).rejects.toBeInstanceOf(Undo);
    // Had it been sent on the pool's own connection, the row would have been committed there.
    const left = await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
    expect(left).toEqual([]);
  });

  it('is built by drizzle once, whatever handle runs it', async () => {
    for (let i = 0; i < 3; i++)
      await database.db.transaction(async (tx) => {
        await insertEmail(tx).execute({ to: `kept-${i}@example.test` });
      });
    await insertEmail(database.db).execute({ to: 'kept-pool@example.test' });
    expect(builds).toBe(1);
  });

  it.runIf(inject('testDatabase').kind === 'postgres')(
    'holds its row lock until the transaction ends (PostgreSQL: another connection cannot take it)',
    async () => {
      const copy = (await createPostgresTestDatabase())!;
      const server = fromPostgres(copy.url, { max: 2 });
      const other = new pg.Client({ connectionString: copy.url });
      await other.connect();
      const takeLock = (id: string) =>
        other.query('select id from email_outbox where id = $1 for update nowait', [id]);
      try {
        const [row] = await insertEmail(server.db).execute({ to: 'locked@example.test' });
        await server.db.transaction(async (tx) => {
          await lockEmail(tx).execute({ id: row!.id });
          // 55P03: lock_not_available, the row is held by the transaction above.
          await expect(takeLock(row!.id)).rejects.toMatchObject({ code: '55P03' });
        });
        // Once it ended, the lock is free.
        await expect(takeLock(row!.id)).resolves.toMatchObject({ rowCount: 1 });
      } finally {
        await other.end();
        await server.close();
        await copy.drop();
      }
    },
  );
});

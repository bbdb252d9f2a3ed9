import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/setup/test-database';
import type { Database } from './client';
import { verification } from './schema/auth';
import { emailOutbox } from './schema/ops';
import { writeAsOne } from './writes-as-one';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const codeRow = (identifier: string, id: string) => ({
  id,
  identifier,
  value: id,
  expiresAt: new Date(Date.now() + 60_000),
});

describe('writes sent as one statement', () => {
  it('makes every write, and a delete beside an insert of the same key keeps the new row', async () => {
    const identifier = `writes-as-one-${Date.now()}`;
    await database.db.insert(verification).values(codeRow(identifier, `${identifier}-old`));
    const to = `${identifier}@example.test`;
    await database.db.transaction((tx) =>
      writeAsOne(tx, [
        tx.insert(emailOutbox).values({ to, kind: 'writes-as-one-test' }),
        tx.delete(verification).where(eq(verification.identifier, identifier)),
        tx.insert(verification).values(codeRow(identifier, `${identifier}-new`)),
      ]),
    );
    const codes = await database.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, identifier));
    expect(codes.map((c) => c.id)).toEqual([`${identifier}-new`]);
    expect(await database.db.$count(emailOutbox, eq(emailOutbox.to, to))).toBe(1);
  });

  it('writes nothing when one of them fails', async () => {
    const identifier = `writes-as-one-failed-${Date.now()}`;
    const to = `${identifier}@example.test`;
    await expect(
      database.db.transaction((tx) =>
        writeAsOne(tx, [
          tx.insert(emailOutbox).values({ to, kind: 'writes-as-one-test' }),
          // The same primary key twice: the second insert fails.
          tx.insert(verification).values([codeRow(identifier, identifier), codeRow(identifier, identifier)]),
        ]),
      ),
    ).rejects.toThrow();
    expect(await database.db.$count(emailOutbox, eq(emailOutbox.to, to))).toBe(0);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrower, application } from '#server/db/schema/application';
import { session } from '#server/db/schema/auth';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { newBorrower, put } from '#tests/support/borrower-flow';
import { eventually } from '#tests/support/eventually';
import { silently } from '#tests/support/silently';

// A borrower's session and application are kept in each server's memory between requests
// (src/server/plugins/read-cache.ts) and dropped when the database announces that one of their rows changed.
// These tests change rows in three ways: through the API, through the database as any other program would
// (the announcement reaches the server a moment later), and silently (triggers switched off for the
// transaction, which only a superuser may do), which shows whether an answer came from memory.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const firstNameOf = async (client: Awaited<ReturnType<typeof newBorrower>>['client']) => {
  const res = await client.get('/api/application');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().borrower.firstName as string;
};

describe("a borrower's reads kept in memory", () => {
  it('answers from memory while nothing is announced, and reads again once a change is', async () => {
    const b = await newBorrower(t, 'Cached');
    expect(await firstNameOf(b.client)).toBe('Pat');
    await silently(t, (tx) =>
      tx.update(borrower).set({ firstName: 'Silent' }).where(eq(borrower.applicationId, b.applicationId)),
    );
    expect(await firstNameOf(b.client)).toBe('Pat');

    // Any program's change is announced by the database: a staff member's, a job's, a person's at psql.
    await t.db
      .update(borrower)
      .set({ firstName: 'Announced' })
      .where(eq(borrower.applicationId, b.applicationId));
    await eventually(async () => expect(await firstNameOf(b.client)).toBe('Announced'));
    await t.db
      .update(application)
      .set({ status: 'counselorReview' })
      .where(eq(application.id, b.applicationId));
    await eventually(async () =>
      expect((await b.client.get('/api/application')).json().status).toBe('counselorReview'),
    );
  });

  it("reads a borrower's own save back at once", async () => {
    const b = await newBorrower(t, 'Saver');
    expect((await b.client.get('/api/application')).json().hardships.hasReductionInIncome).not.toBe(true);
    const saved = await put(b.client, '/api/application/hardships', { hasReductionInIncome: true });
    expect(saved.statusCode, saved.body).toBe(200);
    // No wait: the save itself dropped the copy before its answer left.
    expect((await b.client.get('/api/application')).json().hardships.hasReductionInIncome).toBe(true);
  });

  it('refuses a signed-out session at once, even replayed', async () => {
    const b = await newBorrower(t, 'Leaver');
    expect(await firstNameOf(b.client)).toBe('Pat');
    const cookie = [...b.client.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    expect((await b.client.post('/api/auth/sign-out')).statusCode).toBe(204);
    const replayed = await t.app.inject({ method: 'GET', url: '/api/application', headers: { cookie } });
    expect(replayed.statusCode).toBe(401);
  });

  it('refuses a session ended by another program as soon as the database announces it', async () => {
    const b = await newBorrower(t, 'Revoked');
    expect(await firstNameOf(b.client)).toBe('Pat');
    await t.db.delete(session).where(eq(session.userId, b.userId));
    await eventually(async () => expect((await b.client.get('/api/application')).statusCode).toBe(401));
  });

  it('reads from the database while it cannot hear the announcements', async (context) => {
    if (t.database.kind !== 'postgres') context.skip(); // the embedded database is in the process: never lost
    const b = await newBorrower(t, 'Unheard');
    expect(await firstNameOf(b.client)).toBe('Pat');
    const ended = await t.database.executeSql(
      `select count(pg_terminate_backend(pid))::int as ended from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`,
    );
    expect(ended.rows).toEqual([{ ended: 1 }]);
    await silently(t, (tx) =>
      tx.update(borrower).set({ firstName: 'Fresh' }).where(eq(borrower.applicationId, b.applicationId)),
    );
    await eventually(async () => expect(await firstNameOf(b.client)).toBe('Fresh'));
  });
});

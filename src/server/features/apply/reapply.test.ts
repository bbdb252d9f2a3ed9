import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { application, applicationStatusChange } from '#server/db/schema/application';
import { decision } from '#server/db/schema/decision';
import { auditLog } from '#server/db/schema/ops';
import { expenseLines, newBorrower, put, toExpenses } from '#tests/support/borrower-flow';

// A borrower whose application ended not qualified applies again: at once after a change in their situation,
// or after the agency's waiting period; a new application on the same account, the old one kept.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A borrower refused because no plan is needed (the largest income, confirmed past the warning). */
async function refused(lastName = 'Again') {
  const b = await newBorrower(t, lastName);
  await toExpenses(b, 9_999_999_00);
  const res = await put(b.client, '/api/application/expenses', {
    lines: await expenseLines(b),
    confirmDisqualification: true,
  });
  expect(res.json()).toEqual({ next: '/offers/not-qualified' });
  return b;
}

const reapply = (b: Awaited<ReturnType<typeof newBorrower>>, body: unknown) =>
  b.client.post('/api/application/reapply', body);

describe('POST /api/application/reapply', () => {
  it('with a change in their situation: a new application on the account, the old one kept', async () => {
    const b = await refused();
    const res = await reapply(b, { change: 'income' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ next: '/hardships' });

    const rows = await t.db.select().from(application).where(eq(application.owner, b.userId));
    expect(rows).toHaveLength(2);
    const old = rows.find((r) => r.id === b.applicationId)!;
    const fresh = rows.find((r) => r.id !== b.applicationId)!;
    expect(old).toMatchObject({ status: 'disqualified' });
    expect(old.supersededAt).toBeInstanceOf(Date);
    expect(fresh).toMatchObject({ status: 'inProgress', lastViewedPage: 'Hardships', supersededAt: null });
    // The old application keeps its decision; the new one has none yet.
    expect(await t.db.select().from(decision).where(eq(decision.applicationId, old.id))).toHaveLength(1);
    expect(await t.db.select().from(decision).where(eq(decision.applicationId, fresh.id))).toHaveLength(0);

    // The borrower's pages and session read the new one, with the name carried over.
    const view = (await b.client.get('/api/application')).json();
    expect(view).toMatchObject({ id: fresh.id, status: 'inProgress' });
    expect((await b.client.get('/api/session')).json().resume).toBe('/hardships');
    const borrowerRow = await t.db.query.borrower.findFirst({
      where: (x, { eq: is }) => is(x.applicationId, fresh.id),
    });
    expect(borrowerRow).toMatchObject({ owner: b.userId, firstName: 'Pat', lastName: 'Again' });
    // The flow goes on with the new application.
    const hardships = await put(b.client, '/api/application/hardships', { hasReductionInIncome: true });
    expect(hardships.statusCode, hardships.body).toBe(200);

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reapplied'), eq(auditLog.applicationId, old.id)));
    expect(audit).toMatchObject({
      actorId: b.userId,
      after: { newApplicationId: fresh.id, change: 'income' },
    });

    // Not again: the new application is in progress.
    expect((await reapply(b, { change: 'income' })).statusCode).toBe(409);
  });

  it('with nothing changed: refused until the waiting period has passed, then a new application', async () => {
    const b = await refused('Waiting');
    const early = await reapply(b, { change: null });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(
      /^You can apply again from \d{4}-\d{2}-\d{2}, or now if your situation has changed\.$/,
    );
    expect(await t.db.select().from(application).where(eq(application.owner, b.userId))).toHaveLength(1);

    // The refusal 91 days ago: the agency's 90 days have passed.
    await t.db
      .update(applicationStatusChange)
      .set({ createdAt: new Date(Date.now() - 91 * 86_400_000) })
      .where(
        and(
          eq(applicationStatusChange.applicationId, b.applicationId),
          eq(applicationStatusChange.to, 'disqualified'),
        ),
      );
    const res = await reapply(b, { change: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.select().from(application).where(eq(application.owner, b.userId))).toHaveLength(2);
  });

  it('refuses an application still in progress, and hostile input with 400, never 5xx', async () => {
    const b = await newBorrower(t, 'Going');
    expect((await reapply(b, { change: 'income' })).statusCode).toBe(409);
    for (const body of [
      { change: '<script>' },
      { change: 'income', applicationId: 'someone-else' },
      {},
      null,
      { change: 1 },
    ]) {
      const res = await reapply(b, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

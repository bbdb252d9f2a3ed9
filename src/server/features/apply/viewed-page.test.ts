import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { application } from '#server/db/schema/application';
import { applicationRow, newBorrower, put, toEligibleDebts, toExpenses } from '#tests/support/borrower-flow';

// The last viewed page follows the pages the borrower opens, so a returning borrower resumes where they
// stopped: the page they last had open, not the page after their last save.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const view = (client: Awaited<ReturnType<typeof newBorrower>>['client'], page: unknown) =>
  put(client, '/api/application/viewed-page', { page });
const resume = async (client: Awaited<ReturnType<typeof newBorrower>>['client']) =>
  (await client.get('/api/session')).json().resume as string;

describe('PUT /api/application/viewed-page', () => {
  it('records an earlier page the borrower went back to; the session resumes there, the version stays', async () => {
    const b = await newBorrower(t);
    await toEligibleDebts(b);
    expect(await resume(b.client)).toBe('/eligible-debts');
    const before = await applicationRow(t, b.applicationId);

    const res = await view(b.client, 'Household');
    expect(res.statusCode).toBe(204);
    expect(await resume(b.client)).toBe('/household');
    expect((await b.client.get('/api/application')).json().lastViewedPage).toBe('Household');
    const after = await applicationRow(t, b.applicationId);
    expect(after.version).toBe(before.version);
    expect(after.lastCompletedPage).toBe(before.lastCompletedPage);
  });

  it('is refused for a page before its prerequisite, leaving the page as it was', async () => {
    const b = await newBorrower(t);
    const res = await view(b.client, 'Expenses');
    expect(res.statusCode).toBe(409);
    expect((await applicationRow(t, b.applicationId)).lastViewedPage).toBe('Hardships');
  });

  it('is refused once the application is past inProgress', async () => {
    const b = await newBorrower(t);
    await toExpenses(b, 500_000);
    await t.db.update(application).set({ status: 'disqualified' }).where(eq(application.id, b.applicationId));
    expect((await view(b.client, 'Expenses')).statusCode).toBe(409);
  });

  it.each([
    ['Review'],
    ['Submitted'],
    ['nowhere'],
    [''],
    ['Household\u0000'],
    ['x'.repeat(10_000)],
    [42],
    [null],
  ])('answers 400 for %j', async (page) => {
    const b = await newBorrower(t);
    const res = await view(b.client, page);
    expect(res.statusCode).toBe(400);
    expect((await applicationRow(t, b.applicationId)).lastViewedPage).toBe('Hardships');
  });

  it('refuses a body with anything else in it', async () => {
    const b = await newBorrower(t);
    const res = await put(b.client, '/api/application/viewed-page', { page: 'Hardships', owner: 'someone' });
    expect(res.statusCode).toBe(400);
  });

  it('writes only the caller’s own application', async () => {
    const a = await newBorrower(t);
    const b = await newBorrower(t);
    await toEligibleDebts(b);
    expect((await view(a.client, 'Hardships')).statusCode).toBe(204);
    expect((await applicationRow(t, b.applicationId)).lastViewedPage).toBe('EligibleDebts');
  });
});

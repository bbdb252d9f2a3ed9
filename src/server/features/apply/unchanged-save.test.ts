import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISQUALIFICATION_REASONS } from '#domain/underwriting/reasons';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { applicationStatusChange, borrower, hardship } from '#server/db/schema/application';
import { collection, creditReport, debt } from '#server/db/schema/credit';
import { decision, disqualificationReason } from '#server/db/schema/decision';
import { expense } from '#server/db/schema/budget';
import { auditLog } from '#server/db/schema/ops';
import {
  applicationRow,
  householdBody,
  newBorrower,
  put,
  toCredit,
  toEligibleDebts,
  toIncome,
} from '#tests/support/borrower-flow';

// The same answers sent again for a page already completed write nothing: no answer row, no version bump, no
// audit record, no new decision or credit report. Coming back to a page (which records it as the last viewed
// one) and sending it unchanged moves only the last viewed page on, so a later sign-in resumes where the
// borrower went.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Borrower = Awaited<ReturnType<typeof newBorrower>>;

const rowsOf = async <T>(rows: Promise<T[]>) => (await rows).length;

/** Everything a save of the application's first part may write, as comparable values. */
async function footprint(applicationId: string) {
  const app = await applicationRow(t, applicationId);
  const stamps = async (table: typeof hardship | typeof borrower | typeof debt | typeof collection) =>
    (
      await t.db
        .select({ id: table.id, updatedAt: table.updatedAt })
        .from(table)
        .where(eq(table.applicationId, applicationId))
    )
      .map((r) => `${r.id}@${r.updatedAt.toISOString()}`)
      .sort();
  const [audits] = await t.db
    .select({ n: count() })
    .from(auditLog)
    .where(eq(auditLog.applicationId, applicationId));
  return {
    version: app.version,
    updatedAt: app.updatedAt.toISOString(),
    lastCompletedPage: app.lastCompletedPage,
    status: app.status,
    hardships: await stamps(hardship),
    borrower: await stamps(borrower),
    debts: await stamps(debt),
    collections: await stamps(collection),
    expenses: await rowsOf(t.db.select().from(expense).where(eq(expense.applicationId, applicationId))),
    creditReports: await rowsOf(
      t.db.select().from(creditReport).where(eq(creditReport.applicationId, applicationId)),
    ),
    decisions: await rowsOf(t.db.select().from(decision).where(eq(decision.applicationId, applicationId))),
    statusChanges: await rowsOf(
      t.db
        .select()
        .from(applicationStatusChange)
        .where(eq(applicationStatusChange.applicationId, applicationId)),
    ),
    audits: audits!.n,
  };
}

/** Sends `body` to `url` and expects `next`. */
async function send(b: Borrower, url: string, body: unknown, next: string) {
  const res = await put(b.client, url, body);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ next });
}

/**
 * The page at `url` saved once already (the borrower stands on `nextPage`): the same answers sent again write
 * nothing; then, back on `page` (the viewed-page call) and sent again, only the last viewed page moves on.
 */
async function expectUnchangedSaveWritesNothing(
  b: Borrower,
  o: { page: string; url: string; body: unknown; next: string; nextPage: string },
) {
  const before = await footprint(b.applicationId);
  expect((await applicationRow(t, b.applicationId)).lastViewedPage).toBe(o.nextPage);

  await send(b, o.url, o.body, o.next);
  expect(await footprint(b.applicationId)).toEqual(before);
  expect((await applicationRow(t, b.applicationId)).lastViewedPage).toBe(o.nextPage);

  const back = await put(b.client, '/api/application/viewed-page', { page: o.page });
  expect(back.statusCode, back.body).toBe(204);
  const { updatedAt: _moved, ...answers } = await footprint(b.applicationId);
  await send(b, o.url, o.body, o.next);
  const { updatedAt: _movedAgain, ...after } = await footprint(b.applicationId);
  expect(after).toEqual(answers);
  expect(after.version).toBe(before.version);
  expect((await applicationRow(t, b.applicationId)).lastViewedPage).toBe(o.nextPage);
}

describe('the same answers sent again', () => {
  it('on /hardships write nothing', async () => {
    const b = await newBorrower(t);
    await toCredit(b);
    // toCredit ticked this one; the household has been saved since, so Hardships is completed.
    await send(b, '/api/application/hardships', { hasReductionInIncome: true }, '/household');
    await expectUnchangedSaveWritesNothing(b, {
      page: 'Hardships',
      url: '/api/application/hardships',
      body: { hasReductionInIncome: true },
      next: '/household',
      nextPage: 'Household',
    });
  });

  it('on /household write nothing', async () => {
    const b = await newBorrower(t);
    await toCredit(b);
    await expectUnchangedSaveWritesNothing(b, {
      page: 'Household',
      url: '/api/application/household',
      body: householdBody(b.lastName),
      next: '/credit',
      nextPage: 'Credit',
    });
  });

  it('on /credit write nothing and pull no report again', async () => {
    const b = await newBorrower(t);
    await toEligibleDebts(b);
    await expectUnchangedSaveWritesNothing(b, {
      page: 'Credit',
      url: '/api/application/credit',
      body: { consentedToCreditPolicy: true },
      next: '/eligible-debts',
      nextPage: 'EligibleDebts',
    });
  });

  it('on /eligible-debts write nothing', async () => {
    const b = await newBorrower(t);
    await toIncome(b);
    const items = (await b.client.get('/api/application/eligible-debts')).json().items as { id: string }[];
    await expectUnchangedSaveWritesNothing(b, {
      page: 'EligibleDebts',
      url: '/api/application/eligible-debts',
      body: { selectedIds: items.map((i) => i.id) },
      next: '/income/provide-monthly-income',
      nextPage: 'ProvideMonthlyIncome',
    });
  });

  it('on /income/provide-monthly-income write nothing and leads where it led', async () => {
    const b = await newBorrower(t);
    await toIncome(b);
    await send(b, '/api/application/income', { selfReportedMonthlyCurrentIncome: 900_000 }, '/expenses');
    await expectUnchangedSaveWritesNothing(b, {
      page: 'ProvideMonthlyIncome',
      url: '/api/application/income',
      body: { selfReportedMonthlyCurrentIncome: 900_000 },
      next: '/expenses',
      nextPage: 'Expenses',
    });
  });

  it('on /income/confirm-income write nothing', async () => {
    const b = await newBorrower(t);
    await toIncome(b);
    await send(
      b,
      '/api/application/income',
      { selfReportedMonthlyCurrentIncome: 100_00 },
      '/income/confirm-income',
    );
    await send(b, '/api/application/confirm-income', { isIncomeCorrect: true }, '/expenses');
    await expectUnchangedSaveWritesNothing(b, {
      page: 'ConfirmIncome',
      url: '/api/application/confirm-income',
      body: { isIncomeCorrect: true },
      next: '/expenses',
      nextPage: 'Expenses',
    });
  });
});

describe('a save that changes something is still written', () => {
  it('a changed hardship raises the version and writes its row', async () => {
    const b = await newBorrower(t);
    await toCredit(b);
    const before = await footprint(b.applicationId);
    await send(b, '/api/application/hardships', { hasReductionInIncome: true, other: true }, '/household');
    const after = await footprint(b.applicationId);
    expect(after.version).toBeGreaterThan(before.version);
    // The row's new value, not its updated_at: with the clock faked (TEST_NOW), Date only moves when a timer
    // turn comes, and a save on the embedded database may finish in the same instant as the one before it.
    const stored = await t.db
      .select({ value: hardship.value })
      .from(hardship)
      .where(and(eq(hardship.applicationId, b.applicationId), eq(hardship.key, 'other')));
    expect(stored).toEqual([{ value: true }]);
  });

  it('a spouse added on /household is saved, though the borrower answered as before', async () => {
    const b = await newBorrower(t);
    await toCredit(b);
    const before = await footprint(b.applicationId);
    await send(
      b,
      '/api/application/household',
      householdBody(b.lastName, {
        hasSpouse: true,
        spouse: {
          firstName: 'Sam',
          lastName: b.lastName,
          dateOfBirth: '02-03-1986',
          hasSameAddressAsBorrower: true,
        },
      }),
      '/credit',
    );
    expect((await footprint(b.applicationId)).version).toBeGreaterThan(before.version);
    expect((await b.client.get('/api/application')).json().spouse).toMatchObject({ firstName: 'Sam' });
  });

  it('/credit sent unchanged still checks the state another page changed since', async () => {
    const b = await newBorrower(t);
    await toEligibleDebts(b);
    const moved = householdBody(b.lastName, {
      borrower: { ...householdBody(b.lastName).borrower, state: 'DC', city: 'Washington', zipCode: '20001' },
    });
    await send(b, '/api/application/household', moved, '/credit');
    await send(b, '/api/application/credit', { consentedToCreditPolicy: true }, '/notify-when-eligible');
    const reasons = await t.db
      .select({ reason: disqualificationReason.reason })
      .from(disqualificationReason)
      .where(eq(disqualificationReason.applicationId, b.applicationId));
    expect(reasons.map((r) => r.reason)).toEqual([DISQUALIFICATION_REASONS.notLicensed]);
    expect((await applicationRow(t, b.applicationId)).status).toBe('disqualified');
  });

  it('/income sent unchanged after the debts kept changed works the shortfall out again', async () => {
    const b = await newBorrower(t);
    await toIncome(b);
    await send(b, '/api/application/income', { selfReportedMonthlyCurrentIncome: 900_000 }, '/expenses');
    const shortfall = (await applicationRow(t, b.applicationId)).estimatedShortfall;
    const items = (await b.client.get('/api/application/eligible-debts')).json().items as { id: string }[];
    expect(items.length).toBeGreaterThan(1);
    await send(
      b,
      '/api/application/eligible-debts',
      { selectedIds: [items[0]!.id] },
      '/income/provide-monthly-income',
    );
    const version = (await applicationRow(t, b.applicationId)).version;
    const res = await put(b.client, '/api/application/income', { selfReportedMonthlyCurrentIncome: 900_000 });
    expect(res.statusCode, res.body).toBe(200);
    const app = await applicationRow(t, b.applicationId);
    expect(app.estimatedShortfall).not.toBe(shortfall);
    expect(app.version).toBeGreaterThan(version);
  });
});

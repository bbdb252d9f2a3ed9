import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sumCents } from '#domain/money/cents';
import { ineligibleDebtPayments } from '#domain/underwriting/expense-estimates';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { application } from '#server/db/schema/application';
import { collection, creditReport, debt } from '#server/db/schema/credit';
import { newBorrower, put, toCredit, toEligibleDebts, expenseLines } from '#tests/support/borrower-flow';
import { signedInStaff } from '#tests/support/staff-actions';
import { MAX_SELF_REPORTED_DEBTS } from './eligible-debts';

// 'A debt is missing?' on /eligible-debts: POST and DELETE /api/application/eligible-debts/missing.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Borrower = Awaited<ReturnType<typeof newBorrower>>;
type Item = {
  id: string;
  creditorName: string;
  accountType: string | null;
  accountTypeName: string | null;
  currentBalance: number;
  estimatedMonthlyPayment: number;
  selectedForDebtReduction: boolean;
  isSelfReported: boolean;
};

const URL = '/api/application/eligible-debts/missing';
const GOOD = { creditorName: 'Hometown Credit Union', currentBalance: 320_000, monthlyPayment: 9_500 };
const add = (b: Borrower, body: unknown) => b.client.send('POST', URL, body);
const selfReportedRows = (b: Borrower) =>
  t.db
    .select()
    .from(debt)
    .where(and(eq(debt.applicationId, b.applicationId), eq(debt.isSelfReported, true)));

describe('POST /api/application/eligible-debts/missing', () => {
  it('adds the debt to the list, selected and marked self-reported, on the borrower’s report', async () => {
    const b = await newBorrower(t);
    await toEligibleDebts(b);
    const before = (await b.client.get('/api/application/eligible-debts')).json().items as Item[];
    const res = await add(b, GOOD);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as Item[];
    expect(items).toHaveLength(before.length + 1);
    const added = items.find((i) => i.isSelfReported)!;
    expect(added).toMatchObject({
      creditorName: 'Hometown Credit Union',
      accountType: null,
      accountTypeName: null,
      currentBalance: 320_000,
      // What the borrower pays, not an estimate.
      estimatedMonthlyPayment: 9_500,
      selectedForDebtReduction: true,
    });
    expect(items.filter((i) => !i.isSelfReported).map((i) => i.id)).toEqual(before.map((i) => i.id));
    // Still in balance order.
    expect(items.map((i) => i.currentBalance)).toEqual(
      [...items.map((i) => i.currentBalance)].sort((x, y) => y - x),
    );

    const [row] = await selfReportedRows(b);
    const [report] = await t.db
      .select()
      .from(creditReport)
      .where(eq(creditReport.applicationId, b.applicationId));
    expect(row).toMatchObject({
      creditReportId: report!.id,
      isEligibleForDmp: true,
      scheduledMonthlyPayment: 9_500,
      lenderName: 'Hometown Credit Union',
    });
    expect((await b.client.get('/api/application/eligible-debts')).json().items).toEqual(items);
  });

  it('is included in the offers like any other debt', async () => {
    const b = await newBorrower(t);
    await toEligibleDebts(b);
    await add(b, GOOD);
    const items = (await b.client.get('/api/application/eligible-debts')).json().items as Item[];
    await put(b.client, '/api/application/eligible-debts', { selectedIds: items.map((i) => i.id) });
    const income = await put(b.client, '/api/application/income', {
      selfReportedMonthlyCurrentIncome: 500_000,
    });
    if (income.json().next === '/income/confirm-income') {
      await put(b.client, '/api/application/confirm-income', { isIncomeCorrect: true });
    }
    // An income that covers the plan without room to spare: qualified.
    const view = (await b.client.get('/api/application/expenses')).json() as { total: number };
    const debts = await t.db.select().from(debt).where(eq(debt.applicationId, b.applicationId));
    const ineligible = ineligibleDebtPayments(
      debts
        .filter((d) => !d.isSelfReported)
        .map((d) => ({
          accountType: d.accountType ?? '',
          scheduledMonthlyPayment: d.scheduledMonthlyPayment ?? 0,
          currentBalance: d.currentBalance,
          dateClosed: d.dateClosed,
        })),
      { isHomeowner: false },
    );
    const current = sumCents(items.map((i) => i.estimatedMonthlyPayment));
    await t.db
      .update(application)
      .set({ selfReportedMonthlyCurrentIncome: Math.round((view.total + ineligible + current) / 100) * 100 })
      .where(eq(application.id, b.applicationId));
    const res = await put(b.client, '/api/application/expenses', { lines: await expenseLines(b) });
    expect(res.json()).toEqual({ next: '/offers/review' });
    const offers = (await b.client.get('/api/application/offers')).json().offers as {
      creditorName: string;
    }[];
    expect(offers.map((o) => o.creditorName)).toContain('Hometown Credit Union');
  });

  it.each([
    ['a control character', { ...GOOD, creditorName: 'Bank\u0000 of Evil' }, 'creditorName'],
    ['a right-to-left override', { ...GOOD, creditorName: 'Bank \u202e' }, 'creditorName'],
    ['a blank name', { ...GOOD, creditorName: '   ' }, 'creditorName'],
    ['a name of 61 characters', { ...GOOD, creditorName: 'a'.repeat(61) }, 'creditorName'],
    ['a huge balance', { ...GOOD, currentBalance: 1e20 }, 'currentBalance'],
    ['a balance of 8 digits', { ...GOOD, currentBalance: 10_000_000_00 }, 'currentBalance'],
    ['a zero balance', { ...GOOD, currentBalance: 0 }, 'currentBalance'],
    ['a negative payment', { ...GOOD, monthlyPayment: -100 }, 'monthlyPayment'],
    ['cents in the payment', { ...GOOD, monthlyPayment: 9_550 }, 'monthlyPayment'],
    ['a text balance', { ...GOOD, currentBalance: '3200' }, 'currentBalance'],
    ['no payment', { creditorName: 'X Bank', currentBalance: 100_00 }, 'monthlyPayment'],
  ])('refuses %s with 400 and its field, saving nothing', async (_name, body, field) => {
    const b = await newBorrower(t);
    await toEligibleDebts(b);
    const res = await add(b, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().fieldErrors ?? {})).toContain(field);
    expect(await selfReportedRows(b)).toEqual([]);
  });

  it('refuses an unknown field and a body that is not an object', async () => {
    const b = await newBorrower(t);
    await toEligibleDebts(b);
    expect((await add(b, { ...GOOD, isSelfReported: false })).statusCode).toBe(400);
    expect((await add(b, [GOOD])).statusCode).toBe(400);
    expect(await selfReportedRows(b)).toEqual([]);
  });

  it('is refused before the credit page is completed (409)', async () => {
    const b = await newBorrower(t);
    await toCredit(b);
    expect((await add(b, GOOD)).statusCode).toBe(409);
  });

  it(`takes at most ${MAX_SELF_REPORTED_DEBTS} debts`, async () => {
    const b = await newBorrower(t);
    await toEligibleDebts(b);
    for (let k = 0; k < MAX_SELF_REPORTED_DEBTS; k += 1) {
      expect((await add(b, { ...GOOD, creditorName: `Lender ${k}` })).statusCode).toBe(200);
    }
    const res = await add(b, GOOD);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.creditorName).toMatch(/at most 20 debts/);
    expect(await selfReportedRows(b)).toHaveLength(MAX_SELF_REPORTED_DEBTS);
  });
});

describe('DELETE /api/application/eligible-debts/missing/:id', () => {
  it('removes a debt the borrower added', async () => {
    const b = await newBorrower(t);
    await toEligibleDebts(b);
    const added = ((await add(b, GOOD)).json().items as Item[]).find((i) => i.isSelfReported)!;
    const res = await b.client.send('DELETE', `${URL}/${added.id}`);
    expect(res.statusCode).toBe(200);
    expect((res.json().items as Item[]).some((i) => i.isSelfReported)).toBe(false);
    expect(await selfReportedRows(b)).toEqual([]);
  });

  it('answers 404 for another borrower’s debt and for a debt of the credit report, removing nothing', async () => {
    const a = await newBorrower(t);
    const other = await newBorrower(t);
    await toEligibleDebts(a);
    await toEligibleDebts(other);
    const theirs = ((await add(other, GOOD)).json().items as Item[]).find((i) => i.isSelfReported)!;
    expect((await a.client.send('DELETE', `${URL}/${theirs.id}`)).statusCode).toBe(404);
    expect(await selfReportedRows(other)).toHaveLength(1);

    const bureau = ((await a.client.get('/api/application/eligible-debts')).json().items as Item[])[0]!;
    expect((await a.client.send('DELETE', `${URL}/${bureau.id}`)).statusCode).toBe(404);
    const kept = [
      ...(await t.db.select({ id: debt.id }).from(debt).where(eq(debt.id, bureau.id))),
      ...(await t.db.select({ id: collection.id }).from(collection).where(eq(collection.id, bureau.id))),
    ];
    expect(kept).toEqual([{ id: bureau.id }]);
  });

  it('answers 400 for an id that is not an id', async () => {
    const b = await newBorrower(t);
    await toEligibleDebts(b);
    expect((await b.client.send('DELETE', `${URL}/not-an-id%00`)).statusCode).toBe(400);
  });
});

describe('the service portal’s borrower summary', () => {
  it('shows a counsellor which debt the borrower added, so it is verified', async () => {
    const b = await newBorrower(t);
    await toEligibleDebts(b);
    await add(b, GOOD);
    const staff = await signedInStaff(t);
    const res = await staff.client.get(`/api/staff/applications/${b.applicationId}`);
    expect(res.statusCode, res.body).toBe(200);
    const debts = res.json().debts as {
      creditor: string;
      isSelfReported: boolean;
      accountType: string | null;
    }[];
    expect(debts.filter((d) => d.isSelfReported)).toEqual([
      expect.objectContaining({ creditor: 'Hometown Credit Union', accountType: null }),
    ]);
    expect(debts.filter((d) => !d.isSelfReported).length).toBeGreaterThan(2);
  });
});

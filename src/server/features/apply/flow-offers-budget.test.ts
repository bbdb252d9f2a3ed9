import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntl } from '@formatjs/intl';
import { ALL_CATALOGS } from '#domain/i18n/all-catalogs';
import { EXPENSE_LINE_MESSAGES, type ExpenseLineKey } from '#domain/i18n/expense-labels';
import { formatDollars, sumCents } from '#domain/money/cents';
import { debtFreeDate } from '#domain/enrollment/plan-projection';
import { firstDraftDate } from '#domain/enrollment/plan-terms';
import { BUDGET_CUT_MESSAGES } from '#domain/underwriting/budget-cuts';
import { nextMonthStart } from '#domain/underwriting/payoff-comparison';
import { ineligibleDebtPayments } from '#domain/underwriting/expense-estimates';
import { PLAN_FEE_SETTINGS } from '#domain/underwriting/plan-fees';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { application } from '#server/db/schema/application';
import { budget, budgetExpense } from '#server/db/schema/budget';
import { debt } from '#server/db/schema/credit';
import { applicationRow, expenseLines, newBorrower, put, toExpenses } from '#tests/support/borrower-flow';
import { planFeesFor } from '#server/application/plan-fees';

// /offers/review's costs and fees, and /budget's movable cuts, read through the API as the pages read them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Borrower = Awaited<ReturnType<typeof newBorrower>>;
type FlexibleLine = {
  category: string;
  subCategory: string;
  labelKey: ExpenseLineKey;
  label: string;
  currentValue: number;
  floor: number;
  proposedValue: number;
};

/** A borrower on /expenses whose income leaves `cashflow(current payments)` after expenses and other debts. */
async function atExpensesWithCashflow(cashflow: (current: number) => number) {
  const b = await newBorrower(t, 'Fee');
  await toExpenses(b, 500_000);
  const view = (await b.client.get('/api/application/expenses')).json() as { total: number };
  const debts = await t.db.select().from(debt).where(eq(debt.applicationId, b.applicationId));
  const ineligible = ineligibleDebtPayments(
    debts.map((d) => ({
      accountType: d.accountType ?? '',
      scheduledMonthlyPayment: d.scheduledMonthlyPayment ?? 0,
      currentBalance: d.currentBalance,
      dateClosed: d.dateClosed,
    })),
    { isHomeowner: false },
  );
  const items = (await b.client.get('/api/application/eligible-debts')).json().items as {
    estimatedMonthlyPayment: number;
  }[];
  const current = sumCents(items.map((i) => i.estimatedMonthlyPayment));
  const income = Math.max(100, Math.round((view.total + ineligible + cashflow(current)) / 100) * 100);
  await t.db
    .update(application)
    .set({ selfReportedMonthlyCurrentIncome: income })
    .where(eq(application.id, b.applicationId));
  return { b, income };
}

/** A borrower at /budget: the plan needs cuts. */
async function atBudget(): Promise<Borrower> {
  const { b } = await atExpensesWithCashflow((current) => Math.round(current / 2));
  const res = await put(b.client, '/api/application/expenses', { lines: await expenseLines(b) });
  expect(res.json()).toEqual({ next: '/budget' });
  return b;
}

const budgetRows = async (b: Borrower) => {
  const row = (await t.db.query.budget.findFirst({
    where: eq(budget.applicationId, b.applicationId),
    orderBy: [desc(budget.createdAt)],
  }))!;
  const lines = await t.db.select().from(budgetExpense).where(eq(budgetExpense.budgetId, row.id));
  return { row, lines: lines.map((l) => [l.expenseId, l.proposedValue]).sort() };
};

const asSent = (lines: readonly FlexibleLine[]) =>
  lines.map((l) => ({ category: l.category, subCategory: l.subCategory, proposedValue: l.proposedValue }));

describe('GET /api/application/offers: what the debts cost, and the fees', () => {
  it('gives each APR, the interest both ways, the capped fees in the payment, and the debt-free months', async () => {
    const { b, income } = await atExpensesWithCashflow((current) => current + 10_000);
    expect((await b.client.get('/api/application/expenses')).json().monthlyIncome).toBe(income);
    expect(
      (await put(b.client, '/api/application/expenses', { lines: await expenseLines(b) })).json(),
    ).toEqual({
      next: '/offers/review',
    });
    const today = t.today();
    const view = (await b.client.get('/api/application/offers')).json();
    for (const offer of view.offers) {
      expect(offer.currentApr).toBeGreaterThan(offer.proposedApr);
    }
    // The borrower lives in Illinois, which the rules file does not cap: the model law's caps apply
    // ($50 set-up; $10 per account, $50 in all, a month), above the agency's $35 and $25.
    const accounts = view.offers.length;
    expect(accounts).toBeGreaterThanOrEqual(3);
    expect(view.setupFee).toBe(Math.min(PLAN_FEE_SETTINGS.setupFee, 5_000));
    expect(view.monthlyFee).toBe(Math.min(PLAN_FEE_SETTINGS.monthlyFee, 1_000 * accounts, 5_000));
    expect(view.monthlyFee).toBe(planFeesFor('IL', accounts).monthlyFee);
    expect(view.totalNewMonthlyPayment).toBe(
      sumCents(view.offers.map((o: { newMonthlyPayment: number }) => o.newMonthlyPayment)) + view.monthlyFee,
    );
    expect(view.estimatedTotalMonthlySavings).toBe(
      view.totalCurrentMonthlyPayment - view.totalNewMonthlyPayment,
    );
    // The plan saves interest; the fees are counted in its total, never hidden.
    expect(view.currentTotalInterest).toBeGreaterThan(view.planTotalInterest);
    expect(view.accountsNeverPaidOff).toBe(0);
    expect(view.planTotalFees).toBeGreaterThanOrEqual(view.setupFee + view.monthlyFee);
    expect(view.planTotalFees).toBeLessThanOrEqual(view.setupFee + view.monthlyFee * view.termInMonths);
    // The plan is never longer than its longest offer: a paid-off account's payment goes to the others.
    expect(view.termInMonths).toBeLessThanOrEqual(
      Math.max(...view.offers.map((o: { term: number }) => o.term)),
    );
    const balances = sumCents(view.offers.map((o: { currentBalance: number }) => o.currentBalance));
    expect(view.newRepaymentAmount).toBe(balances + view.planTotalInterest + view.planTotalFees);
    expect(view.currentRepaymentAmount).toBe(balances + view.currentTotalInterest);
    // Debt-free: the last draft is the plan's term counted from the first draft, at least 5 business days out.
    expect(view.firstDraftDate).toBe(firstDraftDate(today));
    expect(view.planDebtFreeMonth).toBe(debtFreeDate(view.firstDraftDate, view.termInMonths));
    // At the current payments: the months to pay everything off, counted from next month's payment.
    expect(view.currentDebtFreeMonth).toBe(debtFreeDate(nextMonthStart(today), view.currentPayoffMonths));
  });
});

describe('PUT /api/application/budget: moving the cuts', () => {
  it('refuses cuts below a floor or short of the gap with the field message, changing nothing', async () => {
    const b = await atBudget();
    const view = (await b.client.get('/api/application/budget')).json();
    expect(view.requiredReduction).toBeGreaterThan(0);
    const lines = view.flexibleLines as FlexibleLine[];
    expect(lines.length).toBeGreaterThan(1);
    // The proposal as sent covers the gap.
    expect(sumCents(lines.map((l) => l.currentValue - l.proposedValue))).toBeGreaterThanOrEqual(
      view.requiredReduction,
    );
    const before = await budgetRows(b);

    // A dollar below the floor of a line whose floor is at least a dollar (below a $0 floor is a negative
    // amount, which the field's own rule refuses first). The lines' order varies with the generated expenses.
    const i = lines.findIndex((l) => l.floor >= 100);
    expect(i).toBeGreaterThanOrEqual(0);
    const belowFloor = asSent(lines);
    belowFloor[i]!.proposedValue = lines[i]!.floor - 100;
    const low = await put(b.client, '/api/application/budget', { agreedTo: true, lines: belowFloor });
    expect(low.statusCode).toBe(400);
    expect(low.json().fieldErrors).toEqual({
      [`lines.${i}.proposedValue`]: BUDGET_CUT_MESSAGES.belowFloor(lines[i]!.label, lines[i]!.floor),
    });
    // A borrower reading Spanish is told in Spanish, the line named as their page names it.
    b.client.jar.set('lang', 'es');
    const spanish = await put(b.client, '/api/application/budget', { agreedTo: true, lines: belowFloor });
    b.client.jar.delete('lang');
    // The answer names each line by the key of its label's message, whose English is the label beside it.
    const line = EXPENSE_LINE_MESSAGES[lines[i]!.labelKey];
    expect(line.defaultMessage).toBe(lines[i]!.label);
    const es = createIntl({ locale: 'es-US', messages: ALL_CATALOGS.es });
    expect(spanish.json().fieldErrors).toEqual({
      [`lines.${i}.proposedValue`]: `${es.formatMessage(line)} no puede bajar de ${formatDollars(lines[i]!.floor)}.`,
    });
    expect(es.formatMessage(line)).not.toBe(lines[i]!.label);

    // Every line back at what is spent now: nothing is cut, the whole gap is left.
    const uncut = lines.map((l) => ({ ...asSent([l])[0]!, proposedValue: l.currentValue }));
    const short = await put(b.client, '/api/application/budget', { agreedTo: true, lines: uncut });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors).toEqual({
      lines: BUDGET_CUT_MESSAGES.notCovered(view.requiredReduction, view.requiredReduction),
    });

    const raised = asSent(lines);
    raised[1]!.proposedValue = lines[1]!.currentValue + 100;
    expect(
      (await put(b.client, '/api/application/budget', { agreedTo: true, lines: raised })).statusCode,
    ).toBe(400);

    // Nothing was saved and the application has not moved.
    expect(await budgetRows(b)).toEqual(before);
    expect(await applicationRow(t, b.applicationId)).toMatchObject({ status: 'inProgress' });
  });

  it.each([
    ['a huge amount', { proposedValue: 1e15 }],
    ['a negative amount', { proposedValue: -100 }],
    ['a fraction of a cent', { proposedValue: 10.5 }],
    ['control characters in a line name', { subCategory: 'away\u0000\u001b' }],
    ['a category that does not exist', { category: 'yachts' }],
    ['a line name that does not exist', { subCategory: 'caviar' }],
  ])('answers 400, never 500, to %s', async (_, change) => {
    const b = await atBudget();
    const lines = asSent((await b.client.get('/api/application/budget')).json().flexibleLines);
    const res = await put(b.client, '/api/application/budget', {
      agreedTo: true,
      lines: [{ ...lines[0]!, ...change }, ...lines.slice(1)],
    });
    expect(res.statusCode).toBe(400);
    expect((await applicationRow(t, b.applicationId)).status).toBe('inProgress');
  });

  it('saves cuts moved between lines in one go; /budget and /offers/review then agree to the dollar', async () => {
    const b = await atBudget();
    const view = (await b.client.get('/api/application/budget')).json();
    const lines = view.flexibleLines as FlexibleLine[];
    // Move a whole number of dollars of cut from a line that carries one to another line with room left.
    const from = lines.findIndex((l) => l.proposedValue < l.currentValue);
    const to = lines.findIndex((l, i) => i !== from && l.proposedValue - l.floor >= 100);
    expect(from).toBeGreaterThanOrEqual(0);
    expect(to).toBeGreaterThanOrEqual(0);
    const moved =
      Math.floor(
        Math.min(
          lines[from]!.currentValue - lines[from]!.proposedValue,
          lines[to]!.proposedValue - lines[to]!.floor,
        ) / 100,
      ) * 100;
    const sent = asSent(lines);
    sent[from]!.proposedValue += moved;
    sent[to]!.proposedValue -= moved;

    // Another borrower cannot touch this budget: theirs is not at /budget, and this one is unchanged.
    const other = await newBorrower(t, 'Other');
    const before = await budgetRows(b);
    expect(
      (await put(other.client, '/api/application/budget', { agreedTo: true, lines: sent })).statusCode,
    ).toBe(409);
    expect(await budgetRows(b)).toEqual(before);

    // The proposal leaves next to nothing after the plan payment: the warning is accepted (decision 0076).
    const res = await put(b.client, '/api/application/budget', {
      agreedTo: true,
      lines: sent,
      acceptThinBudget: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ next: '/offers/review' });
    const saved = await budgetRows(b);
    expect(saved.row.agreedTo).toBe(true);
    expect(saved.row.description).toContain(`plan payment of`);

    const after = (await b.client.get('/api/application/budget')).json();
    const byKey = new Map(
      (after.flexibleLines as FlexibleLine[]).map((l) => [`${l.category}.${l.subCategory}`, l.proposedValue]),
    );
    for (const line of sent)
      expect(byKey.get(`${line.category}.${line.subCategory}`)).toBe(line.proposedValue);
    expect(after.targetedMonthlySavings).toBe(view.targetedMonthlySavings);

    const offers = (await b.client.get('/api/application/offers')).json();
    expect(after.newMonthlyPayment).toBe(offers.totalNewMonthlyPayment);
    expect(after.monthlyFee).toBe(offers.monthlyFee);
    expect(after.monthlyFee).toBeGreaterThan(0);
  });

  it('without lines, the proposal stands as the underwriting made it', async () => {
    const b = await atBudget();
    const before = await budgetRows(b);
    expect(
      (await put(b.client, '/api/application/budget', { agreedTo: true, acceptThinBudget: true })).statusCode,
    ).toBe(200);
    expect((await budgetRows(b)).lines).toEqual(before.lines);
  });
});

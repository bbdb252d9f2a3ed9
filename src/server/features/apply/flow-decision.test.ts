import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDollars, sumCents } from '#domain/money/cents';
import { MONTHLY_CUSHION } from '#domain/underwriting/budget-room';
import { ineligibleDebtPayments } from '#domain/underwriting/expense-estimates';
import { DISQUALIFICATION_REASONS } from '#domain/underwriting/reasons';
import { MESSAGES } from '#domain/validation/messages';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { application, applicationStatusChange, hardship } from '#server/db/schema/application';
import { budget, expense } from '#server/db/schema/budget';
import { debt, debtScore, riskScore } from '#server/db/schema/credit';
import { decision, disqualificationReason, offer } from '#server/db/schema/decision';
import { smsOutbox } from '#server/db/schema/ops';
import {
  acceptPlan,
  applicationRow,
  expenseLines,
  newBorrower,
  put,
  toExpenses,
} from '#tests/support/borrower-flow';

// From /expenses to the decision, /budget and /offers/review.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Borrower = Awaited<ReturnType<typeof newBorrower>>;

/**
 * The figures the decision works from, read as the engine reads them: the expense total, the payments on
 * debts no expense line counts, and the estimated current payments of the selected accounts.
 */
async function figures(b: Borrower) {
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
  return { expenses: view.total, ineligible, current: sumCents(items.map((i) => i.estimatedMonthlyPayment)) };
}

/**
 * A borrower on /expenses whose income leaves `cashflow(current)` after expenses and other debts. The income
 * is set in a second pass because the expense estimates depend on the first income given.
 */
async function atExpensesWithCashflow(cashflow: (current: number) => number, lastName = 'Doe') {
  const b = await newBorrower(t, lastName);
  await toExpenses(b, 500_000);
  const f = await figures(b);
  const income = Math.max(100, Math.round((f.expenses + f.ineligible + cashflow(f.current)) / 100) * 100);
  await t.db
    .update(application)
    .set({ selfReportedMonthlyCurrentIncome: income })
    .where(eq(application.id, b.applicationId));
  return { b, f, income };
}

const newestDecision = async (applicationId: string) =>
  (await t.db.query.decision.findFirst({
    where: eq(decision.applicationId, applicationId),
    orderBy: [desc(decision.createdAt)],
    with: { offers: true },
  }))!;

describe('GET /api/application/expenses', () => {
  it('shows the estimated lines that apply, grouped in the spec’s order with totals', async () => {
    const b = await newBorrower(t);
    await toExpenses(b, 500_000);
    const view = (await b.client.get('/api/application/expenses')).json();
    const categories = view.groups.map((g: { category: string }) => g.category);
    expect(categories.slice(0, 5)).toEqual(['housing', 'transportation', 'utilities', 'food', 'healthcare']);
    const housing = view.groups[0];
    // A renter: rent (the entered housing cost) and renters insurance, no mortgage lines.
    expect(housing.lines.map((l: { label: string }) => l.label)).toEqual(['Rent', 'Renters insurance']);
    expect(housing.lines[0].selfReportedValue).toBe(150_000);
    for (const g of view.groups) {
      expect(g.total).toBe(sumCents(g.lines.map((l: { selfReportedValue: number }) => l.selfReportedValue)));
    }
    expect(view.total).toBe(sumCents(view.groups.map((g: { total: number }) => g.total)));
    expect(view.benchmarkSource).toMatch(/Bureau of Labor Statistics|BLS/);
  });

  it('is not readable before the income is given', async () => {
    const b = await newBorrower(t);
    expect((await b.client.get('/api/application/expenses')).statusCode).toBe(409);
  });
});

describe('PUT /api/application/expenses → the decision', () => {
  it('qualifies a borrower whose cashflow covers the plan: offers, acceptOffer, /offers/review, a text', async () => {
    const { b } = await atExpensesWithCashflow((current) => current + 10_000);
    const lines = await expenseLines(b, { 'food.away': 20_000 });
    const res = await put(b.client, '/api/application/expenses', { lines });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ next: '/offers/review' });

    const edited = await t.db.query.expense.findFirst({
      where: (e, { and: all, eq: is }) =>
        all(is(e.applicationId, b.applicationId), is(e.category, 'food'), is(e.subCategory, 'away')),
    });
    expect(edited).toMatchObject({ selfReportedValue: 20_000, lastSubmittedValue: 20_000 });
    const app = await applicationRow(t, b.applicationId);
    expect(app).toMatchObject({
      status: 'acceptOffer',
      lastViewedPage: 'Review',
      lastCompletedPage: 'Expenses',
    });
    const d = await newestDecision(b.applicationId);
    expect(d).toMatchObject({ isQualified: true, wasPresentedToBorrower: true });
    expect(d.offers.length).toBeGreaterThan(2);
    expect(d.explanation).toMatch(/fits the budget/);
    // Scores were made on the way.
    const risks = await t.db.select().from(riskScore);
    expect(risks.length).toBeGreaterThan(0);
    expect(
      await t.db.select().from(debtScore).where(eq(debtScore.applicationId, b.applicationId)),
    ).toHaveLength(1);
    // The 'obtainedOffer' outreach: one text in the outbox, handed to the queue.
    const texts = await t.db.select().from(smsOutbox).where(eq(smsOutbox.applicationId, b.applicationId));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ eventType: 'obtainedOffer', to: '+14155550123' });
    expect(t.smsQueued).toContain(texts[0]!.id);
    const changes = await t.db
      .select()
      .from(applicationStatusChange)
      .where(eq(applicationStatusChange.applicationId, b.applicationId));
    expect(changes.at(-1)).toMatchObject({ from: 'inProgress', to: 'acceptOffer' });

    // The offers, largest balance first, with the savings.
    const offers = (await b.client.get('/api/application/offers')).json();
    const balances = offers.offers.map((o: { currentBalance: number }) => o.currentBalance);
    expect(balances).toEqual([...balances].sort((x: number, y: number) => y - x));
    expect(offers.estimatedTotalMonthlySavings).toBe(
      offers.totalCurrentMonthlyPayment - offers.totalNewMonthlyPayment,
    );
    expect(offers.estimatedTotalMonthlySavings).toBeGreaterThan(0);
    // The plan's total repayment: the balances, the plan's interest and the agency's fees.
    expect(offers.newRepaymentAmount).toBe(
      sumCents(balances) + offers.planTotalInterest + offers.planTotalFees,
    );
    expect(offers.totalNewMonthlyPayment).toBe(offers.creditorsMonthlyPayment + offers.monthlyFee);
    expect(offers.termInMonths).toBeLessThanOrEqual(60);

    // A declined offer is left out of the review.
    const declined = d.offers[0]!;
    await t.db.update(offer).set({ status: 'declined' }).where(eq(offer.id, declined.id));
    const after = (await b.client.get('/api/application/offers')).json();
    expect(after.offers.map((o: { id: string }) => o.id)).not.toContain(declined.id);

    // The answers are fixed now.
    expect((await put(b.client, '/api/application/expenses', { lines })).statusCode).toBe(409);

    // Continue: confirmPaymentAccount, /payments/next-steps.
    const next = await acceptPlan(b.client);
    expect(next.json()).toEqual({ next: '/payments/next-steps' });
    expect(await applicationRow(t, b.applicationId)).toMatchObject({
      status: 'confirmPaymentAccount',
      lastCompletedPage: 'Review',
      lastViewedPage: 'NextSteps',
      hasSubmittedReviewPage: true,
    });
    expect((await newestDecision(b.applicationId)).wasAcceptedByBorrower).toBe(true);
    expect((await acceptPlan(b.client)).statusCode).toBe(409);
  });

  it('proposes a budget when cutting flexible expenses closes the gap; agreeing moves to acceptOffer', async () => {
    const { b } = await atExpensesWithCashflow((current) => Math.round(current / 2));
    const res = await put(b.client, '/api/application/expenses', { lines: await expenseLines(b) });
    expect(res.json()).toEqual({ next: '/budget' });
    expect(await applicationRow(t, b.applicationId)).toMatchObject({
      status: 'inProgress',
      lastViewedPage: 'Budget',
    });
    expect(
      await t.db.select().from(smsOutbox).where(eq(smsOutbox.applicationId, b.applicationId)),
    ).toHaveLength(0);

    const view = (await b.client.get('/api/application/budget')).json();
    expect(view.lines.length).toBeGreaterThan(0);
    expect(view.targetedMonthlySavings).toBe(
      sumCents(view.lines.map((l: { currentValue: number }) => l.currentValue)) -
        sumCents(view.lines.map((l: { proposedValue: number }) => l.proposedValue)),
    );
    expect(view.targetedMonthlySavings).toBeGreaterThan(0);
    // The proposal's cuts cover the reduction asked for and the $50 cushion, as far as the flexible lines
    // allow; the explanation states the proposal's figure.
    const reducible = sumCents(
      view.flexibleLines.map((l: { currentValue: number; floor: number }) => l.currentValue - l.floor),
    );
    expect(view.targetedMonthlySavings).toBe(Math.min(view.requiredReduction + MONTHLY_CUSHION, reducible));
    expect(view.targetedMonthlySavings).toBeGreaterThan(view.requiredReduction);
    expect(view.explanation).toContain(`by ${formatDollars(view.targetedMonthlySavings)} a month`);
    expect(view.agreedTo).toBe(false);
    // The offers are not shown before the budget is agreed.
    expect((await b.client.get('/api/application/offers')).statusCode).toBe(409);

    const refused = await put(b.client, '/api/application/budget', { agreedTo: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ agreedTo: MESSAGES.budgetAgreementRequired });

    // The proposal covers the gap and keeps the $50 cushion the page advises: agreed without a warning.
    const agreed = await put(b.client, '/api/application/budget', { agreedTo: true });
    expect(agreed.json()).toEqual({ next: '/offers/review' });
    expect(await applicationRow(t, b.applicationId)).toMatchObject({
      status: 'acceptOffer',
      lastCompletedPage: 'Budget',
      lastViewedPage: 'Review',
    });
    expect(
      (await t.db.query.budget.findFirst({ where: eq(budget.applicationId, b.applicationId) }))!.agreedTo,
    ).toBe(true);
    expect(
      await t.db.select().from(smsOutbox).where(eq(smsOutbox.applicationId, b.applicationId)),
    ).toHaveLength(1);
    expect((await b.client.get('/api/application/offers')).statusCode).toBe(200);
  });

  it('an identical save keeps the decision made on the same answers; a changed answer makes a new one', async () => {
    const { b, income } = await atExpensesWithCashflow((current) => Math.round(current / 2));
    const lines = await expenseLines(b);
    expect((await put(b.client, '/api/application/expenses', { lines })).json()).toEqual({ next: '/budget' });
    const decisions = () => t.db.select().from(decision).where(eq(decision.applicationId, b.applicationId));
    const budgets = () => t.db.select().from(budget).where(eq(budget.applicationId, b.applicationId));
    const debtScores = () =>
      t.db.select().from(debtScore).where(eq(debtScore.applicationId, b.applicationId));
    const first = await newestDecision(b.applicationId);
    const offerIds = first.offers.map((o) => o.id).sort();
    expect(offerIds.length).toBeGreaterThan(0);
    const proposal = (await b.client.get('/api/application/budget')).json();

    // Back on /expenses (the viewed page moves there), Continue with the same lines: the same decision, offers
    // and proposal stand, nothing is scored again, and the borrower goes on to /budget as before.
    await t.db
      .update(application)
      .set({ lastViewedPage: 'Expenses' })
      .where(eq(application.id, b.applicationId));
    const before = await applicationRow(t, b.applicationId);
    expect((await put(b.client, '/api/application/expenses', { lines })).json()).toEqual({ next: '/budget' });
    expect(await decisions()).toHaveLength(1);
    expect(await budgets()).toHaveLength(1);
    expect(await debtScores()).toHaveLength(1);
    expect((await newestDecision(b.applicationId)).offers.map((o) => o.id).sort()).toEqual(offerIds);
    expect((await b.client.get('/api/application/budget')).json()).toEqual(proposal);
    const after = await applicationRow(t, b.applicationId);
    expect(after).toMatchObject({ version: before.version, lastViewedPage: 'Budget', status: 'inProgress' });

    // The income changed since (the decision reads it, not only the lines): the same lines make a new decision.
    await t.db
      .update(application)
      .set({ selfReportedMonthlyCurrentIncome: income + 100 })
      .where(eq(application.id, b.applicationId));
    expect((await put(b.client, '/api/application/expenses', { lines })).statusCode).toBe(200);
    expect(await decisions()).toHaveLength(2);
    const second = await newestDecision(b.applicationId);
    expect(second.currentIncome).toBe(income + 100);

    // Sent again unchanged: that newest decision stands.
    expect((await put(b.client, '/api/application/expenses', { lines })).statusCode).toBe(200);
    expect(await decisions()).toHaveLength(2);

    // A changed line: decided again, from the new figure, with offers of its own.
    const changed = lines.map((l, i) =>
      i === lines.length - 1 ? { ...l, selfReportedValue: l.selfReportedValue + 100 } : l,
    );
    expect((await put(b.client, '/api/application/expenses', { lines: changed })).statusCode).toBe(200);
    expect(await decisions()).toHaveLength(3);
    const third = await newestDecision(b.applicationId);
    expect(third.currentExpenses).toBe(second.currentExpenses + 100);
    expect(third.offers.map((o) => o.id).sort()).not.toEqual(offerIds);

    // A hardship answered differently since changes the offers' terms: the same lines are decided again.
    const hardships = await t.db.select().from(hardship).where(eq(hardship.applicationId, b.applicationId));
    const hadHardship = hardships.some((h) => h.value);
    await t.db
      .update(hardship)
      .set({ value: !hadHardship })
      .where(eq(hardship.applicationId, b.applicationId));
    // Whatever the outcome, it is recorded: a warning would roll the decision back.
    const confirmed = { lines: changed, confirmDisqualification: true, acceptThinBudget: true };
    expect((await put(b.client, '/api/application/expenses', confirmed)).statusCode).toBe(200);
    expect(await decisions()).toHaveLength(4);
  });

  it.each([
    ['cashflowTooHigh', (current: number) => current + 60_000, DISQUALIFICATION_REASONS.cashflowTooHigh],
    ['insufficientIncome', () => -300_000, DISQUALIFICATION_REASONS.insufficientIncome],
  ])(
    'disqualifies with %s and sends the borrower to /offers/not-qualified',
    async (_name, cashflow, reason) => {
      const { b } = await atExpensesWithCashflow(cashflow);
      // Both are warned of first (below); confirmed, the application ends.
      const res = await put(b.client, '/api/application/expenses', {
        lines: await expenseLines(b),
        confirmDisqualification: true,
      });
      expect(res.json()).toEqual({ next: '/offers/not-qualified' });
      expect(await applicationRow(t, b.applicationId)).toMatchObject({
        status: 'disqualified',
        lastViewedPage: 'NotQualified',
      });
      const d = await newestDecision(b.applicationId);
      expect(d.isQualified).toBe(false);
      const reasons = await t.db
        .select()
        .from(disqualificationReason)
        .where(eq(disqualificationReason.applicationId, b.applicationId));
      expect(reasons.map((r) => [r.reason, r.decisionId])).toEqual([[reason, d.id]]);
      expect(await t.db.select().from(offer).where(eq(offer.applicationId, b.applicationId))).toEqual([]);
      expect((await b.client.get('/api/application/offers')).statusCode).toBe(409);
    },
  );

  it('refuses a line that is not one of the application’s, or a value over its limit, saving nothing', async () => {
    const b = await newBorrower(t);
    await toExpenses(b, 500_000);
    const lines = await expenseLines(b);
    const unknown = await put(b.client, '/api/application/expenses', {
      lines: [...lines, { category: 'otherDebts', subCategory: 'lease', selfReportedValue: 100 }],
    });
    expect(unknown.statusCode).toBe(400);
    // A line name no expense has at all (the database keeps the names as an enum) is refused the same way.
    const unheardOf = await put(b.client, '/api/application/expenses', {
      lines: [...lines, { category: 'food', subCategory: 'caviar', selfReportedValue: 100 }],
    });
    expect(unheardOf.statusCode).toBe(400);
    // Groceries take 5 dollar digits; the rent (the household page's housing cost) takes 6.
    const groceries = lines.findIndex((l) => l.category === 'food' && l.subCategory === 'home');
    const rent = lines.findIndex((l) => l.category === 'housing' && l.subCategory === 'rent');
    const tooBig = await put(b.client, '/api/application/expenses', {
      lines: lines.map((l, i) =>
        i === groceries
          ? { ...l, selfReportedValue: 123_456_00 }
          : i === rent
            ? { ...l, selfReportedValue: 1_234_567_00 }
            : l,
      ),
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().fieldErrors).toEqual({
      [`lines.${groceries}.selfReportedValue`]: 'Amount must be at most 5 characters long',
      [`lines.${rent}.selfReportedValue`]: 'Amount must be at most 6 characters long',
    });
    expect(await t.db.select().from(decision).where(eq(decision.applicationId, b.applicationId))).toEqual([]);
    const rows = await t.db.select().from(expense).where(eq(expense.applicationId, b.applicationId));
    expect(rows.every((r) => r.lastSubmittedValue === null)).toBe(true);
  });

  it('saves a rent of $100,000 or more, the housing cost the household page takes', async () => {
    const b = await newBorrower(t);
    // The largest income the income page takes: no plan is needed, which the save confirms past its warning.
    await toExpenses(b, 9_999_999_00, { monthlyRentOrMortgageAmount: 123_456_00 });
    const lines = await expenseLines(b);
    expect(lines).toContainEqual({ category: 'housing', subCategory: 'rent', selfReportedValue: 123_456_00 });
    const res = await put(b.client, '/api/application/expenses', {
      lines: lines.map((l) => (l.subCategory === 'rent' ? { ...l, selfReportedValue: 123_457_00 } : l)),
      confirmDisqualification: true,
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.db.select().from(expense).where(eq(expense.applicationId, b.applicationId));
    expect(rows.find((r) => r.subCategory === 'rent')?.lastSubmittedValue).toBe(123_457_00);
  });

  it('is refused before the income is given, and budget and review are refused out of order', async () => {
    const b = await newBorrower(t);
    expect(
      (
        await put(b.client, '/api/application/expenses', {
          lines: [{ category: 'food', subCategory: 'home', selfReportedValue: 100 }],
        })
      ).statusCode,
    ).toBe(409);
    expect((await put(b.client, '/api/application/budget', { agreedTo: true })).statusCode).toBe(409);
    expect((await acceptPlan(b.client)).statusCode).toBe(409);
    expect((await applicationRow(t, b.applicationId)).status).toBe('inProgress');
  });
});

describe('a save that would disqualify, or leave next to nothing, warns first', () => {
  type View = {
    monthlyIncome: number;
    currentExpensesTotal: number;
    otherDebtPayments: number;
    newMonthlyPayment: number;
    requiredReduction: number;
    targetedMonthlySavings: number;
    flexibleLines: { category: string; subCategory: string; currentValue: number; floor: number }[];
  };
  const setIncome = (b: Borrower, income: number) =>
    t.db
      .update(application)
      .set({ selfReportedMonthlyCurrentIncome: income })
      .where(eq(application.id, b.applicationId));
  const decisions = async (b: Borrower) =>
    t.db.select().from(decision).where(eq(decision.applicationId, b.applicationId));

  /** A borrower on /budget, and the figures of its budget: the plan payment, the expenses, other debts. */
  async function atBudget() {
    const { b } = await atExpensesWithCashflow((current) => Math.round(current / 2));
    expect(
      (await put(b.client, '/api/application/expenses', { lines: await expenseLines(b) })).json(),
    ).toEqual({
      next: '/budget',
    });
    const view = (await b.client.get('/api/application/budget')).json() as View;
    return { b, view, fixed: view.currentExpensesTotal + view.otherDebtPayments + view.newMonthlyPayment };
  }

  it('expenses with no room: warned with the figures, nothing saved; revised, the plan is offered', async () => {
    const { b, f } = await atExpensesWithCashflow(() => -50_000);
    const lines = await expenseLines(b);
    const warned = await put(b.client, '/api/application/expenses', { lines });
    expect(warned.statusCode).toBe(422);
    expect(warned.json().code).toBe('WouldDisqualify');
    expect(warned.json().message).toMatch(
      /^The plan needs about \$[\d,]+ a month of room; your budget leaves nothing: your expenses and other debt payments are \$500 more than your income\./,
    );
    expect(await applicationRow(t, b.applicationId)).toMatchObject({ status: 'inProgress' });
    expect(await decisions(b)).toEqual([]);
    const rows = await t.db.select().from(expense).where(eq(expense.applicationId, b.applicationId));
    expect(rows.every((r) => r.lastSubmittedValue === null)).toBe(true);

    // Revised: the borrower spends less than estimated, and the cash flow now covers the plan with room.
    let toLower = f.current + 10_000 + 50_000;
    const revised = lines.map((line) => {
      const lower = Math.min(toLower, Math.floor(line.selfReportedValue / 100) * 100);
      toLower -= lower;
      return { ...line, selfReportedValue: line.selfReportedValue - lower };
    });
    expect(toLower).toBe(0);
    const res = await put(b.client, '/api/application/expenses', { lines: revised });
    expect(res.json()).toEqual({ next: '/offers/review' });
    expect(await applicationRow(t, b.applicationId)).toMatchObject({ status: 'acceptOffer' });
  });

  it('a budget that needs no plan: warned with what would change the result, nothing saved; revised, the plan is offered', async () => {
    const { b, f, income } = await atExpensesWithCashflow((current) => current + 60_000);
    const lines = await expenseLines(b);
    const warned = await put(b.client, '/api/application/expenses', { lines });
    expect(warned.statusCode).toBe(422);
    expect(warned.json().code).toBe('WouldDisqualify');
    const room = income - f.expenses - f.ineligible;
    expect(warned.json().message).toContain(
      `enough to pay the estimated ${formatDollars(f.current)} a month on these debts now`,
    );
    const said = /leaves less than (\$[\d,]+) a month: (\$[\d,]+) less than now\.$/.exec(
      warned.json().message,
    );
    expect(said).not.toBeNull();
    expect(await applicationRow(t, b.applicationId)).toMatchObject({ status: 'inProgress' });
    expect(await decisions(b)).toEqual([]);

    // Revised by the amount the warning named: a plan is offered, not a refusal.
    const less = Number(said![2]!.replace(/[$,]/g, '')) * 100;
    expect(room - less).toBeLessThan(f.current + 50_000);
    const revised = lines.map((line, k) =>
      k === 0 ? { ...line, selfReportedValue: line.selfReportedValue + less } : line,
    );
    const res = await put(b.client, '/api/application/expenses', { lines: revised });
    expect(res.statusCode).toBe(200);
    expect(res.json().next).not.toBe('/offers/not-qualified');
    expect(await applicationRow(t, b.applicationId)).not.toMatchObject({ status: 'disqualified' });
  });

  it('expenses with no room: warned, then confirmed, the application ends not qualified', async () => {
    const { b } = await atExpensesWithCashflow(() => -300_000);
    const lines = await expenseLines(b);
    expect((await put(b.client, '/api/application/expenses', { lines })).json().code).toBe('WouldDisqualify');
    const res = await put(b.client, '/api/application/expenses', { lines, confirmDisqualification: true });
    expect(res.json()).toEqual({ next: '/offers/not-qualified' });
    expect(await applicationRow(t, b.applicationId)).toMatchObject({ status: 'disqualified' });
    const reasons = await t.db
      .select({ reason: disqualificationReason.reason })
      .from(disqualificationReason)
      .where(eq(disqualificationReason.applicationId, b.applicationId));
    expect(reasons).toEqual([{ reason: DISQUALIFICATION_REASONS.insufficientIncome }]);
  });

  it('a plan that fits with $20 to spare is warned of; accepted, the offers follow', async () => {
    const { b, fixed } = await atBudget();
    await setIncome(b, fixed + 2_000);
    const lines = await expenseLines(b);
    const warned = await put(b.client, '/api/application/expenses', { lines });
    expect(warned.statusCode).toBe(422);
    expect(warned.json()).toMatchObject({
      code: 'ThinBudget',
      message: expect.stringMatching(/^After the plan payment, this budget leaves only \$20 a month\./),
    });
    expect((await applicationRow(t, b.applicationId)).status).toBe('inProgress');
    const res = await put(b.client, '/api/application/expenses', { lines, acceptThinBudget: true });
    expect(res.json()).toEqual({ next: '/offers/review' });
    // $50 to spare is enough: no warning.
    const { b: other, fixed: otherFixed } = await atBudget();
    await setIncome(other, otherFixed + 5_000);
    expect(
      (await put(other.client, '/api/application/expenses', { lines: await expenseLines(other) })).json(),
    ).toEqual({ next: '/offers/review' });
  });

  it('/budget: the proposal keeps the $50 cushion; cuts moved down to the gap alone are warned of', async () => {
    const { b, fixed } = await atBudget();
    // A gap of $10: the proposal cuts $60, which leaves $50 after the plan payment.
    await setIncome(b, fixed - 1_000);
    expect(
      (await put(b.client, '/api/application/expenses', { lines: await expenseLines(b) })).json(),
    ).toEqual({
      next: '/budget',
    });
    const view = (await b.client.get('/api/application/budget')).json() as View;
    expect(view.requiredReduction).toBe(1_000);
    expect(view.targetedMonthlySavings).toBe(6_000);
    // Moved to cut only the $10 gap: nothing left, so the borrower is warned first.
    let toCut = 1_000;
    const lines = view.flexibleLines.map((line) => {
      const cut = Math.min(toCut, Math.floor((line.currentValue - line.floor) / 100) * 100);
      toCut -= cut;
      return {
        category: line.category,
        subCategory: line.subCategory,
        proposedValue: line.currentValue - cut,
      };
    });
    expect(toCut).toBe(0);
    expect((await put(b.client, '/api/application/budget', { agreedTo: true, lines })).json().code).toBe(
      'ThinBudget',
    );
    // The proposal as it is goes through without a warning.
    const res = await put(b.client, '/api/application/budget', { agreedTo: true });
    expect(res.json()).toEqual({ next: '/offers/review' });
    expect((await applicationRow(t, b.applicationId)).status).toBe('acceptOffer');
  });
});

describe('who may read the offers', () => {
  it('a borrower reads only their own; anonymous is refused; staff are refused', async () => {
    const { b } = await atExpensesWithCashflow((current) => current + 10_000);
    await put(b.client, '/api/application/expenses', { lines: await expenseLines(b) });
    const other = await newBorrower(t);
    const theirs = await other.client.get('/api/application/offers');
    expect(theirs.statusCode).toBe(409);
    expect((await t.client().get('/api/application/offers')).statusCode).toBe(401);
  });
});

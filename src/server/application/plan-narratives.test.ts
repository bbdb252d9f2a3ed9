import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ceilToDollar, formatDollars, sumCents } from '#domain/money/cents';
import { ineligibleDebtPayments } from '#domain/underwriting/expense-estimates';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { application } from '#server/db/schema/application';
import { debt } from '#server/db/schema/credit';
import { decision } from '#server/db/schema/decision';
import { loadPlanTerms } from '#server/application/plan-terms';
import {
  acceptPlan,
  applicationRow,
  expenseLines,
  newBorrower,
  put,
  toExpenses,
} from '#tests/support/borrower-flow';
import { openLetterAndConsent, sandboxPublicToken, signingToken } from '#tests/support/enrollment';
import { EVERY_ITEM_CHECKED, signedInStaff } from '#tests/support/staff-actions';
import { proposalViewsOf } from '#server/features/proposals/prepare-proposals';
import { roomOf } from '#domain/enrollment/plan-fit';
import { budgetRoomOf, planFitOf } from '#server/application/plan-fit';

// One figure, one source, for the sentences: after a creditor is left out, declines or counters, every
// sentence that states the plan's money (the offer page's paragraph, the counsellor's "why" and recommended
// budget, /budget's reduction, the creditor proposal's budget, My plan and Settings) states the plan's terms
// as they now are. A creditor the plan does not pay is one the borrower keeps paying: it counts with the
// payments on debts outside the plan.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Client = Awaited<ReturnType<typeof newBorrower>>['client'];
type OfferRow = { id: string; currentBalance: number; currentMonthlyPayment: number; leftOut: boolean };

/** A borrower at /budget: income leaves half the current payments after expenses, so the plan needs cuts. */
async function atBudget(lastName: string) {
  const b = await newBorrower(t, lastName);
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
  const income = Math.round((view.total + ineligible + current / 2) / 100) * 100;
  await t.db
    .update(application)
    .set({ selfReportedMonthlyCurrentIncome: income })
    .where(eq(application.id, b.applicationId));
  const res = await put(b.client, '/api/application/expenses', { lines: await expenseLines(b) });
  expect(res.json()).toEqual({ next: '/budget' });
  const agreed = await put(b.client, '/api/application/budget', { agreedTo: true, acceptThinBudget: true });
  expect(agreed.statusCode, agreed.body).toBe(200);
  return b;
}

const newestDecision = async (applicationId: string) =>
  (await t.db.query.decision.findFirst({
    where: eq(decision.applicationId, applicationId),
    orderBy: [desc(decision.createdAt)],
  }))!;

/** The budget the plan is explained against, and what it leaves once the creditors paid directly are paid. */
async function expected(
  applicationId: string,
  o: { draft: number; payDirectly: number; accounts: number; owed: number },
) {
  const d = await newestDecision(applicationId);
  const other = d.ineligibleDebtPayment + o.payDirectly;
  const cashflow = d.currentIncome - d.currentExpenses - other;
  const gap = Math.max(0, o.draft - cashflow);
  // The offer page states the plan against the budget she agreed on /budget (its cuts applied): what it
  // leaves, and how short, is the figure of the page's leave-out warning and of the counsellor's budget check.
  const agreed = (await budgetRoomOf(t.db, applicationId, d))!;
  expect(agreed.agreed).toBe(true);
  const agreedCashflow = roomOf(agreed) - o.payDirectly;
  const agreedShort = Math.max(0, o.draft - agreedCashflow);
  return {
    other,
    gap,
    /** What the agreed budget leaves short each month: the page's figure (0 when the plan fits it). */
    agreedShort,
    pageBudgetSentence:
      `With the budget you agreed, your monthly income of ${formatDollars(agreed.monthlyIncome)}, less ` +
      `${formatDollars(agreed.expenses)} of expenses${other > 0 ? ` and ${formatDollars(other)} of other debt payments` : ''}, ` +
      `leaves ${formatDollars(agreedCashflow)} a month.`,
    pageShortSentence:
      agreedShort > 0
        ? `That is ${formatDollars(ceilToDollar(agreedShort))} a month more than the budget you agreed leaves.`
        : 'The plan fits the budget you agreed.',
    budgetSentence:
      `Your monthly income of ${formatDollars(d.currentIncome)}, less ${formatDollars(d.currentExpenses)} of ` +
      `expenses${other > 0 ? ` and ${formatDollars(other)} of other debt payments` : ''}, leaves ` +
      `${formatDollars(cashflow)} a month.`,
    planSentence:
      `The plan pays ${o.accounts} ${o.accounts === 1 ? 'account' : 'accounts'} with ${formatDollars(o.owed)} owed ` +
      `for ${formatDollars(o.draft)} a month`,
    shortSentence:
      gap > 0 ? `That is ${formatDollars(ceilToDollar(gap))} short` : 'The plan fits the budget as it is.',
  };
}

async function staffSummary(applicationId: string) {
  const staff = await signedInStaff(t);
  return (await staff.client.get(`/api/staff/applications/${applicationId}`)).json();
}

const offersOf = async (client: Client) => (await client.get('/api/application/offers')).json();

describe('the plan’s sentences, after a creditor is left out', () => {
  it('state the plan as chosen on the offer page, for the counsellor, on /budget and in the proposal’s budget', async () => {
    const b = await atBudget('Narrative');
    const before = await offersOf(b.client);
    const rows = before.offers as OfferRow[];
    expect(rows.length).toBeGreaterThan(1);
    const [left] = [...rows].sort((x, y) => x.currentBalance - y.currentBalance);
    expect((await acceptPlan(b.client, { leftOut: [left!.id] })).json()).toEqual({
      next: '/payments/next-steps',
    });

    const offers = await offersOf(b.client);
    const draft: number = offers.totalNewMonthlyPayment;
    expect(draft).toBeLessThan(before.totalNewMonthlyPayment);
    const kept = (offers.offers as OfferRow[]).filter((r) => !r.leftOut);
    const want = await expected(b.applicationId, {
      draft,
      payDirectly: left!.currentMonthlyPayment,
      accounts: kept.length,
      owed: sumCents(kept.map((r) => r.currentBalance)),
    });
    // Half her current payments left: the plan needs cuts, and more once she pays the left-out card herself.
    expect(want.gap).toBeGreaterThan(0);
    // The offer page's paragraph: against the budget she agreed, the creditor she pays herself counted with
    // her other debt payments; what it says is short is what the budget check finds short.
    expect(offers.explanation).toContain(want.pageBudgetSentence);
    expect(offers.explanation).toContain(want.planSentence);
    expect(offers.explanation).toContain(want.pageShortSentence);
    const fit = (await planFitOf(t.db, await loadPlanTerms(t.db, b.applicationId), b.applicationId))!;
    expect(want.agreedShort).toBe(Math.max(0, -fit.left));

    // /budget asks for the same reduction, against the same plan payment.
    const budgetView = (await b.client.get('/api/application/budget')).json();
    expect(budgetView).toMatchObject({
      newMonthlyPayment: draft,
      otherDebtPayments: want.other,
      requiredReduction: ceilToDollar(want.gap),
    });

    // The counsellor's "why" and recommended budget: the plan as chosen against the budget the decision was
    // made on (the recommendation is the cut that budget needed).
    const summary = await staffSummary(b.applicationId);
    expect(summary.decision.decision.explanation).toContain(want.budgetSentence);
    expect(summary.decision.decision.explanation).toContain(want.planSentence);
    expect(summary.decision.decision.explanation).toContain(want.shortSentence);
    expect(summary.decision.decision.terms.monthlyDraft).toBe(draft);
    expect(summary.financials.budget.budget.description).toBe(
      `Lower flexible expenses by ${formatDollars(ceilToDollar(want.gap))} a month so the plan payment of ` +
        `${formatDollars(draft)} fits the budget.`,
    );

    // The creditor proposal's budget counts what she keeps paying the creditor she left out.
    const { views } = await t.db.transaction((tx) =>
      proposalViewsOf(tx, t.cipher, {
        applicationId: b.applicationId,
        today: '2026-12-01',
        offerIds: kept.map((r) => r.id),
      }),
    );
    const proposalBudget = views.get(kept[0]!.id)!.budget;
    expect(proposalBudget.otherDebtPayments).toBe(want.other);
    expect(proposalBudget.planPayment).toBe(draft);
    expect(proposalBudget.leftEachMonth).toBe(
      proposalBudget.monthlyIncome - proposalBudget.expensesTotal - want.other - draft,
    );
  });
});

describe('the plan’s sentences, after a creditor declines and another counters', () => {
  it('state the new plan for the counsellor, on the offer page, in the proposal, on My plan and in Settings', async () => {
    const b = await atBudget('Narrated');
    expect((await acceptPlan(b.client)).json()).toEqual({ next: '/payments/next-steps' });
    await b.client.post('/api/application/payments/next-steps');
    const authorized: number = (await offersOf(b.client)).totalNewMonthlyPayment;
    await b.client.post('/api/application/bank-connections', {
      publicToken: await sandboxPublicToken(b.client),
    });
    const [account] = (await b.client.get('/api/application/payments/accounts')).json().accounts;
    await put(b.client, '/api/application/payments/confirm-payment-account', { plaidAccountId: account.id });
    const token = await signingToken(t, b.email);
    await t.client().post('/api/signing/document', { token });
    await openLetterAndConsent(t, token);
    await t.client().post('/api/signing/sign', { token, fullName: 'Pat Narrated', agreed: true });

    const staff = await signedInStaff(t);
    const qc = await staff.client.post(`/api/staff/applications/${b.applicationId}/quality-control`, {
      passed: true,
      checklist: EVERY_ITEM_CHECKED,
    });
    expect(qc.statusCode, qc.body).toBe(200);
    const check = { isAch: false, addressLine1: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701' };
    const rows = (await offersOf(b.client)).offers as OfferRow[];
    const byBalance = [...rows].sort((x, y) => y.currentBalance - x.currentBalance);
    const [declined, countered, ...others] = byBalance;
    expect(countered).toBeDefined();
    const answer = async (id: string, body: Record<string, unknown>) => {
      const res = await staff.client.post(`/api/staff/offers/${id}/status`, { version: 0, ...body });
      expect(res.statusCode, res.body).toBe(200);
    };
    await answer(declined!.id, { status: 'declined', reasons: ['termTooLong'] });
    const counteredOffer = (await staffSummary(b.applicationId)).decision.decision.offers.find(
      (x: { id: string }) => x.id === countered!.id,
    );
    await answer(countered!.id, {
      status: 'counterOffer',
      counterPayment: counteredOffer.payment - 100,
      counterApr: 0,
      creditorAccount: check,
    });
    for (const x of others) await answer(x.id, { status: 'accepted', creditorAccount: check });
    expect((await applicationRow(t, b.applicationId)).status).toBe('transfer');

    const plan = (await b.client.get('/api/customer-portal/plan')).json();
    const draft: number = plan.terms.monthlyDraft;
    const onPlan = (plan.creditors as { id: string; balance: number; payDirectly: number | null }[]).filter(
      (c) => c.payDirectly === null,
    );
    const want = await expected(b.applicationId, {
      draft,
      payDirectly: declined!.currentMonthlyPayment,
      accounts: onPlan.length,
      owed: sumCents(onPlan.map((c) => c.balance)),
    });
    const summary = await staffSummary(b.applicationId);
    expect(summary.decision.decision.explanation).toContain(want.budgetSentence);
    expect(summary.decision.decision.explanation).toContain(want.shortSentence);
    const page = (await offersOf(b.client)).explanation;
    expect(page).toContain(want.pageBudgetSentence);
    expect(page).toContain(want.pageShortSentence);
    for (const text of [summary.decision.decision.explanation, page])
      expect(text).toContain(want.planSentence);
    if (want.gap > 0) {
      expect(summary.financials.budget.budget.description).toContain(
        `so the plan payment of ${formatDollars(draft)} fits the budget.`,
      );
    }
    const { views } = await t.db.transaction((tx) =>
      proposalViewsOf(tx, t.cipher, {
        applicationId: b.applicationId,
        today: '2026-12-01',
        offerIds: onPlan.map((c) => c.id),
      }),
    );
    expect(views.get(onPlan[0]!.id)!.budget).toMatchObject({
      otherDebtPayments: want.other,
      planPayment: draft,
    });

    // The declined creditor has no plan rate or term on My plan: she pays it as before.
    expect(plan.creditors.find((c: { id: string }) => c.id === declined!.id)).toMatchObject({
      status: 'declined',
      proposedApr: null,
      term: null,
      payDirectly: declined!.currentMonthlyPayment,
    });
    // The interest saved and the fees, both stated.
    expect(plan.payoff.fees).toBe(plan.terms.totalFees);
    expect(plan.payoff.netSaved).toBe(plan.payoff.interestSaved - plan.terms.totalFees);

    // One date and one amount: the next draft is drawn at the authorized amount until the change applies, and
    // Settings says the same amount, and from which draft the new one is drawn.
    expect(plan.change).toMatchObject({ authorizedMonthlyDraft: authorized, needsConfirmation: false });
    const appliesFrom: string = plan.change.appliesFrom;
    expect(plan.nextDraftAmount).toBe(plan.nextDraftDate < appliesFrom ? authorized : draft);
    const settings = (await b.client.get('/api/customer-portal/settings')).json();
    expect(settings.drafts.nextDraftDate).toBe(plan.nextDraftDate);
    expect(settings.drafts.monthlyDraft).toBe(plan.nextDraftAmount);
    expect(settings.drafts.amountChange).toEqual(
      plan.nextDraftDate < appliesFrom ? { monthlyDraft: draft, from: appliesFrom } : null,
    );
  });
});

describe('the current payments the plan is compared with', () => {
  it('are the credit report’s scheduled payments where it has them, and say where they are estimated', async () => {
    const b = await atBudget('Scheduled');
    const rows = (await offersOf(b.client)).offers as (OfferRow & { currentPaymentEstimated: boolean })[];
    const offers = await t.db.query.offer.findMany({
      where: (x, { inArray }) =>
        inArray(
          x.id,
          rows.map((r) => r.id),
        ),
    });
    const onDebts = offers.filter((x) => x.debtId !== null);
    expect(onDebts.length).toBeGreaterThan(1);
    // The report's own payment on one account, none on another: both kinds are on the page.
    const [reported, estimated] = onDebts;
    await t.db.update(debt).set({ scheduledMonthlyPayment: 29_800 }).where(eq(debt.id, reported!.debtId!));
    await t.db.update(debt).set({ scheduledMonthlyPayment: null }).where(eq(debt.id, estimated!.debtId!));
    const view = await offersOf(b.client);
    const byId = new Map(
      (view.offers as (OfferRow & { currentPaymentEstimated: boolean })[]).map((r) => [r.id, r]),
    );
    expect(byId.get(reported!.id)).toMatchObject({
      currentMonthlyPayment: 29_800,
      currentPaymentEstimated: false,
    });
    expect(byId.get(estimated!.id)).toMatchObject({ currentPaymentEstimated: true });
    // The savings compare the plan with those payments.
    expect(view.estimatedTotalMonthlySavings).toBe(
      sumCents((view.offers as OfferRow[]).map((r) => r.currentMonthlyPayment)) - view.totalNewMonthlyPayment,
    );
  });
});

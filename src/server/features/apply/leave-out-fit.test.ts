import { desc, eq, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  leaveOutWarning,
  reviewBudget,
  reviewFit,
  reviewRoomOf,
  reviewTerms,
  shortfallOf,
} from '#domain/enrollment/offer-review';
import { formatDollars } from '#domain/money/cents';
import { roomOf } from '#domain/enrollment/plan-fit';
import type { OffersView } from '#domain/flow/application-view';
import { budgetRoomOf, planFitOf } from '#server/application/plan-fit';
import { loadPlanTerms } from '#server/application/plan-terms';
import { application, borrower } from '#server/db/schema/application';
import { budget, budgetExpense, expense } from '#server/db/schema/budget';
import { decision } from '#server/db/schema/decision';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { acceptPlan, applicationRow } from '#tests/support/borrower-flow';
import { signInStaff, type StaffClient } from '#tests/support/service-portal';
import { qualifiedBorrower } from '#tests/support/staff-actions';

// The budget check re-run when the borrower leaves an offer out on /offers/review: the page gets what her
// budget leaves, the acceptance stores the check's result on the application, and the counsellors' queue
// flags and filters the plans that no longer fit.

let t: TestApp;
let staff: StaffClient;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signInStaff(t, 'Casey Counsellor');
});
afterAll(async () => t?.close());

const offersOf = async (b: Awaited<ReturnType<typeof qualifiedBorrower>>): Promise<OffersView> => {
  const res = await b.client.get('/api/application/offers');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** The terms the page works out when the borrower leaves these offers out. */
const termsLeaving = (view: OffersView, leftOut: string[]) =>
  reviewTerms({
    offers: view.offers,
    leftOut: new Set(leftOut),
    cap: view.feeCap,
    today: view.today,
    draftDay: view.draftDay ?? 1,
  });

/** Sets the decision's income so that the budget leaves `room` a month. */
async function budgetLeaves(applicationId: string, room: number) {
  const plan = await loadPlanTerms(t.db, applicationId);
  const now = (await budgetRoomOf(t.db, applicationId, plan.decision))!;
  await t.db
    .update(decision)
    .set({ currentIncome: room + now.expenses + now.otherDebtPayments })
    .where(eq(decision.id, plan.decision!.id));
}

type Tile = { applicationId: string; planFitLeft: number | null };
const queue = async (query: string): Promise<{ total: number; tiles: Tile[] }> => {
  const res = await staff.client.get(`/api/staff/queue?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('leaving an offer out on /offers/review', () => {
  it('states one figure once she agreed a budget: the paragraph and the warning both read the agreed budget', async () => {
    const b = await qualifiedBorrower(t, 'Agreedcut');
    const first = (await offersOf(b)).offers[0]!;
    const leaving = termsLeaving(await offersOf(b), [first.id]);
    // Her budget, as entered, leaves $30 less than the plan without the first offer and what she pays it ...
    await budgetLeaves(b.applicationId, leaving.monthlyDraft + first.currentMonthlyPayment - 3_000);
    const decided = (await offersOf(b)).budget;
    // ... and she agreed a budget that cuts one line by $50 (an agreed budget, as /budget saves it).
    const [line] = await t.db.select().from(expense).where(eq(expense.applicationId, b.applicationId));
    const [who] = await t.db
      .select({ id: borrower.id })
      .from(borrower)
      .where(eq(borrower.applicationId, b.applicationId));
    const was = line!.selfReportedValue ?? line!.estimatedValue ?? 0;
    expect(was).toBeGreaterThanOrEqual(5_000);
    const [agreed] = await t.db
      .insert(budget)
      .values({ applicationId: b.applicationId, borrowerId: who!.id, agreedTo: true })
      .returning();
    await t.db.insert(budgetExpense).values({
      budgetId: agreed!.id,
      expenseId: line!.id,
      proposedValue: was - 5_000,
      budgetCategory: line!.category,
    });

    const view = await offersOf(b);
    // The page's budget is the agreed one: the expenses with the cut, and the room the warning checks.
    expect(view.budget).toMatchObject({ agreed: true, expenses: decided.expenses - 5_000 });
    expect(view.budgetRoom).toBe(reviewRoomOf(view.budget));
    // What the page shows with the first offer left out: the paragraph and the warning, one figure ($20).
    const terms = termsLeaving(view, [first.id]);
    const { explanation, fit } = reviewBudget(terms, view.budget);
    expect(fit).toMatchObject({ left: -3_000 + 5_000, fits: true });
    expect(explanation).toContain('With the budget you agreed, your monthly income of');
    expect(explanation).toContain(`leaves ${formatDollars(fit.room - fit.payDirectly)} a month.`);
    expect(explanation).not.toContain('short');
    // A smaller cut ($10) leaves it $20 short: the paragraph says the warning's amount.
    await t.db
      .update(budgetExpense)
      .set({ proposedValue: was - 1_000 })
      .where(eq(budgetExpense.budgetId, agreed!.id));
    const after = await offersOf(b);
    const shortNow = reviewBudget(termsLeaving(after, [first.id]), after.budget);
    expect(shortNow.fit.left).toBe(-2_000);
    expect(leaveOutWarning(shortNow.fit, termsLeaving(after, [first.id]))).toBe('short');
    expect(shortNow.explanation).toContain(
      `That is ${formatDollars(shortfallOf(shortNow.fit))} a month more than the budget you agreed leaves.`,
    );
    expect(formatDollars(shortfallOf(shortNow.fit))).toBe('$20');
  });

  it('sends what the budget leaves, the figure the page checks the chosen plan against', async () => {
    const b = await qualifiedBorrower(t, 'Roomy');
    const view = await offersOf(b);
    const plan = await loadPlanTerms(t.db, b.applicationId);
    const room = roomOf((await budgetRoomOf(t.db, b.applicationId, plan.decision))!);
    expect(view.budgetRoom).toBe(room);
    // As offered, the plan fits: the page warns of nothing.
    const terms = termsLeaving(view, []);
    expect(leaveOutWarning(reviewFit(room, terms, view.budget.declinedPayments), terms)).toBeNull();
  });

  it('stores the check on acceptance when the offer left out makes the plan fall short, and the queue flags it', async () => {
    const surname = `Shortfit${Date.now()}`;
    const b = await qualifiedBorrower(t, surname);
    const first = (await offersOf(b)).offers[0]!;
    // Her budget leaves $30 less than the plan without the first offer plus what she keeps paying it.
    const leaving = termsLeaving(await offersOf(b), [first.id]);
    await budgetLeaves(b.applicationId, leaving.monthlyDraft + first.currentMonthlyPayment - 3_000);

    const view = await offersOf(b);
    const fit = reviewFit(view.budgetRoom!, termsLeaving(view, [first.id]), view.budget.declinedPayments);
    expect(fit).toMatchObject({ payDirectly: first.currentMonthlyPayment, left: -3_000, fits: false });
    expect(leaveOutWarning(fit, termsLeaving(view, [first.id]))).toBe('short');
    // Nothing stored before she accepts.
    expect((await applicationRow(t, b.applicationId)).planFitLeft).toBeNull();

    // Her choice stands: the plan is accepted as chosen.
    const res = await acceptPlan(b.client, { leftOut: [first.id], draftDay: view.draftDay ?? 1 });
    expect(res.statusCode, res.body).toBe(200);
    const stored = (await applicationRow(t, b.applicationId)).planFitLeft;
    const server = await planFitOf(t.db, await loadPlanTerms(t.db, b.applicationId), b.applicationId);
    // One figure: the page's check, the server's and the stored one agree.
    expect(server).toMatchObject({ left: -3_000, fits: false });
    expect(stored).toBe(-3_000);

    // The counsellor's queue: the tile carries it, and the filter finds it.
    const all = await queue(`searchValue=${surname}`);
    expect(all.tiles).toEqual([
      expect.objectContaining({ applicationId: b.applicationId, planFitLeft: -3_000 }),
    ]);
    const short = await queue(`searchValue=${surname}&planNoLongerFits=true`);
    expect(short.tiles.map((x) => x.applicationId)).toEqual([b.applicationId]);
    // The borrower summary shows the same check for the counsellor.
    const summary = (await staff.client.get(`/api/staff/applications/${b.applicationId}`)).json();
    expect(summary.decision.decision.budgetFit).toEqual(server);
  });

  it('stores a plan that still fits, and the filter leaves it out', async () => {
    const surname = `Stillfits${Date.now()}`;
    const b = await qualifiedBorrower(t, surname);
    const view = await offersOf(b);
    const res = await acceptPlan(b.client, { leftOut: [], draftDay: view.draftDay ?? 1 });
    expect(res.statusCode, res.body).toBe(200);
    const stored = (await applicationRow(t, b.applicationId)).planFitLeft;
    const server = await planFitOf(t.db, await loadPlanTerms(t.db, b.applicationId), b.applicationId);
    expect(stored).toBe(server!.left);
    expect(stored).toBeGreaterThanOrEqual(0);
    expect((await queue(`searchValue=${surname}`)).tiles).toHaveLength(1);
    expect((await queue(`searchValue=${surname}&planNoLongerFits=true`)).tiles).toEqual([]);
  });

  it('the filter, without a search, lists only the plans that fall short, newest first', async () => {
    const page = await queue('planNoLongerFits=true');
    const short = await t.db
      .select({ id: application.id })
      .from(application)
      .where(lt(application.planFitLeft, 0))
      .orderBy(desc(application.createdAt), desc(application.id));
    expect(short.length).toBeGreaterThan(0);
    expect(page.total).toBe(short.length);
    expect(page.tiles.map((x) => x.applicationId)).toEqual(short.slice(0, 10).map((r) => r.id));
    for (const tile of page.tiles) expect(tile.planFitLeft).toBeLessThan(0);
  });

  it('refuses a filter value it does not know with 400, never a 500', async () => {
    for (const value of ['maybe', '1', "'; drop table application; --"]) {
      const res = await staff.client.get(`/api/staff/queue?planNoLongerFits=${encodeURIComponent(value)}`);
      expect(res.statusCode).toBe(400);
    }
  });
});

import { desc, eq } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import type { MessageRef } from '#domain/i18n/message';
import type { BudgetView } from '#domain/flow/application-view';
import { PAGE_ROUTES } from '#domain/flow/pages';
import { resumeRoute } from '#domain/flow/resume';
import { sumCents } from '#domain/money/cents';
import { flexibleLines, lineKeyOf } from '#domain/underwriting/budget-cuts';
import { isThin, leftEachMonth, requiredReductionOf, thinBudgetRef } from '#domain/underwriting/budget-room';
import { budgetDescription } from '#domain/underwriting/decision';
import { budgetSchemaFor, type BudgetInput } from '#domain/validation/application';
import { issueMessageRef } from '#domain/validation/issue-messages';
import { MESSAGE_REFS } from '#domain/validation/messages';
import { expenseGroupLabel, expenseLineKey, expenseLineLabel } from '#domain/validation/expenses';
import { budget, budgetExpense, expense } from '#server/db/schema/budget';
import { decision } from '#server/db/schema/decision';
import { assertCanSave, changeStatus, lockOwnApplication } from '#server/application/application-state';
import { recordObtainedOffer } from './outreach';
import { loadPlanTerms } from '#server/application/plan-terms';
import { planNarrative } from '#domain/enrollment/plan-narrative';
import { ownCurrentApplication } from '#server/application/own-application';
import type { Transaction, Unit } from '#server/unit-of-work';

/** The newest decision of an application (the newest by creation time counts). */
export async function newestDecision(tx: Transaction, applicationId: string) {
  return tx.query.decision.findFirst({
    where: eq(decision.applicationId, applicationId),
    orderBy: [desc(decision.createdAt)],
    with: { offers: { columns: { payment: true, status: true } } },
  });
}

/** The newest budget with its lines, the expenses they adjust. */
async function newestBudget(tx: Transaction, applicationId: string) {
  return tx.query.budget.findFirst({
    where: eq(budget.applicationId, applicationId),
    orderBy: [desc(budget.createdAt)],
    with: { budgetExpenses: { with: { expense: true } } },
  });
}

/** Everything /budget shows and checks: the lines, the gap to cover, the plan payment with its fee. */
async function budgetContext(
  tx: Transaction,
  app: { id: string; isHomeowner: boolean | null },
  latest: NonNullable<Awaited<ReturnType<typeof newestDecision>>>,
  proposed: NonNullable<Awaited<ReturnType<typeof newestBudget>>>,
) {
  const isHomeowner = app.isHomeowner ?? false;
  const allExpenses = await tx.select().from(expense).where(eq(expense.applicationId, app.id));
  const valueOf = (e: { selfReportedValue: number | null; estimatedValue: number | null }) =>
    e.selfReportedValue ?? e.estimatedValue ?? 0;
  const proposedByExpense = new Map(proposed.budgetExpenses.map((l) => [l.expenseId, l.proposedValue]));
  const flexible = flexibleLines(
    allExpenses.map((e) => ({
      category: e.category,
      subCategory: e.subCategory,
      value: valueOf(e),
      estimatedValue: e.estimatedValue,
      labelKey: expenseLineKey(e.category, e.subCategory, isHomeowner),
      label: expenseLineLabel(e.category, e.subCategory, isHomeowner),
    })),
  ).map((line) => {
    const row = allExpenses.find((e) => e.category === line.category && e.subCategory === line.subCategory)!;
    return {
      ...line,
      expenseId: row.id,
      groupLabel: expenseGroupLabel(line.category),
      proposedValue: proposedByExpense.get(row.id) ?? line.currentValue,
    };
  });
  const reducible = sumCents(flexible.map((l) => l.currentValue - l.floor));
  // The plan's terms (its fee capped by the state, creditors left out or declined not in it) and the gap they
  // leave: the same figures the offers page and the counsellor read (plan-narrative.ts).
  const { terms } = await loadPlanTerms(tx, app.id, { undated: true });
  const narrative = planNarrative(terms, {
    monthlyIncome: latest.currentIncome,
    expenses: latest.currentExpenses,
    ineligibleDebtPayment: latest.ineligibleDebtPayment,
    reducible,
  });
  return {
    isHomeowner,
    flexible,
    // The one reduction figure of /budget: shown, and checked against the cuts, in whole dollars.
    required: requiredReductionOf(narrative.gap, reducible),
    otherDebtPayments: narrative.otherDebtPayments,
    currentExpensesTotal: sumCents(allExpenses.map(valueOf)),
    monthlyFee: terms.monthlyFee,
    newMonthlyPayment: terms.monthlyDraft,
  };
}

/** GET /api/application/budget: the proposed expense adjustments of the newest decision. */
export async function getBudget(unit: Unit, o: { userId: string }): Promise<BudgetView> {
  const { tx } = unit;
  const app = await tx.query.application.findFirst({ where: ownCurrentApplication(o.userId) });
  if (!app) throw new AppError('NotFound');
  // One after the other: a transaction's queries run one at a time on its connection anyway.
  const latest = await newestDecision(tx, app.id);
  const proposed = await newestBudget(tx, app.id);
  if (!latest?.isQualified || !proposed) {
    throw new AppError('PreconditionFailed', undefined, { redirect: resumeRoute(app) });
  }
  const context = await budgetContext(tx, app, latest, proposed);
  const lines = proposed.budgetExpenses.map((line) => ({
    category: line.expense.category,
    groupLabel: expenseGroupLabel(line.expense.category),
    subCategory: line.expense.subCategory,
    labelKey: expenseLineKey(line.expense.category, line.expense.subCategory, context.isHomeowner),
    label: expenseLineLabel(line.expense.category, line.expense.subCategory, context.isHomeowner),
    currentValue: line.expense.selfReportedValue ?? line.expense.estimatedValue ?? 0,
    proposedValue: line.proposedValue,
  }));
  const savings = sumCents(lines.map((l) => l.currentValue)) - sumCents(lines.map((l) => l.proposedValue));
  return {
    agreedTo: proposed.agreedTo,
    lines,
    currentExpensesTotal: context.currentExpensesTotal,
    proposedExpensesTotal: context.currentExpensesTotal - savings,
    targetedMonthlySavings: savings,
    monthlyIncome: latest.currentIncome,
    newMonthlyPayment: context.newMonthlyPayment,
    monthlyFee: context.monthlyFee,
    requiredReduction: context.required,
    otherDebtPayments: context.otherDebtPayments,
    flexibleLines: context.flexible.map(({ expenseId: _, ...line }) => line),
    // Written from the cuts the page shows (the proposal's, or the borrower's once agreed), not the stored
    // text: the proposal aims at the reduction asked for and the monthly cushion, so the two differ.
    explanation: budgetDescription(savings, context.newMonthlyPayment),
  };
}

/**
 * /budget agreed: the cuts as the borrower moved them (when sent) replace the proposal's lines, checked
 * against the floors and the gap with the page's own schema; the budget is saved agreed, Budget completed, the
 * status moves to acceptOffer, the offer outreach is recorded, and the borrower goes to /offers/review. All in
 * the unit: a refused set of cuts changes nothing. A budget that leaves less than the monthly cushion
 * after the plan payment is refused with ThinBudget until sent again with acceptThinBudget (decision 0076).
 */
export async function agreeToBudget(
  unit: Unit,
  o: { publicUrl: string; userId: string; input?: BudgetInput },
): Promise<{ next: string; smsId?: string }> {
  const { tx } = unit;
  const app = await lockOwnApplication(tx, o.userId);
  assertCanSave(app, 'Budget');
  const latest = await newestDecision(tx, app.id);
  const proposed = await newestBudget(tx, app.id);
  if (!latest?.isQualified || !proposed) throw new AppError('PreconditionFailed');
  const sent = o.input?.lines;
  const context = await budgetContext(tx, app, latest, proposed);
  // What the budget agreed to lowers the expenses by: the cuts as sent, or the proposal's.
  let savings = sumCents(
    proposed.budgetExpenses.map(
      (l) => (l.expense.selfReportedValue ?? l.expense.estimatedValue ?? 0) - l.proposedValue,
    ),
  );
  if (sent) {
    const checked = budgetSchemaFor({ lines: context.flexible, required: context.required }).safeParse(
      o.input,
    );
    if (!checked.success) {
      // Each issue's message by its id. The page's own fields all give one; what is left (a value of the wrong
      // type, which no form sends) is the request's fault, not the person's, as zod's own 400s say it.
      const messageOf = (issue: (typeof checked.error.issues)[number]): MessageRef =>
        issueMessageRef(issue) ?? MESSAGE_REFS.requestInvalid;
      const fieldErrors: Record<string, MessageRef> = {};
      for (const issue of checked.error.issues) fieldErrors[issue.path.join('.')] ??= messageOf(issue);
      const [firstIssue] = checked.error.issues;
      throw new AppError('ValidationError', firstIssue && messageOf(firstIssue), { fieldErrors });
    }
    const byKey = new Map(context.flexible.map((l) => [lineKeyOf(l), l]));
    const cuts = sent
      .map((line) => ({ line: byKey.get(lineKeyOf(line))!, proposedValue: line.proposedValue }))
      .filter((c) => c.proposedValue < c.line.currentValue);
    await tx.delete(budgetExpense).where(eq(budgetExpense.budgetId, proposed.id));
    if (cuts.length > 0) {
      await tx.insert(budgetExpense).values(
        cuts.map((c) => ({
          budgetId: proposed.id,
          expenseId: c.line.expenseId,
          proposedValue: c.proposedValue,
          budgetCategory: c.line.category,
        })),
      );
    }
    savings = sumCents(cuts.map((c) => c.line.currentValue - c.proposedValue));
    await tx
      .update(budget)
      .set({ description: budgetDescription(savings, context.newMonthlyPayment) })
      .where(eq(budget.id, proposed.id));
  }
  const left = leftEachMonth({
    monthlyIncome: latest.currentIncome,
    expenses: context.currentExpensesTotal - savings,
    otherDebtPayments: context.otherDebtPayments,
    planPayment: context.newMonthlyPayment,
  });
  // Thrown before anything is kept: the transaction rolls back the cuts written above.
  if (isThin(left) && !o.input?.acceptThinBudget) throw new AppError('ThinBudget', thinBudgetRef(left));
  await tx.update(budget).set({ agreedTo: true }).where(eq(budget.id, proposed.id));
  await tx.update(decision).set({ wasPresentedToBorrower: true }).where(eq(decision.id, latest.id));
  await changeStatus(tx, app, 'budgetAgreed', o.userId, {
    completed: 'Budget',
    viewed: 'Review',
    set: { agreedToActionPlan: true, hasSubmittedBudgetPage: true },
  });
  const smsId = await recordObtainedOffer(unit, { applicationId: app.id, publicUrl: o.publicUrl });
  return { next: PAGE_ROUTES.Review, smsId };
}

import { desc, eq } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import type { BudgetView } from '#domain/flow/application-view';
import { PAGE_ROUTES } from '#domain/flow/pages';
import { resumeRoute } from '#domain/flow/resume';
import { sumCents } from '#domain/money/cents';
import { expenseGroupLabel, expenseLineLabel } from '#domain/validation/expenses';
import type { Services } from '#server/services';
import type { Tx } from '#server/db/client';
import { application } from '#server/db/schema/application';
import { budget, expense } from '#server/db/schema/budget';
import { decision } from '#server/db/schema/decision';
import {
  assertCanSave,
  changeStatus,
  lockOwnApplication,
  updateApplication,
} from '#server/application/application-state';
import { recordObtainedOffer } from './outreach';

/** The newest decision of an application (the newest by creation time counts). */
export async function newestDecision(tx: Tx, applicationId: string) {
  return tx.query.decision.findFirst({
    where: eq(decision.applicationId, applicationId),
    orderBy: [desc(decision.createdAt)],
    with: { offers: { columns: { payment: true, status: true } } },
  });
}

/** The newest budget with its lines, the expenses they adjust. */
async function newestBudget(tx: Tx, applicationId: string) {
  return tx.query.budget.findFirst({
    where: eq(budget.applicationId, applicationId),
    orderBy: [desc(budget.createdAt)],
    with: { budgetExpenses: { with: { expense: true } } },
  });
}

/** GET /api/application/budget: the proposed expense adjustments of the newest decision. */
export async function getBudget(o: { services: Services; userId: string }): Promise<BudgetView> {
  const { db } = o.services.database;
  const app = await db.query.application.findFirst({ where: eq(application.owner, o.userId) });
  if (!app) throw new AppError('NotFound');
  const [latest, proposed] = await Promise.all([newestDecision(db, app.id), newestBudget(db, app.id)]);
  if (!latest?.isQualified || !proposed) {
    throw new AppError('PreconditionFailed', undefined, { redirect: resumeRoute(app) });
  }
  const isHomeowner = app.isHomeowner ?? false;
  const lines = proposed.budgetExpenses.map((line) => ({
    category: line.expense.category,
    groupLabel: expenseGroupLabel(line.expense.category),
    subCategory: line.expense.subCategory,
    label: expenseLineLabel(line.expense.category, line.expense.subCategory, isHomeowner),
    currentValue: line.expense.selfReportedValue ?? line.expense.estimatedValue ?? 0,
    proposedValue: line.proposedValue,
  }));
  const allExpenses = await db.select().from(expense).where(eq(expense.applicationId, app.id));
  const currentExpensesTotal = sumCents(allExpenses.map((e) => e.selfReportedValue ?? e.estimatedValue ?? 0));
  const savings = sumCents(lines.map((l) => l.currentValue)) - sumCents(lines.map((l) => l.proposedValue));
  return {
    agreedTo: proposed.agreedTo,
    lines,
    currentExpensesTotal,
    proposedExpensesTotal: currentExpensesTotal - savings,
    targetedMonthlySavings: savings,
    monthlyIncome: latest.currentIncome,
    newMonthlyPayment: sumCents(latest.offers.filter((x) => x.status !== 'declined').map((x) => x.payment)),
    explanation: proposed.description ?? latest.explanation ?? '',
  };
}

/**
 * /budget agreed: the budget is saved agreed, Budget completed, the status
 * moves to acceptOffer, the offer outreach is recorded, and the borrower goes to /offers/review.
 */
export async function agreeToBudget(o: {
  services: Services;
  userId: string;
}): Promise<{ next: string; smsId?: string }> {
  const { db } = o.services.database;
  return db.transaction(async (tx) => {
    const app = await lockOwnApplication(tx, o.userId);
    assertCanSave(app, 'Budget');
    const [latest, proposed] = await Promise.all([newestDecision(tx, app.id), newestBudget(tx, app.id)]);
    if (!latest?.isQualified || !proposed) throw new AppError('PreconditionFailed');
    await tx.update(budget).set({ agreedTo: true }).where(eq(budget.id, proposed.id));
    await tx.update(decision).set({ wasPresentedToBorrower: true }).where(eq(decision.id, latest.id));
    await changeStatus(tx, app, 'budgetAgreed', o.userId);
    await updateApplication(tx, app, {
      completed: 'Budget',
      viewed: 'Review',
      set: { agreedToActionPlan: true, hasSubmittedBudgetPage: true },
    });
    const smsId = await recordObtainedOffer(tx, {
      applicationId: app.id,
      publicUrl: o.services.config.publicUrl,
    });
    return { next: PAGE_ROUTES.Review, smsId };
  });
}

import { and, desc, eq } from 'drizzle-orm';
import { budgetRoomFrom, planFit, type BudgetRoom, type PlanFit } from '#domain/enrollment/plan-fit';
import type { PlanTerms } from '#domain/enrollment/plan-terms';
import type { Reader, Transaction } from '#server/db/client';
import { application } from '#server/db/schema/application';
import { budget, expense } from '#server/db/schema/budget';
import type { LoadedPlan } from './plan-terms';

/**
 * What the budget leaves each month before the plan: the newest decision's income and other debt payments,
 * and the expense lines at the values the budget settled on (an agreed cut, else as entered or estimated).
 * Null without a decision.
 */
export async function budgetRoomOf(
  tx: Reader,
  applicationId: string,
  decision: Pick<NonNullable<LoadedPlan['decision']>, 'currentIncome' | 'ineligibleDebtPayment'> | null,
  /** The application's expense rows when the caller has read them already in this unit (not read again). */
  expenses?: readonly Pick<typeof expense.$inferSelect, 'id' | 'selfReportedValue' | 'estimatedValue'>[],
): Promise<BudgetRoom | null> {
  if (!decision) return null;
  const lines =
    expenses ??
    (await tx
      .select({
        id: expense.id,
        selfReportedValue: expense.selfReportedValue,
        estimatedValue: expense.estimatedValue,
      })
      .from(expense)
      .where(eq(expense.applicationId, applicationId)));
  const agreed = await tx.query.budget.findFirst({
    where: and(eq(budget.applicationId, applicationId), eq(budget.agreedTo, true)),
    orderBy: [desc(budget.createdAt)],
    with: { budgetExpenses: true },
  });
  return {
    ...budgetRoomFrom({
      monthlyIncome: decision.currentIncome,
      otherDebtPayments: decision.ineligibleDebtPayment,
      expenses: lines,
      agreed: new Map((agreed?.budgetExpenses ?? []).map((l) => [l.expenseId, l.proposedValue])),
    }),
    agreed: agreed !== undefined,
  };
}

/** The budget check on the plan's terms as they now stand (planFit); null without a decision. */
export async function planFitOf(
  tx: Reader,
  plan: Pick<LoadedPlan, 'decision'> & { terms: Pick<PlanTerms, 'monthlyDraft' | 'payDirectly'> },
  applicationId: string,
): Promise<PlanFit | null> {
  const room = await budgetRoomOf(tx, applicationId, plan.decision);
  return room ? planFit(room, plan.terms) : null;
}

/**
 * Runs the budget check on the plan as it now stands and stores what it leaves on the application (null
 * without a decision), for the counsellors' queue; answers the check. Called in the transaction that changed
 * the plan: the borrower's acceptance (the offers she left out) and each creditor's answer. The figure is
 * derived, not an edit, so the application's version is left alone (a counsellor's open form stays valid).
 */
export async function recordPlanFit(
  tx: Transaction,
  plan: Pick<LoadedPlan, 'decision'> & { terms: Pick<PlanTerms, 'monthlyDraft' | 'payDirectly'> },
  applicationId: string,
): Promise<PlanFit | null> {
  const fit = plan.decision?.isQualified ? await planFitOf(tx, plan, applicationId) : null;
  await tx
    .update(application)
    .set({ planFitLeft: fit?.left ?? null })
    .where(eq(application.id, applicationId));
  return fit;
}

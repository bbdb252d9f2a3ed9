import { and, desc, eq, sql } from 'drizzle-orm';
import { budgetRoomFrom, planFit, type BudgetRoom, type PlanFit } from '#domain/enrollment/plan-fit';
import type { PlanTerms } from '#domain/enrollment/plan-terms';
import { builtOnce } from '#server/db/built-once';
import type { Reader, Transaction } from '#server/db/client';
import { application } from '#server/db/schema/application';
import { budget, expense } from '#server/db/schema/budget';
import type { LoadedPlan } from './plan-terms';

/**
 * The application's newest agreed budget with its lines, as a relational read of the application's row
 * (`with: { budgets: AGREED_BUDGET }`): a caller that reads the row anyway reads it in the same statement.
 */
export const AGREED_BUDGET = {
  where: eq(budget.agreedTo, true),
  orderBy: [desc(budget.createdAt)],
  limit: 1,
  with: { budgetExpenses: true as const },
};

/** An agreed budget with its lines, as AGREED_BUDGET reads it. */
export type AgreedBudget = {
  budgetExpenses: readonly { expenseId: string; proposedValue: number }[];
};

/**
 * The expense lines and the newest agreed budget, from the application's row in one statement (each statement
 * is a round trip to the database), built once (built-once.ts): the acceptance reads it for every applicant.
 */
const linesAndAgreedBudget = builtOnce((db: Reader) =>
  db.query.application
    .findFirst({
      where: eq(application.id, sql.placeholder('id')),
      columns: { id: true },
      with: {
        expenses: { columns: { id: true, selfReportedValue: true, estimatedValue: true } },
        budgets: AGREED_BUDGET,
      },
    })
    .prepare('lines_and_agreed_budget'),
);

/**
 * What the budget leaves each month before the plan: the newest decision's income and other debt payments,
 * and the expense lines at the values the budget settled on (an agreed cut, else as entered or estimated).
 * Null without a decision.
 */
export async function budgetRoomOf(
  tx: Reader,
  applicationId: string,
  decision: Pick<NonNullable<LoadedPlan['decision']>, 'currentIncome' | 'ineligibleDebtPayment'> | null,
  /**
   * What the caller has read already in this unit (not read again): the application's expense rows, and its
   * newest agreed budget with its lines (null: there is none).
   */
  known: {
    expenses?: readonly Pick<typeof expense.$inferSelect, 'id' | 'selfReportedValue' | 'estimatedValue'>[];
    agreed?: AgreedBudget | null;
  } = {},
): Promise<BudgetRoom | null> {
  if (!decision) return null;
  let lines = known.expenses;
  let agreed = known.agreed === null ? undefined : known.agreed;
  if (lines === undefined && known.agreed === undefined) {
    const found = await linesAndAgreedBudget(tx).execute({ id: applicationId });
    lines = found?.expenses ?? [];
    agreed = found?.budgets[0];
  } else {
    lines ??= await tx
      .select({
        id: expense.id,
        selfReportedValue: expense.selfReportedValue,
        estimatedValue: expense.estimatedValue,
      })
      .from(expense)
      .where(eq(expense.applicationId, applicationId));
    if (known.agreed === undefined) {
      agreed = await tx.query.budget.findFirst({
        where: and(eq(budget.applicationId, applicationId), eq(budget.agreedTo, true)),
        orderBy: [desc(budget.createdAt)],
        with: { budgetExpenses: true },
      });
    }
  }
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

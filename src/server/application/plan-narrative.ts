import { eq } from 'drizzle-orm';
import { sumCents } from '#domain/money/cents';
import { planNarrative, type BudgetFigures, type PlanNarrative } from '#domain/enrollment/plan-narrative';
import type { PlanTerms } from '#domain/enrollment/plan-terms';
import { reducibleFloor } from '#domain/underwriting/expense-estimates';
import type { Reader } from '#server/db/client';
import { expense } from '#server/db/schema/budget';

// The budget a decision was made on, read for the plan's narrative (src/domain/enrollment/plan-narrative.ts):
// the decision's income, expenses and ineligible debt payments, and what the flexible lines can give up.

type DecisionBudget = {
  currentIncome: number;
  currentExpenses: number;
  ineligibleDebtPayment: number;
  reducibleExpenseAmount: number | null;
};

/** The decision's budget; what the flexible lines can give up is counted from the expenses when not stored. */
export async function budgetFiguresOf(
  tx: Reader,
  applicationId: string,
  d: DecisionBudget,
  /** The application's expense rows when the caller has read them already in this unit (not read again). */
  expenses?: readonly (typeof expense.$inferSelect)[],
): Promise<BudgetFigures> {
  let reducible = d.reducibleExpenseAmount;
  if (reducible === null) {
    const lines =
      expenses ?? (await tx.select().from(expense).where(eq(expense.applicationId, applicationId)));
    reducible = sumCents(
      lines.map((e) => {
        const line = {
          category: e.category,
          subCategory: e.subCategory,
          value: e.selfReportedValue ?? e.estimatedValue ?? 0,
          estimatedValue: e.estimatedValue,
        };
        return line.value - reducibleFloor(line);
      }),
    );
  }
  return {
    monthlyIncome: d.currentIncome,
    expenses: d.currentExpenses,
    ineligibleDebtPayment: d.ineligibleDebtPayment,
    reducible,
  };
}

/** The narrative of these terms on the decision's budget. */
export async function narrativeOf(
  tx: Reader,
  applicationId: string,
  d: DecisionBudget,
  terms: PlanTerms,
): Promise<PlanNarrative> {
  return planNarrative(terms, await budgetFiguresOf(tx, applicationId, d));
}

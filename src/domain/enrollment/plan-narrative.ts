import { sumCents, type Cents } from '../money/cents';
import { budgetDescription } from '../underwriting/decision';
import { requiredReductionOf } from '../underwriting/budget-room';
import { englishOf, type MessageRef } from '../i18n/message';
import { budgetSentenceRef, fitSentenceRef, planSentenceRef } from '../underwriting/explanation-text';
import type { BudgetRoom } from './plan-fit';
import type { PlanTerms } from './plan-terms';

// The plan's story in words, from the plan's terms and the borrower's budget: the offer page's paragraph, the
// counsellor's "why" and recommended budget, /budget's reduction and the creditor proposal's budget all read
// this, so after a creditor is left out, declines or counters, each sentence states the plan as it now is.
// A creditor the plan does not pay still costs the borrower its current payment: it counts with the other
// debt payments, which is what the budget has left for the plan.

/** The budget as the decision read it: the amounts before any proposed cut. */
export type BudgetFigures = {
  monthlyIncome: Cents;
  /** The expenses before the proposed budget's cuts. */
  expenses: Cents;
  /** Payments on debts the plan never included (mortgage, car, student loans). */
  ineligibleDebtPayment: Cents;
  /** What the flexible expense lines can give up, down to their floors. */
  reducible: Cents;
  /**
   * The expenses are the budget the borrower agreed on /budget (its cuts applied), not the decision's: the
   * sentences say so, and no longer offer a proposed budget.
   */
  agreed?: boolean;
};

/**
 * The budget /offers/review states, in its paragraph and in its leave-out warning alike: once the borrower
 * has agreed a budget, that budget (its expenses with the cuts she agreed), so the page does not tell her she
 * is short by the amount the cuts already closed; before that, the decision's figures.
 */
export function reviewBudgetFigures(decided: BudgetFigures, agreed: BudgetRoom | null): BudgetFigures {
  if (!agreed) return decided;
  return {
    monthlyIncome: agreed.monthlyIncome,
    expenses: agreed.expenses,
    ineligibleDebtPayment: agreed.otherDebtPayments,
    // What the flexible lines could still give up below what she agreed.
    reducible: Math.max(0, decided.reducible - Math.max(0, decided.expenses - agreed.expenses)),
    agreed: true,
  };
}

export type PlanNarrative = {
  /** What the borrower keeps paying creditors left out of the plan or that declined it. */
  payDirectly: Cents;
  /** Payments on debts outside the plan: the ineligible debts and the creditors paid directly. */
  otherDebtPayments: Cents;
  /** Income − expenses − payments outside the plan: what is left for the plan's draft. */
  cashflow: Cents;
  /** How much the draft exceeds what is left (0 when it fits), in cents. */
  gap: Cents;
  /** The gap as the borrower is asked to cover it: rounded up to a whole dollar once. */
  requiredReduction: Cents;
  /** The explanation's sentences, in English. */
  explanation: string;
  /** The same sentences as messages, which a page words in its own language. */
  explanationRefs: MessageRef[];
  /** The recommended budget's one line; null when the plan fits without a cut. */
  recommendedBudget: string | null;
};

/** What the borrower keeps paying each month the creditors the plan does not pay. */
export const payDirectlyOf = (terms: Pick<PlanTerms, 'payDirectly'>): Cents =>
  sumCents(terms.payDirectly.map((c) => c.currentPayment));

/** The plan's story for these terms and this budget. */
export function planNarrative(terms: PlanTerms, budget: BudgetFigures): PlanNarrative {
  const payDirectly = payDirectlyOf(terms);
  const otherDebtPayments = budget.ineligibleDebtPayment + payDirectly;
  const cashflow = budget.monthlyIncome - budget.expenses - otherDebtPayments;
  const gap = Math.max(0, terms.monthlyDraft - cashflow);
  const requiredReduction = requiredReductionOf(gap);
  const budgetFigures = {
    monthlyIncome: budget.monthlyIncome,
    expenses: budget.expenses,
    otherDebtPayments,
    agreed: budget.agreed,
  };
  const planFigures = {
    accounts: terms.creditors.length,
    owed: sumCents(terms.creditors.map((c) => c.balance)),
    planPayment: terms.monthlyDraft,
    monthlyFee: terms.monthlyFee,
    currentPayment: sumCents(terms.creditors.map((c) => c.currentPayment)),
  };
  const explanationRefs = [
    budgetSentenceRef(budgetFigures),
    planSentenceRef(planFigures),
    fitSentenceRef(gap, budget.reducible, budget.agreed),
  ];
  const explanation = explanationRefs.map(englishOf).join(' ');
  return {
    payDirectly,
    otherDebtPayments,
    cashflow,
    gap,
    requiredReduction,
    explanation,
    explanationRefs,
    recommendedBudget: gap > 0 ? budgetDescription(requiredReduction, terms.monthlyDraft) : null,
  };
}

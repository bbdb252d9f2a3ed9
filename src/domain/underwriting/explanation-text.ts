import { englishOf, messageRef, type MessageRef } from '../i18n/message';
import { ceilToDollar, formatDollars, type Cents } from '../money/cents';
import { EXPLANATION_MESSAGES as M } from './explanation-messages';

// The sentences of a decision's and a plan's explanation, each as its message with its values (the `*Ref`
// functions), which a page words in its own language; the English (the functions without `Ref`) is written from
// those messages, so the sentences are worded once. The decision writes them when it is made, and every page
// that explains the plan the borrower chose writes them again from the plan's terms
// (src/domain/enrollment/plan-narrative.ts): the figures in them are the figures beside them.

/** Income, expenses and payments on debts outside the plan: what is left for it each month. */
export const budgetSentence = (f: BudgetSentenceFigures): string => englishOf(budgetSentenceRef(f));

/** What the plan pays, for how much a month (the fee included), against what the same accounts cost now. */
export const planSentence = (f: PlanSentenceFigures): string => englishOf(planSentenceRef(f));

/** Whether the plan fits (fitSentenceRef), in English. */
export const fitSentence = (gap: Cents, reducible: Cents, agreed = false): string =>
  englishOf(fitSentenceRef(gap, reducible, agreed));

type BudgetSentenceFigures = {
  monthlyIncome: Cents;
  expenses: Cents;
  otherDebtPayments: Cents;
  /** The expenses are the budget the borrower agreed (its cuts applied). */
  agreed?: boolean;
};

type PlanSentenceFigures = {
  accounts: number;
  owed: Cents;
  planPayment: Cents;
  monthlyFee: Cents;
  currentPayment: Cents;
};

/** What is left each month: the income less the expenses and the payments on debts outside the plan. */
export function budgetSentenceRef(f: BudgetSentenceFigures): MessageRef {
  const values = {
    income: formatDollars(f.monthlyIncome),
    expenses: formatDollars(f.expenses),
    cashflow: formatDollars(f.monthlyIncome - f.expenses - f.otherDebtPayments),
  };
  if (f.otherDebtPayments > 0) {
    const withOther = { ...values, otherDebts: formatDollars(f.otherDebtPayments) };
    return messageRef(f.agreed ? M.agreedBudgetWithOtherDebts : M.budgetWithOtherDebts, withOther);
  }
  return messageRef(f.agreed ? M.agreedBudget : M.budget, values);
}

/** What the plan pays, for how much a month (the fee included), against what the same accounts cost now. */
export function planSentenceRef(f: PlanSentenceFigures): MessageRef {
  const values = {
    accounts: f.accounts,
    owed: formatDollars(f.owed),
    payment: formatDollars(f.planPayment),
    current: formatDollars(f.currentPayment),
  };
  return f.monthlyFee > 0
    ? messageRef(M.planWithFee, { ...values, fee: formatDollars(f.monthlyFee) })
    : messageRef(M.plan, values);
}

/**
 * Whether the plan fits: as it is, with flexible expenses lowered, or not at all. The gap is stated rounded up
 * to a whole dollar, the one figure /budget asks the cuts to cover (requiredReductionOf). Once the borrower
 * agreed a budget, the sentence measures against it and offers no further budget: she has already chosen her
 * cuts, and what is still short is hers to decide on (the leave-out warning says what she can do).
 */
export function fitSentenceRef(gap: Cents, reducible: Cents, agreed = false): MessageRef {
  const required = formatDollars(ceilToDollar(gap));
  if (agreed)
    return gap <= 0 ? messageRef(M.fitsAgreedBudget) : messageRef(M.shortOfAgreedBudget, { required });
  if (gap <= 0) return messageRef(M.fits);
  return messageRef(reducible >= gap ? M.proposedBudget : M.insufficientIncome, {
    required,
    reducible: formatDollars(reducible),
  });
}

/** Why a decision found no plan needed: what is left covers the current payments with room to spare. */
export const cashflowTooHighRef = (currentPayment: Cents, spare: Cents): MessageRef =>
  messageRef(M.cashflowTooHigh, { current: formatDollars(currentPayment), spare: formatDollars(spare) });

/** Why a decision found nothing to put in a plan: no eligible debt selected. */
export const noEligibleDebtRef = (): MessageRef => messageRef(M.noEligibleDebt);

/** Why a decision found too little debt for a plan: the selected balances, and the least a plan needs. */
export const tooLittleDebtRef = (total: Cents, minimum: Cents): MessageRef =>
  messageRef(M.tooLittleDebt, { total: formatDollars(total), minimum: formatDollars(minimum) });

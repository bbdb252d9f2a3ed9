import { type Cents, sumCents } from '../money/cents';
import { leftEachMonth } from '../underwriting/budget-room';
import { EXPENSE_GROUPS, type ExpenseCategory } from '../validation/expenses';

// What a proposal to a creditor states (docs/decisions/0109-proposals-prepared-at-quality-control.md). Each
// figure is one the plan or the budget already worked out: the creditor's line comes from the plan's terms,
// the budget from the borrower's expense lines as agreed. Creditors are US companies: proposals are in English.

/** The budget a full-budget proposal carries: the household's month, with the plan in it. */
export type ProposalBudget = {
  monthlyIncome: Cents;
  /** Expenses by group, in the budget page's order; groups without a line are left out. */
  groups: { category: ExpenseCategory; label: string; total: Cents }[];
  expensesTotal: Cents;
  /** Payments on debts outside the plan (mortgage, car, student loans). */
  otherDebtPayments: Cents;
  /** The monthly plan payment: every creditor's payment and the agency's monthly fee. */
  planPayment: Cents;
  /** What is left each month once all of that is paid. */
  leftEachMonth: Cents;
};

/**
 * The budget summary from the household's expense lines (each at the value the budget settled on), its monthly
 * income, its payments on other debts and the plan payment.
 */
export function proposalBudget(o: {
  monthlyIncome: Cents;
  expenses: readonly { category: ExpenseCategory; value: Cents }[];
  otherDebtPayments: Cents;
  planPayment: Cents;
}): ProposalBudget {
  const groups = EXPENSE_GROUPS.map((g) => {
    const lines = o.expenses.filter((e) => e.category === g.category);
    return {
      category: g.category,
      label: g.label,
      total: sumCents(lines.map((l) => l.value)),
      count: lines.length,
    };
  })
    .filter((g) => g.count > 0)
    .map(({ count: _, ...g }) => g);
  const expensesTotal = sumCents(groups.map((g) => g.total));
  return {
    monthlyIncome: o.monthlyIncome,
    groups,
    expensesTotal,
    otherDebtPayments: o.otherDebtPayments,
    planPayment: o.planPayment,
    leftEachMonth: leftEachMonth({
      monthlyIncome: o.monthlyIncome,
      expenses: expensesTotal,
      otherDebtPayments: o.otherDebtPayments,
      planPayment: o.planPayment,
    }),
  };
}

/** Everything one proposal states. */
export type ProposalView = {
  /** The day it was prepared, 'yyyy-MM-dd'. */
  date: string;
  agency: { name: string; phone: string; email: string };
  creditorName: string;
  borrower: { fullName: string; addressLines: string[] };
  /** The last four digits of the account with this creditor; null when the bureau gave no number. */
  accountLast4: string | null;
  balance: Cents;
  /** The monthly payment the plan proposes to this creditor. */
  payment: Cents;
  proposedAprBp: number;
  /** Months to pay this account off at that payment and rate. */
  termInMonths: number;
  /** The plan's first payment (the borrower's first monthly draft), 'yyyy-MM-dd'; null before it is set. */
  firstPaymentDate: string | null;
  /**
   * The share of each payment the creditor returns to the agency (fair share), in basis points; 0 when its
   * programme has none. It does not change what the borrower pays.
   */
  fairShareBp: number;
  budget: ProposalBudget;
};

/** Basis points as a percentage with two decimals: 800 → '8.00%'. */
export const formatAprBp = (bp: number): string => `${(bp / 100).toFixed(2)}%`;

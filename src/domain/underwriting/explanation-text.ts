import { ceilToDollar, formatDollars, type Cents } from '../money/cents';

// The sentences of a plan's explanation, in English (explanation-messages.ts recognises each and writes it in
// the page's language). The decision writes them when it is made, and every page that explains the plan the
// borrower chose writes them again from the plan's terms (src/domain/enrollment/plan-narrative.ts): one wording,
// so the figures in them are the figures beside them.

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** Income, expenses and payments on debts outside the plan: what is left for it each month. */
export function budgetSentence(f: {
  monthlyIncome: Cents;
  expenses: Cents;
  otherDebtPayments: Cents;
  /** The expenses are the budget the borrower agreed (its cuts applied). */
  agreed?: boolean;
}): string {
  const cashflow = f.monthlyIncome - f.expenses - f.otherDebtPayments;
  return (
    (f.agreed ? 'With the budget you agreed, your monthly income' : 'Your monthly income') +
    ` of ${formatDollars(f.monthlyIncome)}, less ${formatDollars(f.expenses)} of expenses` +
    (f.otherDebtPayments > 0 ? ` and ${formatDollars(f.otherDebtPayments)} of other debt payments` : '') +
    `, leaves ${formatDollars(cashflow)} a month.`
  );
}

/** What the plan pays, for how much a month (the fee included), against what the same accounts cost now. */
export function planSentence(f: {
  accounts: number;
  owed: Cents;
  planPayment: Cents;
  monthlyFee: Cents;
  currentPayment: Cents;
}): string {
  return (
    `The plan pays ${plural(f.accounts, 'account', 'accounts')} with ${formatDollars(f.owed)} owed ` +
    `for ${formatDollars(f.planPayment)} a month` +
    (f.monthlyFee > 0 ? ` (including the ${formatDollars(f.monthlyFee)} monthly fee)` : '') +
    `, against an estimated ${formatDollars(f.currentPayment)} a month now.`
  );
}

/**
 * Whether the plan fits: as it is, with flexible expenses lowered, or not at all. The gap is stated rounded up
 * to a whole dollar, the one figure /budget asks the cuts to cover (requiredReductionOf). Once the borrower
 * agreed a budget, the sentence measures against it and offers no further budget: she has already chosen her
 * cuts, and what is still short is hers to decide on (the leave-out warning says what she can do).
 */
export function fitSentence(gap: Cents, reducible: Cents, agreed = false): string {
  const short = formatDollars(ceilToDollar(gap));
  if (agreed) {
    return gap <= 0
      ? 'The plan fits the budget you agreed.'
      : `That is ${short} a month more than the budget you agreed leaves.`;
  }
  if (gap <= 0) return 'The plan fits the budget as it is.';
  return reducible >= gap
    ? `That is ${short} short; lowering flexible expenses (up to ${formatDollars(reducible)} can be cut) ` +
        'closes the gap, so a proposed budget comes with the offers.'
    : `That is ${short} short, and flexible expenses can only be cut by ${formatDollars(reducible)}, so the ` +
        'plan payment cannot be afforded.';
}

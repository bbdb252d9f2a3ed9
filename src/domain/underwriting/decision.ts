import { englishOf, messageRef, type MessageRef } from '../i18n/message';
import { APPLY_REFUSALS } from '../i18n/validation-messages';
import { ceilToDollar, formatDollars, sumCents, type Cents } from '../money/cents';
import type { ExpenseCategory } from '../validation/expenses';
import { CASHFLOW_TOO_HIGH_MARGIN, MINIMUM_ELIGIBLE_BALANCE } from './constants';
import { reducibleFloor, REDUCIBLE_LINES, type BudgetLine } from './expense-estimates';
import { MONTHLY_CUSHION, requiredReductionOf } from './budget-room';
import {
  budgetSentenceRef,
  cashflowTooHighRef,
  fitSentenceRef,
  noEligibleDebtRef,
  planSentenceRef,
  tooLittleDebtRef,
} from './explanation-text';
import type { ConcessionTable } from './concessions';
import { buildOffer, type OfferDraft, type OfferInput } from './offers';
import { monthlyFeeShares } from './plan-fees';
import { DISQUALIFICATION_REASONS } from './reasons';

// The underwriting decision (docs/decisions/0013).

/** An expense line: the borrower's value and the benchmark estimate (null when there was none). */
export type DecisionExpense = BudgetLine;

export type DecisionInput = {
  monthlyIncome: Cents;
  expenses: readonly DecisionExpense[];
  /** Payments on debts the plan does not include and no expense line counts (see ineligibleDebtPayments). */
  ineligibleDebtPayment: Cents;
  /** The eligible debts and collections the borrower selected (declined offers already left out). */
  selectedItems: readonly OfferInput[];
  hasHardship: boolean;
  /** The creditors' concession programmes in force: what each offer's terms come from. */
  concessions: ConcessionTable;
  /**
   * The agency's monthly fee for the plan, already capped by the borrower's state (plan-fees.ts): the budget
   * must make room for it as for the creditors' payments. 0 when absent.
   */
  monthlyFee?: Cents;
};

export type ProposedBudgetLine = {
  category: ExpenseCategory;
  subCategory: string;
  currentValue: Cents;
  proposedValue: Cents;
};

export type ProposedBudget = { description: string; lines: ProposedBudgetLine[] };

export type DecisionResult = {
  isQualified: boolean;
  currentIncome: Cents;
  currentExpenses: Cents;
  /** Estimated current monthly payments on the selected accounts. */
  eligibleDebtPayment: Cents;
  ineligibleDebtPayment: Cents;
  /** What the discretionary lines can give up, down to their floors; set when the plan did not fit. */
  reducibleExpenseAmount: Cents | null;
  /** How much the expenses must go down for the plan to fit; set when the plan did not fit. */
  requiredExpenseReductionAmount: Cents | null;
  disqualificationReasons: string[];
  /** One offer per selected account, largest balance first (computed whatever the outcome). */
  offers: OfferDraft[];
  /** Only the lines that change. */
  proposedBudget: ProposedBudget | null;
  /** Why the decision came out this way, as messages (explanation-text.ts), one a sentence. */
  explanationRefs: MessageRef[];
  /** The same in English, as the decision keeps it for the record and the staff. */
  explanation: string;
};

/** The explanation's sentences, and their English (what the decision stores). */
const explained = (refs: MessageRef[]) => ({
  explanationRefs: refs,
  explanation: refs.map(englishOf).join(' '),
});

/** The proposed budget's one-line reason, also rewritten when the borrower moves the cuts. */
export const budgetDescriptionRef = (savings: Cents, planPayment: Cents): MessageRef =>
  messageRef(APPLY_REFUSALS.budgetDescription, {
    savings: formatDollars(savings),
    payment: formatDollars(planPayment),
  });

/** The same, in English, as the proposed budget stores it. */
export const budgetDescription = (savings: Cents, planPayment: Cents): string =>
  englishOf(budgetDescriptionRef(savings, planPayment));

/**
 * What the proposed budget lowers the expenses by: the shortfall and the monthly cushion the budget page
 * advises keeping, as far as the flexible lines allow. A budget that only just covers the plan payment leaves
 * nothing for a higher bill; the borrower may still move the cuts down to the shortfall itself.
 */
export const proposedReductionOf = (required: Cents, reducible: Cents): Cents =>
  requiredReductionOf(required + MONTHLY_CUSHION, reducible);

/**
 * Spreads a reduction over the discretionary lines in proportion to what each can give up, in whole dollars
 * (rounded up, so the cuts cover the reduction), never below a line's floor. Together the cuts come to the
 * reduction rounded up to a dollar once (requiredReductionOf): rounding each line up would otherwise add a
 * dollar a line, and the page would show two figures for one reduction.
 */
function proposeCuts(expenses: readonly DecisionExpense[], required: Cents): ProposedBudgetLine[] {
  const order = (e: DecisionExpense): number =>
    REDUCIBLE_LINES.findIndex((r) => r.category === e.category && r.subCategory === e.subCategory);
  const candidates = expenses
    .map((e) => ({ e, room: e.value - reducibleFloor(e) }))
    .filter((c) => c.room > 0)
    .sort((a, b) => order(a.e) - order(b.e));
  const totalRoom = sumCents(candidates.map((c) => c.room));
  const target = requiredReductionOf(required, totalRoom);
  const cuts = candidates.map((c) => Math.min(c.room, ceilToDollar((c.room * required) / totalRoom)));
  // Lines not in whole dollars can leave the capped cuts short by a few cents: take them in order.
  let missing = target - sumCents(cuts);
  for (let k = 0; k < cuts.length && missing > 0; k += 1) {
    const extra = Math.min(missing, candidates[k]!.room - cuts[k]!);
    cuts[k]! += extra;
    missing -= extra;
  }
  // The dollars rounding added beyond the target go back, from the last line up.
  let excess = sumCents(cuts) - target;
  for (let k = cuts.length - 1; k >= 0 && excess > 0; k -= 1) {
    const back = Math.min(excess, cuts[k]!);
    cuts[k]! -= back;
    excess -= back;
  }
  return candidates
    .map((c, k) => ({
      category: c.e.category,
      subCategory: c.e.subCategory,
      currentValue: c.e.value,
      proposedValue: c.e.value - cuts[k]!,
    }))
    .filter((l) => l.proposedValue !== l.currentValue);
}

/**
 * cashflow = income − expenses − ineligible debt payments. In order: notEnoughEligibleDebt (nothing selected,
 * or under $1,000); cashflowTooHigh (cashflow covers the current payments with $500 or more to spare);
 * qualified (cashflow covers the plan payment); qualified with a proposed budget (the discretionary lines can
 * give up the shortfall); otherwise insufficientIncome.
 */
export function decide(i: DecisionInput): DecisionResult {
  const offers = i.selectedItems
    .map((item) => buildOffer(item, { hasHardship: i.hasHardship, concessions: i.concessions }))
    .sort((a, b) => b.balance - a.balance);
  const currentExpenses = sumCents(i.expenses.map((e) => e.value));
  const totalBalance = sumCents(offers.map((o) => o.balance));
  const eligibleDebtPayment = sumCents(offers.map((o) => o.currentMonthlyPayment));
  const monthlyFee = offers.length > 0 ? Math.max(0, i.monthlyFee ?? 0) : 0;
  // Each offer carries its share of the monthly fee: the offers' fees add up to the plan's.
  monthlyFeeShares(monthlyFee, offers.length).forEach((fee, k) => (offers[k]!.fee = fee));
  const planPayment = sumCents(offers.map((o) => o.payment)) + monthlyFee;
  const cashflow = i.monthlyIncome - currentExpenses - i.ineligibleDebtPayment;

  const base = {
    currentIncome: i.monthlyIncome,
    currentExpenses,
    eligibleDebtPayment,
    ineligibleDebtPayment: i.ineligibleDebtPayment,
    offers,
  };
  const budgetSentence = budgetSentenceRef({
    monthlyIncome: i.monthlyIncome,
    expenses: currentExpenses,
    otherDebtPayments: i.ineligibleDebtPayment,
  });
  const planSentence = planSentenceRef({
    accounts: offers.length,
    owed: totalBalance,
    planPayment,
    monthlyFee,
    currentPayment: eligibleDebtPayment,
  });

  if (offers.length === 0 || totalBalance < MINIMUM_ELIGIBLE_BALANCE) {
    return {
      ...base,
      isQualified: false,
      reducibleExpenseAmount: null,
      requiredExpenseReductionAmount: null,
      disqualificationReasons: [DISQUALIFICATION_REASONS.notEnoughEligibleDebt],
      proposedBudget: null,
      ...explained([
        offers.length === 0 ? noEligibleDebtRef() : tooLittleDebtRef(totalBalance, MINIMUM_ELIGIBLE_BALANCE),
      ]),
    };
  }

  if (cashflow >= eligibleDebtPayment + CASHFLOW_TOO_HIGH_MARGIN) {
    return {
      ...base,
      isQualified: false,
      reducibleExpenseAmount: null,
      requiredExpenseReductionAmount: null,
      disqualificationReasons: [DISQUALIFICATION_REASONS.cashflowTooHigh],
      proposedBudget: null,
      ...explained([budgetSentence, cashflowTooHighRef(eligibleDebtPayment, cashflow - eligibleDebtPayment)]),
    };
  }

  if (cashflow >= planPayment) {
    return {
      ...base,
      isQualified: true,
      reducibleExpenseAmount: null,
      requiredExpenseReductionAmount: null,
      disqualificationReasons: [],
      proposedBudget: null,
      ...explained([budgetSentence, planSentence, fitSentenceRef(0, 0)]),
    };
  }

  const required = planPayment - cashflow;
  const reducible = sumCents(i.expenses.map((e) => e.value - reducibleFloor(e)));
  if (reducible >= required) {
    const lines = proposeCuts(i.expenses, required + MONTHLY_CUSHION);
    const savings = sumCents(lines.map((l) => l.currentValue - l.proposedValue));
    const description = budgetDescription(savings, planPayment);
    return {
      ...base,
      isQualified: true,
      reducibleExpenseAmount: reducible,
      requiredExpenseReductionAmount: required,
      disqualificationReasons: [],
      proposedBudget: { description, lines },
      ...explained([budgetSentence, planSentence, fitSentenceRef(required, reducible)]),
    };
  }

  return {
    ...base,
    isQualified: false,
    reducibleExpenseAmount: reducible,
    requiredExpenseReductionAmount: required,
    disqualificationReasons: [DISQUALIFICATION_REASONS.insufficientIncome],
    proposedBudget: null,
    ...explained([budgetSentence, planSentence, fitSentenceRef(required, reducible)]),
  };
}

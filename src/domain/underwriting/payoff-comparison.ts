import { firstOfNextMonth } from '#domain/calendar';
import { monthsToPayOff, totalInterest } from '../money/amortization';
import { sumCents, type Cents } from '../money/cents';
import { debtFreeDate, firstPaymentDate } from '../enrollment/plan-projection';
import { capPlanFees, type PlanFeeSettings, type StateFeeCap } from './plan-fees';

// What the debts cost at the borrower's current payments against on the plan, for /offers/review
// (docs/decisions/0049). Each account is amortized on its own, month by month (amortization.ts): one month of
// interest at APR / 12, to the cent, is charged and the fixed payment, at most what is then owed, is taken off.
// A payment that does not cover the month's interest never pays the account off: the comparison then says so
// and gives no total and no date, instead of inventing one.

export type PayoffAccount = {
  balance: Cents;
  currentAprBp: number;
  currentPayment: Cents;
  planAprBp: number;
  planPayment: Cents;
};

/** Paid off after `months` payments with `interest` paid in all, or never paid off. */
export type Payoff =
  { paidOff: true; months: number; interest: Cents } | { paidOff: false; accountsNeverPaidOff: number };

export type PayoffComparison = {
  current: Payoff;
  plan: Payoff;
  /** The plan's fees: the set-up fee, the first month's fee, and all fees until the plan ends (null if never). */
  setupFee: Cents;
  monthlyFee: Cents;
  totalFees: Cents | null;
};

/** One account: months and interest to pay it off, Infinity when the payment never covers the interest. */
function accountPayoff(balance: Cents, aprBp: number, payment: Cents): { months: number; interest: Cents } {
  if (balance <= 0) return { months: 0, interest: 0 };
  return {
    months: monthsToPayOff(balance, aprBp, payment),
    interest: totalInterest(balance, aprBp, payment),
  };
}

/** All accounts: done when the last is paid off; interest is their sum. */
export function payoffOf(accounts: readonly { balance: Cents; aprBp: number; payment: Cents }[]): Payoff {
  const each = accounts.map((a) => accountPayoff(a.balance, a.aprBp, a.payment));
  const never = each.filter((e) => !Number.isFinite(e.months)).length;
  if (never > 0) return { paidOff: false, accountsNeverPaidOff: never };
  return {
    paidOff: true,
    months: Math.max(0, ...each.map((e) => e.months)),
    interest: sumCents(each.map((e) => e.interest)),
  };
}

/**
 * The comparison: interest and months at the current payments and on the plan, with the plan's fees. The
 * monthly fee is charged each month while an account is still on the plan; where a state caps it per account
 * remaining, it falls as accounts are paid off.
 */
export function comparePayoff(
  accounts: readonly PayoffAccount[],
  o: { fees: PlanFeeSettings; cap: StateFeeCap },
): PayoffComparison {
  const open = accounts.filter((a) => a.balance > 0);
  const current = payoffOf(
    open.map((a) => ({ balance: a.balance, aprBp: a.currentAprBp, payment: a.currentPayment })),
  );
  const planTerms = open.map((a) => accountPayoff(a.balance, a.planAprBp, a.planPayment).months);
  const plan = payoffOf(
    open.map((a) => ({ balance: a.balance, aprBp: a.planAprBp, payment: a.planPayment })),
  );
  const first = capPlanFees(o.fees, o.cap, open.length);
  let totalFees: Cents | null = null;
  if (plan.paidOff && open.length > 0) {
    totalFees = first.setupFee;
    for (let month = 1; month <= plan.months; month += 1) {
      const remaining = planTerms.filter((term) => term >= month).length;
      totalFees += capPlanFees(o.fees, o.cap, remaining).monthlyFee;
    }
  } else if (open.length === 0) {
    totalFees = 0;
  }
  return {
    current,
    plan,
    setupFee: open.length > 0 ? first.setupFee : 0,
    monthlyFee: open.length > 0 ? first.monthlyFee : 0,
    totalFees,
  };
}

/** 'yyyy-MM-dd' → the 1st of the following month ('2026-11-24' → '2026-12-01'): the next current payment. */
export const nextMonthStart = (today: string): string => firstOfNextMonth(today);

export type DebtFreeDates = {
  /** 'yyyy-MM' of the last payment on the plan, whose first payment is due at least 30 days from today. */
  plan: string | null;
  /** 'yyyy-MM' of the last payment at the current payments, from next month; null when never paid off. */
  current: string | null;
};

/** The months the debts are paid off, on the plan and at the current payments (null when never). */
export function debtFreeDates(
  comparison: Pick<PayoffComparison, 'current' | 'plan'>,
  today: string,
): DebtFreeDates {
  const date = (payoff: Payoff, first: string): string | null =>
    payoff.paidOff && payoff.months > 0 ? debtFreeDate(first, payoff.months) : null;
  return {
    plan: date(comparison.plan, firstPaymentDate(today)),
    current: date(comparison.current, nextMonthStart(today)),
  };
}

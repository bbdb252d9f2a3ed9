import { monthlyInterest } from '../money/amortization';
import { formatDollars, sumCents, type Cents } from '../money/cents';
import { PAYOFF_PLAN_EXTRA_PAYMENT, PAYOFF_PROJECTION_MAX_MONTHS } from './constants';
import { addMonths, calendarDateOfIso, firstOfMonth, MONTH_NAMES, utcDayOf } from '#domain/calendar';

// A do-it-yourself payoff plan for a borrower who can afford their debts without a debt management plan: the
// avalanche method. Every month each debt gains a month of interest and gets its own payment; whatever is left
// of the monthly total (the extra, and the payments of debts already paid off) goes to the debt with the
// highest APR. That order costs the least interest. A projection that has not cleared every debt after 50
// years says the debts are never paid off at that payment.

export type PayoffDebt = {
  id: string;
  name: string;
  balance: Cents;
  /** APR in basis points (21.9% = 2190). */
  aprBp: number;
  /** What the borrower pays on it each month now. */
  payment: Cents;
};

export type PayoffPlanDebt = PayoffDebt & {
  /** The interest the balance adds in the first month. */
  firstMonthInterest: Cents;
  /** False when the payment alone does not cover the interest: on its own the debt would never be paid off. */
  paymentCoversInterest: boolean;
  /** The month (1 = next month) the plan pays it off at the current payments; null when it never does. */
  paidOffMonth: number | null;
};

export type PayoffProjection = {
  /** Months until every debt is paid off; null when they never are. */
  months: number | null;
  /** Interest paid until then; null when the debts are never paid off. */
  totalInterest: Cents | null;
};

export type PayoffPlan = {
  /** Highest APR first; equal rates smallest balance first (it is gone sooner and frees its payment). */
  debts: PayoffPlanDebt[];
  /** The sum of the current payments. */
  monthlyPayment: Cents;
  /** At the current payments. */
  current: PayoffProjection;
  /** The extra monthly amount of `withExtra` ($50). */
  extraPayment: Cents;
  /** At the current payments plus the extra. */
  withExtra: PayoffProjection;
  /** How much sooner the extra makes the borrower debt-free; null unless both projections finish. */
  monthsSaved: number | null;
  /** Interest the extra saves; null unless both projections finish. */
  interestSaved: Cents | null;
};

/** Highest APR first, then smallest balance, then name (so the order never depends on the input's). */
export function avalancheOrder<T extends Pick<PayoffDebt, 'aprBp' | 'balance' | 'name'>>(
  debts: readonly T[],
): T[] {
  return [...debts].sort(
    (a, b) => b.aprBp - a.aprBp || a.balance - b.balance || a.name.localeCompare(b.name),
  );
}

type Run = PayoffProjection & { paidOffMonth: (number | null)[] };

/** Month by month over debts already in avalanche order, with `extra` on top of their payments. */
function project(debts: readonly PayoffDebt[], extra: Cents): Run {
  const remaining = debts.map((d) => Math.max(0, d.balance));
  const paidOffMonth: (number | null)[] = remaining.map((r) => (r === 0 ? 0 : null));
  const budget = sumCents(debts.map((d) => Math.max(0, d.payment))) + extra;
  let interest = 0;
  let month = 0;
  while (remaining.some((r) => r > 0)) {
    if (month >= PAYOFF_PROJECTION_MAX_MONTHS) return { months: null, totalInterest: null, paidOffMonth };
    month += 1;
    let left = budget;
    // Interest first, then each debt's own payment.
    for (let k = 0; k < debts.length; k += 1) {
      if (remaining[k]! <= 0) continue;
      const added = monthlyInterest(remaining[k]!, debts[k]!.aprBp);
      interest += added;
      remaining[k]! += added;
      const paid = Math.min(Math.max(0, debts[k]!.payment), remaining[k]!, left);
      remaining[k]! -= paid;
      left -= paid;
    }
    // What is left goes down the avalanche order.
    for (let k = 0; k < debts.length && left > 0; k += 1) {
      const paid = Math.min(remaining[k]!, left);
      remaining[k]! -= paid;
      left -= paid;
    }
    for (let k = 0; k < debts.length; k += 1) {
      if (remaining[k] === 0 && paidOffMonth[k] === null) paidOffMonth[k] = month;
    }
  }
  return { months: month, totalInterest: interest, paidOffMonth };
}

/** The avalanche plan of a borrower's debts at their current payments, and with $50 more a month. */
export function payoffPlan(
  debts: readonly PayoffDebt[],
  extraPayment: Cents = PAYOFF_PLAN_EXTRA_PAYMENT,
): PayoffPlan {
  const ordered = avalancheOrder(debts.filter((d) => d.balance > 0));
  const current = project(ordered, 0);
  const withExtra = project(ordered, extraPayment);
  const finished = current.months !== null && withExtra.months !== null;
  return {
    debts: ordered.map((d, k) => {
      const firstMonthInterest = monthlyInterest(d.balance, d.aprBp);
      return {
        ...d,
        firstMonthInterest,
        paymentCoversInterest: d.payment > firstMonthInterest,
        paidOffMonth: current.paidOffMonth[k] ?? null,
      };
    }),
    monthlyPayment: sumCents(ordered.map((d) => Math.max(0, d.payment))),
    current: { months: current.months, totalInterest: current.totalInterest },
    extraPayment,
    withExtra: { months: withExtra.months, totalInterest: withExtra.totalInterest },
    monthsSaved: finished ? current.months! - withExtra.months! : null,
    interestSaved: finished ? current.totalInterest! - withExtra.totalInterest! : null,
  };
}

/** The month a projection ends, counted from `today`'s month: (2026-11-24, 3) → 'February 2027'. */
export function debtFreeMonth(today: Date, months: number): string {
  const { year, month } = calendarDateOfIso(addMonths(firstOfMonth(utcDayOf(today)), months));
  return `${MONTH_NAMES[month - 1]!} ${year}`;
}

/** '1 year and 3 months', '8 months', '2 years'. */
export function describeMonths(months: number): string {
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const y = years === 0 ? '' : `${years} ${years === 1 ? 'year' : 'years'}`;
  const m = rest === 0 ? '' : `${rest} ${rest === 1 ? 'month' : 'months'}`;
  if (y && m) return `${y} and ${m}`;
  return y || m || '0 months';
}

/** The plan in sentences, for the page and the email: when the borrower is debt-free, and what $50 more does. */
export function payoffPlanSentences(
  plan: Pick<
    PayoffPlan,
    'monthlyPayment' | 'current' | 'extraPayment' | 'withExtra' | 'monthsSaved' | 'interestSaved'
  >,
  today: Date,
): { debtFree: string; extra: string } {
  const now = formatDollars(plan.monthlyPayment);
  const more = formatDollars(plan.extraPayment);
  const { current, withExtra } = plan;
  const debtFree =
    current.months === null
      ? `At your current payments of ${now} a month, your debts will not be paid off: the payments do not cover the interest they add.`
      : `At your current payments of ${now} a month, you will be debt-free by ${debtFreeMonth(today, current.months)} (${describeMonths(current.months)}).`;
  let extra: string;
  if (withExtra.months === null) {
    extra = `Even ${more} more a month would not pay them off. Call us: a counsellor can help you find a way.`;
  } else if (current.months === null) {
    extra = `Paying ${more} more a month would make you debt-free by ${debtFreeMonth(today, withExtra.months)} (${describeMonths(withExtra.months)}).`;
  } else if ((plan.monthsSaved ?? 0) > 0) {
    extra =
      `Paying ${more} more a month makes you debt-free by ${debtFreeMonth(today, withExtra.months)}, ` +
      `${describeMonths(plan.monthsSaved!)} sooner, and saves ${formatDollars(plan.interestSaved)} in interest.`;
  } else {
    extra = `Paying ${more} more a month saves ${formatDollars(plan.interestSaved)} in interest.`;
  }
  return { debtFree, extra };
}

/** For a debt whose own payment does not cover its interest: the honest warning. Null for any other debt. */
export function belowInterestWarning(
  d: Pick<
    PayoffPlanDebt,
    'name' | 'payment' | 'firstMonthInterest' | 'paymentCoversInterest' | 'paidOffMonth'
  >,
  today: Date,
): string | null {
  if (d.paymentCoversInterest) return null;
  const warning =
    `At ${formatDollars(d.payment)} a month, ${d.name} will not be paid off on its own: it adds ` +
    `${formatDollars(d.firstMonthInterest)} of interest a month.`;
  return d.paidOffMonth === null
    ? warning
    : `${warning} In this plan it is paid off by ${debtFreeMonth(today, d.paidOffMonth)}, once the payments of the other debts are freed up.`;
}

import { addDays, addMonths, dayOfMonth, firstOfMonth, firstOfNextMonth, monthOf } from '#domain/calendar';
import { sumCents, type Cents } from '../money/cents';
import { monthlyInterest } from '../money/amortization';
import {
  FIRST_PAYMENT_MIN_DAYS,
  PAYOFF_CHART_MAX_POINTS,
  PAYOFF_PROJECTION_MAX_MONTHS,
} from '../underwriting/constants';

// What the customer portal's 'My plan' shows: when the plan's payments start and end, and how the balance
// comes down under the plan compared with the borrower's current payments. Dates are calendar days
// ('yyyy-MM-dd'), moved by the date module (#domain/calendar), so the answer never depends on a time zone.

/**
 * The first plan payment's due date: the 1st of the first month that starts at least 30 days after the plan is
 * handed over to the agency. Hand-over + 30 days is the earliest allowed day; if that day is a 1st it is the
 * answer, otherwise the 1st of the following month. 2026-01-02 → (Feb 1) 2026-02-01; 2026-01-01 → (Jan 31)
 * 2026-02-01; 2026-01-15 → (Feb 14) 2026-03-01; 2026-12-10 → (Jan 9) 2027-02-01.
 */
export function firstPaymentDate(handOverDate: string): string {
  const earliest = addDays(handOverDate, FIRST_PAYMENT_MIN_DAYS);
  return dayOfMonth(earliest) === 1 ? earliest : firstOfNextMonth(earliest);
}

/**
 * The month of the last payment, 'yyyy-MM': the first payment's month + term − 1 months
 * (2026-03-01 over 48 months → 2030-02). The term is a whole number of months, at least 1.
 */
export function debtFreeDate(firstPayment: string, termInMonths: number): string {
  if (!Number.isInteger(termInMonths) || termInMonths < 1) {
    throw new RangeError(`A plan term is a whole number of months, at least 1: ${termInMonths}`);
  }
  return monthOf(addMonths(firstOfMonth(firstPayment), termInMonths - 1));
}

export type PlanCreditor = {
  balance: Cents;
  /** The monthly payment the creditor gets on the plan, at the plan's APR (basis points). */
  planPayment: Cents;
  planAprBp: number;
  /** The borrower's monthly payment today, at today's APR (basis points). */
  currentPayment: Cents;
  currentAprBp: number;
};

/** The total still owed after `month` payments, under the plan and under the current payments. */
export type PayoffPoint = { month: number; plan: Cents; current: Cents };

export type PayoffProjection = {
  /** Month 0 is today's total; thinned for the chart (projectPayoff). */
  points: PayoffPoint[];
  /** Months until everything is paid off; maxMonths when it is not paid off by then. */
  planMonths: number;
  currentMonths: number;
  /** Interest paid until paid off, or over maxMonths when it is not paid off by then (see amortize). */
  planInterest: Cents;
  currentInterest: Cents;
  /** currentInterest − planInterest; negative if the plan would cost more interest. */
  interestSaved: Cents;
};

type Debt = { balance: Cents; aprBp: number; payment: Cents };
type Schedule = { totals: Cents[]; months: number; interest: Cents };

/**
 * Each debt amortized on its own, month by month: one month of interest (APR / 12, to the cent) is charged and
 * the payment, at most what is then owed, is taken off. A payment that does not cover the interest never pays
 * the debt off, so the schedule stops at maxMonths. Such a debt is held at its balance rather than grown by the
 * unpaid interest, and only the interest the payment covers is counted: real card minimums always cover the
 * interest, so a payment below it means the payment on file is too low, and compounding it for 50 years would
 * show a frightening, meaningless figure ($5,000 at 21.9% paying $50 would owe about $117 million). A negative
 * payment counts as none; a balance of zero or less owes nothing.
 */
function amortize(debts: readonly Debt[], maxMonths: number): Schedule {
  const remaining = debts.map((d) => Math.max(0, d.balance));
  const totals = [sumCents(remaining)];
  let interest = 0;
  let months = 0;
  while (totals[months]! > 0 && months < maxMonths) {
    debts.forEach((debt, i) => {
      const owed = remaining[i]!;
      if (owed <= 0) return;
      const charged = monthlyInterest(owed, debt.aprBp);
      const payment = Math.min(Math.max(0, debt.payment), owed + charged);
      interest += Math.min(payment, charged);
      remaining[i] = owed - Math.max(0, payment - charged);
    });
    months += 1;
    totals.push(sumCents(remaining));
  }
  return { totals, months, interest };
}

/**
 * The months the chart shows: every month when there are few enough, otherwise months spread evenly from 0
 * to the last, plus the two payoff months so each line visibly reaches zero where it does.
 */
function chartMonths(lastMonth: number, payoffMonths: readonly number[]): number[] {
  if (lastMonth + 1 <= PAYOFF_CHART_MAX_POINTS) return Array.from({ length: lastMonth + 1 }, (_, m) => m);
  const evenCount = PAYOFF_CHART_MAX_POINTS - payoffMonths.length;
  const even = Array.from({ length: evenCount }, (_, i) => Math.round((i * lastMonth) / (evenCount - 1)));
  return [...new Set([...even, ...payoffMonths])].sort((a, b) => a - b);
}

/**
 * The total balance month by month under the plan and under the current payments, from month 0 (today) until
 * both reach zero or maxMonths, with the months and interest each takes. The points are thinned to at most
 * 121 for the chart, always keeping month 0 and both payoff months.
 */
export function projectPayoff(
  creditors: readonly PlanCreditor[],
  maxMonths: number = PAYOFF_PROJECTION_MAX_MONTHS,
  /** The plan's own schedule (plan-terms.ts: what is owed after each draft, and its interest), when known. */
  planSchedule?: { owedAfterDraft: readonly Cents[]; interest: Cents },
): PayoffProjection {
  if (!Number.isInteger(maxMonths) || maxMonths < 0) {
    throw new RangeError(`maxMonths is a whole number of months: ${maxMonths}`);
  }
  const plan: Schedule = planSchedule
    ? {
        totals: [...planSchedule.owedAfterDraft],
        months: planSchedule.owedAfterDraft.length - 1,
        interest: planSchedule.interest,
      }
    : amortize(
        creditors.map((c) => ({ balance: c.balance, aprBp: c.planAprBp, payment: c.planPayment })),
        maxMonths,
      );
  const current = amortize(
    creditors.map((c) => ({ balance: c.balance, aprBp: c.currentAprBp, payment: c.currentPayment })),
    maxMonths,
  );
  const lastMonth = Math.max(plan.months, current.months);
  const points = chartMonths(lastMonth, [plan.months, current.months]).map((month) => ({
    month,
    // A schedule ends when it reaches zero, so past its end the balance is zero.
    plan: plan.totals[month] ?? 0,
    current: current.totals[month] ?? 0,
  }));
  return {
    points,
    planMonths: plan.months,
    currentMonths: current.months,
    planInterest: plan.interest,
    currentInterest: current.interest,
    interestSaved: current.interest - plan.interest,
  };
}

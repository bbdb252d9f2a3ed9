import { BASIS_POINTS_PER_WHOLE, type Cents } from './cents';

// A card account paid with a fixed monthly payment: each month the balance gains one month of interest
// (APR / 12, rounded to the cent) and the payment is taken off; the last payment is whatever is left.

export const MONTHS_PER_YEAR = 12;

/**
 * A payment that has not cleared the balance after this many months (100 years) is treated as never paying
 * it off: the loop stays cheap (thousands of decisions a second) for any input.
 */
export const MAX_AMORTIZATION_MONTHS = 1200;

/** One month of interest on balance at an APR in basis points, to the cent. */
export function monthlyInterest(balance: Cents, aprBp: number): Cents {
  return Math.round((balance * aprBp) / (BASIS_POINTS_PER_WHOLE * MONTHS_PER_YEAR));
}

type Schedule = { months: number; paid: Cents };

function schedule(balance: Cents, aprBp: number, payment: Cents): Schedule {
  let remaining = balance;
  let months = 0;
  let paid = 0;
  while (remaining > 0) {
    const interest = monthlyInterest(remaining, aprBp);
    if (payment <= interest || months >= MAX_AMORTIZATION_MONTHS) {
      return { months: Infinity, paid: Infinity };
    }
    const due = remaining + interest;
    const thisPayment = Math.min(payment, due);
    remaining = due - thisPayment;
    paid += thisPayment;
    months += 1;
  }
  return { months, paid };
}

/** Months until the balance is paid off; Infinity when the payment never covers the interest. */
export function monthsToPayOff(balance: Cents, aprBp: number, payment: Cents): number {
  return schedule(balance, aprBp, payment).months;
}

/** Everything paid until the balance is gone (principal and interest); Infinity when it never is. */
export function totalPaid(balance: Cents, aprBp: number, payment: Cents): Cents {
  return schedule(balance, aprBp, payment).paid;
}

/** Interest paid until the balance is gone; Infinity when it never is. */
export function totalInterest(balance: Cents, aprBp: number, payment: Cents): Cents {
  return totalPaid(balance, aprBp, payment) - balance;
}

/**
 * The monthly payment that pays the balance off in `months`: the annuity payment rounded up to the cent, raised
 * a cent at a time if rounding each month's interest would leave a remainder for one more month.
 */
export function paymentForTerm(balance: Cents, aprBp: number, months: number): Cents {
  if (balance <= 0) return 0;
  if (months < 1) throw new RangeError('paymentForTerm needs at least one month');
  const rate = aprBp / (BASIS_POINTS_PER_WHOLE * MONTHS_PER_YEAR);
  const exact = rate === 0 ? balance / months : (balance * rate) / (1 - (1 + rate) ** -months);
  let payment = Math.ceil(exact - 1e-9);
  while (monthsToPayOff(balance, aprBp, payment) > months) payment += 1;
  return payment;
}

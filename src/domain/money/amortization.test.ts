import { describe, expect, it } from 'vitest';
import {
  MAX_AMORTIZATION_MONTHS,
  monthlyInterest,
  monthsToPayOff,
  paymentForTerm,
  totalInterest,
  totalPaid,
} from './amortization';

describe('monthlyInterest', () => {
  it.each([
    // 5,000 dollars at 21.9%: 500000 × 0.219 / 12 = 9125 cents.
    [500000, 2190, 9125],
    // 5,000 dollars at 8%: 500000 × 0.08 / 12 = 3333.33 → 3333.
    [500000, 800, 3333],
    // 10 dollars at 12%: 1000 × 0.01 = 10.
    [1000, 1200, 10],
    [0, 2190, 0],
    [100000, 0, 0],
  ])('balance %s at %s bp: %s cents', (balance, apr, expected) => {
    expect(monthlyInterest(balance, apr)).toBe(expected);
  });
});

describe('a fixed payment', () => {
  // 100 dollars at 12% (1% a month) paid 50 a month:
  // month 1: 10000 + 100 − 5000 = 5100; month 2: 5100 + 51 − 5000 = 151; month 3: 151 + 2 (1.51) = 153 paid.
  it('pays 100 dollars at 12% with 50 a month in 3 months, 1.53 of interest', () => {
    expect(monthsToPayOff(10000, 1200, 5000)).toBe(3);
    expect(totalPaid(10000, 1200, 5000)).toBe(10153);
    expect(totalInterest(10000, 1200, 5000)).toBe(153);
  });

  it.each([
    // [balance, apr, payment, months, total paid]
    [10000, 0, 2500, 4, 10000],
    [10000, 0, 3000, 4, 10000],
    [10000, 0, 20000, 1, 10000],
    [0, 2190, 2500, 0, 0],
  ])('balance %s at %s bp paying %s: %s months, %s paid', (balance, apr, payment, months, paid) => {
    expect(monthsToPayOff(balance, apr, payment)).toBe(months);
    expect(totalPaid(balance, apr, payment)).toBe(paid);
  });

  it.each([
    // 1,000 dollars at 24% (2% a month): interest 20 dollars; a 20 dollar payment never gets ahead.
    [100000, 2400, 2000],
    [100000, 2400, 1999],
    [100000, 2400, 0],
  ])('never pays off balance %s at %s bp with %s: Infinity', (balance, apr, payment) => {
    expect(monthsToPayOff(balance, apr, payment)).toBe(Infinity);
    expect(totalPaid(balance, apr, payment)).toBe(Infinity);
    expect(totalInterest(balance, apr, payment)).toBe(Infinity);
  });

  it('treats a payment that takes more than 100 years as never paying off', () => {
    // 1% a month on 1,000,000 dollars is 10,000 dollars; one cent more a month takes far beyond 1200 months.
    expect(monthsToPayOff(100_000_000, 1200, 1_000_001)).toBe(Infinity);
    expect(MAX_AMORTIZATION_MONTHS).toBe(1200);
  });
});

describe('paymentForTerm', () => {
  it.each([
    // 1,200 dollars at 0% over 12 months: 100 dollars.
    [120000, 0, 12, 10000],
    // 100 dollars at 1% a month over 2 months: 10000 × 0.01 / (1 − 1.01^−2) = 5075.12 → 5076.
    [10000, 1200, 2, 5076],
    // 5,000 dollars at 8% over 60 months: 101.38 → 101.39.
    [500000, 800, 60, 10139],
    [0, 800, 60, 0],
  ])('balance %s at %s bp over %s months: %s', (balance, apr, months, expected) => {
    expect(paymentForTerm(balance, apr, months)).toBe(expected);
  });

  it('always pays off within the term, and not much sooner (a sweep of balances, rates and terms)', () => {
    for (const balance of [1, 99, 2500, 100_001, 733_333, 5_000_000, 49_999_999]) {
      for (const apr of [0, 1, 600, 800, 1999, 2190, 3600]) {
        for (const months of [1, 2, 12, 59, 60, 120]) {
          const payment = paymentForTerm(balance, apr, months);
          expect(monthsToPayOff(balance, apr, payment)).toBeLessThanOrEqual(months);
          // Two cents less takes the full term or longer: the payment is not inflated.
          if (payment > 2) expect(monthsToPayOff(balance, apr, payment - 2)).toBeGreaterThanOrEqual(months);
        }
      }
    }
  });
});

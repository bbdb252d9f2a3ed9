import { describe, expect, it } from 'vitest';
import { comparePayoff, debtFreeDates, nextMonthStart, payoffOf } from './payoff-comparison';
import type { StateFeeCap } from './plan-fees';

const UNCAPPED: StateFeeCap = { setupFeeCap: null, monthlyFeeCap: null, monthlyFeeCapPerAccount: null };
const PER_ACCOUNT: StateFeeCap = { setupFeeCap: 5000, monthlyFeeCap: 5000, monthlyFeeCapPerAccount: 1000 };

describe('payoffOf: month by month', () => {
  it.each([
    // $300 at 12% paying $100: month 1 interest $3.00 → $203.00 owed; month 2 $2.03 → $105.03;
    // month 3 $1.05 → $6.08 owed; month 4 $0.06 → the last payment is $6.14. 4 months, $6.14 of interest.
    [
      { balance: 30000, aprBp: 1200, payment: 10000 },
      { paidOff: true, months: 4, interest: 614 },
    ],
    // Paying $110 instead: $193.00, then $84.93, then $85.78 is paid in full. 3 months, $5.78.
    [
      { balance: 30000, aprBp: 1200, payment: 11000 },
      { paidOff: true, months: 3, interest: 578 },
    ],
    // No interest: $1,000 at $250 a month is 4 payments.
    [
      { balance: 100000, aprBp: 0, payment: 25000 },
      { paidOff: true, months: 4, interest: 0 },
    ],
    // $1,000 at 24% paying $30: month 1 interest $20.00, so $10 comes off the balance each month at first.
    [
      { balance: 100000, aprBp: 2400, payment: 3000 },
      { paidOff: true, months: 56, interest: 66443 },
    ],
    // $5,000 at 24% paying $100: the month's interest is $100, the payment never touches the balance.
    [
      { balance: 500000, aprBp: 2400, payment: 10000 },
      { paidOff: false, accountsNeverPaidOff: 1 },
    ],
    // Nothing owed.
    [
      { balance: 0, aprBp: 2400, payment: 0 },
      { paidOff: true, months: 0, interest: 0 },
    ],
  ])('%j → %j', (account, payoff) => {
    expect(payoffOf([account])).toEqual(payoff);
  });

  it('several accounts: done when the last is, interest summed; one unpaid one makes the whole never', () => {
    const a = { balance: 30000, aprBp: 1200, payment: 11000 };
    const b = { balance: 100000, aprBp: 0, payment: 20000 };
    const never = { balance: 500000, aprBp: 2400, payment: 5000 };
    expect(payoffOf([a, b])).toEqual({ paidOff: true, months: 5, interest: 578 });
    expect(payoffOf([a, never, never])).toEqual({ paidOff: false, accountsNeverPaidOff: 2 });
  });
});

describe('comparePayoff', () => {
  const fees = { setupFee: 3500, monthlyFee: 2500 };
  const accounts = [
    // 3 months on the plan at 12% ($5.78); currently 21.9% paying $50 (7 months, $20.73).
    { balance: 30000, currentAprBp: 2190, currentPayment: 5000, planAprBp: 1200, planPayment: 11000 },
    // 4 months on the plan at 0%; currently 24% paying $30 (56 months, $664.43).
    { balance: 100000, currentAprBp: 2400, currentPayment: 3000, planAprBp: 0, planPayment: 25000 },
  ];

  it('interest both ways, and the fees month by month until the last account is paid', () => {
    const c = comparePayoff(accounts, { fees, cap: UNCAPPED });
    expect(c.plan).toEqual({ paidOff: true, months: 4, interest: 578 });
    expect(c.current).toEqual({ paidOff: true, months: 56, interest: 2073 + 66443 });
    // $35 set-up + 4 months × $25.
    expect(c).toMatchObject({ setupFee: 3500, monthlyFee: 2500, totalFees: 3500 + 4 * 2500 });
  });

  it('a per-account cap lowers the fee as accounts are paid off', () => {
    // Months 1-3: two accounts, cap $20; month 4: one account, cap $10. Set-up $35 stays under $50.
    const c = comparePayoff(accounts, { fees, cap: PER_ACCOUNT });
    expect(c).toMatchObject({ setupFee: 3500, monthlyFee: 2000, totalFees: 3500 + 3 * 2000 + 1000 });
  });

  it('a current payment under the interest: never paid off now, and no total is given', () => {
    const c = comparePayoff(
      [{ balance: 500000, currentAprBp: 2400, currentPayment: 10000, planAprBp: 800, planPayment: 10000 }],
      { fees, cap: UNCAPPED },
    );
    expect(c.current).toEqual({ paidOff: false, accountsNeverPaidOff: 1 });
    expect(c.plan.paidOff).toBe(true);
    expect(debtFreeDates(c, '2026-11-24').current).toBeNull();
  });

  it('no accounts: nothing owed, no fees', () => {
    expect(comparePayoff([], { fees, cap: UNCAPPED })).toEqual({
      current: { paidOff: true, months: 0, interest: 0 },
      plan: { paidOff: true, months: 0, interest: 0 },
      setupFee: 0,
      monthlyFee: 0,
      totalFees: 0,
    });
  });
});

describe('debt-free dates', () => {
  it.each([
    ['2026-11-24', '2026-12-01'],
    ['2026-12-31', '2027-01-01'],
    ['2027-01-01', '2027-02-01'],
  ])('the next current payment after %s is %s', (today, next) => {
    expect(nextMonthStart(today)).toBe(next);
  });

  it.each([
    // Plan: first payment the 1st at least 30 days out (2026-11-24 + 30 = Dec 24 → 2027-01-01), 4 months →
    // last payment April 2027. Now: from 2026-12-01, 56 months → July 2031.
    ['2026-11-24', 4, 56, { plan: '2027-04', current: '2031-07' }],
    // 2026-01-01 + 30 days = Jan 31 → first plan payment 2026-02-01; 60 months → January 2031.
    ['2026-01-01', 60, 1, { plan: '2031-01', current: '2026-02' }],
  ])('today %s, %i plan months, %i current months → %j', (today, planMonths, currentMonths, dates) => {
    const payoff = (months: number) => ({ paidOff: true as const, months, interest: 0 });
    expect(debtFreeDates({ plan: payoff(planMonths), current: payoff(currentMonths) }, today)).toEqual(dates);
  });
});

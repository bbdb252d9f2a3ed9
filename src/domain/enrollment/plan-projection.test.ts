import { describe, expect, it } from 'vitest';
import { monthsToPayOff, totalInterest } from '../money/amortization';
import { PAYOFF_CHART_MAX_POINTS, PAYOFF_PROJECTION_MAX_MONTHS } from '../underwriting/constants';
import { debtFreeDate, firstPaymentDate, projectPayoff, type PlanCreditor } from './plan-projection';

describe('firstPaymentDate (the 1st of the first month starting at least 30 days after the hand-over)', () => {
  it.each([
    // [hand-over, hand-over + 30 days, first payment]
    ['2026-01-01', '2026-01-31', '2026-02-01'],
    // Exactly 30 days later is a 1st: that 1st.
    ['2026-01-02', '2026-02-01', '2026-02-01'],
    ['2026-01-03', '2026-02-02', '2026-03-01'],
    ['2026-01-15', '2026-02-14', '2026-03-01'],
    ['2026-01-30', '2026-03-01', '2026-03-01'],
    ['2026-01-31', '2026-03-02', '2026-04-01'],
    // 2028 is a leap year: January 31 + 30 days is March 1.
    ['2028-01-31', '2028-03-01', '2028-03-01'],
    // Over the year end.
    ['2026-12-02', '2027-01-01', '2027-01-01'],
    ['2026-12-10', '2027-01-09', '2027-02-01'],
  ])('handed over %s (earliest %s) → %s', (handOver, _, expected) => {
    expect(firstPaymentDate(handOver)).toBe(expected);
  });

  it.each(['2026-02-30', '2026-1-15', '01/15/2026', ''])('refuses %j', (date) => {
    expect(() => firstPaymentDate(date)).toThrow(RangeError);
  });
});

describe('debtFreeDate (the month of the last payment: first + term − 1 months)', () => {
  it.each([
    ['2026-03-01', 1, '2026-03'],
    ['2026-11-01', 2, '2026-12'],
    ['2026-12-01', 13, '2027-12'],
    ['2026-03-01', 48, '2030-02'],
    ['2026-02-01', 60, '2031-01'],
  ])('first payment %s, %s months → %s', (first, term, expected) => {
    expect(debtFreeDate(first, term)).toBe(expected);
  });

  it('follows on from the first payment date: handed over 2026-01-15, 60 months → 2026-03 ... 2031-02', () => {
    expect(debtFreeDate(firstPaymentDate('2026-01-15'), 60)).toBe('2031-02');
  });

  it.each([
    ['2026-03-01', 0],
    ['2026-03-01', -1],
    ['2026-03-01', 1.5],
    ['2026-13-01', 12],
  ])('refuses first payment %s over %s months', (first, term) => {
    expect(() => debtFreeDate(first, term)).toThrow(RangeError);
  });
});

// $5,000 paid $150 a month, at 8% on the plan and 21.9% today.
//   Plan, month 1: 5,000 + 33.33 interest − 150 = 4,883.33; month 2: + 32.56 − 150 = 4,765.89; ...;
//   month 37 leaves 122.65, paid off in month 38 with 122.65 + 0.82 = 123.47.
//   Total paid 37 × 150 + 123.47 = 5,673.47: 673.47 of interest.
//   Current, month 1: 5,000 + 91.25 − 150 = 4,941.25; month 2: + 90.18 − 150 = 4,881.43; ...; 52 months.
const FIVE_THOUSAND: PlanCreditor = {
  balance: 500000,
  planPayment: 15000,
  planAprBp: 800,
  currentPayment: 15000,
  currentAprBp: 2190,
};
// $1,200 paid $100 a month at 0% on the plan (12 months), $50 a month at 24.99% today.
const TWELVE_HUNDRED: PlanCreditor = {
  balance: 120000,
  planPayment: 10000,
  planAprBp: 0,
  currentPayment: 5000,
  currentAprBp: 2499,
};

describe('projectPayoff: months and interest agree with the amortization helpers', () => {
  it.each([
    // [case, creditors, planMonths, currentMonths, planInterest, currentInterest]
    ['$5,000 at 8% vs 21.9%, $150 a month', [FIVE_THOUSAND], 38, 52, 67347, 277446],
    // The totals: the longest payoff, and the interest of both debts (67347 + 0; 277446 + 48067).
    ['two creditors', [FIVE_THOUSAND, TWELVE_HUNDRED], 38, 52, 67347, 325513],
  ])('%s', (_, creditors, planMonths, currentMonths, planInterest, currentInterest) => {
    const projection = projectPayoff(creditors);
    expect(projection).toMatchObject({
      planMonths,
      currentMonths,
      planInterest,
      currentInterest,
      interestSaved: currentInterest - planInterest,
    });
    expect(planMonths).toBe(
      Math.max(...creditors.map((c) => monthsToPayOff(c.balance, c.planAprBp, c.planPayment))),
    );
    expect(currentMonths).toBe(
      Math.max(...creditors.map((c) => monthsToPayOff(c.balance, c.currentAprBp, c.currentPayment))),
    );
    expect(planInterest).toBe(
      creditors.reduce((sum, c) => sum + totalInterest(c.balance, c.planAprBp, c.planPayment), 0),
    );
    expect(currentInterest).toBe(
      creditors.reduce((sum, c) => sum + totalInterest(c.balance, c.currentAprBp, c.currentPayment), 0),
    );
  });
});

describe('projectPayoff: the balance month by month', () => {
  const { points } = projectPayoff([FIVE_THOUSAND]);

  it('has every month from 0 to the later payoff (52) when that fits the chart', () => {
    expect(points.map((p) => p.month)).toEqual(Array.from({ length: 53 }, (_, m) => m));
  });

  it.each([
    [0, 500000, 500000],
    [1, 488333, 494125],
    [2, 476589, 488143],
    [37, 12265, 193339],
    // The plan is paid off; the current payments still have 1,818.67 to go.
    [38, 0, 181867],
    [52, 0, 0],
  ])('month %s: plan %s, current %s', (month, plan, current) => {
    expect(points[month]).toEqual({ month, plan, current });
  });

  it('adds the creditors up: $6,200 at month 0, 5,983.33 + 0 and 4,941.25 + 1,174.99 at month 1', () => {
    expect(projectPayoff([FIVE_THOUSAND, TWELVE_HUNDRED]).points.slice(0, 2)).toEqual([
      { month: 0, plan: 620000, current: 620000 },
      { month: 1, plan: 598333, current: 611624 },
    ]);
  });
});

describe('projectPayoff: edge cases', () => {
  it.each([
    ['no creditors', []],
    ['creditors with nothing owed', [{ ...FIVE_THOUSAND, balance: 0 }]],
  ])('%s: zeros and a single point', (_, creditors: PlanCreditor[]) => {
    expect(projectPayoff(creditors)).toEqual({
      points: [{ month: 0, plan: 0, current: 0 }],
      planMonths: 0,
      currentMonths: 0,
      planInterest: 0,
      currentInterest: 0,
      interestSaved: 0,
    });
  });

  it.each([
    // $50 against 91.25 of interest a month: the balance never comes down; the $50 is all interest, for 600
    // months: 30,000 dollars.
    ['below the interest', 5000, 3_000_000],
    // Exactly the interest: 91.25 × 600 = 54,750 dollars.
    ['exactly the interest', 9125, 5_475_000],
  ])(
    'a current payment %s never pays off: currentMonths = maxMonths',
    (_, currentPayment, currentInterest) => {
      const projection = projectPayoff([{ ...FIVE_THOUSAND, currentPayment }]);
      expect(projection).toMatchObject({
        planMonths: 38,
        currentMonths: PAYOFF_PROJECTION_MAX_MONTHS,
        planInterest: 67347,
        currentInterest,
        interestSaved: currentInterest - 67347,
      });
      // The unpaid interest is not piled onto the balance: it stays at $5,000.
      expect(projection.points.every((p) => p.current === 500000)).toBe(true);
      expect(projection.points.at(-1)).toEqual({ month: 600, plan: 0, current: 500000 });
    },
  );

  it('stops at a shorter maxMonths, counting the interest up to then', () => {
    const projection = projectPayoff([FIVE_THOUSAND], 24);
    expect(projection).toMatchObject({ planMonths: 24, currentMonths: 24, planInterest: 57445 });
    expect(projection.points).toHaveLength(25);
    expect(projection.points.at(-1)).toEqual({ month: 24, plan: 197445, current: 325037 });
  });

  it('refuses a maxMonths that is not a whole number of months', () => {
    expect(() => projectPayoff([FIVE_THOUSAND], -1)).toThrow(RangeError);
    expect(() => projectPayoff([FIVE_THOUSAND], 1.5)).toThrow(RangeError);
  });
});

describe('projectPayoff: thinning the points for the chart', () => {
  it.each([
    // [case, current payment, later payoff month, points]
    // 600 months: 119 evenly spread (every 600 / 118 months) + month 38, which is not among them.
    ['never paid off under current payments', 5000, 600, 120],
    // 266 months: 119 evenly spread; month 38 (17 × 266 / 118 = 38.3) is one of them.
    ['paid off in 266 months at $92 a month', 9200, 266, 119],
  ])('%s', (_, currentPayment, lastMonth, count) => {
    const { points, planMonths, currentMonths } = projectPayoff([{ ...FIVE_THOUSAND, currentPayment }]);
    const months = points.map((p) => p.month);
    expect(currentMonths).toBe(lastMonth);
    expect(points).toHaveLength(count);
    expect(points.length).toBeLessThanOrEqual(PAYOFF_CHART_MAX_POINTS);
    expect(months[0]).toBe(0);
    expect(months.at(-1)).toBe(lastMonth);
    expect(months).toContain(planMonths);
    expect(points.find((p) => p.month === planMonths)?.plan).toBe(0);
    expect(months).toEqual([...months].sort((a, b) => a - b));
    expect(new Set(months).size).toBe(months.length);
  });

  it('keeps the values of the full series: $92 a month takes 266 months, as the helper says', () => {
    expect(monthsToPayOff(500000, 2190, 9200)).toBe(266);
    const { points, currentInterest } = projectPayoff([{ ...FIVE_THOUSAND, currentPayment: 9200 }]);
    expect(points.at(-1)).toEqual({ month: 266, plan: 0, current: 0 });
    expect(currentInterest).toBe(totalInterest(500000, 2190, 9200));
  });
});

import { describe, expect, it } from 'vitest';
import {
  avalancheOrder,
  belowInterestWarning,
  debtFreeMonth,
  describeMonths,
  payoffPlan,
  payoffPlanSentences,
  type PayoffDebt,
} from './payoff-plan';

const debt = (name: string, balance: number, aprBp: number, payment: number): PayoffDebt => ({
  id: name,
  name,
  balance,
  aprBp,
  payment,
});

describe('payoffPlan: worked examples', () => {
  it.each([
    {
      // $300 at 12% paying $100: 300 + 3.00 − 100 = 203; 203 + 2.03 − 100 = 105.03; 105.03 + 1.05 − 100 =
      // 6.08; 6.08 + 0.06 = 6.14 paid in month 4. Interest 3 + 2.03 + 1.05 + 0.06 = 6.14.
      // With $150: 303 − 150 = 153; 153 + 1.53 − 150 = 4.53; 4.53 + 0.05 paid in month 3 (interest 4.58).
      name: 'one card at 12%',
      debts: [debt('Card', 30000, 1200, 10000)],
      current: { months: 4, totalInterest: 614 },
      withExtra: { months: 3, totalInterest: 458 },
      monthsSaved: 1,
      interestSaved: 156,
    },
    {
      // No interest: $1,000 at $100 is 10 months; at $150, six of 150 leave 100 for the seventh.
      name: 'an interest-free loan',
      debts: [debt('Loan', 100000, 0, 10000)],
      current: { months: 10, totalInterest: 0 },
      withExtra: { months: 7, totalInterest: 0 },
      monthsSaved: 3,
      interestSaved: 0,
    },
    {
      // $10,000 at 24% adds $200 a month: $150 never pays it off, nor does $200 (it only pays the interest).
      name: 'a payment below the interest',
      debts: [debt('Card', 1000000, 2400, 15000)],
      current: { months: null, totalInterest: null },
      withExtra: { months: null, totalInterest: null },
      monthsSaved: null,
      interestSaved: null,
    },
    {
      // The $20 payment of the 24% card (interest $24) alone never pays it off; once the $500 interest-free
      // loan is paid in month 2 its $250 rolls onto the card, which is gone in month 7.
      name: 'a freed payment rolls onto a card whose payment is below its interest',
      debts: [debt('Card', 120000, 2400, 2000), debt('Loan', 50000, 0, 25000)],
      current: { months: 7, totalInterest: 11872 },
      withExtra: { months: 6, totalInterest: 9942 },
      monthsSaved: 1,
      interestSaved: 1930,
    },
  ])('$name', ({ debts, current, withExtra, monthsSaved, interestSaved }) => {
    const plan = payoffPlan(debts);
    expect(plan.current).toEqual(current);
    expect(plan.withExtra).toEqual(withExtra);
    expect(plan.extraPayment).toBe(5000);
    expect(plan.monthsSaved).toBe(monthsSaved);
    expect(plan.interestSaved).toBe(interestSaved);
  });

  it('says which debts their own payment cannot pay off, and when each is paid off in the plan', () => {
    const plan = payoffPlan([debt('Loan', 50000, 0, 25000), debt('Card', 120000, 2400, 2000)]);
    expect(
      plan.debts.map((d) => [d.name, d.firstMonthInterest, d.paymentCoversInterest, d.paidOffMonth]),
    ).toEqual([
      ['Card', 2400, false, 7],
      ['Loan', 0, true, 2],
    ]);
    expect(plan.monthlyPayment).toBe(27000);
  });

  it('leaves paid-off (zero-balance) debts out and has nothing to pay for no debts', () => {
    expect(payoffPlan([debt('Closed', 0, 2190, 0)])).toMatchObject({
      debts: [],
      current: { months: 0, totalInterest: 0 },
      withExtra: { months: 0, totalInterest: 0 },
      monthsSaved: 0,
    });
  });

  it('takes another extra amount', () => {
    expect(payoffPlan([debt('Loan', 100000, 0, 10000)], 10000).withExtra.months).toBe(5);
  });
});

describe('avalancheOrder', () => {
  it.each([
    { input: [debt('Low', 500, 900, 1), debt('High', 900, 2990, 1)], order: ['High', 'Low'] },
    // Equal rates: the smaller balance first, it is gone sooner and frees its payment.
    { input: [debt('Big', 9000, 2190, 1), debt('Small', 100, 2190, 1)], order: ['Small', 'Big'] },
    { input: [debt('B', 100, 2190, 1), debt('A', 100, 2190, 1)], order: ['A', 'B'] },
  ])('$order', ({ input, order }) => {
    expect(avalancheOrder(input).map((d) => d.name)).toEqual(order);
  });
});

describe('debtFreeMonth and describeMonths', () => {
  it.each([
    [new Date('2026-11-24T12:00:00Z'), 0, 'November 2026'],
    [new Date('2026-11-24T12:00:00Z'), 3, 'February 2027'],
    [new Date('2026-01-31T12:00:00Z'), 12, 'January 2027'],
    [new Date('2026-12-01T00:00:00Z'), 25, 'January 2029'],
  ])('%s + %i → %s', (today, months, expected) => {
    expect(debtFreeMonth(today, months)).toBe(expected);
  });
  it.each([
    [0, '0 months'],
    [1, '1 month'],
    [8, '8 months'],
    [12, '1 year'],
    [15, '1 year and 3 months'],
    [26, '2 years and 2 months'],
  ])('%i → %s', (months, expected) => {
    expect(describeMonths(months)).toBe(expected);
  });
});

describe('payoffPlanSentences', () => {
  const today = new Date('2026-11-24T12:00:00Z');
  it.each([
    {
      name: 'both finish, the extra is faster',
      debts: [debt('Card', 30000, 1200, 10000)],
      debtFree: 'At your current payments of $100 a month, you will be debt-free by March 2027 (4 months).',
      extra:
        'Paying $50 more a month makes you debt-free by February 2027, 1 month sooner, and saves $2 in interest.',
    },
    {
      name: 'neither finishes',
      debts: [debt('Card', 1000000, 2400, 15000)],
      debtFree:
        'At your current payments of $150 a month, your debts will not be paid off: the payments do not cover the interest they add.',
      extra: 'Even $50 more a month would not pay them off. Call us: a counsellor can help you find a way.',
    },
    {
      // $10,000 at 24% adds $200 a month: $190 never pays it off. $240 does: n = −ln(1 − 0.02 × 10,000 / 240)
      // / ln(1.02) = 90.5, so 91 months (7 years and 7 months) from November 2026.
      name: 'only the extra finishes',
      debts: [debt('Card', 1000000, 2400, 19000)],
      debtFree:
        'At your current payments of $190 a month, your debts will not be paid off: the payments do not cover the interest they add.',
      extra: 'Paying $50 more a month would make you debt-free by June 2034 (7 years and 7 months).',
    },
  ])('$name', ({ debts, debtFree, extra }) => {
    expect(payoffPlanSentences(payoffPlan(debts), today)).toEqual({ debtFree, extra });
  });

  it('warns about a debt whose payment does not cover its interest, and says when the plan pays it', () => {
    const today = new Date('2026-11-24T12:00:00Z');
    const [card, loan] = payoffPlan([debt('Card', 120000, 2400, 2000), debt('Loan', 50000, 0, 25000)]).debts;
    expect(belowInterestWarning(card!, today)).toBe(
      'At $20 a month, Card will not be paid off on its own: it adds $24 of interest a month. In this plan it is paid off by June 2027, once the payments of the other debts are freed up.',
    );
    expect(belowInterestWarning(loan!, today)).toBeNull();
    const [alone] = payoffPlan([debt('Card', 1000000, 2400, 15000)]).debts;
    expect(belowInterestWarning(alone!, today)).toBe(
      'At $150 a month, Card will not be paid off on its own: it adds $200 of interest a month.',
    );
  });
});

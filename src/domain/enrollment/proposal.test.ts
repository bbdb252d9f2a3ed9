import { describe, expect, it } from 'vitest';
import { leftEachMonth } from '../underwriting/budget-room';
import { formatAprBp, proposalBudget } from './proposal';

describe('proposalBudget', () => {
  it('totals the expense lines by group in the budget page order and leaves the rest for the month', () => {
    const budget = proposalBudget({
      monthlyIncome: 500_000,
      expenses: [
        { category: 'food', value: 60_000 },
        { category: 'housing', value: 150_000 },
        { category: 'food', value: 12_345 },
        { category: 'transportation', value: 40_000 },
      ],
      otherDebtPayments: 30_000,
      planPayment: 45_000,
    });
    expect(budget.groups).toEqual([
      { category: 'housing', label: 'Housing', total: 150_000 },
      { category: 'transportation', label: 'Transportation', total: 40_000 },
      { category: 'food', label: 'Food', total: 72_345 },
    ]);
    expect(budget.expensesTotal).toBe(262_345);
    expect(budget.leftEachMonth).toBe(
      leftEachMonth({
        monthlyIncome: 500_000,
        expenses: 262_345,
        otherDebtPayments: 30_000,
        planPayment: 45_000,
      }),
    );
    expect(budget.leftEachMonth).toBe(162_655);
  });

  it('says what is missing when a budget does not hold the plan: a negative month', () => {
    const budget = proposalBudget({
      monthlyIncome: 1000,
      expenses: [],
      otherDebtPayments: 0,
      planPayment: 5000,
    });
    expect(budget.groups).toEqual([]);
    expect(budget.leftEachMonth).toBe(-4000);
  });
});

describe('formatAprBp', () => {
  it.each([
    [800, '8.00%'],
    [0, '0.00%'],
    [2190, '21.90%'],
    [675, '6.75%'],
  ])('%i basis points read %s', (bp, text) => expect(formatAprBp(bp)).toBe(text));
});

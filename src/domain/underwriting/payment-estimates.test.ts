import { describe, expect, it } from 'vitest';
import {
  estimatedCurrentMonthlyPayment,
  estimatedShortfall,
  incomeThreshold,
  needsIncomeConfirmation,
} from './payment-estimates';

describe('estimatedCurrentMonthlyPayment (1% of principal + a month of interest at 21.9%, at least $25)', () => {
  it.each([
    // 5,000 dollars: 50 + 5000 × 0.219 / 12 = 50 + 91.25 = 141.25 → 141.
    [500000, 14100],
    // 1,000 dollars: 10 + 18.25 = 28.25 → 28.
    [100000, 2800],
    // 2,000 dollars: 20 + 36.50 = 56.50 → 57 (half up).
    [200000, 5700],
    // 500 dollars: 5 + 9.125 = 14.13 → 14, below the $25 floor.
    [50000, 2500],
    // 1 cent: the floor.
    [1, 2500],
    // No balance, no payment.
    [0, 0],
  ])('balance %s cents → %s cents', (balance, expected) => {
    expect(estimatedCurrentMonthlyPayment(balance)).toBe(expected);
  });

  it('uses a reported APR when given: 5,000 dollars at 29.99% → 50 + 124.96 = 174.96 → 175', () => {
    expect(estimatedCurrentMonthlyPayment(500000, 2999)).toBe(17500);
  });
});

describe('estimatedShortfall (1.75% of the eligible balance − (income − expenses))', () => {
  it.each([
    // 10,000 dollars owed: 175; income 3,000, expenses 2,900: 175 − 100 = 75.
    [1000000, 300000, 290000, 7500],
    // Same debts, expenses 2,975: 175 − 25 = 150.
    [1000000, 300000, 297500, 15000],
    // Income to spare: 175 − 1,000 = −825.
    [1000000, 300000, 200000, -82500],
    // 1.75% of 333.33 dollars is 5.83 (to the cent).
    [33333, 0, 0, 583],
  ])(
    'balance %s, income %s, expenses %s → %s',
    (totalEligibleBalance, monthlyIncome, totalEstimatedExpenses, expected) => {
      expect(estimatedShortfall({ totalEligibleBalance, monthlyIncome, totalEstimatedExpenses })).toBe(
        expected,
      );
    },
  );
});

describe('needsIncomeConfirmation (shortfall above $100)', () => {
  it.each([
    [10001, true],
    [10000, false],
    [9999, false],
    [-50000, false],
  ])('shortfall %s → %s', (shortfall, expected) => {
    expect(needsIncomeConfirmation(shortfall)).toBe(expected);
  });
});

describe('incomeThreshold (income + shortfall − $100)', () => {
  it.each([
    [300000, 15000, 305000],
    [300000, 10000, 300000],
    [300000, -82500, 207500],
  ])('income %s, shortfall %s → %s', (income, shortfall, expected) => {
    expect(incomeThreshold(income, shortfall)).toBe(expected);
  });
});

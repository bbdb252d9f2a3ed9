import { describe, expect, it } from 'vitest';
import { byBalanceDescending, isEligibleCollection, isEligibleTradeline } from './eligibility';

describe('isEligibleTradeline', () => {
  it.each([
    ['CC', 150000, null, true],
    ['CH', 1, null, true],
    ['FX', 5000, null, true],
    ['LC', 5000, null, true],
    ['US', 5000, null, true],
    ['cc', 5000, null, true],
    // Closed by the issuer but still owed: a plan can pay it.
    ['CC', 5000, '2025-01-31', true],
    // Closed and paid, or open with nothing owed.
    ['CC', 0, '2025-01-31', false],
    ['CC', 0, null, false],
    // Secured, mortgage, auto, student loans and others are not eligible.
    ['CV', 25000000, null, false],
    ['SM', 5000000, null, false],
    ['AU', 1500000, null, false],
    ['ST', 3000000, null, false],
    ['FE', 50000, null, false],
    ['SC', 50000, null, false],
  ])('%s with balance %s, closed %s → %s', (accountType, currentBalance, dateClosed, expected) => {
    expect(isEligibleTradeline({ accountType, currentBalance, dateClosed })).toBe(expected);
  });
});

describe('isEligibleCollection', () => {
  it.each([
    [1, true],
    [250000, true],
    [0, false],
  ])('balance %s → %s', (currentBalance, expected) => {
    expect(isEligibleCollection({ currentBalance })).toBe(expected);
  });
});

describe('byBalanceDescending', () => {
  it('puts the largest balance first', () => {
    const items = [
      { id: 'a', currentBalance: 100 },
      { id: 'b', currentBalance: 300 },
      { id: 'c', currentBalance: 200 },
    ];
    expect(items.sort(byBalanceDescending).map((i) => i.id)).toEqual(['b', 'c', 'a']);
  });
});

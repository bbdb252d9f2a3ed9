import { describe, expect, it } from 'vitest';
import { maskedAccountNumber, sortOffersByBalance, type BalanceRow } from './offer-rows';

const row = (overrides: Partial<BalanceRow>): BalanceRow => ({
  creditorName: 'Bank',
  currentBalance: 100_000,
  ...overrides,
});

describe('sortOffersByBalance', () => {
  it.each([
    [
      [3, 1, 2],
      [3, 2, 1],
    ],
    [
      [5, 5, 9],
      [9, 5, 5],
    ],
    [
      [0, 1_200_049, 250_000],
      [1_200_049, 250_000, 0],
    ],
    [[], []],
  ])('orders balances %j as %j', (balances, expected) => {
    const rows = balances.map((currentBalance) => row({ currentBalance }));
    expect(sortOffersByBalance(rows).map((r) => r.currentBalance)).toEqual(expected);
  });

  it('breaks ties by creditor name and leaves the input alone', () => {
    const rows = [row({ creditorName: 'Zeta' }), row({ creditorName: 'Acme' })];
    expect(sortOffersByBalance(rows).map((r) => r.creditorName)).toEqual(['Acme', 'Zeta']);
    expect(rows[0]?.creditorName).toBe('Zeta');
  });

  it('keeps the rows whole (the other fields travel with them)', () => {
    const rows = [
      { ...row({ currentBalance: 1 }), id: 'small' },
      { ...row({ currentBalance: 2 }), id: 'large' },
    ];
    expect(sortOffersByBalance(rows).map((r) => r.id)).toEqual(['large', 'small']);
  });
});

describe('maskedAccountNumber', () => {
  it.each([
    ['1234', '...1234'],
    ['0007', '...0007'],
  ])('shows %s as %s', (last4, expected) => {
    expect(maskedAccountNumber(last4)).toBe(expected);
  });
});

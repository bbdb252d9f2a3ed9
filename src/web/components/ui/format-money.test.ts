import { describe, expect, it } from 'vitest';
import { parseDollarInput } from './form/currency-field';
import { formatDollarDigits } from './format-money';

describe('formatDollarDigits', () => {
  it.each([
    [123400, '1,234'],
    [-5000, '-50'],
    [null, ''],
  ])('digits of %j → %j', (cents, shown) => {
    expect(formatDollarDigits(cents)).toBe(shown);
  });
});

describe('parseDollarInput', () => {
  it.each([
    ['', 7, null],
    ['$', 7, null],
    ['1234', 7, 123400],
    ['$1,234', 7, 123400],
    ['$1,234a', 7, 123400],
    // Kept as $0: the field's schema answers "must be greater than $0" where zero is not allowed.
    ['0', 7, 0],
    ['007', 6, 700],
    ['12345678', 7, 123456700],
    ['-50', 7, 5000],
  ] as const)('%j (max %i) → %j cents', (text, max, cents) => {
    expect(parseDollarInput(text, max)).toBe(cents);
  });
});

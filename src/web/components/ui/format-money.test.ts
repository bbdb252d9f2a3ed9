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
    ['', 7, false, null],
    ['$', 7, false, null],
    ['1234', 7, false, 123400],
    ['$1,234', 7, false, 123400],
    ['$1,234a', 7, false, 123400],
    ['0', 7, false, null],
    ['0', 6, true, 0],
    ['007', 6, true, 700],
    ['12345678', 7, false, 123456700],
    ['-50', 7, false, 5000],
  ] as const)('%j (max %i, zero %j) → %j cents', (text, max, allowZero, cents) => {
    expect(parseDollarInput(text, max, allowZero)).toBe(cents);
  });
});

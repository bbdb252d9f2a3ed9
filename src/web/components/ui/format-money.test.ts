import { describe, expect, it } from 'vitest';
import { parseDollarInput } from './form/currency-field';
import { formatDollarDigits, formatDollars } from './format-money';

describe('formatDollars', () => {
  it.each([
    [123400, '$1,234'],
    [0, '$0'],
    [500, '$5'],
    [572500, '$5,725'],
    [123456789000, '$1,234,567,890'],
    [-5000, '-$50'],
    [12345, '$123'],
    [12350, '$124'],
    [-40, '$0'],
    [null, ''],
    [undefined, ''],
    [Number.NaN, ''],
  ])('%j cents → %j', (cents, shown) => {
    expect(formatDollars(cents)).toBe(shown);
  });

  it.each([
    [123400, '1,234'],
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

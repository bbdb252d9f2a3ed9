import { describe, expect, it } from 'vitest';
import { ceilToDollar, dollars, formatDollars, roundToDollar, shareOf, sumCents } from './cents';

describe('cents', () => {
  it.each([
    [0, 0],
    [1, 100],
    [12.34, 1234],
    [0.1 + 0.2, 30],
    [-5, -500],
  ])('dollars(%s) = %s cents', (n, expected) => {
    expect(dollars(n)).toBe(expected);
  });

  it.each([
    [14125, 14100],
    [14150, 14200],
    [14149, 14100],
    [5650, 5700],
    [0, 0],
    [-149, -100],
    [-150, -100],
    [-151, -200],
  ])('roundToDollar(%s) = %s (half up)', (c, expected) => {
    expect(roundToDollar(c)).toBe(expected);
  });

  it.each([
    [10001, 10100],
    [10000, 10000],
    [1, 100],
    [0, 0],
  ])('ceilToDollar(%s) = %s', (c, expected) => {
    expect(ceilToDollar(c)).toBe(expected);
  });

  it.each([
    [123400, '$1,234'],
    [123450, '$1,235'],
    [0, '$0'],
    [-500, '-$5'],
    [-20, '$0'],
    [100000000, '$1,000,000'],
    [123456789000, '$1,234,567,890'],
    [12345, '$123'],
    [-5000, '-$50'],
    [null, ''],
    [undefined, ''],
    [Number.NaN, ''],
  ])('formatDollars(%s) = %s', (c, expected) => {
    expect(formatDollars(c)).toBe(expected);
  });

  it.each([
    [500000, 175, 8750],
    [500000, 100, 5000],
    [333, 5000, 167],
    [0, 2190, 0],
  ])('shareOf(%s, %s bp) = %s', (c, bp, expected) => {
    expect(shareOf(c, bp)).toBe(expected);
  });

  it('sums cents exactly', () => {
    expect(sumCents([10, 20, 30])).toBe(60);
    expect(sumCents([])).toBe(0);
  });
});

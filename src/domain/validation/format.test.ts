import { describe, expect, it } from 'vitest';
import {
  ageOn,
  currencyWarning,
  digitsOnly,
  dollarDigits,
  e164ToPhone,
  formatPhone,
  fromIsoDate,
  incomeWarning,
  isRealDate,
  meetsPasswordRules,
  normalizeEmail,
  parseFormDate,
  passwordChecklist,
  phoneToE164,
  toIsoDate,
} from './format';
import { MESSAGES } from './messages';

describe('digitsOnly', () => {
  it.each([
    ['(555) 010-1234', '5550101234'],
    ['abc', ''],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (input, expected) => {
    expect(digitsOnly(input)).toBe(expected);
  });
});

describe('formatPhone (as the user types)', () => {
  it.each([
    ['', ''],
    ['5', '5'],
    ['555', '555'],
    ['5550', '555-0'],
    ['555010', '555-010'],
    ['5550101', '555-010-1'],
    ['5550101234', '555-010-1234'],
    ['55501012345', '555-010-1234'],
    ['(555) 010-1234', '555-010-1234'],
    ['+1 555 010 1234', '555-010-1234'],
    ['1-555-010-1234', '555-010-1234'],
    ['555-010-1234', '555-010-1234'],
    [null, ''],
  ])('%j → %j', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });
});

describe('phone storage format', () => {
  it.each([
    ['555-010-1234', '+15550101234'],
    ['5550101234', '+15550101234'],
    ['+1 (555) 010-1234', '+15550101234'],
  ])('phoneToE164(%j) → %j', (input, expected) => {
    expect(phoneToE164(input)).toBe(expected);
  });

  it.each(['555-010', '', '2-555-010-1234'])('phoneToE164 refuses %j', (input) => {
    expect(() => phoneToE164(input)).toThrow('phoneToE164: expected a 10-digit US phone number');
  });

  it.each([
    ['+15550101234', '555-010-1234'],
    [null, ''],
    [undefined, ''],
    ['', ''],
  ])('e164ToPhone(%j) → %j', (input, expected) => {
    expect(e164ToPhone(input)).toBe(expected);
  });

  it('round-trips', () => {
    expect(e164ToPhone(phoneToE164('212-555-0147'))).toBe('212-555-0147');
  });
});

describe('dates', () => {
  it.each([
    [2024, 2, 29, true],
    [2023, 2, 29, false],
    [1900, 2, 29, false],
    [2000, 2, 29, true],
    [2024, 4, 31, false],
    [2024, 12, 31, true],
    [2024, 13, 1, false],
    [2024, 0, 1, false],
    [2024, 1, 0, false],
  ])('isRealDate(%i, %i, %i) is %s', (y, m, d, expected) => {
    expect(isRealDate(y, m, d)).toBe(expected);
  });

  it.each([
    ['02-29-2024', { year: 2024, month: 2, day: 29 }],
    ['02-29-2023', undefined],
    ['2-9-2024', undefined],
    ['02/09/2024', undefined],
    ['2024-02-09', undefined],
  ])('parseFormDate(%j)', (input, expected) => {
    expect(parseFormDate(input)).toEqual(expected);
  });

  it.each([
    ['01-31-1990', '1990-01-31'],
    ['12-01-2001', '2001-12-01'],
  ])('toIsoDate(%j) → %j', (input, expected) => {
    expect(toIsoDate(input)).toBe(expected);
    expect(fromIsoDate(expected)).toBe(input);
  });

  it.each(['1990-01-31', '02-30-2020', ''])('toIsoDate refuses %j', (input) => {
    expect(() => toIsoDate(input)).toThrow('toIsoDate: expected a real date as MM-dd-yyyy');
  });

  it.each([
    ['1990-01-31', '01-31-1990'],
    ['1990-01-31T00:00:00.000Z', '01-31-1990'],
    [null, ''],
    [undefined, ''],
    ['', ''],
  ])('fromIsoDate(%j) → %j', (input, expected) => {
    expect(fromIsoDate(input)).toBe(expected);
  });

  it('fromIsoDate refuses other shapes', () => {
    expect(() => fromIsoDate('01-31-1990')).toThrow('fromIsoDate: expected yyyy-MM-dd');
  });

  it.each([
    [{ year: 2011, month: 6, day: 15 }, new Date(2024, 5, 15), 13],
    [{ year: 2011, month: 6, day: 16 }, new Date(2024, 5, 15), 12],
    [{ year: 2011, month: 7, day: 1 }, new Date(2024, 5, 15), 12],
    [{ year: 2011, month: 5, day: 31 }, new Date(2024, 5, 15), 13],
    [{ year: 2008, month: 2, day: 29 }, new Date(2021, 1, 28), 12],
    [{ year: 2008, month: 2, day: 29 }, new Date(2021, 2, 1), 13],
  ])('ageOn(%j, %s) = %i', (birth, today, expected) => {
    expect(ageOn(birth, today)).toBe(expected);
  });
});

describe('normalizeEmail', () => {
  it.each([
    ['  Jane.Doe@Example.ORG ', 'jane.doe@example.org'],
    ['a@b.co', 'a@b.co'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeEmail(input)).toBe(expected);
  });
});

describe('passwordChecklist', () => {
  const met = (pw: string | null) => Object.fromEntries(passwordChecklist(pw).map((r) => [r.key, r.met]));

  it('lists the rules in plain words, in order', () => {
    expect(passwordChecklist('').map((r) => [r.key, r.label])).toEqual([
      ['length', 'Between 8 and 20 characters'],
      ['letter', 'At least one letter'],
      ['number', 'At least one number'],
      ['characters', 'Only letters, numbers and these special characters: ! . @ # $ % ^ & *'],
    ]);
  });

  it.each([
    ['', { length: false, letter: false, number: false, characters: false }],
    [null, { length: false, letter: false, number: false, characters: false }],
    ['abc', { length: false, letter: true, number: false, characters: true }],
    ['abcdefgh', { length: true, letter: true, number: false, characters: true }],
    ['12345678', { length: true, letter: false, number: true, characters: true }],
    ['abcd1234', { length: true, letter: true, number: true, characters: true }],
    ['abcd 1234', { length: true, letter: true, number: true, characters: false }],
    ['abcd-1234', { length: true, letter: true, number: true, characters: false }],
    ['abcd1234abcd1234abcd', { length: true, letter: true, number: true, characters: true }],
    ['abcd1234abcd1234abcd1', { length: false, letter: true, number: true, characters: true }],
    ['a1!.@#$%^&*', { length: true, letter: true, number: true, characters: true }],
    ['pässword1', { length: true, letter: true, number: true, characters: false }],
  ])('%j', (pw, expected) => {
    expect(met(pw)).toEqual(expected);
    expect(meetsPasswordRules(pw)).toBe(Object.values(expected).every(Boolean));
  });
});

describe('currency warnings', () => {
  it.each([
    [0, 1],
    [99, 1],
    [100, 1],
    [999_900, 4],
    [1_000_000, 5],
    [-1_000_000, 5],
  ])('dollarDigits(%i) = %i', (cents, expected) => {
    expect(dollarDigits(cents)).toBe(expected);
  });

  it.each([
    [9_999_900, 5, undefined],
    [10_000_000, 5, MESSAGES.currencyWarning],
    [99_999_999_999_900, 12, undefined],
    [100_000_000_000_000, 12, 'Please confirm this amount is correct.'],
    [null, 5, undefined],
    [undefined, 5, undefined],
    [Number.NaN, 5, undefined],
  ])('currencyWarning(%j, %i)', (value, maxLength, expected) => {
    expect(currencyWarning(value, maxLength)).toBe(expected);
  });

  it.each([
    [1_500_000, undefined],
    [1_500_001, MESSAGES.incomeWarning],
    [1_500_100, MESSAGES.incomeWarning],
    [572_500, undefined],
    [null, undefined],
    [undefined, undefined],
  ])('incomeWarning(%j)', (value, expected) => {
    expect(incomeWarning(value)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { addBusinessDays, bankHolidays, isBankHoliday, isBusinessDay, onOrNextBusinessDay } from './calendar';

// The Federal Reserve's holidays, 2026 to 2028, as its holiday schedule lists the days the Reserve Banks close:
// a Sunday holiday moves to the Monday, a Saturday holiday is not moved (the Friday before stays open).
const EXPECTED: Record<number, string[]> = {
  2026: [
    '2026-01-01', // Thursday
    '2026-01-19',
    '2026-02-16',
    '2026-05-25',
    '2026-06-19', // Friday
    // Independence Day is a Saturday: no closure, Friday 3 July is a business day.
    '2026-09-07',
    '2026-10-12',
    '2026-11-11',
    '2026-11-26',
    '2026-12-25',
  ],
  2027: [
    '2027-01-01',
    '2027-01-18',
    '2027-02-15',
    '2027-05-31',
    // Juneteenth is a Saturday: not moved.
    '2027-07-05', // Independence Day is a Sunday: closed Monday the 5th.
    '2027-09-06',
    '2027-10-11',
    '2027-11-11',
    '2027-11-25',
    // Christmas is a Saturday: not moved, Friday 24 December is a business day.
  ],
  2028: [
    // New Year's Day is a Saturday: not moved, and Friday 31 December 2027 stays open.
    '2028-01-17',
    '2028-02-21',
    '2028-05-29',
    '2028-06-19',
    '2028-07-04',
    '2028-09-04',
    '2028-10-09',
    // Veterans Day is a Saturday: not moved.
    '2028-11-23',
    '2028-12-25',
  ],
};

describe('bankHolidays: the days the Federal Reserve is closed', () => {
  it.each(Object.entries(EXPECTED))('%s', (year, dates) => {
    expect(bankHolidays(Number(year)).map((h) => h.date)).toEqual(dates);
  });

  it('names each holiday', () => {
    expect(bankHolidays(2027).find((h) => h.date === '2027-07-05')?.name).toBe('Independence Day');
    expect(bankHolidays(2026).find((h) => h.date === '2026-11-26')?.name).toBe('Thanksgiving Day');
  });
});

describe('isBusinessDay and onOrNextBusinessDay', () => {
  it.each([
    ['2026-11-26', false, '2026-11-27'], // Thanksgiving → the Friday after
    ['2026-11-27', true, '2026-11-27'], // the day after Thanksgiving is not a Fed holiday
    ['2026-07-03', true, '2026-07-03'], // Friday before a Saturday Independence Day
    ['2026-07-04', false, '2026-07-06'], // Saturday → Monday
    ['2027-07-04', false, '2027-07-06'], // Sunday, then the Monday it is observed → Tuesday
    ['2027-12-24', true, '2027-12-24'], // Friday before a Saturday Christmas
    ['2027-12-31', true, '2027-12-31'], // Friday before a Saturday New Year's Day
    ['2028-01-15', false, '2028-01-18'], // Saturday, Sunday, then MLK Day → Tuesday
    ['2026-12-25', false, '2026-12-28'], // Christmas on a Friday → Monday
  ])('%s: business day %s; drawn on %s', (date, business, drawn) => {
    expect(isBusinessDay(date)).toBe(business);
    expect(onOrNextBusinessDay(date)).toBe(drawn);
  });

  it('is false for a weekday that is no holiday, and refuses a date that is not one', () => {
    expect(isBankHoliday('2026-11-25')).toBe(false);
    expect(() => isBankHoliday('2026-02-30')).toThrow(RangeError);
  });
});

describe('addBusinessDays: counted from the day after, weekends and bank holidays skipped', () => {
  it.each([
    // [from, business days, answer, why]
    ['2026-11-23', 1, '2026-11-24', 'Monday + 1: Tuesday'],
    ['2026-11-25', 1, '2026-11-27', 'Wednesday + 1: Thanksgiving (Thursday) skipped'],
    ['2026-11-20', 5, '2026-11-30', 'Friday + 5: the weekend and Thanksgiving skipped'],
    ['2027-01-04', 5, '2027-01-11', 'Monday + 5: the next Monday'],
    ['2026-12-24', 1, '2026-12-28', 'Christmas on a Friday, then the weekend'],
    ['2027-07-02', 1, '2027-07-06', 'Independence Day on a Sunday, closed the Monday'],
    ['2027-12-30', 1, '2027-12-31', "New Year's Eve before a Saturday New Year stays open"],
    ['2028-02-25', 3, '2028-03-01', 'over the leap day: Mon 28, Tue 29, Wed 1 March'],
    ['2026-03-06', 1, '2026-03-09', 'over the weekend daylight saving time begins: still whole days'],
    ['2026-11-26', 0, '2026-11-26', 'zero business days: the day itself, even a holiday'],
  ] as const)('%s + %i → %s (%s)', (from, days, answer, _why) => {
    expect(addBusinessDays(from, days)).toBe(answer);
  });

  it('refuses a count backwards and a day that does not exist', () => {
    expect(() => addBusinessDays('2026-11-25', -1)).toThrow(RangeError);
    expect(() => addBusinessDays('2026-02-29', 1)).toThrow(RangeError);
  });
});

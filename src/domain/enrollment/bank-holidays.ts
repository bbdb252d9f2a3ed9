import { parseDay } from './plan-projection';

// The days an ACH debit does not settle: the holidays the Federal Reserve Banks close for (the Fed's
// "Holidays Observed by the Federal Reserve System", docs/decisions/0081). Computed by rule, so no table needs
// updating each year. A holiday on a Sunday closes the Fed on the Monday after; a holiday on a Saturday is not
// moved (the Reserve Banks open on the Friday before), so that Friday is a business day.

export type BankHoliday = { date: string; name: string };

const iso = (year: number, month: number, day: number): string =>
  new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);

/** The `nth` (1-based) `weekday` (0 Sunday … 6 Saturday) of a month. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): string {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return iso(year, month, 1 + ((weekday - first + 7) % 7) + (nth - 1) * 7);
}

/** The last `weekday` of a month. */
function lastWeekday(year: number, month: number, weekday: number): string {
  const lastDay = new Date(Date.UTC(year, month, 0));
  const back = (lastDay.getUTCDay() - weekday + 7) % 7;
  return iso(year, month, lastDay.getUTCDate() - back);
}

/** A holiday on a fixed date: closed that day, or the Monday after when it is a Sunday; none on a Saturday. */
function fixed(year: number, month: number, day: number): string | null {
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  if (weekday === 6) return null;
  return iso(year, month, weekday === 0 ? day + 1 : day);
}

const MONDAY = 1;
const THURSDAY = 4;

/** The Federal Reserve's bank holidays of a year, as the days the Reserve Banks are closed, in date order. */
export function bankHolidays(year: number): BankHoliday[] {
  const days: [string | null, string][] = [
    [fixed(year, 1, 1), "New Year's Day"],
    [nthWeekday(year, 1, MONDAY, 3), 'Birthday of Martin Luther King, Jr.'],
    [nthWeekday(year, 2, MONDAY, 3), "Washington's Birthday"],
    [lastWeekday(year, 5, MONDAY), 'Memorial Day'],
    [fixed(year, 6, 19), 'Juneteenth National Independence Day'],
    [fixed(year, 7, 4), 'Independence Day'],
    [nthWeekday(year, 9, MONDAY, 1), 'Labor Day'],
    [nthWeekday(year, 10, MONDAY, 2), 'Columbus Day'],
    [fixed(year, 11, 11), 'Veterans Day'],
    [nthWeekday(year, 11, THURSDAY, 4), 'Thanksgiving Day'],
    [fixed(year, 12, 25), 'Christmas Day'],
  ];
  return days.filter((d): d is [string, string] => d[0] !== null).map(([date, name]) => ({ date, name }));
}

const byYear = new Map<number, Set<string>>();

/** Whether the Federal Reserve is closed on `date` ('yyyy-MM-dd') for a holiday. */
export function isBankHoliday(date: string): boolean {
  const year = parseDay(date).getUTCFullYear();
  let days = byYear.get(year);
  if (!days) {
    days = new Set(bankHolidays(year).map((h) => h.date));
    byYear.set(year, days);
  }
  return days.has(date);
}

/** Monday to Friday and not a bank holiday: a day an ACH debit settles. */
export function isBusinessDay(date: string): boolean {
  const weekday = parseDay(date).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isBankHoliday(date);
}

/** `date` itself when it is a business day, else the next one: the day a draft due on `date` is drawn. */
export function onOrNextBusinessDay(date: string): string {
  const d = parseDay(date);
  while (!isBusinessDay(d.toISOString().slice(0, 10))) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

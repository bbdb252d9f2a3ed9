/** The months' names in English, January first (index 0), as dates are written for borrowers. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A day of the calendar, month 1 to 12. */
export type CalendarDate = { year: number; month: number; day: number };

/**
 * The agency's time zone: its hours are written in Eastern time, and its day is the one a counsellor works
 * in. An evening in California is still the agency's same day or already its next, never the server's UTC day.
 */
export const AGENCY_TIME_ZONE = 'America/New_York';

/** The calendar day it is at `at` in `timeZone` (the agency's by default). */
export function calendarDateIn(at: Date, timeZone: string = AGENCY_TIME_ZONE): CalendarDate {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(at);
  const part = (type: 'year' | 'month' | 'day') => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** Today in the agency's calendar. */
export const agencyToday = (now: Date = new Date()): CalendarDate => calendarDateIn(now);

/** Whole years from `birth` to `today`, both calendar days; a birthday not reached yet this year counts one less. */
export function yearsBetween(birth: CalendarDate, today: CalendarDate): number {
  const hadBirthday = today.month > birth.month || (today.month === birth.month && today.day >= birth.day);
  return today.year - birth.year - (hadBirthday ? 0 : 1);
}

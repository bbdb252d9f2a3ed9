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
 * The agency's time zone when AGENCY_TIME_ZONE is not set: its hours are written in Eastern time, and its day
 * is the one a counsellor works in. An evening in California is still the agency's same day or already its
 * next, never the server's UTC day. The server reads the configured zone and passes it in; the web app, which
 * is not told the server's settings, uses this one where it only shows a day.
 */
export const DEFAULT_AGENCY_TIME_ZONE = 'America/New_York';

// Building a formatter costs far more than using one, and a server asks for the day at most requests.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormatIn(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/**
 * Whether `name` is a time zone's IANA name the platform knows ('America/New_York', 'UTC'). Offsets such as
 * '+05:00' and abbreviations such as 'EST' are refused: an offset never follows daylight saving time, and an
 * abbreviation names no place whose rules the agency keeps.
 */
export function isTimeZoneName(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  // Intl also takes a few legacy abbreviations (EST, MST, EST5EDT): fixed or US-wide rules, not a place's.
  if (name !== 'UTC' && /^(?:[A-Z]{3,4}|[A-Z]{3}\d[A-Z]{3})$/.test(name)) return false;
  try {
    dayFormatIn(name);
    return true;
  } catch {
    return false;
  }
}

/** The calendar day it is at `at` in `timeZone` (the default agency zone unless given). */
export function calendarDateIn(at: Date, timeZone: string = DEFAULT_AGENCY_TIME_ZONE): CalendarDate {
  const parts = dayFormatIn(timeZone).formatToParts(at);
  const part = (type: 'year' | 'month' | 'day') => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** A calendar day written 'yyyy-MM-dd', as the domain passes dates around. */
export const isoDateOf = (d: CalendarDate): string =>
  `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/** A 'yyyy-MM-dd' day as its year, month and day. */
export function calendarDateOfIso(day: string): CalendarDate {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return { year, month, day: date };
}

/** The day, 'yyyy-MM-dd', that the instant `at` falls on in `timeZone`. */
export const dayIn = (at: Date, timeZone: string): string => isoDateOf(calendarDateIn(at, timeZone));

/**
 * The agency's calendar in one time zone: `today()` is the day it is now at the agency, `dayOf(instant)` the
 * day a stored moment (a signature, a notice) fell on there; both 'yyyy-MM-dd'. Adding days or months to such
 * a day is plain calendar arithmetic on the string, with no time zone (plan-terms.ts, bank-holidays.ts).
 */
export type AgencyCalendar = {
  timeZone: string;
  today: () => string;
  dayOf: (at: Date) => string;
};

/** The agency's calendar in `timeZone`, reading the clock `now` (the real one unless a test gives another). */
export function agencyCalendar(timeZone: string, now: () => Date = () => new Date()): AgencyCalendar {
  if (!isTimeZoneName(timeZone)) throw new RangeError(`Not a time zone's IANA name: ${timeZone}`);
  return { timeZone, today: () => dayIn(now(), timeZone), dayOf: (at) => dayIn(at, timeZone) };
}

/** Today in the default agency zone's calendar (the web app's; the server uses its configured calendar). */
export const agencyToday = (now: Date = new Date()): CalendarDate => calendarDateIn(now);

/** Whole years from `birth` to `today`, both calendar days; a birthday not reached yet this year counts one less. */
export function yearsBetween(birth: CalendarDate, today: CalendarDate): number {
  const hadBirthday = today.month > birth.month || (today.month === birth.month && today.day >= birth.day);
  return today.year - birth.year - (hadBirthday ? 0 : 1);
}

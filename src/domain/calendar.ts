import { tzOffset } from '@date-fns/tz';
import {
  addDays as addDaysTo,
  addMonths as addMonthsTo,
  differenceInCalendarDays,
  differenceInCalendarMonths,
  getDate,
  getDay,
  lastDayOfMonth,
  startOfMonth,
  subDays,
} from 'date-fns';

// The product's one date module. Every calendar day the product passes around is a 'yyyy-MM-dd' string; this
// module is where such a day is made (the agency's today, the day a stored instant fell on, with @date-fns/tz),
// moved (days, months, business days, with date-fns) and taken apart (its month, its day of the month), so a
// day never depends on the server's or the browser's time zone and a daylight saving change cannot add or
// lose a day. Elsewhere, hand-made arithmetic on Date (setUTCDate, Date.UTC, slicing an
// ISO string) is refused by lint (eslint.config.js, 'project/one-date-module'), so a new copy cannot appear.

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

// ---------------------------------------------------------------- time zones and the agency's today

/** A Date's day on the machine's calendar, 'yyyy-MM-dd'. */
const pad2 = (n: number) => String(n).padStart(2, '0');

const dayString = (date: Date): string =>
  `${String(date.getFullYear()).padStart(4, '0')}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;

const knownZones = new Set<string>();

/**
 * Whether `name` is a time zone's IANA name the platform knows ('America/New_York', 'UTC'). Offsets such as
 * '+05:00' and abbreviations such as 'EST' are refused: an offset never follows daylight saving time, and an
 * abbreviation names no place whose rules the agency keeps.
 */
export function isTimeZoneName(name: string): boolean {
  if (knownZones.has(name)) return true;
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  // Intl also takes a few legacy abbreviations (EST, MST, EST5EDT): fixed or US-wide rules, not a place's.
  if (name !== 'UTC' && /^(?:[A-Z]{3,4}|[A-Z]{3}\d[A-Z]{3})$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
  } catch {
    return false;
  }
  knownZones.add(name);
  return true;
}

const MINUTE_MS = 60_000;

/**
 * The wall clock in `timeZone` at `at`, as a Date whose UTC fields read it. Offsets come from @date-fns/tz's
 * tzOffset (the platform's time zone data). Its TZDate is not used: a Date subclass stops working when a test
 * fakes Date (TEST_NOW), and the day would silently become the UTC one.
 */
const wallClockIn = (at: Date, timeZone: string): Date =>
  new Date(at.getTime() + tzOffset(timeZone, at) * MINUTE_MS);

/** The calendar day it is at `at` in `timeZone` (the default agency zone unless given). */
export function calendarDateIn(at: Date, timeZone: string = DEFAULT_AGENCY_TIME_ZONE): CalendarDate {
  const wall = wallClockIn(at, timeZone);
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
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
 * The day, 'yyyy-MM-dd', of an instant stored as midnight UTC of its day (a bank transaction, an inquiry):
 * read in UTC, or an American evening would move it to the day before.
 */
export const utcDayOf = (at: Date): string => dayIn(at, 'UTC');

/**
 * The first instant of the day 'yyyy-MM-dd' in `timeZone`: its midnight, or the first moment after it where a
 * daylight saving change skips midnight itself.
 */
export function startOfDayIn(day: string, timeZone: string): Date {
  const wallMidnight = parseDay(day).getTime();
  // The offset before the day begins, then the offset at that guess: one of them is the day's own.
  const first = wallMidnight - tzOffset(timeZone, new Date(wallMidnight)) * MINUTE_MS;
  const second = wallMidnight - tzOffset(timeZone, new Date(first)) * MINUTE_MS;
  const onTheDay = [first, second].filter((t) => dayIn(new Date(t), timeZone) === day);
  return new Date(Math.min(...onTheDay));
}

/** The last instant of the day 'yyyy-MM-dd' in `timeZone` (a run "as of" that day sees all of it). */
export const endOfDayIn = (day: string, timeZone: string): Date =>
  new Date(startOfDayIn(addDays(day, 1), timeZone).getTime() - 1);

/**
 * The agency's calendar in one time zone: `today()` is the day it is now at the agency, `dayOf(instant)` the
 * day a stored moment (a signature, a notice, a balance read) fell on there; both 'yyyy-MM-dd'. Adding days,
 * months or business days to such a day is done with this module's functions below, which need no time zone.
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

/** Today, 'yyyy-MM-dd', in `timeZone` (the default agency zone unless given), at the instant `now`. */
export const todayIn = (timeZone: string = DEFAULT_AGENCY_TIME_ZONE, now: Date = new Date()): string =>
  dayIn(now, timeZone);

/**
 * Today, 'yyyy-MM-dd', on the device's own clock and zone: only for a picker that marks the person's own
 * today (a counsellor's calendar), never for a rule, which counts in the agency's day.
 */
export const deviceToday = (now: Date = new Date()): string => dayString(now);

/** Whole years from `birth` to `today`, both calendar days; a birthday not reached yet this year counts one less. */
export function yearsBetween(birth: CalendarDate, today: CalendarDate): number {
  const hadBirthday = today.month > birth.month || (today.month === birth.month && today.day >= birth.day);
  return today.year - birth.year - (hadBirthday ? 0 : 1);
}

// ---------------------------------------------------------------- calendar days ('yyyy-MM-dd')

// A day is worked on as a plain Date at the start of that day on the machine's clock: date-fns moves such a
// date by calendar days and months (its local setters), which a daylight saving change cannot shift, and
// formatting it gives back the same day in any zone. Only the day is kept, never the instant. (A date pinned
// to UTC with @date-fns/tz's TZDate gives the same answers a hundred times slower, and plans count many days.)

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_MONTH = /^(\d{4})-(\d{2})$/;

/** The start of a day given by its numbers; years 0 to 99 stay themselves (Date reads them as 1900s). */
function localDate(year: number, monthIndex: number, day: number): Date {
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, monthIndex, day);
  return date;
}

/** A 'yyyy-MM-dd' day as a Date on that day, or null when it is not a real calendar day ('2026-02-30'). */
function readDay(day: string): Date | null {
  const m = ISO_DAY.exec(day);
  if (!m) return null;
  const year = Number(m[1]);
  const monthIndex = Number(m[2]) - 1;
  const date = Number(m[3]);
  const d = localDate(year, monthIndex, date);
  return d.getFullYear() === year && d.getMonth() === monthIndex && d.getDate() === date ? d : null;
}

function dayDate(day: string): Date {
  const date = readDay(day);
  if (!date) throw new RangeError(`Not a yyyy-MM-dd date: ${day}`);
  return date;
}

/** Whether `value` is a real calendar day written 'yyyy-MM-dd' ('2028-02-29' is, '2026-02-29' is not). */
export const isIsoDay = (value: string): boolean => readDay(value) !== null;

/**
 * A 'yyyy-MM-dd' day as its midnight UTC, for code that must hand a Date on (a database column, a window's
 * bound); throws on anything that is not a real calendar day.
 */
export function parseDay(day: string): Date {
  const { year, month, day: date } = calendarDateOfIso(dayString(dayDate(day)));
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, date);
  return utc;
}

/** `days` calendar days after `day` (before it when negative): '2028-02-28' + 1 → '2028-02-29'. */
export const addDays = (day: string, days: number): string => dayString(addDaysTo(dayDate(day), days));

/**
 * The same day of the month `months` later (earlier when negative), or the month's last day when it has no
 * such day: '2026-01-31' + 1 → '2026-02-28', '2028-01-31' + 1 → '2028-02-29', '2026-03-31' − 1 → '2026-02-28'.
 */
export const addMonths = (day: string, months: number): string =>
  dayString(addMonthsTo(dayDate(day), months));

/** Whole days from `from` to `to`; negative when `to` is earlier. */
export const daysBetween = (from: string, to: string): number =>
  differenceInCalendarDays(dayDate(to), dayDate(from));

/** Calendar months from `from`'s month to `to`'s ('2026-01-31' → '2026-02-01' is 1), days ignored. */
export const monthsBetween = (from: string, to: string): number =>
  differenceInCalendarMonths(dayDate(to), dayDate(from));

/** The day of the month, 1 to 31. */
export const dayOfMonth = (day: string): number => getDate(dayDate(day));

/** The day of the week, 0 Sunday to 6 Saturday. */
export const weekdayOf = (day: string): number => getDay(dayDate(day));

/** The month a day is in, 'yyyy-MM'. */
export const monthOf = (day: string): string => day.slice(0, 7);

/** The 1st of `day`'s month. */
export const firstOfMonth = (day: string): string => dayString(startOfMonth(dayDate(day)));

/** The 1st of the month after `day`'s: '2026-11-24' → '2026-12-01', '2026-12-31' → '2027-01-01'. */
export const firstOfNextMonth = (day: string): string => addMonths(firstOfMonth(day), 1);

/** The last day of `day`'s month: '2028-02-10' → '2028-02-29'. */
export const lastOfMonth = (day: string): string => dayString(lastDayOfMonth(dayDate(day)));

/** The number of days in a month, `month` 1 to 12. */
export const daysInMonth = (year: number, month: number): number =>
  getDate(lastDayOfMonth(localDate(year, month - 1, 1)));

/**
 * The day `dayOfMonth` of the month 'yyyy-MM', or that month's last day when it is shorter: a monthly draft on
 * the 31st is drawn on 28 or 29 February ('2026-02', 31 → '2026-02-28').
 */
export function dayInMonth(month: string, day: number): string {
  const m = ISO_MONTH.exec(month);
  if (!m) throw new RangeError(`Not a yyyy-MM month: ${month}`);
  const last = daysInMonth(Number(m[1]), Number(m[2]));
  return `${month}-${String(Math.min(day, last)).padStart(2, '0')}`;
}

/** The month 'yyyy-MM' `months` after `month` (before it when negative): '2026-11' + 3 → '2027-02'. */
export const addMonthsToMonth = (month: string, months: number): string =>
  monthOf(addMonths(`${month}-01`, months));

/** A day by its numbers, `month` 1 to 12, with the day clamped to the month's last ('2026', 2, 30 → 02-28). */
export const dayFromParts = (year: number, month: number, day: number): string =>
  dayInMonth(`${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`, day);

/**
 * A day as a whole number of days since 1970-01-01 (negative before), for code that counts many days at once
 * (an income's pay dates); `dayOfNumber` turns it back.
 */
const EPOCH_DAY = '1970-01-01';

export const dayNumber = (day: string): number => daysBetween(EPOCH_DAY, day);

export const dayOfNumber = (n: number): string => dayString(addDaysTo(dayDate(EPOCH_DAY), n));

// ---------------------------------------------------------------- business days

// The days an ACH debit does not settle: the holidays the Federal Reserve Banks close for (the Fed's
// "Holidays Observed by the Federal Reserve System", docs/decisions/0081). Computed by rule, so no table needs
// updating each year. A holiday on a Sunday closes the Fed on the Monday after; a holiday on a Saturday is not
// moved (the Reserve Banks open on the Friday before), so that Friday is a business day.

export type BankHoliday = { date: string; name: string };

const SUNDAY = 0;
const MONDAY = 1;
const THURSDAY = 4;
const SATURDAY = 6;

/** The `nth` (1-based) `weekday` (0 Sunday … 6 Saturday) of a month. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): string {
  const first = localDate(year, month - 1, 1);
  return dayString(addDaysTo(first, ((weekday - getDay(first) + 7) % 7) + (nth - 1) * 7));
}

/** The last `weekday` of a month. */
function lastWeekday(year: number, month: number, weekday: number): string {
  const last = lastDayOfMonth(localDate(year, month - 1, 1));
  return dayString(subDays(last, (getDay(last) - weekday + 7) % 7));
}

/** A holiday on a fixed date: closed that day, or the Monday after when it is a Sunday; none on a Saturday. */
function fixed(year: number, month: number, day: number): string | null {
  const date = localDate(year, month - 1, day);
  const weekday = getDay(date);
  if (weekday === SATURDAY) return null;
  return dayString(weekday === SUNDAY ? addDaysTo(date, 1) : date);
}

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

const holidaysByYear = new Map<number, Set<string>>();

/** Whether the Federal Reserve is closed on `day` ('yyyy-MM-dd') for a holiday. */
export function isBankHoliday(day: string): boolean {
  const year = dayDate(day).getFullYear();
  let days = holidaysByYear.get(year);
  if (!days) {
    days = new Set(bankHolidays(year).map((h) => h.date));
    holidaysByYear.set(year, days);
  }
  return days.has(day);
}

/** Monday to Friday and not a bank holiday: a day an ACH debit settles. */
export function isBusinessDay(day: string): boolean {
  const weekday = weekdayOf(day);
  return weekday !== SUNDAY && weekday !== SATURDAY && !isBankHoliday(day);
}

/** `day` itself when it is a business day, else the next one: the day a draft due on `day` is drawn. */
export function onOrNextBusinessDay(day: string): string {
  let next = day;
  while (!isBusinessDay(next)) next = addDays(next, 1);
  return next;
}

/**
 * `days` business days after `day` (Monday to Friday, without the Federal Reserve's bank holidays, the days an
 * ACH debit cannot be set up or settled); `day` itself counts only when `days` is 0.
 * '2026-11-25' (Wed) + 1 → '2026-11-27' (Thanksgiving skipped).
 */
export function addBusinessDays(day: string, days: number): string {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`Business days are counted forward: ${days}`);
  let next = dayString(dayDate(day));
  for (let left = days; left > 0;) {
    next = addDays(next, 1);
    if (isBusinessDay(next)) left -= 1;
  }
  return next;
}

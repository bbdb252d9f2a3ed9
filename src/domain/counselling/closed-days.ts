import { bankHolidays, isBankHoliday } from '#domain/calendar';

// The days the agency offers no counselling call, whoever works that weekday: the federal bank holidays the
// plan already knows (computed by rule), and the days off staff add for the whole agency
// (docs/decisions/0159-agency-closed-days.md). Days are calendar days in the agency's time zone, 'yyyy-MM-dd'.

/**
 * The fixed-date holidays themselves. The Federal Reserve observes one that falls on a Sunday on the Monday
 * after and one on a Saturday not at all; the agency is closed on the day itself as well, so nobody is booked
 * on Christmas Day because it fell on a weekend.
 */
const FIXED_HOLIDAYS = new Map([
  ['01-01', "New Year's Day"],
  ['06-19', 'Juneteenth National Independence Day'],
  ['07-04', 'Independence Day'],
  ['11-11', 'Veterans Day'],
  ['12-25', 'Christmas Day'],
]);

/** Whether the agency is closed on `day`: a bank holiday (or its date itself), or one of `daysOff`. */
export function isAgencyClosed(day: string, daysOff: ReadonlySet<string> = new Set()): boolean {
  return daysOff.has(day) || FIXED_HOLIDAYS.has(day.slice(5)) || isBankHoliday(day);
}

/** The holidays the agency is closed for between two days (both included), in date order. */
export function agencyHolidaysBetween(from: string, to: string): { day: string; name: string }[] {
  const found = new Map<string, string>();
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const h of bankHolidays(year)) found.set(h.date, h.name);
    for (const [monthDay, name] of FIXED_HOLIDAYS)
      if (!found.has(`${year}-${monthDay}`)) found.set(`${year}-${monthDay}`, name);
  }
  return [...found]
    .filter(([day]) => day >= from && day <= to)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, name]) => ({ day, name }));
}

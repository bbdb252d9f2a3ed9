import { parseDay } from '#domain/calendar';

// How the portal writes a call's instants: in the agency's time zone, with its abbreviation, so a counsellor
// working from elsewhere reads the times the agency works by.

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, make: () => Intl.DateTimeFormat) {
  let found = formatters.get(key);
  if (!found) formatters.set(key, (found = make()));
  return found;
}

/** '9:00 AM EST' */
export const formatAgencyTime = (iso: string, timeZone: string) =>
  formatter(
    `t|${timeZone}`,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      }),
  ).format(new Date(iso));

/** 'Mon, Mar 9, 2026, 9:00 AM EDT' */
export const formatAgencyDateTime = (iso: string, timeZone: string) =>
  formatter(
    `d|${timeZone}`,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      }),
  ).format(new Date(iso));

/** 'Friday, November 27, 2026' for the day 'yyyy-MM-dd'. */
export const formatDayHeading = (day: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(parseDay(day));

/** The agency's day 'yyyy-MM-dd' an instant falls on. */
export const agencyDayOf = (iso: string, timeZone: string) =>
  formatter(
    `k|${timeZone}`,
    () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ).format(new Date(iso));

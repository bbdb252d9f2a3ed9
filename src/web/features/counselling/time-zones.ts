import { isTimeZoneName } from '#domain/calendar';

/**
 * The time zones the booking page offers: the country's, from east to west, and the browser's own when it is
 * another (a borrower abroad, or a zone named after another city). Anything else is one choice away through
 * the browser's settings; a list of four hundred names would help nobody.
 */
export const US_TIME_ZONES = [
  'America/Puerto_Rico',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
] as const;

/** The agency's own zone, when the browser names none we can use. */
const FALLBACK_TIME_ZONE = 'America/New_York';

/** The browser's time zone (Intl), when it is one the server accepts. */
export function detectedTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isTimeZoneName(zone) ? zone : FALLBACK_TIME_ZONE;
  } catch {
    return FALLBACK_TIME_ZONE;
  }
}

/** The zones to choose from: the country's, with `current` added in front when it is another. */
export function timeZoneChoices(current: string): string[] {
  const list: string[] = [...US_TIME_ZONES];
  return list.includes(current) ? list : [current, ...list];
}

/** A zone as a person reads it, in the page's locale: "Eastern Time (New York)". */
export function timeZoneLabel(timeZone: string, locale: string): string {
  const city = timeZone.split('/').pop()?.replaceAll('_', ' ') ?? timeZone;
  try {
    const name = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value;
    return name ? `${name} (${city})` : city;
  } catch {
    return city;
  }
}

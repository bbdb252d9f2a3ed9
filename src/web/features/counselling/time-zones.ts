import { defineMessages, type IntlShape } from 'react-intl';
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

/**
 * The cities whose name a Spanish reader writes otherwise ("Nueva York"); every other zone's city is read as
 * the zone names it (Chicago, Denver, Honolulu…), the same in both languages.
 */
const CITY_NAMES: Readonly<Record<string, { id: string; defaultMessage: string }>> = defineMessages({
  'America/New_York': { id: 'counselling.timeZone.city.newYork', defaultMessage: 'New York' },
  'America/Los_Angeles': { id: 'counselling.timeZone.city.losAngeles', defaultMessage: 'Los Angeles' },
});

/** A zone as a person reads it, in the page's language: "Eastern Time (New York)", "hora del este (Nueva York)". */
export function timeZoneLabel(timeZone: string, intl: Pick<IntlShape, 'locale' | 'formatMessage'>): string {
  const named = CITY_NAMES[timeZone];
  const city = named
    ? intl.formatMessage(named)
    : (timeZone.split('/').pop()?.replaceAll('_', ' ') ?? timeZone);
  try {
    const name = new Intl.DateTimeFormat(intl.locale, { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value;
    return name ? `${name} (${city})` : city;
  } catch {
    return city;
  }
}

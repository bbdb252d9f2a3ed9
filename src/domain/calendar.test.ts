import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  agencyCalendar,
  calendarDateOfIso,
  dayIn,
  DEFAULT_AGENCY_TIME_ZONE,
  isoDateOf,
  isTimeZoneName,
} from './calendar';

const NEW_YORK = 'America/New_York';

describe("dayIn: the day an instant falls on in the agency's time zone", () => {
  it.each([
    // [instant (UTC), day in New York, day in UTC, why]
    ['2026-11-27T04:30:00Z', '2026-11-26', '2026-11-27', '23:30 EST: still the 26th in New York'],
    ['2026-11-27T04:59:59Z', '2026-11-26', '2026-11-27', 'the last second of the 26th (EST, UTC-5)'],
    ['2026-11-27T05:00:00Z', '2026-11-27', '2026-11-27', 'midnight EST: the 27th begins'],
    ['2026-06-16T03:59:59Z', '2026-06-15', '2026-06-16', 'the last second of a summer day (EDT, UTC-4)'],
    ['2026-06-16T04:00:00Z', '2026-06-16', '2026-06-16', 'midnight EDT'],
    ['2026-01-01T04:59:59Z', '2025-12-31', '2026-01-01', 'New Year’s Eve in New York, New Year in UTC'],
    ['2026-03-01T04:30:00Z', '2026-02-28', '2026-03-01', 'the end of February, not March yet'],
    ['2028-03-01T04:30:00Z', '2028-02-29', '2028-03-01', 'a leap day evening'],
    // Daylight saving time begins on Sunday 8 March 2026 at 02:00 EST (07:00 UTC), clocks jump to 03:00 EDT.
    ['2026-03-08T04:59:59Z', '2026-03-07', '2026-03-08', 'the Saturday before the change, EST'],
    ['2026-03-08T05:00:00Z', '2026-03-08', '2026-03-08', 'midnight EST on the day of the change'],
    ['2026-03-09T03:59:59Z', '2026-03-08', '2026-03-09', 'the last second of the short day, now EDT'],
    ['2026-03-09T04:00:00Z', '2026-03-09', '2026-03-09', 'midnight EDT: the Monday after'],
    // It ends on Sunday 1 November 2026 at 02:00 EDT (06:00 UTC), clocks fall back to 01:00 EST.
    ['2026-11-01T03:59:59Z', '2026-10-31', '2026-11-01', 'the Saturday before, EDT'],
    ['2026-11-01T04:00:00Z', '2026-11-01', '2026-11-01', 'midnight EDT on the day of the change'],
    ['2026-11-02T04:30:00Z', '2026-11-01', '2026-11-02', '23:30 EST on the long day (4:30 would be EDT)'],
    ['2026-11-02T04:59:59Z', '2026-11-01', '2026-11-02', 'the last second of the long day'],
    ['2026-11-02T05:00:00Z', '2026-11-02', '2026-11-02', 'midnight EST: the Monday after'],
  ] as const)('%s → %s in New York, %s in UTC (%s)', (instant, newYork, utc, _why) => {
    expect(dayIn(new Date(instant), NEW_YORK)).toBe(newYork);
    expect(dayIn(new Date(instant), 'UTC')).toBe(utc);
  });

  it('follows the zone it is given: 23:30 in New York is already the next afternoon in Sydney', () => {
    const at = new Date('2026-11-27T04:30:00Z');
    expect(dayIn(at, 'Australia/Sydney')).toBe('2026-11-27');
    expect(dayIn(at, 'America/Los_Angeles')).toBe('2026-11-26');
    expect(dayIn(new Date('2026-11-27T08:30:00Z'), 'America/Los_Angeles')).toBe('2026-11-27');
  });
});

describe('agencyCalendar', () => {
  afterEach(() => vi.useRealTimers());

  it('today() is the agency’s day at 23:30 in New York, though UTC is already the next day', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T04:30:00Z'));
    expect(agencyCalendar(NEW_YORK).today()).toBe('2026-11-26');
    expect(agencyCalendar('UTC').today()).toBe('2026-11-27');
    expect(new Date().toISOString().slice(0, 10)).toBe('2026-11-27');
  });

  it('reads the clock it is given, and dayOf() is the day of a stored instant', () => {
    const calendar = agencyCalendar(NEW_YORK, () => new Date('2026-03-08T04:59:59Z'));
    expect(calendar.today()).toBe('2026-03-07');
    expect(calendar.dayOf(new Date('2026-03-08T05:00:00Z'))).toBe('2026-03-08');
    expect(calendar.timeZone).toBe(NEW_YORK);
  });

  it('refuses a name that is not a time zone', () => {
    expect(() => agencyCalendar('America/Springfield')).toThrow(/America\/Springfield/);
  });
});

describe('isTimeZoneName', () => {
  it.each([
    [DEFAULT_AGENCY_TIME_ZONE, true],
    ['America/Chicago', true],
    ['America/Argentina/Buenos_Aires', true],
    ['Pacific/Honolulu', true],
    ['UTC', true],
    ['Etc/UTC', true],
    ['America/Springfield', false],
    ['New York', false],
    ['EST', false],
    ['EST5EDT', false],
    ['+05:00', false],
    ['-0500', false],
    ['', false],
    ['America/New_York\n', false],
    ['../../etc/passwd', false],
  ] as const)('%j → %s', (name, ok) => {
    expect(isTimeZoneName(name)).toBe(ok);
  });
});

describe('calendarDateOfIso', () => {
  it('reads a yyyy-MM-dd day back as its year, month and day', () => {
    expect(calendarDateOfIso('2026-11-26')).toEqual({ year: 2026, month: 11, day: 26 });
    expect(isoDateOf(calendarDateOfIso('2028-02-29'))).toBe('2028-02-29');
  });
});

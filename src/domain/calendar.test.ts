import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  addMonths,
  addMonthsToMonth,
  agencyCalendar,
  calendarDateOfIso,
  dayFromParts,
  dayIn,
  dayInMonth,
  dayNumber,
  dayOfMonth,
  dayOfNumber,
  daysBetween,
  daysInMonth,
  DEFAULT_AGENCY_TIME_ZONE,
  endOfDayIn,
  firstOfNextMonth,
  isIsoDay,
  isoDateOf,
  isTimeZoneName,
  lastOfMonth,
  monthsBetween,
  parseDay,
  startOfDayIn,
  todayIn,
  utcDayOf,
  weekdayOf,
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

describe('todayIn and utcDayOf', () => {
  it.each([
    // [now (UTC), today in New York, in Los Angeles, the UTC day]
    ['2026-11-27T04:30:00Z', '2026-11-26', '2026-11-26', '2026-11-27'], // 23:30 in New York: UTC is tomorrow
    ['2026-11-27T07:59:59Z', '2026-11-27', '2026-11-26', '2026-11-27'],
    ['2026-03-09T03:30:00Z', '2026-03-08', '2026-03-08', '2026-03-09'], // 23:30 EDT on the short day
  ] as const)('at %s', (now, newYork, losAngeles, utc) => {
    expect(todayIn(NEW_YORK, new Date(now))).toBe(newYork);
    expect(todayIn('America/Los_Angeles', new Date(now))).toBe(losAngeles);
    expect(todayIn(undefined, new Date(now))).toBe(newYork);
    expect(utcDayOf(new Date(now))).toBe(utc);
  });
});

describe('startOfDayIn and endOfDayIn: a day of the agency as instants', () => {
  it.each([
    ['2026-11-26', '2026-11-26T05:00:00.000Z', '2026-11-27T04:59:59.999Z', 'a 24-hour day (EST)'],
    ['2026-03-08', '2026-03-08T05:00:00.000Z', '2026-03-09T03:59:59.999Z', 'the 23-hour day DST begins'],
    ['2026-11-01', '2026-11-01T04:00:00.000Z', '2026-11-02T04:59:59.999Z', 'the 25-hour day DST ends'],
  ] as const)('%s in New York: %s to %s (%s)', (day, start, end, _why) => {
    expect(startOfDayIn(day, NEW_YORK).toISOString()).toBe(start);
    expect(endOfDayIn(day, NEW_YORK).toISOString()).toBe(end);
  });

  it.each([
    // Santiago's clocks jump from 00:00 to 01:00 on 6 September 2026: that day has no midnight.
    ['2026-09-05', '2026-09-05T04:00:00.000Z', '2026-09-06T03:59:59.999Z'],
    ['2026-09-06', '2026-09-06T04:00:00.000Z', '2026-09-07T02:59:59.999Z'],
    // They fall back from 00:00 to 23:00 on 5 April 2026: the 4th runs an hour longer.
    ['2026-04-04', '2026-04-04T03:00:00.000Z', '2026-04-05T03:59:59.999Z'],
    ['2026-04-05', '2026-04-05T04:00:00.000Z', '2026-04-06T03:59:59.999Z'],
  ] as const)('%s in Santiago, where DST changes at midnight: %s to %s', (day, start, end) => {
    expect(startOfDayIn(day, 'America/Santiago').toISOString()).toBe(start);
    expect(endOfDayIn(day, 'America/Santiago').toISOString()).toBe(end);
  });
});

describe('isIsoDay and parseDay: only real calendar days', () => {
  it.each([
    ['2026-11-26', true],
    ['2028-02-29', true], // a leap year
    ['2026-02-29', false], // not one
    ['2100-02-29', false], // a century that is not a leap year
    ['2000-02-29', true], // one that is
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['2026-1-05', false],
    ['2026-11-26T00:00:00Z', false],
    ['', false],
  ] as const)('%j → %s', (value, real) => {
    expect(isIsoDay(value)).toBe(real);
    if (real) expect(parseDay(value).toISOString()).toBe(`${value}T00:00:00.000Z`);
    else expect(() => parseDay(value)).toThrow(RangeError);
  });
});

describe('addDays: calendar days, whatever the time zone does', () => {
  it.each([
    ['2026-11-26', 1, '2026-11-27'],
    ['2026-12-31', 1, '2027-01-01'], // over a year's end
    ['2028-02-28', 1, '2028-02-29'], // onto a leap day
    ['2026-02-28', 1, '2026-03-01'], // no leap day
    ['2026-03-07', 1, '2026-03-08'], // DST begins in New York on the 8th: still one day
    ['2026-03-08', 1, '2026-03-09'],
    ['2026-10-31', 2, '2026-11-02'], // DST ends on the 1st
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-11-27', -30, '2026-10-28'],
    ['2026-11-26', 0, '2026-11-26'],
  ] as const)('%s + %i → %s', (day, days, answer) => {
    expect(addDays(day, days)).toBe(answer);
    expect(daysBetween(day, answer)).toBe(days);
  });
});

describe('addMonths: the same day of the month, or the month’s last day', () => {
  it.each([
    // A monthly draft on the 31st falls on the last day of a shorter month, never in the month after.
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'], // a leap year
    ['2026-01-31', 2, '2026-03-31'], // counted from the 31st, not from 28 February
    ['2026-03-31', 1, '2026-04-30'],
    ['2026-03-31', -1, '2026-02-28'],
    ['2027-01-05', 2, '2027-03-05'],
    ['2026-11-15', 3, '2027-02-15'], // over a year's end
    ['2028-02-29', 12, '2029-02-28'], // a leap day a year on
    ['2026-03-08', 1, '2026-04-08'], // the day DST begins changes nothing
    ['2026-11-26', 0, '2026-11-26'],
  ] as const)('%s + %i months → %s', (day, months, answer) => {
    expect(addMonths(day, months)).toBe(answer);
  });

  it('counts whole calendar months between two days, the days ignored', () => {
    expect(monthsBetween('2026-01-31', '2026-02-01')).toBe(1);
    expect(monthsBetween('2026-11-26', '2030-02-01')).toBe(39);
    expect(monthsBetween('2026-03-01', '2026-02-28')).toBe(-1);
  });
});

describe('the parts of a month', () => {
  it.each([
    // [day, day of month, weekday (0 Sunday), first of next month, last of its month]
    ['2026-11-26', 26, 4, '2026-12-01', '2026-11-30'],
    ['2026-12-31', 31, 4, '2027-01-01', '2026-12-31'],
    ['2028-02-10', 10, 4, '2028-03-01', '2028-02-29'],
    ['2026-02-01', 1, 0, '2026-03-01', '2026-02-28'],
  ] as const)('%s', (day, date, weekday, nextFirst, last) => {
    expect(dayOfMonth(day)).toBe(date);
    expect(weekdayOf(day)).toBe(weekday);
    expect(firstOfNextMonth(day)).toBe(nextFirst);
    expect(lastOfMonth(day)).toBe(last);
  });

  it.each([
    ['2026-02', 31, '2026-02-28'],
    ['2028-02', 31, '2028-02-29'],
    ['2026-04', 31, '2026-04-30'],
    ['2026-12', 31, '2026-12-31'],
    ['2026-02', 5, '2026-02-05'],
  ] as const)('day %2$i of %1$s → %3$s', (month, day, answer) => {
    expect(dayInMonth(month, day)).toBe(answer);
  });

  it('knows each month’s length, and moves a month by months', () => {
    expect([2026, 2028, 2100, 2000].map((y) => daysInMonth(y, 2))).toEqual([28, 29, 28, 29]);
    expect(daysInMonth(2026, 9)).toBe(30);
    expect(addMonthsToMonth('2026-11', 3)).toBe('2027-02');
    expect(addMonthsToMonth('2027-01', -1)).toBe('2026-12');
    expect(dayFromParts(2026, 2, 30)).toBe('2026-02-28');
  });

  it('numbers days from 1970-01-01 and back', () => {
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayNumber('2026-11-26')).toBe(20_783);
    expect(dayOfNumber(20_783)).toBe('2026-11-26');
    expect(dayOfNumber(-1)).toBe('1969-12-31');
  });
});

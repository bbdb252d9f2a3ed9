import { describe, expect, it } from 'vitest';
import { agencyHolidaysBetween, isAgencyClosed } from './closed-days';
import { DEFAULT_SLOT_RULES, openSlots, type CounsellorAvailability } from './slots';

const everyDay: CounsellorAvailability = {
  id: 'ana',
  languages: ['en'],
  weeklyHours: ([1, 2, 3, 4, 5, 6, 7] as const).map((weekday) => ({
    weekday,
    startMinute: 540,
    endMinute: 1020,
  })),
  timeOff: [],
  calls: [],
};
const TZ = 'America/New_York';
const daysOffered = (daysOff?: ReadonlySet<string>) =>
  new Set(
    openSlots({
      counsellors: [everyDay],
      agencyTimeZone: TZ,
      rules: DEFAULT_SLOT_RULES,
      now: new Date('2026-12-20T12:00:00Z'),
      from: new Date('2026-12-22T05:00:00Z'),
      to: new Date('2026-12-28T05:00:00Z'),
      daysOff,
    }).map((s) => new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(s.startsAt)),
  );

describe('the days the agency is closed', () => {
  it('offers no slot on Christmas Day, nor on a day off staff added (Christmas Eve)', () => {
    expect([...daysOffered()].sort()).toEqual([
      '2026-12-22',
      '2026-12-23',
      '2026-12-24',
      '2026-12-26',
      '2026-12-27',
    ]);
    expect(daysOffered(new Set(['2026-12-24'])).has('2026-12-24')).toBe(false);
  });

  it('closes on the bank holidays and on a fixed-date holiday itself when it falls on a weekend', () => {
    expect(isAgencyClosed('2026-11-26')).toBe(true); // Thanksgiving
    expect(isAgencyClosed('2027-12-25')).toBe(true); // a Saturday: the Fed observes none
    expect(isAgencyClosed('2027-07-05')).toBe(true); // the Monday after a Sunday Independence Day
    expect(isAgencyClosed('2026-12-24')).toBe(false);
    expect(isAgencyClosed('2026-12-24', new Set(['2026-12-24']))).toBe(true);
  });

  it('lists the holidays of a span in date order', () => {
    expect(agencyHolidaysBetween('2026-12-01', '2027-01-31').map((h) => h.day)).toEqual([
      '2026-12-25',
      '2027-01-01',
      '2027-01-18',
    ]);
  });
});

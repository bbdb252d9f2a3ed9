import { describe, expect, it } from 'vitest';
import { assignmentOrder } from './assignment';
import {
  counsellorsFreeAt,
  DEFAULT_SLOT_RULES,
  localTimeOf,
  openSlots,
  type CounsellorAvailability,
  type WeeklyHours,
} from './slots';

const NY = 'America/New_York';
const LA = 'America/Los_Angeles';
const rules = { callMinutes: 30, bufferMinutes: 15, minimumNoticeMinutes: 120, horizonDays: 28 };
const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString().replace('.000Z', 'Z');

// Mornings, Monday to Friday, 9:00 to 12:00 in the agency's time (New York).
const mornings: WeeklyHours[] = ([1, 2, 3, 4, 5] as const).map((weekday) => ({
  weekday,
  startMinute: 9 * 60,
  endMinute: 12 * 60,
}));

const counsellor = (over: Partial<CounsellorAvailability> = {}): CounsellorAvailability => ({
  id: 'ana',
  languages: ['en'],
  weeklyHours: mornings,
  timeOff: [],
  calls: [],
  ...over,
});

const starts = (o: Partial<Parameters<typeof openSlots>[0]>) =>
  openSlots({
    counsellors: [counsellor()],
    agencyTimeZone: NY,
    rules,
    now: at('2026-03-01T12:00:00Z'),
    from: at('2026-03-06T00:00:00Z'),
    to: at('2026-03-10T00:00:00Z'),
    ...o,
  }).map((s) => iso(s.startsAt));

describe('open slots over the week the clocks go forward (8 March 2026 in New York)', () => {
  it('offers 9:00, 9:45, 10:30 and 11:15 each morning, a UTC hour earlier after the change', () => {
    // A 30-minute call and 15 minutes' buffer: a new call every 45 minutes, the last ending 11:45 (12:15 would
    // run past noon). Friday is EST (UTC-5), Monday EDT (UTC-4); the weekend has no hours.
    expect(starts({})).toEqual([
      '2026-03-06T14:00:00Z',
      '2026-03-06T14:45:00Z',
      '2026-03-06T15:30:00Z',
      '2026-03-06T16:15:00Z',
      '2026-03-09T13:00:00Z',
      '2026-03-09T13:45:00Z',
      '2026-03-09T14:30:00Z',
      '2026-03-09T15:15:00Z',
    ]);
  });

  it('shows the same slots at 6:00 in Los Angeles on both sides of the change (both zones moved)', () => {
    const slots = openSlots({
      counsellors: [counsellor()],
      agencyTimeZone: NY,
      rules,
      now: at('2026-03-01T12:00:00Z'),
      from: at('2026-03-06T00:00:00Z'),
      to: at('2026-03-10T00:00:00Z'),
    });
    expect(slots.map((s) => localTimeOf(s.startsAt, LA))).toEqual([
      { day: '2026-03-06', time: '06:00' },
      { day: '2026-03-06', time: '06:45' },
      { day: '2026-03-06', time: '07:30' },
      { day: '2026-03-06', time: '08:15' },
      { day: '2026-03-09', time: '06:00' },
      { day: '2026-03-09', time: '06:45' },
      { day: '2026-03-09', time: '07:30' },
      { day: '2026-03-09', time: '08:15' },
    ]);
    expect(localTimeOf(slots[4]!.startsAt, NY)).toEqual({ day: '2026-03-09', time: '09:00' });
  });

  it('keeps the agency hours when the clocks go back (1 November 2026): Friday EDT, Monday EST', () => {
    const found = starts({
      now: at('2026-10-20T12:00:00Z'),
      from: at('2026-10-30T00:00:00Z'),
      to: at('2026-11-03T00:00:00Z'),
    });
    expect(found[0]).toBe('2026-10-30T13:00:00Z');
    expect(found[4]).toBe('2026-11-02T14:00:00Z');
    expect(found).toHaveLength(8);
  });

  it('counts the day in the agency time zone: a late Sunday evening in Los Angeles is not Monday', () => {
    // Sunday 22:00 in Los Angeles is Monday 01:00 in New York, before any hours: nothing until Monday 9:00 ET.
    const found = starts({ from: at('2026-03-09T05:00:00Z'), to: at('2026-03-09T14:00:00Z') });
    expect(found).toEqual(['2026-03-09T13:00:00Z', '2026-03-09T13:45:00Z']);
  });
});

describe('what takes a slot away', () => {
  it.each([
    {
      name: 'the minimum notice: at 8:30 EST nothing before 10:30 EST',
      over: { now: at('2026-03-06T13:30:00Z') },
      first: '2026-03-06T15:30:00Z',
      count: 6,
    },
    {
      name: 'the horizon: less than four weeks ahead (9:45 is exactly four weeks away, so out)',
      over: { now: at('2026-02-06T14:45:00Z') },
      first: '2026-03-06T14:00:00Z',
      count: 1,
    },
    {
      name: 'a call at 9:45: that slot only (the buffers meet, not overlap)',
      over: {
        counsellors: [
          counsellor({
            calls: [{ startsAt: at('2026-03-06T14:45:00Z'), endsAt: at('2026-03-06T15:15:00Z') }],
          }),
        ],
      },
      first: '2026-03-06T14:00:00Z',
      count: 7,
    },
    {
      name: 'a call booked off the grid at 9:50: 9:45 and 10:30 both fall within its buffer',
      over: {
        counsellors: [
          counsellor({
            calls: [{ startsAt: at('2026-03-06T14:50:00Z'), endsAt: at('2026-03-06T15:20:00Z') }],
          }),
        ],
      },
      first: '2026-03-06T14:00:00Z',
      count: 6,
    },
    {
      name: 'time off all of Friday',
      over: {
        counsellors: [
          counsellor({
            timeOff: [{ startsAt: at('2026-03-06T05:00:00Z'), endsAt: at('2026-03-07T05:00:00Z') }],
          }),
        ],
      },
      first: '2026-03-09T13:00:00Z',
      count: 4,
    },
    {
      name: 'time off from 10:00 EST: the 9:45 call would run into it',
      over: {
        counsellors: [
          counsellor({
            timeOff: [{ startsAt: at('2026-03-06T15:00:00Z'), endsAt: at('2026-03-06T18:00:00Z') }],
          }),
        ],
      },
      first: '2026-03-06T14:00:00Z',
      count: 5,
    },
  ])('$name', ({ over, first, count }) => {
    const found = starts(over);
    expect(found[0]).toBe(first);
    expect(found).toHaveLength(count);
  });

  it('offers nothing when the span lies wholly before the minimum notice', () => {
    expect(starts({ now: at('2026-03-10T00:00:00Z') })).toEqual([]);
  });
});

describe('several counsellors', () => {
  const ana = counsellor();
  const luis = counsellor({
    id: 'luis',
    languages: ['en', 'es'],
    // Afternoons on Monday only, 13:00 to 14:00 ET.
    weeklyHours: [{ weekday: 1, startMinute: 13 * 60, endMinute: 14 * 60 }],
  });
  const both = counsellor({ id: 'bea', languages: ['es'] });

  it('merges their slots, each with who is free and the languages they speak', () => {
    const slots = openSlots({
      counsellors: [ana, luis, both],
      agencyTimeZone: NY,
      rules,
      now: at('2026-03-01T12:00:00Z'),
      from: at('2026-03-09T00:00:00Z'),
      to: at('2026-03-10T00:00:00Z'),
    });
    expect(slots.map((s) => [iso(s.startsAt), s.counsellorIds.join('+'), s.languages.join('+')])).toEqual([
      ['2026-03-09T13:00:00Z', 'ana+bea', 'en+es'],
      ['2026-03-09T13:45:00Z', 'ana+bea', 'en+es'],
      ['2026-03-09T14:30:00Z', 'ana+bea', 'en+es'],
      ['2026-03-09T15:15:00Z', 'ana+bea', 'en+es'],
      ['2026-03-09T17:00:00Z', 'luis', 'en+es'],
    ]);
  });

  it('lists only the times a speaker of the asked language is free', () => {
    const slots = openSlots({
      counsellors: [ana, luis],
      agencyTimeZone: NY,
      rules,
      now: at('2026-03-01T12:00:00Z'),
      from: at('2026-03-09T00:00:00Z'),
      to: at('2026-03-10T00:00:00Z'),
      language: 'es',
    });
    expect(slots.map((s) => iso(s.startsAt))).toEqual(['2026-03-09T17:00:00Z']);
  });

  it('names who is free at one start: on the grid of their hours and without a call in the way', () => {
    const slot = { startsAt: at('2026-03-09T13:00:00Z'), endsAt: at('2026-03-09T13:30:00Z') };
    const busyBea = { ...both, calls: [slot] };
    expect(counsellorsFreeAt({ counsellors: [ana, luis, busyBea], agencyTimeZone: NY, rules, slot })).toEqual(
      ['ana'],
    );
    const offGrid = { startsAt: at('2026-03-09T13:10:00Z'), endsAt: at('2026-03-09T13:40:00Z') };
    expect(counsellorsFreeAt({ counsellors: [ana], agencyTimeZone: NY, rules, slot: offGrid })).toEqual([]);
  });
});

describe('the defaults', () => {
  it('are half-hour calls, 15 minutes apart, two hours ahead at the soonest, four weeks at most', () => {
    expect(DEFAULT_SLOT_RULES).toEqual(rules);
  });
});

describe('assignment order', () => {
  const t = (iso: string) => new Date(iso);
  it.each([
    {
      name: 'least recently assigned first; never assigned before anyone',
      language: 'en',
      candidates: [
        { id: 'a', languages: ['en'], lastAssignedAt: t('2026-03-02T10:00:00Z') },
        { id: 'b', languages: ['en'], lastAssignedAt: t('2026-03-01T10:00:00Z') },
        { id: 'c', languages: ['en'], lastAssignedAt: null },
      ],
      order: ['c', 'b', 'a'],
    },
    {
      name: 'speakers of the asked language first, even when assigned more recently',
      language: 'es',
      candidates: [
        { id: 'a', languages: ['en'], lastAssignedAt: null },
        { id: 'b', languages: ['en', 'es'], lastAssignedAt: t('2026-03-02T10:00:00Z') },
        { id: 'c', languages: ['es'], lastAssignedAt: t('2026-03-01T10:00:00Z') },
      ],
      order: ['c', 'b', 'a'],
    },
    {
      name: 'a tie goes by id, so every server orders alike',
      language: 'en',
      candidates: [
        { id: 'b', languages: ['en'], lastAssignedAt: null },
        { id: 'a', languages: ['en'], lastAssignedAt: null },
      ],
      order: ['a', 'b'],
    },
  ])('$name', ({ candidates, language, order }) => {
    expect(assignmentOrder(candidates, language)).toEqual(order);
  });
});

import { describe, expect, it } from 'vitest';
import type { CallState } from './calls';
import { agencyDayBounds, outcomeRefusal } from './outcome';

const NY = 'America/New_York';

describe('outcomeRefusal', () => {
  // now: Tuesday 10 March 2026, 09:00 in New York (13:00Z, after the clocks went forward).
  const now = new Date('2026-03-10T13:00:00Z');
  it.each<[string, CallState, string, ReturnType<typeof outcomeRefusal>]>([
    ['booked, started an hour ago', 'booked', '2026-03-10T12:00:00Z', null],
    ['rescheduled, yesterday', 'rescheduled', '2026-03-09T15:00:00Z', null],
    ['booked, later today (rang early)', 'booked', '2026-03-10T20:00:00Z', null],
    ['booked, 23:30 today New York time (next day in UTC)', 'booked', '2026-03-11T03:30:00Z', null],
    ['booked, tomorrow', 'booked', '2026-03-11T13:00:00Z', 'notYet'],
    ['booked, 00:30 tomorrow New York time', 'booked', '2026-03-11T04:30:00Z', 'notYet'],
    ['cancelled', 'cancelled', '2026-03-10T12:00:00Z', 'notLive'],
    ['completed already', 'completed', '2026-03-10T12:00:00Z', 'notLive'],
    ['missed already', 'missed', '2026-03-10T12:00:00Z', 'notLive'],
  ])('%s', (_, state, startsAt, expected) => {
    expect(outcomeRefusal({ state, startsAt: new Date(startsAt) }, now, NY)).toBe(expected);
  });
});

describe('agencyDayBounds', () => {
  it.each([
    ['an ordinary day', '2026-03-10T13:00:00Z', '2026-03-10T04:00:00.000Z', '2026-03-11T04:00:00.000Z'],
    [
      'late evening (already tomorrow in UTC)',
      '2026-03-11T03:30:00Z',
      '2026-03-10T04:00:00.000Z',
      '2026-03-11T04:00:00.000Z',
    ],
    [
      'the day the clocks go forward (23 hours)',
      '2026-03-08T15:00:00Z',
      '2026-03-08T05:00:00.000Z',
      '2026-03-09T04:00:00.000Z',
    ],
    [
      'the day the clocks go back (25 hours)',
      '2026-11-01T15:00:00Z',
      '2026-11-01T04:00:00.000Z',
      '2026-11-02T05:00:00.000Z',
    ],
  ])('%s', (_, now, from, to) => {
    const bounds = agencyDayBounds(new Date(now), NY);
    expect(bounds.from.toISOString()).toBe(from);
    expect(bounds.to.toISOString()).toBe(to);
  });
});

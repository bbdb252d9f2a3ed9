import { describe, expect, it } from 'vitest';
import type { CallState } from './calls';
import { dueReminder } from './reminders';

const START = new Date('2026-12-01T15:00:00Z');
const at = (hoursBefore: number) => new Date(START.getTime() - hoursBefore * 3_600_000);

describe('dueReminder', () => {
  // [what, state, booked hours before the start, now hours before the start, due]
  const cases: [string, CallState, number, number, ReturnType<typeof dueReminder>][] = [
    ['booked a week ahead, 25 hours before', 'booked', 168, 25, null],
    ['booked a week ahead, exactly a day before', 'booked', 168, 24, 'day'],
    ['booked a week ahead, 3 hours before', 'booked', 168, 3, 'day'],
    ['booked a week ahead, exactly an hour before', 'booked', 168, 1, 'hour'],
    ['booked a week ahead, 10 minutes before', 'booked', 168, 1 / 6, 'hour'],
    ['at the start', 'booked', 168, 0, null],
    ['after the start', 'booked', 168, -0.5, null],
    ['booked this morning for this afternoon, 5 hours before', 'booked', 6, 5, null],
    ['booked this morning for this afternoon, 30 minutes before', 'booked', 6, 0.5, 'hour'],
    ['moved two days ahead, 20 hours before', 'rescheduled', 48, 20, 'day'],
    ['cancelled, 30 minutes before', 'cancelled', 168, 0.5, null],
    ['completed, 30 minutes before', 'completed', 168, 0.5, null],
  ];
  it.each(cases)('%s', (_what, state, bookedBefore, nowBefore, due) => {
    expect(dueReminder({ startsAt: START, state, changedAt: at(bookedBefore) }, at(nowBefore))).toBe(due);
  });
});

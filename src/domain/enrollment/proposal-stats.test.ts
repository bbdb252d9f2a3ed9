import { describe, expect, it } from 'vitest';
import {
  type AnswerCount,
  creditorAnswerStats,
  daysWaiting,
  DEFAULT_RESPONSE_DAYS,
  overdueBefore,
} from './proposal-stats';

describe('creditorAnswerStats', () => {
  it.each<[string, AnswerCount[], ReturnType<typeof creditorAnswerStats>]>([
    ['no answers', [], { answered: 0, acceptanceRate: null, medianDaysToAnswer: null }],
    [
      'zero counts only',
      [{ answer: 'accepted', days: 3, count: 0 }],
      { answered: 0, acceptanceRate: null, medianDaysToAnswer: null },
    ],
    [
      'one acceptance',
      [{ answer: 'accepted', days: 12, count: 1 }],
      { answered: 1, acceptanceRate: 1, medianDaysToAnswer: 12 },
    ],
    [
      'a counter-offer counts as accepted, a decline does not',
      [
        { answer: 'countered', days: 10, count: 1 },
        { answer: 'declined', days: 20, count: 1 },
        { answer: 'accepted', days: 30, count: 2 },
      ],
      { answered: 4, acceptanceRate: 0.75, medianDaysToAnswer: 25 },
    ],
    [
      'odd count: the middle answer, the same days counted across kinds',
      [
        { answer: 'declined', days: 5, count: 2 },
        { answer: 'accepted', days: 5, count: 1 },
        { answer: 'accepted', days: 40, count: 2 },
      ],
      { answered: 5, acceptanceRate: 0.6, medianDaysToAnswer: 5 },
    ],
    [
      'even count: the mean of the two middle answers, unordered input',
      [
        { answer: 'accepted', days: 9, count: 1 },
        { answer: 'declined', days: 2, count: 1 },
        { answer: 'accepted', days: 4, count: 1 },
        { answer: 'declined', days: 100, count: 1 },
      ],
      { answered: 4, acceptanceRate: 0.5, medianDaysToAnswer: 6.5 },
    ],
    [
      'a million answers',
      [
        { answer: 'accepted', days: 14, count: 600_000 },
        { answer: 'declined', days: 45, count: 400_000 },
      ],
      { answered: 1_000_000, acceptanceRate: 0.6, medianDaysToAnswer: 14 },
    ],
  ])('%s', (_, counts, expected) => {
    expect(creditorAnswerStats(counts)).toEqual(expected);
  });
});

describe('overdue proposals', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  it.each([
    [undefined, '2026-10-28T12:00:00.000Z'],
    [DEFAULT_RESPONSE_DAYS, '2026-10-28T12:00:00.000Z'],
    [10, '2026-11-17T12:00:00.000Z'],
  ])('with %s response days, is before %s', (days, iso) => {
    expect(overdueBefore(now, days).toISOString()).toBe(iso);
  });
  it.each([
    ['2026-11-27T11:00:00Z', 0],
    ['2026-11-26T11:59:00Z', 1],
    ['2026-10-20T12:00:00Z', 38],
    ['2026-12-01T00:00:00Z', 0],
  ])('counts whole days waited since %s', (since, days) => {
    expect(daysWaiting(new Date(since), now)).toBe(days);
  });
});

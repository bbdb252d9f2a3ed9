import { describe, expect, it } from 'vitest';
import { LAST_DRAFT_DAY_OF_MONTH } from '../underwriting/constants';
import { changeDraftDay, DRAFT_DAY_REFUSALS } from './draft-day-change';
import { draftDateAt, nextDraftOnOrAfter } from './plan-terms';

const plan = (draftDayChanges: string[] = [], termInMonths = 24) => ({
  firstDraftDate: '2027-01-20',
  termInMonths,
  draftDayChanges,
});

describe('draftDateAt: one draft a month, on the day in effect that month', () => {
  it.each([
    { changes: [], k: 0, date: '2027-01-20' },
    { changes: [], k: 13, date: '2028-02-20' },
    { changes: ['2027-04-05'], k: 2, date: '2027-03-20' },
    { changes: ['2027-04-05'], k: 3, date: '2027-04-05' },
    { changes: ['2027-04-05'], k: 11, date: '2027-12-05' },
    { changes: ['2027-04-05', '2027-06-28'], k: 4, date: '2027-05-05' },
    { changes: ['2027-04-05', '2027-06-28'], k: 5, date: '2027-06-28' },
    // A change in the first draft's month moves the first draft itself.
    { changes: ['2027-01-27'], k: 0, date: '2027-01-27' },
  ])('changes $changes, draft $k → $date', ({ changes, k, date }) => {
    expect(draftDateAt({ firstDraftDate: '2027-01-20', draftDayChanges: changes }, k)).toBe(date);
  });

  it.each([
    // A plan recorded before draft days stopped at the 28th: on the 31st, in a shorter month its last day.
    [0, '2026-01-31'],
    [1, '2026-02-28'],
    [2, '2026-03-31'],
    [3, '2026-04-30'],
    [25, '2028-02-29'],
  ])('a legacy first draft on the 31st, draft %i → %s', (k, date) => {
    expect(draftDateAt({ firstDraftDate: '2026-01-31' }, k)).toBe(date);
  });

  it('the next draft follows the changed day', () => {
    expect(nextDraftOnOrAfter(plan(['2027-04-05']), '2027-03-21')).toBe('2027-04-05');
    expect(nextDraftOnOrAfter(plan(['2027-04-05']), '2027-03-20')).toBe('2027-03-20');
  });
});

describe('changeDraftDay: from the first draft at least 10 days away on both days', () => {
  it.each([
    {
      why: 'an earlier day: the draft 8 days away stays, the next month moves',
      changes: [],
      day: 5,
      today: '2027-03-12',
      first: '2027-04-05',
      before: ['2027-03-20'],
      after: ['2027-04-05'],
    },
    {
      why: 'a later day with enough notice moves this month’s draft',
      changes: [],
      day: 28,
      today: '2027-03-01',
      first: '2027-03-28',
      before: [],
      after: ['2027-03-28'],
    },
    {
      why: 'an earlier day this month would come with under 10 days’ notice: next month',
      changes: [],
      day: 8,
      today: '2027-03-01',
      first: '2027-04-08',
      before: ['2027-03-20'],
      after: ['2027-04-08'],
    },
    {
      why: 'exactly 10 days ahead is enough',
      changes: [],
      day: 25,
      today: '2027-03-10',
      first: '2027-03-25',
      before: [],
      after: ['2027-03-25'],
    },
    {
      why: 'a second change before the first started replaces it',
      changes: ['2027-04-05'],
      day: 12,
      today: '2027-03-01',
      first: '2027-03-12',
      before: [],
      after: ['2027-03-12'],
    },
    {
      why: 'a second change after the first started keeps its months',
      changes: ['2027-04-05'],
      day: 12,
      today: '2027-06-01',
      first: '2027-07-12',
      before: ['2027-06-05'],
      after: ['2027-04-05', '2027-07-12'],
    },
    {
      why: 'a change pending in a month that is too close stays, the new day follows it',
      changes: ['2027-04-05'],
      day: 12,
      today: '2027-03-28',
      first: '2027-05-12',
      before: ['2027-04-05'],
      after: ['2027-04-05', '2027-05-12'],
    },
    {
      why: 'going back to the first day before a change started undoes it',
      changes: ['2027-04-05'],
      day: 20,
      today: '2027-03-01',
      first: '2027-03-20',
      before: [],
      after: [],
    },
  ])('$why', ({ changes, day, today, first, before, after }) => {
    expect(changeDraftDay(plan(changes), day, today)).toEqual({
      draftDay: day,
      firstDraftOnNewDay: first,
      draftsBeforeChange: before,
      draftDayChanges: after,
    });
  });

  it.each([
    { why: 'the day drafts are already on', changes: [], day: 20, refused: 'sameDay' },
    { why: 'the day of a change already made', changes: ['2027-04-05'], day: 5, refused: 'sameDay' },
    { why: 'the 29th', changes: [], day: 29, refused: 'notADraftDay' },
    { why: 'day 0', changes: [], day: 0, refused: 'notADraftDay' },
    { why: 'half a day', changes: [], day: 4.5, refused: 'notADraftDay' },
  ])('refuses $why', ({ changes, day, refused }) => {
    expect(changeDraftDay(plan(changes), day, '2027-03-01')).toEqual({ refused });
  });

  it('refuses when the plan ends within 10 days', () => {
    expect(changeDraftDay(plan([], 3), 5, '2027-03-15')).toEqual({ refused: 'planEndsFirst' });
    expect(changeDraftDay({ ...plan(), firstDraftDate: null }, 5, '2027-03-15')).toEqual({
      refused: 'planEndsFirst',
    });
  });

  it('keeps one draft a month and never moves a draft with less than 10 days’ notice', () => {
    for (const today of ['2027-02-25', '2027-03-03', '2027-03-11', '2027-03-19']) {
      for (let day = 1; day <= 28; day += 1) {
        const change = changeDraftDay(plan(), day, today);
        if ('refused' in change) {
          expect(change.refused).toBe('sameDay');
          continue;
        }
        const before = Array.from({ length: 24 }, (_, k) => draftDateAt(plan(), k));
        const after = Array.from({ length: 24 }, (_, k) => draftDateAt(plan(change.draftDayChanges), k));
        after.forEach((date, k) => {
          expect(date.slice(0, 7)).toBe(before[k]!.slice(0, 7));
          if (date !== before[k]) {
            const notice = (Date.parse(date) - Date.parse(today)) / 86_400_000;
            const oldNotice = (Date.parse(before[k]!) - Date.parse(today)) / 86_400_000;
            expect(Math.min(notice, oldNotice)).toBeGreaterThanOrEqual(10);
          }
        });
      }
    }
  });

  it('has a message for each refusal', () => {
    expect(DRAFT_DAY_REFUSALS.notADraftDay).toBe('Choose a day from the 1st to the 28th.');
    // The message names the last draft day in its words, in every language: it must be the plan's.
    expect(LAST_DRAFT_DAY_OF_MONTH).toBe(28);
  });
});

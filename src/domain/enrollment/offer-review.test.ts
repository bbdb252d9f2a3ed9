import { describe, expect, it } from 'vitest';
import { draftDayAfterPayday, draftDayProposal, suggestedDraftDay, usualPayday } from './offer-review';

describe('the payday read from income deposits, and the draft day after it', () => {
  it.each([
    // Paid on the 15th three months running: drafts on the 16th.
    [['2026-09-15', '2026-10-15', '2026-11-15'], 15, 16],
    // The 15th twice, once the 14th (a weekend moved it): still the 15th.
    [['2026-09-15', '2026-10-14', '2026-11-15'], 15, 16],
    // A tie: the earliest day.
    [['2026-10-03', '2026-10-17', '2026-11-03', '2026-11-17'], 3, 4],
    // Paid on the last day of the month: drafts on the 1st, which every month has.
    [['2026-09-30', '2026-10-30'], 30, 1],
    [['2026-10-28', '2026-11-28'], 28, 1],
    [['2026-10-27', '2026-11-27'], 27, 28],
    // One deposit says nothing about a payday.
    [['2026-11-15'], null, null],
    [[], null, null],
  ])('%j → payday %s, draft day %s', (dates, payday, draftDay) => {
    expect(usualPayday(dates)).toBe(payday);
    expect(suggestedDraftDay(dates)).toBe(draftDay);
    if (payday !== null) expect(draftDayAfterPayday(payday)).toBe(draftDay);
  });
});

describe('draftDayProposal: a bank connected after the day was chosen', () => {
  const paidOn15th = ['2026-09-15', '2026-10-15', '2026-11-15'];
  it.each([
    // Chose the 1st, paid on the 15th: propose the 16th.
    [paidOn15th, 1, { payday: 15, suggestedDraftDay: 16, chosenDraftDay: 1 }],
    // Already the day after payday: nothing to propose.
    [paidOn15th, 16, null],
    // No payday to read.
    [['2026-11-15'], 1, null],
  ])('%j, chosen %s → %j', (dates, chosen, expected) => {
    expect(draftDayProposal(dates, chosen)).toEqual(expected);
  });
});

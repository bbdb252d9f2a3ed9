import { describe, expect, it } from 'vitest';
import {
  draftDayAfterPayday,
  draftDayProposal,
  leaveOutWarning,
  reviewFit,
  reviewTerms,
  suggestedDraftDay,
  usualPayday,
  type ReviewOffer,
} from './offer-review';
import { planFitStateOf } from './plan-fit';

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

describe('reviewFit: the budget check re-run when the borrower leaves an offer out', () => {
  // Maria's budget leaves $426 a month; her three offers come to $374 a month (no fees here, so the draft is
  // the creditors' payments), leaving $52.
  const ROOM = 42_600;
  const offer = (id: string, newPayment: number, currentPayment: number): ReviewOffer => ({
    id,
    creditorName: id,
    currentBalance: 500_000,
    currentMonthlyPayment: currentPayment,
    newMonthlyPayment: newPayment,
    term: 60,
    currentApr: 2_190,
    proposedApr: 800,
    estimatedPayoffSavings: null,
  });
  const offers = [offer('bank', 20_400, 26_000), offer('store', 12_000, 15_000), offer('card', 5_000, 7_000)];
  const termsLeaving = (leftOut: string[]) =>
    reviewTerms({
      offers,
      leftOut: new Set(leftOut),
      cap: { setupFeeCap: null, monthlyFeeCap: null, monthlyFeeCapPerAccount: null },
      today: '2026-11-29',
      draftDay: 1,
      fees: { setupFee: 0, monthlyFee: 0 },
    });

  it.each([
    // As offered: $374 against $426, $52 to spare, no warning (the decision checked this plan).
    { leftOut: [], declined: 0, draft: 37_400, direct: 0, left: 5_200, warning: null },
    // Leaving out the $50 offer: she keeps paying that creditor $70 herself, $394 in all, $32 to spare.
    { leftOut: ['card'], declined: 0, draft: 32_400, direct: 7_000, left: 3_200, warning: 'thin' },
    // Leaving out the $120 offer (paid $150 directly): $404, $22 to spare.
    { leftOut: ['store'], declined: 0, draft: 25_400, direct: 15_000, left: 2_200, warning: 'thin' },
    // Both: $204 + $150 + $70 = $424, $2 to spare.
    { leftOut: ['store', 'card'], declined: 0, draft: 20_400, direct: 22_000, left: 200, warning: 'thin' },
    // The largest: $170 + $260 = $430, $4 more than the budget leaves: the plan no longer fits.
    { leftOut: ['bank'], declined: 0, draft: 17_000, direct: 26_000, left: -400, warning: 'short' },
    // A creditor that declined counts too: $324 + $70 + $92 = $486, $60 short.
    { leftOut: ['card'], declined: 9_200, draft: 32_400, direct: 16_200, left: -6_000, warning: 'short' },
    // A decline alone (nothing left out) is the creditors' answer, told by the plan-change email instead.
    { leftOut: [], declined: 9_200, draft: 37_400, direct: 9_200, left: -4_000, warning: null },
  ])('leaving out $leftOut (declined $declined) → $left left, warning $warning', (row) => {
    const terms = termsLeaving(row.leftOut);
    const fit = reviewFit(ROOM, terms, row.declined);
    expect(fit).toMatchObject({
      room: ROOM,
      monthlyDraft: row.draft,
      payDirectly: row.direct,
      monthlyTotal: row.draft + row.direct,
      left: row.left,
      fits: row.left >= 0,
      thin: row.left >= 0 && row.left < 5_000,
    });
    expect(leaveOutWarning(fit, terms)).toBe(row.warning);
  });
});

describe('planFitStateOf: the stored figure the queue reads', () => {
  it.each([
    [null, null],
    [-3_000, 'short'],
    [-1, 'short'],
    [0, 'thin'],
    [3_200, 'thin'],
    [4_999, 'thin'],
    [5_000, 'fits'],
    [5_200, 'fits'],
  ] as const)('%s left → %s', (left, state) => {
    expect(planFitStateOf(left)).toBe(state);
  });
});

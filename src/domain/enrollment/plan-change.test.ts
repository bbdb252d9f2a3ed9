import { describe, expect, it } from 'vitest';
import type { PlanFeeSettings, StateFeeCap } from '../underwriting/plan-fees';
import {
  answerEffects,
  answersSettled,
  authorizedAmountOf,
  changeAppliesFrom,
  drawableMonthlyDraft,
  draftsBeforeChange,
  planChange,
  type RecordedAnswer,
} from './plan-change';
import { planTerms, type PlanOfferInput } from './plan-terms';

const FEES: PlanFeeSettings = { setupFee: 3500, monthlyFee: 2500 };
/** The model law: '$10 x creditors remaining, max $50', set-up at most $50. */
const MODEL_LAW: StateFeeCap = { setupFeeCap: 5000, monthlyFeeCap: 5000, monthlyFeeCapPerAccount: 1000 };

const offer = (
  o: Partial<PlanOfferInput> & Pick<PlanOfferInput, 'id' | 'balance' | 'payment'>,
): PlanOfferInput => ({
  creditorName: o.id,
  term: 12,
  proposedAprBp: 0,
  currentAprBp: 2190,
  currentPayment: 5000,
  leftOutByBorrower: false,
  creditorAnswer: 'pending',
  ...o,
});

// Drafts on the 11th from January 2027: Capital One ($200 a month), Citi ($100), Discover ($60) and the
// agency's $25 fee (the cap, $10 per creditor, allows $30 for three): $385 a month.
const OFFERS = [
  offer({ id: 'capital-one', creditorName: 'Capital One', balance: 200_000, payment: 20_000 }),
  offer({ id: 'citi', creditorName: 'Citi', balance: 100_000, payment: 10_000, currentPayment: 5_800 }),
  offer({ id: 'discover', creditorName: 'Discover', balance: 60_000, payment: 6_000 }),
];
const termsOf = (offers: readonly PlanOfferInput[]) =>
  planTerms({ offers, fees: FEES, cap: MODEL_LAW, firstDraftDate: '2027-01-11' });
const AS_SIGNED = termsOf(OFFERS);

describe('changeAppliesFrom: the first draft at least 10 days after the change is announced', () => {
  const terms = { firstDraftDate: '2027-01-11', termInMonths: 12 };
  it.each([
    // Announced 1 March: 10 days later is the 11th, itself a draft day.
    ['2027-03-01', '2027-03-11'],
    // Announced 2 March: the 12th is after March's draft, so April's.
    ['2027-03-02', '2027-04-11'],
    // Announced before the first draft, far enough ahead: the first draft itself.
    ['2026-12-20', '2027-01-11'],
    // Announced 5 January, 6 days before the first draft: the second one.
    ['2027-01-05', '2027-02-11'],
    // Announced after the last draft but one's notice: the last draft (December 11).
    ['2027-12-01', '2027-12-11'],
    // Too late for any draft of the plan.
    ['2027-12-02', null],
  ])('announced %s → %s', (announced, expected) => {
    expect(changeAppliesFrom(terms, announced)).toBe(expected);
  });

  it('has no date before the plan has one', () => {
    expect(changeAppliesFrom({ firstDraftDate: null, termInMonths: 12 }, '2027-03-01')).toBeNull();
  });
});

describe('planChange: what the borrower is told after a creditor answers', () => {
  it('is nothing before the letter, with nothing changed, or with nobody left on the plan', () => {
    expect(AS_SIGNED.monthlyDraft).toBe(38_500);
    const declinedAll = termsOf(OFFERS.map((o) => ({ ...o, creditorAnswer: 'declined' as const })));
    expect
      .soft(
        planChange({
          terms: AS_SIGNED,
          authorizedMonthlyDraft: null,
          announced: '2027-03-01',
          today: '2027-03-01',
        }),
      )
      .toBeNull();
    expect
      .soft(
        planChange({
          terms: AS_SIGNED,
          authorizedMonthlyDraft: 38_500,
          announced: '2027-03-01',
          today: '2027-03-01',
        }),
      )
      .toBeNull();
    const accepted = termsOf(OFFERS.map((o) => ({ ...o, creditorAnswer: 'accepted' as const })));
    expect
      .soft(
        planChange({
          terms: accepted,
          authorizedMonthlyDraft: 38_500,
          announced: '2027-03-01',
          today: '2027-03-01',
        }),
      )
      .toBeNull();
    expect
      .soft(
        planChange({
          terms: declinedAll,
          authorizedMonthlyDraft: 38_500,
          announced: '2027-03-01',
          today: '2027-03-01',
        }),
      )
      .toBeNull();
  });

  it('a decline: Citi is paid directly ($58), the draft falls from $385 to $280 from the next draft 10 days on', () => {
    const terms = termsOf(
      OFFERS.map((o) => (o.id === 'citi' ? { ...o, creditorAnswer: 'declined' as const } : o)),
    );
    // $200 + $60 to the creditors, $20 fee for the two left.
    expect(terms.monthlyDraft).toBe(28_000);
    const change = planChange({
      terms,
      authorizedMonthlyDraft: 38_500,
      announced: '2027-03-02',
      today: '2027-03-20',
    });
    expect(change).toEqual({
      authorizedMonthlyDraft: 38_500,
      monthlyDraft: 28_000,
      // A lower amount is counted from the announcement, whenever My plan is read.
      appliesFrom: '2027-04-11',
      needsConfirmation: false,
      declinedByCreditor: [
        {
          id: 'citi',
          creditorName: 'Citi',
          balance: 100_000,
          currentPayment: 5_800,
          why: 'declinedByCreditor',
        },
      ],
      key: '28000|citi',
    });
  });

  it('a counter-offer: Discover asks $90 instead of $60, the draft rises to $415 and waits for a confirmation', () => {
    const terms = termsOf(OFFERS.map((o) => (o.id === 'discover' ? { ...o, payment: 9_000 } : o)));
    expect(terms.monthlyDraft).toBe(41_500);
    const announced = planChange({
      terms,
      authorizedMonthlyDraft: 38_500,
      announced: '2027-03-01',
      today: '2027-03-01',
    });
    expect(announced).toMatchObject({
      monthlyDraft: 41_500,
      needsConfirmation: true,
      appliesFrom: '2027-03-11',
      key: '41500|',
    });
    // Read on 5 March, not yet confirmed: if confirmed today, from April's draft (March 15 is past the 11th).
    const later = planChange({
      terms,
      authorizedMonthlyDraft: 38_500,
      announced: '2027-03-01',
      today: '2027-03-05',
    });
    expect(later).toMatchObject({ appliesFrom: '2027-04-11', key: '41500|' });
  });

  it('a decline the same amount covers: still told, with the same key until the terms change again', () => {
    const terms = termsOf(
      OFFERS.map((o) => (o.id === 'citi' ? { ...o, creditorAnswer: 'declined' as const } : o)),
    );
    const change = planChange({
      terms,
      authorizedMonthlyDraft: terms.monthlyDraft,
      announced: '2027-03-01',
      today: '2027-03-01',
    });
    expect(change).toMatchObject({ needsConfirmation: false, key: `${terms.monthlyDraft}|citi` });
  });
});

describe('drawableMonthlyDraft: a higher amount waits for the borrower', () => {
  it.each([
    // [terms' draft, authorized, drawn, awaiting]
    [41_500, 38_500, 38_500, 41_500],
    [28_000, 38_500, 28_000, null],
    [38_500, 38_500, 38_500, null],
    [38_500, null, 38_500, null],
  ])('terms %s, authorized %s → draws %s, awaiting %s', (monthlyDraft, authorized, drawn, awaiting) => {
    expect(drawableMonthlyDraft({ monthlyDraft }, authorized)).toEqual({
      monthlyDraft: drawn,
      awaitingConfirmation: awaiting,
    });
  });

  it('counts the letter and a confirmation as authorizations, not the acceptance', () => {
    expect(authorizedAmountOf({ kind: 'acceptance', monthlyDraftAmount: 1 })).toBeNull();
    expect(authorizedAmountOf({ kind: 'letter', monthlyDraftAmount: 2 })).toBe(2);
    expect(authorizedAmountOf({ kind: 'reauthorization', monthlyDraftAmount: 3 })).toBe(3);
    expect(authorizedAmountOf(null)).toBeNull();
  });
});

describe('one email per settled change', () => {
  const answered = (id: string, more: Partial<PlanOfferInput> = {}) => {
    const base = OFFERS.find((o) => o.id === id)!;
    return { ...base, creditorAnswer: 'accepted' as const, ...more };
  };
  const recorded = (id: string, more: Partial<RecordedAnswer> = {}): RecordedAnswer => {
    const base = OFFERS.find((o) => o.id === id)!;
    return {
      id,
      proposedPayment: base.payment,
      proposedAprBp: base.proposedAprBp,
      counterOffer: false,
      declineReasons: [],
      silent: false,
      silentAfterDays: null,
      ...more,
    };
  };

  it('is settled only once every creditor still on the plan has answered', () => {
    expect(answersSettled(AS_SIGNED)).toBe(false);
    const oneDeclined = termsOf([
      answered('capital-one'),
      { ...OFFERS[1]!, creditorAnswer: 'declined' },
      OFFERS[2]!,
    ]);
    expect(answersSettled(oneDeclined)).toBe(false);
    const all = termsOf([
      answered('capital-one'),
      { ...OFFERS[1]!, creditorAnswer: 'declined' },
      { ...OFFERS[2]!, leftOutByBorrower: true },
    ]);
    expect(answersSettled(all)).toBe(true);
  });

  it('names each answer and its effect: a counter-offer with its payment and rate, a decline, an agency that could not reach', () => {
    const terms = termsOf([
      answered('capital-one', { payment: 24_000, proposedAprBp: 990 }),
      { ...OFFERS[1]!, creditorAnswer: 'declined' },
      { ...OFFERS[2]!, creditorAnswer: 'declined' },
    ]);
    const effects = answerEffects(terms, [
      recorded('capital-one', { counterOffer: true }),
      recorded('citi', { declineReasons: ['termTooLong'] }),
      recorded('discover', { declineReasons: ['unableToContactTheLender', 'other'] }),
    ]);
    expect(effects).toEqual([
      {
        kind: 'counterOffer',
        id: 'capital-one',
        creditorName: 'Capital One',
        payment: 24_000,
        aprBp: 990,
        proposedPayment: 20_000,
        proposedAprBp: 0,
      },
      { kind: 'declined', id: 'citi', creditorName: 'Citi', currentPayment: 5_800 },
      // Ticked "unable to contact the lender": not the creditor's refusal.
      { kind: 'notReached', id: 'discover', creditorName: 'Discover', currentPayment: 5_000 },
    ]);
  });

  it('lists a silent creditor as silent, and a left-out creditor not at all', () => {
    const terms = termsOf([
      answered('capital-one'),
      { ...OFFERS[1]!, creditorAnswer: 'declined' },
      { ...OFFERS[2]!, leftOutByBorrower: true },
    ]);
    expect(
      answerEffects(terms, [
        recorded('capital-one'),
        recorded('citi', { silent: true, silentAfterDays: 30 }),
        recorded('discover'),
      ]).map((e) => e.kind),
    ).toEqual(['accepted', 'silentDeclined']);
  });

  it('says drafts stay at the authorized amount only when a draft comes before the change', () => {
    expect(draftsBeforeChange(AS_SIGNED, '2027-01-11')).toBe(false);
    expect(draftsBeforeChange(AS_SIGNED, '2027-02-11')).toBe(true);
    expect(draftsBeforeChange(AS_SIGNED, null)).toBe(false);
    expect(draftsBeforeChange({ firstDraftDate: null }, '2027-02-11')).toBe(false);
  });
});

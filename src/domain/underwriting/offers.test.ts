import { describe, expect, it } from 'vitest';
import { monthsToPayOff } from '../money/amortization';
import { MAX_PLAN_TERM_MONTHS } from './constants';
import { SHIPPED_CONCESSIONS, type ConcessionTable } from './concessions';
import { buildOffer, termLimitOf } from './offers';

describe('buildOffer', () => {
  it('raises the payment to pay off in 60 months when 2% would take longer (5,000 dollars at Chase)', () => {
    // 2% of 5,000 is 100 dollars; at 8% (0.667% a month) that takes 62 months, so the payment rises to the
    // 60-month payment: 5000 × r / (1 − (1 + r)^−60), r = 0.08 / 12 → 101.38 → 101.39.
    const offer = buildOffer(
      { itemId: 'd1', kind: 'debt', creditorName: 'JPMCB CARD', balance: 500000 },
      { hasHardship: false, concessions: SHIPPED_CONCESSIONS },
    );
    expect(offer).toMatchObject({
      itemId: 'd1',
      kind: 'debt',
      balance: 500000,
      payment: 10139,
      paymentPercentage: 203,
      term: 60,
      currentApr: 2190,
      proposedApr: 800,
      currentMinimumMonthlyPrincipalPaymentPercent: 100,
      // 5000 × 0.08 / 12 = 33.33; the rest of the first payment is principal.
      proposedMonthlyInterestPayment: 3333,
      proposedMonthlyPrincipalPayment: 6806,
      fee: 0,
      type: 'dmp',
      lenderConcessionId: 'chase@1',
      // 50 + 91.25 → 141.
      currentMonthlyPayment: 14100,
    });
    expect(monthsToPayOff(500000, 800, 10000)).toBe(62);
    // Paying 141 a month at 21.9% costs 3,122.19 of interest; the plan about 1,082.79.
    expect(offer.estimatedPayoffSavings).toBe(203940);
  });

  it('raises a hardship payment too: 1.75% of 20,000 dollars would take 73 months', () => {
    // 350 a month at 8%: n = −ln(1 − r × 20000 / 350) / ln(1 + r) = 72.2 → 73 months; the 60-month payment is
    // 20000 × r / (1 − (1 + r)^−60) = 405.53.
    expect(monthsToPayOff(2000000, 800, 35000)).toBe(73);
    const hardship = buildOffer(
      { itemId: 'd2', kind: 'debt', creditorName: 'CAPITAL ONE', balance: 2000000 },
      { hasHardship: true, concessions: SHIPPED_CONCESSIONS },
    );
    expect(hardship).toMatchObject({ term: 60, payment: 40553, paymentPercentage: 203 });
  });

  it('keeps the payment when it pays off within 60 months: the $25 minimum on 800 dollars', () => {
    // 2% of 800 is 16 dollars, below the minimum of 25; at 8%, n = −ln(1 − r × 800 / 25) / ln(1 + r) = 36.1
    // → 37 months. 25 / 800 = 3.13%.
    const small = buildOffer(
      { itemId: 'c1', kind: 'collection', creditorName: 'MIDLAND CREDIT MGMT', balance: 80000 },
      { hasHardship: false, concessions: SHIPPED_CONCESSIONS },
    );
    expect(small).toMatchObject({
      kind: 'collection',
      payment: 2500,
      paymentPercentage: 313,
      term: 37,
      lenderConcessionId: 'default@1',
      currentMonthlyPayment: 2500,
    });
  });

  it('uses a reported current APR for the current estimate and the savings', () => {
    const assumed = buildOffer(
      { itemId: 'd3', kind: 'debt', creditorName: 'CITI', balance: 500000 },
      { hasHardship: false, concessions: SHIPPED_CONCESSIONS },
    );
    const reported = buildOffer(
      { itemId: 'd3', kind: 'debt', creditorName: 'CITI', balance: 500000, currentAprBp: 2999 },
      { hasHardship: false, concessions: SHIPPED_CONCESSIONS },
    );
    expect(reported.currentApr).toBe(2999);
    expect(reported.currentMonthlyPayment).toBe(17500);
    expect(reported.payment).toBe(assumed.payment);
    expect(reported.estimatedPayoffSavings).toBeGreaterThan(assumed.estimatedPayoffSavings);
  });

  it('builds an empty offer for a zero balance', () => {
    expect(
      buildOffer(
        { itemId: 'z', kind: 'debt', creditorName: 'AMEX', balance: 0 },
        { hasHardship: false, concessions: SHIPPED_CONCESSIONS },
      ),
    ).toMatchObject({
      payment: 0,
      term: 0,
      paymentPercentage: 0,
      estimatedPayoffSavings: 0,
      currentMonthlyPayment: 0,
    });
  });

  it('always pays off within 60 months, with a payment at least the share and the minimum (a sweep)', () => {
    for (let balance = 1; balance <= 20_000_000; balance = Math.ceil(balance * 1.37) + 13) {
      for (const hasHardship of [false, true]) {
        const offer = buildOffer(
          { itemId: 'x', kind: 'debt', creditorName: 'X', balance },
          { hasHardship, concessions: SHIPPED_CONCESSIONS },
        );
        expect(offer.term).toBeLessThanOrEqual(MAX_PLAN_TERM_MONTHS);
        expect(offer.term).toBeGreaterThan(0);
        expect(offer.payment).toBeGreaterThanOrEqual(2500);
        expect(offer.payment * 10000).toBeGreaterThanOrEqual(balance * (hasHardship ? 175 : 200));
        expect(offer.estimatedPayoffSavings).toBeGreaterThanOrEqual(0);
      }
    }
  });
});

describe("the creditor's maximum term", () => {
  /** The shipped table with Chase's programme granting at most `maxTermMonths`. */
  const withChaseMaxTerm = (maxTermMonths: number): ConcessionTable =>
    SHIPPED_CONCESSIONS.map((p) => (p.creditorId === 'chase' ? { ...p, maxTermMonths } : p));

  // Expected payments from the annuity formula b × r / (1 − (1 + r)^−n), r = 0.08 / 12, rounded up to the cent.
  it.each([
    // 2% of 5,000 (100 dollars) takes 62 months: over 36 the payment rises to 156.68 → 156.69.
    { balance: 500000, maxTermMonths: 36, payment: 15669, term: 36 },
    // Over 48: 122.06 → 122.07.
    { balance: 500000, maxTermMonths: 48, payment: 12207, term: 48 },
    // 2% of 20,000 (400 dollars) takes about 61 months; over 24: 904.55 → 904.55 (rounded up from 904.5458).
    { balance: 2000000, maxTermMonths: 24, payment: 90455, term: 24 },
    // The $25 minimum on 800 dollars takes 37 months; within 60 it is kept, over 12 it rises to 69.59 → 69.60.
    { balance: 80000, maxTermMonths: 60, payment: 2500, term: 37 },
    { balance: 80000, maxTermMonths: 12, payment: 6960, term: 12 },
    // A creditor granting 84 months does not lengthen the plan: the plan's 60 months still hold.
    { balance: 500000, maxTermMonths: 84, payment: 10139, term: 60 },
  ])(
    'pays $balance cents off within a maximum of $maxTermMonths months: $payment a month for $term months',
    ({ balance, maxTermMonths, payment, term }) => {
      const offer = buildOffer(
        { itemId: 'd1', kind: 'debt', creditorName: 'JPMCB CARD', balance },
        { hasHardship: false, concessions: withChaseMaxTerm(maxTermMonths) },
      );
      expect({ payment: offer.payment, term: offer.term }).toEqual({ payment, term });
      expect(offer.term).toBeLessThanOrEqual(termLimitOf({ maxTermMonths }));
    },
  );

  it("leaves other creditors' offers on the plan's 60 months", () => {
    const offer = buildOffer(
      { itemId: 'd1', kind: 'debt', creditorName: 'CAPITAL ONE', balance: 500000 },
      { hasHardship: false, concessions: withChaseMaxTerm(24) },
    );
    expect({ payment: offer.payment, term: offer.term }).toEqual({ payment: 10139, term: 60 });
  });
});

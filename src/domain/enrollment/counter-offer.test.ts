import { describe, expect, it } from 'vitest';
import { needsLongPlanApproval, offerFigures, parseDollarsToCents, parsePercentToBp } from './counter-offer';
import { planTerms, type PlanOfferInput } from './plan-terms';

// A creditor's counter-offer: the plan pays its figures, and its term is worked out again from the balance.
// Worked examples on a $3,000 card offered at $60 a month and 8% (62 months).

const OFFER = { balance: 300000, payment: 6000, aprBp: 800, term: 62 };

describe('offerFigures: the countered payment and rate, the term recomputed', () => {
  it.each([
    // No counter-offer: the offer as it was worked out, its own term kept.
    ['no counter-offer', { payment: null, aprBp: null }, { payment: 6000, aprBp: 800, term: 62 }],
    // $45 a month at 8%: 89 months.
    ['a lower payment', { payment: 4500, aprBp: null }, { payment: 4500, aprBp: 800, term: 89 }],
    // $60 a month at 15%: 79 months.
    ['a higher rate', { payment: null, aprBp: 1500 }, { payment: 6000, aprBp: 1500, term: 79 }],
    // $60 a month at 0%: $3,000 / $60 = 50 months.
    ['no interest at all', { payment: null, aprBp: 0 }, { payment: 6000, aprBp: 0, term: 50 }],
    // The whole balance in one payment.
    ['the balance at once', { payment: 300000, aprBp: 0 }, { payment: 300000, aprBp: 0, term: 1 }],
  ])('%s', (_, counter, expected) => {
    expect(offerFigures({ ...OFFER, counter })).toEqual({ ok: true, ...expected });
  });

  it('refuses a payment above the balance, on the payment', () => {
    expect(offerFigures({ ...OFFER, counter: { payment: 300001, aprBp: null } })).toEqual({
      ok: false,
      field: 'counterPayment',
      message: 'Monthly payment cannot be more than the balance ($3,000.00)',
    });
  });

  it.each([
    // 24% on $3,000 is $60 of interest a month: $60 never pays it off.
    [{ payment: 6000, aprBp: 2400 }, 'counterPayment', '$60.00 at 24%'],
    [{ payment: 1000, aprBp: null }, 'counterPayment', '$20.00 at 8%'],
    // Only the rate changed: the rate is what the staff member fixes.
    [{ payment: null, aprBp: 2400 }, 'counterApr', '$60.00 at 24%'],
  ])('refuses %o: the payment does not cover the interest', (counter, field, interest) => {
    expect(offerFigures({ ...OFFER, counter })).toEqual({
      ok: false,
      field,
      message: `This payment does not cover the monthly interest (${interest}): enter a higher payment or a lower APR`,
    });
  });
});

describe('the modal inputs', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['45', 4500],
    ['$45', 4500],
    ['45.5', 4550],
    ['45.05', 4505],
    ['$1,234.56', 123456],
    ['0', 0],
    ['45.555', undefined],
    ['-45', undefined],
    ['1e3', undefined],
    ['12,34', undefined],
    ['99999999999', undefined],
  ])('dollars %j → %j cents', (text, cents) => {
    expect(parseDollarsToCents(text)).toBe(cents);
  });

  it.each([
    ['', null],
    ['8', 800],
    ['8%', 800],
    ['12.5', 1250],
    ['12.25 %', 1225],
    ['0', 0],
    ['8.125', undefined],
    ['-1', undefined],
    ['abc', undefined],
  ])('percent %j → %j basis points', (text, bp) => {
    expect(parsePercentToBp(text)).toBe(bp);
  });
});

describe('needsLongPlanApproval: over 60 months, unless approved for at least that term', () => {
  it.each([
    [60, null, false],
    [61, null, true],
    [61, 61, false],
    [72, 61, true],
    [70, 72, false],
  ])('a plan of %i months approved for %o: %s', (term, approved, needs) => {
    expect(needsLongPlanApproval(term, approved)).toBe(needs);
  });
});

describe('planTerms with a counter-offer', () => {
  const base = (o: Partial<PlanOfferInput>): PlanOfferInput => ({
    id: 'a',
    creditorName: 'A',
    balance: 300000,
    payment: 6000,
    term: 62,
    proposedAprBp: 800,
    currentAprBp: 2190,
    currentPayment: 9000,
    leftOutByBorrower: false,
    creditorAnswer: 'accepted',
    ...o,
  });
  const fees = { setupFee: 0, monthlyFee: 0 };
  const cap = { setupFeeCap: 0, monthlyFeeCap: 0, monthlyFeeCapPerAccount: null };

  it('draws the countered payment and runs as long as the countered account takes', () => {
    const countered = offerFigures({ ...OFFER, counter: { payment: 4500, aprBp: null } });
    if (!countered.ok) throw new Error('refused');
    const terms = planTerms({
      offers: [base({ payment: countered.payment, proposedAprBp: countered.aprBp, term: countered.term })],
      fees,
      cap,
      firstDraftDate: null,
    });
    expect(terms.monthlyDraft).toBe(4500);
    expect(terms.termInMonths).toBe(89);
    expect(needsLongPlanApproval(terms.termInMonths, null)).toBe(true);
  });
});

import { SHIPPED_CONCESSIONS } from '#domain/underwriting/concessions';
import { describe, expect, it } from 'vitest';
import { buildOffer } from '../underwriting/offers';
import { capPlanFees, type PlanFeeSettings, type StateFeeCap } from '../underwriting/plan-fees';
import { addBusinessDays, addDays, addMonths } from '#domain/calendar';
import {
  firstDraftDate,
  firstDraftTooSoon,
  nextDraftOnOrAfter,
  planTerms,
  type PlanOfferInput,
} from './plan-terms';

// The agency's fees (src/data/plan-fees.json) and two states' caps as src/data/state_dmp_rules.csv words them.
const FEES: PlanFeeSettings = { setupFee: 3500, monthlyFee: 2500 };
/** Texas has no row of its own: the model law's '$10 x creditors remaining, max $50', set-up at most $50. */
const MODEL_LAW: StateFeeCap = { setupFeeCap: 5000, monthlyFeeCap: 5000, monthlyFeeCapPerAccount: 1000 };
/** Mississippi: set-up at most $75, '$30 per month' whatever the number of accounts. */
const MISSISSIPPI: StateFeeCap = { setupFeeCap: 7500, monthlyFeeCap: 3000, monthlyFeeCapPerAccount: null };

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

describe('firstDraftDate: at least 5 business days after signing, on the chosen day (1st to 28th)', () => {
  it.each([
    // Monday 4 January 2027: 5 business days later is Monday the 11th.
    ['2027-01-04', null, '2027-01-11'],
    ['2027-01-04', 15, '2027-01-15'],
    ['2027-01-04', 11, '2027-01-11'],
    // The 5th of January is too soon: the 5th of February.
    ['2027-01-04', 5, '2027-02-05'],
    // Thursday 26 November 2026: Fri 27, Mon 30, Tue 1, Wed 2, Thu 3 December.
    ['2026-11-26', null, '2026-12-03'],
    ['2027-01-25', 28, '2027-02-28'],
    // The earliest day is the 29th: no default draft on a day some months lack, so the 1st of the next month.
    // Tue 22 December 2026: Wed 23, Thu 24, (Christmas), Mon 28, Tue 29, Wed 30 → after the 28th.
    ['2026-12-22', null, '2027-01-01'],
    // Bank holidays are not business days. Fri 20 November 2026: Mon 23, Tue 24, Wed 25, (Thanksgiving), Fri 27,
    // Mon 30: after the 28th, so the 1st of December (without the holiday, Friday the 27th).
    ['2026-11-20', null, '2026-12-01'],
    ['2026-11-20', 27, '2026-12-27'],
    // Mon 21 December 2026: Tue 22, Wed 23, Thu 24, (Christmas), Mon 28, Tue 29; day 28 waits a month.
    ['2026-12-21', 28, '2027-01-28'],
    // Wed 30 June 2027: Thu 1, Fri 2, (Independence Day observed Monday 5), Tue 6, Wed 7, Thu 8 July.
    ['2027-06-30', null, '2027-07-08'],
    ['2027-06-30', 7, '2027-08-07'],
    // Mon 10 January 2028: Tue 11 … Fri 14, (MLK Day on Monday 17), Tue 18.
    ['2028-01-10', 17, '2028-02-17'],
    ['2028-01-10', 18, '2028-01-18'],
  ])('signed %s, day %s → %s', (from, day, expected) => {
    expect(firstDraftDate(from, day)).toBe(expected);
  });

  it('refuses a day some months do not have, and a date that is not one', () => {
    expect(() => firstDraftDate('2027-01-04', 29)).toThrow(RangeError);
    expect(() => firstDraftDate('2027-01-04', 0)).toThrow(RangeError);
    expect(() => firstDraftDate('2027-02-30', 1)).toThrow(RangeError);
  });

  it('counts only weekdays that are not bank holidays, and keeps the day of the month when adding months', () => {
    expect(addBusinessDays('2027-01-08', 1)).toBe('2027-01-11');
    // Wednesday before Thanksgiving 2026: the next business day is the Friday.
    expect(addBusinessDays('2026-11-25', 1)).toBe('2026-11-27');
    // Friday 15 January 2027, then MLK Day on Monday the 18th.
    expect(addBusinessDays('2027-01-15', 1)).toBe('2027-01-19');
    expect(addMonths('2027-11-28', 3)).toBe('2028-02-28');
  });
});

describe('firstDraftTooSoon: a letter dated too close to sign', () => {
  it.each([
    // Letter made Mon 4 January 2027 for Monday the 11th: signed that day, in time.
    ['2027-01-11', '2027-01-04', false],
    // Signed Tuesday the 5th: the 11th is only 4 business days away.
    ['2027-01-11', '2027-01-05', true],
    // A draft on 30 November 2026 signed Friday the 20th: in time (Thanksgiving not counted).
    ['2026-11-30', '2026-11-20', false],
    // Signed Monday the 23rd: Tue 24, Wed 25, Fri 27, Mon 30 are only 4 business days.
    ['2026-11-30', '2026-11-23', true],
    // Signed after the date itself.
    ['2027-01-11', '2027-01-12', true],
  ])('first draft %s, signed %s → too soon %s', (first, today, tooSoon) => {
    expect(firstDraftTooSoon(first, today)).toBe(tooSoon);
  });
});

describe('planTerms: worked examples', () => {
  it('one account, no interest: $1,000 at $100 a month with a $10 fee is ten drafts of $110 and a $35 set-up fee', () => {
    const terms = planTerms({
      offers: [offer({ id: 'A', balance: 100000, payment: 10000 })],
      fees: FEES,
      cap: MODEL_LAW,
      firstDraftDate: '2027-01-11',
    });
    expect(terms).toMatchObject({
      creditorsMonthlyPayment: 10000,
      // $10 for one account under the model law (the agency's $25 is lowered).
      monthlyFee: 1000,
      monthlyDraft: 11000,
      setupFee: 3500,
      setupFeeDate: '2027-01-11',
      draftDay: 11,
      termInMonths: 10,
      firstDraftDate: '2027-01-11',
      lastDraftDate: '2027-10-11',
      lastDraftAmount: 11000,
      totalPaid: 10 * 11000 + 3500,
      totalFees: 10 * 1000 + 3500,
      planInterest: 0,
      payDirectly: [],
    });
  });

  // Two accounts at 0%: A $600 at $100 (6 months on its own), B $1,200 at $100 (12 months on its own).
  const twoAccounts = [
    offer({ id: 'A', balance: 60000, payment: 10000, term: 6 }),
    offer({ id: 'B', balance: 120000, payment: 10000, term: 12 }),
  ];

  it('Texas (model law): the draft stays $220; once A is paid off the fee falls to $10 and B gets $210', () => {
    const terms = planTerms({
      offers: twoAccounts,
      fees: FEES,
      cap: MODEL_LAW,
      firstDraftDate: '2027-01-11',
    });
    // Months 1-6: $20 fee + $100 + $100. Month 7: $10 fee, B $210 ($390 left). Month 8: $210 ($180 left).
    // Month 9: the last $180 plus the $10 fee.
    expect(terms).toMatchObject({
      monthlyFee: 2000,
      monthlyDraft: 22000,
      setupFee: 3500,
      termInMonths: 9,
      lastDraftDate: '2027-09-11',
      lastDraftAmount: 19000,
      totalPaid: 8 * 22000 + 19000 + 3500,
      totalFees: 6 * 2000 + 3 * 1000 + 3500,
    });
    // What is still owed after each draft, down to zero at the last.
    expect(terms.owedAfterDraft).toEqual([
      180000, 160000, 140000, 120000, 100000, 80000, 60000, 39000, 18000, 0,
    ]);
    // Everything drawn pays the balances and the fees, nothing else.
    expect(terms.totalPaid).toBe(180000 + terms.totalFees);
  });

  it('Mississippi (flat $30 cap): the agency’s $25 stands whatever the accounts; nine drafts of $225', () => {
    const terms = planTerms({
      offers: twoAccounts,
      fees: FEES,
      cap: MISSISSIPPI,
      firstDraftDate: '2027-01-11',
    });
    // Months 1-6: $25 + $100 + $100. Months 7-9: B gets $200 a month ($600 left after month 6).
    expect(terms).toMatchObject({
      monthlyFee: 2500,
      monthlyDraft: 22500,
      setupFee: 3500,
      termInMonths: 9,
      lastDraftAmount: 22500,
      totalPaid: 9 * 22500 + 3500,
      totalFees: 9 * 2500 + 3500,
    });
  });

  it('a creditor’s decline takes it off the plan, and the borrower is told to pay it directly', () => {
    const offers = [
      offer({
        id: 'Capital One',
        balance: 500000,
        payment: 10000,
        proposedAprBp: 800,
        currentPayment: 14125,
      }),
      offer({
        id: 'Discover',
        balance: 300000,
        payment: 6000,
        proposedAprBp: 800,
        creditorAnswer: 'accepted',
      }),
      offer({ id: 'Citi', balance: 200000, payment: 4000, proposedAprBp: 800, currentPayment: 5650 }),
    ];
    const before = planTerms({ offers, fees: FEES, cap: MODEL_LAW, firstDraftDate: '2027-01-11' });
    expect(before.monthlyDraft).toBe(10000 + 6000 + 4000 + 2500);
    const declined = offers.map((o) => (o.id === 'Citi' ? { ...o, creditorAnswer: 'declined' as const } : o));
    const after = planTerms({ offers: declined, fees: FEES, cap: MODEL_LAW, firstDraftDate: '2027-01-11' });
    expect(after.creditors.map((c) => c.id)).toEqual(['Capital One', 'Discover']);
    // Two accounts: the fee is capped at $20.
    expect(after).toMatchObject({ monthlyFee: 2000, monthlyDraft: 10000 + 6000 + 2000 });
    expect(after.payDirectly).toEqual([
      { id: 'Citi', creditorName: 'Citi', balance: 200000, currentPayment: 5650, why: 'declinedByCreditor' },
    ]);
  });

  it('an offer the borrower leaves out is paid directly too, and says so', () => {
    const terms = planTerms({
      offers: [
        offer({ id: 'A', balance: 200000, payment: 4000 }),
        offer({ id: 'B', balance: 100000, payment: 2500, leftOutByBorrower: true, currentPayment: 2825 }),
      ],
      fees: FEES,
      cap: MISSISSIPPI,
      firstDraftDate: null,
    });
    expect(terms.payDirectly).toEqual([
      { id: 'B', creditorName: 'B', balance: 100000, currentPayment: 2825, why: 'leftOutByBorrower' },
    ]);
    expect(terms).toMatchObject({ monthlyDraft: 4000 + 2500, firstDraftDate: null, lastDraftDate: null });
  });

  it('a counter-offer (a higher rate and payment) raises the draft and the interest', () => {
    const base = [
      offer({ id: 'A', balance: 400000, payment: 8000, proposedAprBp: 800 }),
      offer({ id: 'B', balance: 250000, payment: 5000, proposedAprBp: 800 }),
    ];
    const proposed = planTerms({ offers: base, fees: FEES, cap: MODEL_LAW, firstDraftDate: '2027-01-11' });
    const countered = planTerms({
      offers: base.map((o) =>
        o.id === 'A' ? { ...o, payment: 9000, proposedAprBp: 1200, creditorAnswer: 'accepted' as const } : o,
      ),
      fees: FEES,
      cap: MODEL_LAW,
      firstDraftDate: '2027-01-11',
    });
    expect(countered.monthlyDraft - proposed.monthlyDraft).toBe(1000);
    expect(countered.planInterest).toBeGreaterThan(proposed.planInterest);
    expect(countered.creditors[0]).toMatchObject({ id: 'A', payment: 9000, creditorAnswer: 'accepted' });
  });

  it('every offer left out or declined: nothing is drawn', () => {
    const terms = planTerms({
      offers: [offer({ id: 'A', balance: 100000, payment: 3000, creditorAnswer: 'declined' })],
      fees: FEES,
      cap: MODEL_LAW,
      firstDraftDate: '2027-01-11',
    });
    expect(terms).toMatchObject({ monthlyDraft: 0, setupFee: 0, termInMonths: 0, totalPaid: 0 });
    expect(terms.payDirectly).toHaveLength(1);
  });
});

describe('planTerms: what holds for any plan built from real offers', () => {
  const balances = [98765, 150000, 333333, 512345, 1234567, 2500000];
  const offers = balances.map((balance, k) => {
    const built = buildOffer(
      { itemId: `i${k}`, kind: 'debt', creditorName: `Creditor ${k}`, balance },
      { hasHardship: k % 2 === 0, concessions: SHIPPED_CONCESSIONS },
    );
    return offer({
      id: built.itemId,
      balance,
      payment: built.payment,
      term: built.term,
      proposedAprBp: built.proposedApr,
      currentAprBp: built.currentApr,
      currentPayment: built.currentMonthlyPayment,
    });
  });

  it.each([
    ['model law', MODEL_LAW],
    ['Mississippi', MISSISSIPPI],
  ] as const)(
    '%s: draft = creditors + fee; no longer than the longest offer; drawn = owed + interest + fees',
    (_, cap) => {
      const terms = planTerms({ offers, fees: FEES, cap, firstDraftDate: '2027-03-01' });
      expect(terms.monthlyDraft).toBe(terms.creditorsMonthlyPayment + terms.monthlyFee);
      expect(terms.monthlyFee).toBe(capPlanFees(FEES, cap, offers.length).monthlyFee);
      expect(terms.termInMonths).toBeLessThanOrEqual(Math.max(...offers.map((o) => o.term)));
      expect(terms.lastDraftAmount).toBeLessThanOrEqual(terms.monthlyDraft);
      const owed = balances.reduce((a, b) => a + b, 0);
      expect(terms.totalPaid).toBe(owed + terms.planInterest + terms.totalFees);
      expect(terms.interestSaved).toBeGreaterThan(0);
    },
  );
});

describe('nextDraftOnOrAfter: the draft a changed amount first applies to', () => {
  const terms = { firstDraftDate: '2027-01-11', termInMonths: 9 };
  it.each([
    ['2026-12-01', '2027-01-11'],
    ['2027-01-11', '2027-01-11'],
    // Announced on 5 March: at least 10 days later is the 15th, after March's draft: April's.
    [addDays('2027-03-05', 10), '2027-04-11'],
    ['2027-09-11', '2027-09-11'],
    ['2027-09-12', null],
  ])('on or after %s → %s', (day, expected) => {
    expect(nextDraftOnOrAfter(terms, day)).toBe(expected);
  });
});

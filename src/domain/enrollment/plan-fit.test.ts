import { describe, expect, it } from 'vitest';
import { planFit } from './plan-fit';
import type { PayDirectly } from './plan-terms';

const direct = (currentPayment: number, why: PayDirectly['why']): PayDirectly => ({
  id: `x${currentPayment}`,
  creditorName: 'X',
  balance: 100_000,
  currentPayment,
  why,
});

// Maria's budget leaves $426 a month for the plan (income 3,000 − expenses 2,474 − car 100).
const MARIA = { monthlyIncome: 300_000, expenses: 247_400, otherDebtPayments: 10_000 };

describe('planFit: the budget check re-run on the plan as it now stands', () => {
  it('fits the plan as offered, with the cushion', () => {
    expect(planFit(MARIA, { monthlyDraft: 37_400, payDirectly: [] })).toMatchObject({
      room: 42_600,
      left: 5_200,
      fits: true,
      thin: false,
    });
  });

  it('counts an offer left out: its current payment goes on, the margin shrinks below the cushion', () => {
    // The plan drops a $50 payment and its fee share, the borrower keeps paying that creditor $70.
    expect(
      planFit(MARIA, { monthlyDraft: 32_400, payDirectly: [direct(7_000, 'leftOutByBorrower')] }),
    ).toMatchObject({ payDirectly: 7_000, monthlyTotal: 39_400, left: 3_200, fits: true, thin: true });
  });

  it('no longer fits after a decline and a counter-offer: $294 + $92 + $70 = $456 against $426', () => {
    const fit = planFit(MARIA, {
      monthlyDraft: 29_400,
      payDirectly: [direct(9_200, 'declinedByCreditor'), direct(7_000, 'leftOutByBorrower')],
    });
    expect(fit).toMatchObject({ monthlyTotal: 45_600, room: 42_600, left: -3_000, fits: false, thin: false });
  });
});

import { describe, expect, it } from 'vitest';
import {
  isThin,
  leftEachMonth,
  MONTHLY_CUSHION,
  planPaymentOf,
  requiredReductionOf,
  thinBudgetMessage,
  wouldDisqualifyMessage,
  planNotNeededMessage,
} from './budget-room';

describe('the room a budget leaves', () => {
  it('takes the expenses, the other debt payments and the plan payment from the income', () => {
    expect(
      leftEachMonth({
        monthlyIncome: 300000,
        expenses: 250000,
        otherDebtPayments: 20000,
        planPayment: 29600,
      }),
    ).toBe(400);
    expect(
      planPaymentOf([
        { payment: 10000, fee: 1250 },
        { payment: 5000, fee: 1250 },
      ]),
    ).toBe(17500);
  });

  it('calls a budget thin under $50 a month after the plan payment, not at $50', () => {
    expect(MONTHLY_CUSHION).toBe(5000);
    expect([isThin(-100), isThin(0), isThin(400), isThin(4999), isThin(5000), isThin(12000)]).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('asks for the reduction rounded up to a whole dollar once, within what the flexible lines can give', () => {
    expect(requiredReductionOf(6139)).toBe(6200);
    expect(requiredReductionOf(6100)).toBe(6100);
    expect(requiredReductionOf(null)).toBe(0);
    expect(requiredReductionOf(-5)).toBe(0);
    expect(requiredReductionOf(6139, 6150)).toBe(6150);
  });
});

describe('what the borrower is told', () => {
  it('gives the plan payment and what the budget leaves before a save that would disqualify', () => {
    expect(wouldDisqualifyMessage({ planPayment: 32950, room: 11599, reducible: 0 })).toBe(
      'The plan needs about $330 a month of room; your budget leaves $115.',
    );
    expect(wouldDisqualifyMessage({ planPayment: 32950, room: 11599, reducible: 8000 })).toBe(
      'The plan needs about $330 a month of room; your budget leaves $115. Lowering flexible expenses as far ' +
        'as we can suggest would free about $80 more, which is not enough.',
    );
    expect(wouldDisqualifyMessage({ planPayment: 32950, room: -4000, reducible: null })).toBe(
      'The plan needs about $330 a month of room; your budget leaves nothing: your expenses and other debt ' +
        'payments are $40 more than your income.',
    );
  });

  it('before a save that would disqualify because no plan is needed, says what would change the result', () => {
    // $1,000 left against $300 of payments now: a plan is offered under $800, so $201 less.
    expect(planNotNeededMessage({ room: 100000, currentPayment: 30000 })).toBe(
      'Your budget leaves $1,000 a month, enough to pay the estimated $300 a month on these debts now with ' +
        '$700 to spare, so a plan is not needed. A plan is offered when your budget leaves less than $800 a ' +
        'month: $201 less than now.',
    );
    // Cents: $623.40 is the line, so under $623 is safe; $700.50 − $78 = $622.50 is under it.
    const cents = planNotNeededMessage({ room: 70050, currentPayment: 12340 });
    expect(cents).toContain('leaves $700 a month');
    expect(cents).toContain('less than $623 a month: $78 less than now.');
  });

  it('says how little is left and suggests the cushion', () => {
    expect(thinBudgetMessage(400)).toMatch(/^After the plan payment, this budget leaves only \$4 a month\./);
    expect(thinBudgetMessage(400)).toContain('at least $50 a month');
    expect(thinBudgetMessage(0)).toContain('leaves nothing each month');
    expect(thinBudgetMessage(49)).toContain('leaves nothing each month');
    // As the page rounds it beside the message: 90 cents is $1.
    expect(thinBudgetMessage(90)).toContain('leaves only $1 a month');
  });
});

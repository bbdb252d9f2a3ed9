import { SHIPPED_CONCESSIONS } from '#domain/underwriting/concessions';
import { describe, expect, it } from 'vitest';
import { MONTHLY_CUSHION, requiredReductionOf } from './budget-room';
import { decide, type DecisionExpense, type DecisionInput } from './decision';
import { reducibleFloor } from './expense-estimates';
import type { OfferInput } from './offers';

// One Chase card of 5,000 dollars: plan payment 101.39 (60 months at 8%), current estimate 141.
const chase: OfferInput = { itemId: 'd1', kind: 'debt', creditorName: 'JPMCB CARD', balance: 500000 };
const PLAN = 10139;
const CURRENT = 14100;

// 2,540 dollars of expenses; restaurants can give up 200 (300 → 100), entertainment 50 (100 → 50).
const expenses: DecisionExpense[] = [
  { category: 'housing', subCategory: 'rent', value: 150000, estimatedValue: 150000 },
  { category: 'food', subCategory: 'home', value: 50000, estimatedValue: 43500 },
  { category: 'food', subCategory: 'away', value: 30000, estimatedValue: 20000 },
  { category: 'personal', subCategory: 'entertainment', value: 10000, estimatedValue: 10000 },
  { category: 'utilities', subCategory: 'electricity', value: 14000, estimatedValue: 13500 },
];
const EXPENSES = 254000;
const REDUCIBLE = 25000;

const input = (more: Partial<DecisionInput>): DecisionInput => ({
  monthlyIncome: 280000,
  expenses,
  ineligibleDebtPayment: 0,
  selectedItems: [chase],
  hasHardship: false,
  concessions: SHIPPED_CONCESSIONS,
  ...more,
});

describe('decide', () => {
  it('qualifies one debt when cashflow covers the plan payment (2,800 − 2,540 = 260 ≥ 101.39)', () => {
    const result = decide(input({}));
    expect(result).toMatchObject({
      isQualified: true,
      currentIncome: 280000,
      currentExpenses: EXPENSES,
      eligibleDebtPayment: CURRENT,
      ineligibleDebtPayment: 0,
      reducibleExpenseAmount: null,
      requiredExpenseReductionAmount: null,
      disqualificationReasons: [],
      proposedBudget: null,
    });
    expect(result.offers).toHaveLength(1);
    expect(result.offers[0]).toMatchObject({ itemId: 'd1', payment: PLAN, term: 60 });
    expect(result.explanation).toBe(
      'Your monthly income of $2,800, less $2,540 of expenses, leaves $260 a month. The plan pays 1 account ' +
        'with $5,000 owed for $101 a month, against an estimated $141 a month now. The plan fits the budget as it is.',
    );
  });

  it.each([
    // [income, ineligible debt payments, reason or null when qualified]
    // Cashflow 661 ≥ 141 + 500: no plan needed.
    [320000, 0, 'cashflowTooHigh'],
    // Exactly 141 + 500 to spare: still too high.
    [318100, 0, 'cashflowTooHigh'],
    // One cent less: qualified.
    [318099, 0, null],
    // Other debt payments of 20 bring cashflow to 640: qualified.
    [320000, 2000, null],
  ])('income %s with %s of other debt payments → %s', (monthlyIncome, ineligibleDebtPayment, reason) => {
    const result = decide(input({ monthlyIncome, ineligibleDebtPayment }));
    expect(result.isQualified).toBe(reason === null);
    expect(result.disqualificationReasons).toEqual(reason === null ? [] : [reason]);
    expect(result.ineligibleDebtPayment).toBe(ineligibleDebtPayment);
  });

  it.each([
    // [income, monthly fee, outcome]: the plan payment the budget must hold is 101.39 + the agency's fee.
    // Cashflow 2,650 − 2,540 = 110: fits 101.39 alone, and 101.39 + 8.61 exactly.
    [265000, 0, 'fits'],
    [265000, 861, 'fits'],
    // One cent more of fee: 0.01 short, so a proposed budget cuts a whole dollar.
    [265000, 862, 'budget'],
    // A $25 fee: 126.39 against 110 leaves 16.39 to cut.
    [265000, 2500, 'budget'],
  ])('income %i with a monthly fee of %i cents: %s', (monthlyIncome, monthlyFee, outcome) => {
    const result = decide(input({ monthlyIncome, monthlyFee }));
    expect(result.isQualified).toBe(true);
    if (outcome === 'fits') {
      expect(result.proposedBudget).toBeNull();
    } else {
      expect(result.requiredExpenseReductionAmount).toBe(PLAN + monthlyFee - 11000);
      expect(result.proposedBudget?.description).toContain(
        `plan payment of $${Math.round((PLAN + monthlyFee) / 100)}`,
      );
    }
    if (monthlyFee > 0) expect(result.explanation).toContain('monthly fee)');
  });

  it.each([0, 1, 2500, 2501])(
    'spreads a %i cent monthly fee over the offers, adding up to it',
    (monthlyFee) => {
      const result = decide(input({ monthlyIncome: 265000, monthlyFee }));
      expect(result.offers.length).toBeGreaterThan(0);
      expect(result.offers.reduce((sum, offer) => sum + offer.fee, 0)).toBe(monthlyFee);
      const fees = result.offers.map((offer) => offer.fee);
      expect(Math.max(...fees) - Math.min(...fees)).toBeLessThanOrEqual(1);
    },
  );

  it('explains cashflowTooHigh with the figures', () => {
    expect(decide(input({ monthlyIncome: 320000 })).explanation).toBe(
      'Your monthly income of $3,200, less $2,540 of expenses, leaves $660 a month. That covers the current ' +
        'estimated payments of $141 with $519 to spare, so a plan is not needed.',
    );
  });

  it.each<[string, OfferInput[]]>([
    ['nothing selected', []],
    [
      '999.99 dollars selected',
      [
        { itemId: 'a', kind: 'debt', creditorName: 'AMEX', balance: 60000 },
        { itemId: 'b', kind: 'collection', creditorName: 'MIDLAND', balance: 39999 },
      ],
    ],
  ])('disqualifies notEnoughEligibleDebt: %s', (_, selectedItems) => {
    const result = decide(input({ selectedItems }));
    expect(result.isQualified).toBe(false);
    expect(result.disqualificationReasons).toEqual(['notEnoughEligibleDebt']);
    expect(result.proposedBudget).toBeNull();
  });

  it('accepts exactly 1,000 dollars of selected debt', () => {
    const result = decide(
      input({ selectedItems: [{ itemId: 'a', kind: 'debt', creditorName: 'AMEX', balance: 100000 }] }),
    );
    expect(result.disqualificationReasons).not.toContain('notEnoughEligibleDebt');
  });

  it('proposes a budget that cuts only flexible lines, in proportion, to cover the shortfall and the $50 cushion', () => {
    // Cashflow 2,580 − 2,540 = 40; short 101.39 − 40 = 61.39 of the 250 that can be cut; with the cushion
    // the proposal aims at 111.39. Restaurants give 200/250 × 111.39 = 89.11 → 90; entertainment
    // 50/250 × 111.39 = 22.28 → 23, then gives back the dollar the two roundings added: together 112, which
    // leaves 40 + 112 − 101.39 = 50.61 a month after the plan payment, not a dollar.
    const result = decide(input({ monthlyIncome: 258000 }));
    expect(result).toMatchObject({
      isQualified: true,
      disqualificationReasons: [],
      requiredExpenseReductionAmount: 6139,
      reducibleExpenseAmount: REDUCIBLE,
    });
    expect(result.proposedBudget?.lines).toEqual([
      { category: 'food', subCategory: 'away', currentValue: 30000, proposedValue: 21000 },
      { category: 'personal', subCategory: 'entertainment', currentValue: 10000, proposedValue: 7800 },
    ]);
    expect(result.proposedBudget?.description).toBe(
      'Lower flexible expenses by $112 a month so the plan payment of $101 fits the budget.',
    );
    // The one figure: the explanation's shortfall is the reduction the cuts add up to, rounded up once.
    expect(result.explanation).toContain('That is $62 short');
  });

  it('cuts flexible lines down to their floor, and no further, when the shortfall needs all of it', () => {
    // Short exactly 250: income = 2,540 + 101.39 − 250.
    const result = decide(input({ monthlyIncome: EXPENSES + PLAN - REDUCIBLE }));
    expect(result.isQualified).toBe(true);
    expect(result.requiredExpenseReductionAmount).toBe(REDUCIBLE);
    for (const line of result.proposedBudget?.lines ?? []) {
      const expense = expenses.find(
        (e) => e.category === line.category && e.subCategory === line.subCategory,
      )!;
      expect(line.proposedValue).toBe(reducibleFloor(expense));
    }
    expect(result.proposedBudget?.lines.map((l) => l.proposedValue)).toEqual([10000, 5000]);
  });

  it('disqualifies insufficientIncome when the flexible lines cannot cover the shortfall (one cent more)', () => {
    const result = decide(input({ monthlyIncome: EXPENSES + PLAN - REDUCIBLE - 1 }));
    expect(result).toMatchObject({
      isQualified: false,
      disqualificationReasons: ['insufficientIncome'],
      requiredExpenseReductionAmount: REDUCIBLE + 1,
      reducibleExpenseAmount: REDUCIBLE,
      proposedBudget: null,
    });
    expect(result.explanation).toContain('flexible expenses can only be cut by $250');
  });

  it('sorts offers by balance, largest first, and totals the current payments', () => {
    const result = decide(
      input({
        monthlyIncome: 500000,
        selectedItems: [
          { itemId: 'small', kind: 'debt', creditorName: 'AMEX', balance: 200000 },
          chase,
          { itemId: 'mid', kind: 'collection', creditorName: 'MIDLAND', balance: 300000 },
        ],
      }),
    );
    expect(result.offers.map((o) => o.itemId)).toEqual(['d1', 'mid', 'small']);
    // 141 + 85 (30 + 54.75 → 84.75) + 57 (20 + 36.50 → 56.50).
    expect(result.eligibleDebtPayment).toBe(14100 + 8500 + 5700);
  });

  it('keeps every cut whole dollars and the budget never below a floor (a sweep of incomes)', () => {
    for (
      let monthlyIncome = EXPENSES + PLAN - REDUCIBLE;
      monthlyIncome < EXPENSES + PLAN;
      monthlyIncome += 777
    ) {
      const result = decide(input({ monthlyIncome }));
      const required = result.requiredExpenseReductionAmount ?? 0;
      const lines = result.proposedBudget?.lines ?? [];
      const cut = lines.reduce((s, l) => s + l.currentValue - l.proposedValue, 0);
      expect(cut).toBeGreaterThanOrEqual(required);
      // The cuts aim at the shortfall and the cushion, rounded once, as far as the flexible lines allow.
      expect(cut).toBe(requiredReductionOf(required + MONTHLY_CUSHION, REDUCIBLE));
      const left =
        monthlyIncome - (EXPENSES - cut) - (result.offers[0]!.payment + (result.offers[0]!.fee ?? 0));
      if (required + MONTHLY_CUSHION <= REDUCIBLE) expect(left).toBeGreaterThanOrEqual(MONTHLY_CUSHION);
      for (const l of lines) {
        expect((l.currentValue - l.proposedValue) % 100).toBe(0);
        const expense = expenses.find((e) => e.category === l.category && e.subCategory === l.subCategory)!;
        expect(l.proposedValue).toBeGreaterThanOrEqual(reducibleFloor(expense));
      }
    }
  });
});

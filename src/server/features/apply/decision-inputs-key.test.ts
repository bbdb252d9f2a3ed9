import { describe, expect, it } from 'vitest';
import type { DecisionInput } from '#domain/underwriting/decision';
import { decisionInputsKey } from './run-decision';

// The digest a decision keeps of its inputs: the same inputs read in another order (the database returns
// rows in no fixed order, and an updated row may come back last) give the same key; any figure changed gives
// another.

const input: DecisionInput = {
  monthlyIncome: 500_000,
  expenses: [
    { category: 'housing', subCategory: 'rent', value: 150_000, estimatedValue: 150_000 },
    { category: 'food', subCategory: 'groceries', value: 60_000, estimatedValue: 55_000 },
  ],
  ineligibleDebtPayment: 20_000,
  selectedItems: [
    { itemId: 'd-2', kind: 'debt', creditorName: 'Bank B', balance: 300_000 },
    { itemId: 'c-1', kind: 'collection', creditorName: 'Agency', balance: 120_000 },
    { itemId: 'd-1', kind: 'debt', creditorName: 'Bank A', balance: 500_000 },
  ],
  hasHardship: true,
  concessions: [],
  monthlyFee: 2_500,
};
const reports = ['report-1', null];

describe('decisionInputsKey', () => {
  it('is the same for the same inputs in another order', () => {
    const reordered: DecisionInput = {
      ...input,
      expenses: [...input.expenses].reverse(),
      selectedItems: [...input.selectedItems].reverse(),
    };
    expect(decisionInputsKey(reordered, reports)).toBe(decisionInputsKey(input, reports));
  });

  it.each<[string, DecisionInput, readonly (string | null)[]]>([
    ['income', { ...input, monthlyIncome: 500_100 }, reports],
    [
      'an expense line',
      { ...input, expenses: [input.expenses[0]!, { ...input.expenses[1]!, value: 60_100 }] },
      reports,
    ],
    ['the debts kept', { ...input, selectedItems: input.selectedItems.slice(1) }, reports],
    ['the hardship', { ...input, hasHardship: false }, reports],
    ['the fee', { ...input, monthlyFee: 3_000 }, reports],
    ['the other debts’ payments', { ...input, ineligibleDebtPayment: 0 }, reports],
    ['a spouse’s report', input, ['report-1', 'report-2']],
  ])('changes with %s', (_, changed, changedReports) => {
    expect(decisionInputsKey(changed, changedReports)).not.toBe(decisionInputsKey(input, reports));
  });
});

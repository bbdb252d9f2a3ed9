import { describe, expect, it } from 'vitest';
import {
  EXPENSE_SUB_CATEGORIES,
  expenseLineLabel,
  expenseLineLimit,
  expenseLineOrder,
  saveExpensesSchema,
} from './expenses';

describe('expense lines', () => {
  // Group place × 100 + place in the group, as the expenses page lists them.
  it.each([
    { category: 'housing', subCategory: 'mortgage', isHomeowner: true, order: 0, label: 'Mortgage' },
    {
      category: 'housing',
      subCategory: 'insurance',
      isHomeowner: true,
      order: 2,
      label: 'Homeowners insurance',
    },
    { category: 'housing', subCategory: 'rent', isHomeowner: false, order: 5, label: 'Rent' },
    {
      category: 'housing',
      subCategory: 'insurance',
      isHomeowner: false,
      order: 6,
      label: 'Renters insurance',
    },
    {
      category: 'transportation',
      subCategory: 'insurance',
      isHomeowner: false,
      order: 102,
      label: 'Car insurance',
    },
    { category: 'utilities', subCategory: 'gas', isHomeowner: true, order: 202, label: 'Gas' },
    {
      category: 'personal',
      subCategory: 'entertainment',
      isHomeowner: true,
      order: 500,
      label: 'Entertainment',
    },
    { category: 'personal', subCategory: 'apparel', isHomeowner: true, order: 501, label: 'Clothing' },
    { category: 'miscellaneous', subCategory: 'other', isHomeowner: false, order: 905, label: 'Other' },
    // A line the group does not have: first in its group, labelled by its name.
    { category: 'food', subCategory: 'caviar', isHomeowner: false, order: 300, label: 'caviar' },
  ] as const)(
    '$category $subCategory (homeowner: $isHomeowner) is shown at $order as "$label"',
    ({ category, subCategory, isHomeowner, order, label }) => {
      expect(expenseLineOrder(category, subCategory, isHomeowner)).toBe(order);
      expect(expenseLineLabel(category, subCategory, isHomeowner)).toBe(label);
    },
  );

  it('names every sub-category once, in the order the groups first use it', () => {
    expect(new Set(EXPENSE_SUB_CATEGORIES).size).toBe(EXPENSE_SUB_CATEGORIES.length);
    expect(EXPENSE_SUB_CATEGORIES.slice(0, 8)).toEqual([
      'mortgage',
      'hoa',
      'insurance',
      'taxes',
      'maintenanceImprovements',
      'rent',
      'carPayment',
      'gas',
    ]);
    expect(EXPENSE_SUB_CATEGORIES).toHaveLength(42);
  });
});

describe('saveExpensesSchema line limits', () => {
  const save = (category: 'housing' | 'food', subCategory: string, dollars: number) =>
    saveExpensesSchema.safeParse({
      lines: [{ category, subCategory, selfReportedValue: dollars * 100 }],
    });
  const messages = (result: ReturnType<typeof save>) =>
    result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);

  // The rent and mortgage lines hold the housing cost of the household page, which may have 6 digits.
  it.each([
    ['housing', 'rent', 123_456],
    ['housing', 'mortgage', 999_999],
    ['housing', 'insurance', 99_999],
    ['food', 'home', 99_999],
    ['food', 'home', 0],
  ] as const)('takes %s.%s at $%i', (category, subCategory, dollars) => {
    expect(messages(save(category, subCategory, dollars))).toEqual([]);
  });

  it.each([
    ['housing', 'rent', 1_000_000, 'Amount must be at most 6 characters long'],
    ['housing', 'insurance', 100_000, 'Amount must be at most 5 characters long'],
    ['food', 'home', 100_000, 'Amount must be at most 5 characters long'],
  ] as const)('refuses %s.%s at $%i: %s', (category, subCategory, dollars, message) => {
    expect(messages(save(category, subCategory, dollars))).toEqual([['lines.0.selfReportedValue', message]]);
  });

  it.each([
    ['housing', 'rent', 6],
    ['housing', 'mortgage', 6],
    ['housing', 'hoa', 5],
    ['utilities', 'gas', 5],
  ])('%s.%s takes %i digits', (category, subCategory, limit) => {
    expect(expenseLineLimit(category, subCategory)).toBe(limit);
  });
});

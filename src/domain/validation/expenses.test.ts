import { describe, expect, it } from 'vitest';
import { EXPENSE_SUB_CATEGORIES, expenseLineLabel, expenseLineOrder } from './expenses';

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

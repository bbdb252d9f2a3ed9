import { describe, expect, it } from 'vitest';
import { EXPENSE_GROUPS, expenseLineKey } from '#domain/validation/expenses';
import { EXPENSE_GROUP_MESSAGES, EXPENSE_LINE_MESSAGES } from '#domain/i18n/expense-labels';

describe('the expense labels’ messages', () => {
  it('word every group of the domain under its category, exactly as the domain does', () => {
    expect(Object.keys(EXPENSE_GROUP_MESSAGES)).toEqual(EXPENSE_GROUPS.map((g) => g.category));
    for (const group of EXPENSE_GROUPS) {
      expect(EXPENSE_GROUP_MESSAGES[group.category].defaultMessage).toBe(group.label);
    }
  });

  it('word every line of the domain under the key the answers carry, exactly as the domain does', () => {
    const keys = EXPENSE_GROUPS.flatMap((g) =>
      g.lines.map((l) => {
        const key = expenseLineKey(g.category, l.subCategory, l.audience !== 'renter');
        expect(key, `${g.category}.${l.subCategory}`).not.toBeNull();
        expect(EXPENSE_LINE_MESSAGES[key!].defaultMessage).toBe(l.label);
        return key;
      }),
    );
    expect(keys).toEqual(Object.keys(EXPENSE_LINE_MESSAGES));
  });

  it('tells housing’s two insurance lines apart by whose home it is', () => {
    expect(expenseLineKey('housing', 'insurance', true)).toBe('housing_homeownersInsurance');
    expect(expenseLineKey('housing', 'insurance', false)).toBe('housing_rentersInsurance');
    expect(expenseLineKey('transportation', 'insurance', false)).toBe('transportation_insurance');
    expect(expenseLineKey('food', 'rent', false)).toBeNull();
  });
});

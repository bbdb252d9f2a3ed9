import { describe, expect, it } from 'vitest';
import { EXPENSE_GROUPS } from '#domain/validation/expenses';
import { EXPENSE_GROUP_MESSAGES, EXPENSE_LINE_MESSAGES } from '#domain/i18n/expense-labels';

describe('the expense labels’ messages', () => {
  it('word every group and line of the domain exactly as the domain does', () => {
    const groups = Object.values(EXPENSE_GROUP_MESSAGES).map((d) => d.defaultMessage);
    const lines = Object.values(EXPENSE_LINE_MESSAGES).map((d) => d.defaultMessage);
    expect(groups).toEqual(EXPENSE_GROUPS.map((g) => g.label));
    expect(lines).toEqual(EXPENSE_GROUPS.flatMap((g) => g.lines.map((l) => l.label)));
  });
});

import { createIntl } from '@formatjs/intl';
import { describe, expect, it } from 'vitest';
import { ALL_CATALOGS } from '../i18n/all-catalogs';
import { englishOf, formatMessageRef, type FormatMessage } from '../i18n/message';
import { checkBudgetCuts, type FlexibleLine } from '../underwriting/budget-cuts';
import { budgetProblemRef, budgetSchemaFor } from './application';
import { issueMessageRef } from './issue-messages';

// The budget's refusals (a line below its floor or above what the borrower spends, the cuts not covering the
// gap) travel with their message id, so a Spanish page words them without reading the English back.

const spanish = createIntl({ locale: 'es-US', defaultLocale: 'en-US', messages: ALL_CATALOGS.es });
const format: FormatMessage = (descriptor, values) => spanish.formatMessage(descriptor, values);

const LINES: FlexibleLine[] = [
  {
    category: 'food',
    subCategory: 'away',
    labelKey: 'food_away',
    label: 'Restaurants including delivery',
    currentValue: 40_000,
    floor: 10_000,
  },
  {
    category: 'personal',
    subCategory: 'entertainment',
    labelKey: 'personal_entertainment',
    label: 'Entertainment',
    currentValue: 20_000,
    floor: 5_000,
  },
];
const line = (subCategory: string, proposedValue: number, category = 'food') => ({
  category,
  subCategory,
  proposedValue,
});

describe('the budget refusals by id', () => {
  const cases = [
    { name: 'a line below its floor', proposed: [line('away', 5_000)], required: 1_000 },
    { name: 'a line above what is spent now', proposed: [line('away', 50_000)], required: 1_000 },
    { name: 'a line that cannot be adjusted', proposed: [line('home', 1_000)], required: 1_000 },
    { name: 'a line listed twice', proposed: [line('away', 30_000), line('away', 30_000)], required: 1_000 },
    { name: 'cuts that do not cover the gap', proposed: [line('away', 35_000)], required: 32_500 },
  ];

  it.each(cases)('$name: the id words the same English, and Spanish', (c) => {
    const problems = checkBudgetCuts(LINES, c.required, c.proposed).problems;
    expect(problems.length).toBeGreaterThan(0);
    for (const problem of problems) {
      const ref = budgetProblemRef(problem);
      expect(englishOf(ref)).toBe(problem.message);
      const byId = formatMessageRef(ref, format);
      expect(byId).not.toBe(problem.message);
    }
  });

  it('names the line by its Spanish label', () => {
    const [problem] = checkBudgetCuts(LINES, 1_000, [line('away', 5_000)]).problems;
    expect(formatMessageRef(budgetProblemRef(problem!), format)).not.toContain('Restaurants');
  });

  it('puts the id on the schema issue the page and the server show', () => {
    const parsed = budgetSchemaFor({ lines: LINES, required: 32_500 }).safeParse({
      agreedTo: true,
      lines: [line('away', 35_000)],
    });
    expect(parsed.success).toBe(false);
    const issue = parsed.error!.issues[0]!;
    expect(issue.path).toEqual(['lines']);
    expect(issueMessageRef(issue)?.id).toBe('validation.budget.notCovered');
  });
});

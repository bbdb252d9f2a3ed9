import { describe, expect, it } from 'vitest';
import { shouldRecordView } from './page-order';
import type { Page } from './pages';

describe('shouldRecordView', () => {
  const at = (lastCompletedPage: Page, lastViewedPage: Page, status = 'inProgress') => ({
    status,
    lastCompletedPage,
    lastViewedPage,
  });
  it.each<[string, ReturnType<typeof at>, Page, boolean]>([
    ['an earlier page gone back to', at('EligibleDebts', 'ProvideMonthlyIncome'), 'Household', true],
    [
      'the page last viewed already',
      at('EligibleDebts', 'ProvideMonthlyIncome'),
      'ProvideMonthlyIncome',
      false,
    ],
    ['a page past the prerequisite', at('Household', 'Credit'), 'Expenses', false],
    [
      'confirm-income once the income is given',
      at('ProvideMonthlyIncome', 'Expenses'),
      'ConfirmIncome',
      true,
    ],
    ['past inProgress', at('Expenses', 'Review', 'qualified'), 'Expenses', false],
    ['a later page, recorded by its steps', at('Expenses', 'Budget'), 'Review', false],
    ['an outcome page', at('Household', 'Credit'), 'NotQualified', false],
  ])('%s → %j', (_case, app, page, expected) => {
    expect(shouldRecordView(app, page)).toBe(expected);
  });
});

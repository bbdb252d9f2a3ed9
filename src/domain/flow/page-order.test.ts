import { describe, expect, it } from 'vitest';
import {
  canSavePage,
  FLOW_ORDER,
  furthestCompleted,
  hasCompleted,
  pageRank,
  PREREQUISITE,
} from './page-order';
import { PAGES, type Page } from './pages';

describe('pageRank', () => {
  it('ranks every page, the main line in order', () => {
    expect(FLOW_ORDER.map(pageRank)).toEqual(FLOW_ORDER.map((_, index) => index));
    for (const page of PAGES) expect(pageRank(page), page).toBeGreaterThanOrEqual(0);
  });

  it.each([['NotifyWhenEligible'], ['WeWillNotifyYou'], ['NotQualified']] as const)(
    '%s ranks as Household, the page completed before /credit sends a borrower there',
    (page) => {
      expect(pageRank(page)).toBe(pageRank('Household'));
    },
  );
});

describe('hasCompleted', () => {
  it.each<[Page | null | undefined, Page, boolean]>([
    [null, 'Lead', false],
    [undefined, 'Lead', false],
    ['Lead', 'Lead', true],
    ['Lead', 'Hardships', false],
    ['Hardships', 'Lead', true],
    ['Expenses', 'Hardships', true],
    ['Expenses', 'Budget', false],
    ['NotQualified', 'Household', true],
    ['NotQualified', 'Credit', false],
  ])('last completed %s, %s completed: %s', (last, page, expected) => {
    expect(hasCompleted(last, page)).toBe(expected);
  });
});

describe('canSavePage', () => {
  it.each<[Page | null, keyof typeof PREREQUISITE, boolean]>([
    [null, 'Hardships', false],
    ['Lead', 'Hardships', true],
    ['Expenses', 'Hardships', true],
    ['Lead', 'Household', false],
    ['Hardships', 'Household', true],
    ['EligibleDebts', 'Expenses', false],
    // ConfirmIncome is only asked when the shortfall is high: Expenses does not wait for it.
    ['ProvideMonthlyIncome', 'Expenses', true],
    ['ProvideMonthlyIncome', 'Budget', false],
  ])('last completed %s, may save %s: %s', (last, page, expected) => {
    expect(canSavePage(last, page)).toBe(expected);
  });
});

describe('furthestCompleted', () => {
  it.each<[Page | null, Page, Page]>([
    [null, 'Lead', 'Lead'],
    ['Lead', 'Hardships', 'Hardships'],
    ['Hardships', 'Hardships', 'Hardships'],
    // Going back to /hardships after /expenses keeps the progress.
    ['Expenses', 'Hardships', 'Expenses'],
    ['NotQualified', 'Credit', 'Credit'],
  ])('last completed %s, completing %s gives %s', (last, page, expected) => {
    expect(furthestCompleted(last, page)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { PAGES, PAGE_ROUTES, isPage, pageForRoute, pageSchema } from './pages';

describe('pages', () => {
  it.each<[string, string]>([
    ['Lead', '/lead'],
    ['Hardships', '/hardships'],
    ['Household', '/household'],
    ['Credit', '/credit'],
    ['EligibleDebts', '/eligible-debts'],
    ['ProvideMonthlyIncome', '/income/provide-monthly-income'],
    ['ConfirmIncome', '/income/confirm-income'],
    ['Expenses', '/expenses'],
    ['Budget', '/budget'],
    ['Review', '/offers/review'],
    ['NotQualified', '/offers/not-qualified'],
    ['NotifyWhenEligible', '/notify-when-eligible'],
    ['WeWillNotifyYou', '/we-will-notify-you'],
    ['NextSteps', '/payments/next-steps'],
    ['PaymentAccountOptions', '/payments/payment-account-options'],
    ['ConfirmPaymentAccount', '/payments/confirm-payment-account'],
    ['ProvidePaymentAccountInformation', '/payments/provide-payment-account-information'],
    ['Submitted', '/submitted'],
  ])('%s → %s', (page, route) => {
    expect(isPage(page)).toBe(true);
    if (!isPage(page)) return;
    expect(PAGE_ROUTES[page]).toBe(route);
    expect(pageForRoute(route)).toBe(page);
  });

  it('has 18 pages, each with a distinct route', () => {
    expect(PAGES).toHaveLength(18);
    expect(new Set(Object.values(PAGE_ROUTES)).size).toBe(18);
  });

  it.each([['Summary'], ['lead'], [''], [undefined]])('refuses %j', (value) => {
    expect(isPage(value)).toBe(false);
    expect(pageSchema.safeParse(value).success).toBe(false);
  });

  it('pageForRoute of an unknown route', () => {
    expect(pageForRoute('/summary')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { PAGES } from './pages';
import type { Page } from './pages';
import { STAFF_HOME, resumeRoute } from './resume';
import { APPLICATION_STATUSES } from './statuses';
import type { ApplicationStatus } from './statuses';

describe('resumeRoute', () => {
  const rows: Array<[Page, string]> = [
    ['Lead', '/lead'],
    ['Hardships', '/hardships'],
    ['Household', '/household'],
    ['Credit', '/credit'],
    ['EligibleDebts', '/eligible-debts'],
    ['ProvideMonthlyIncome', '/income/provide-monthly-income'],
    ['ConfirmIncome', '/income/confirm-income'],
    ['Expenses', '/expenses'],
    ['Budget', '/offers/review'],
    ['Review', '/offers/review'],
    ['NotQualified', '/offers/not-qualified'],
    ['NotifyWhenEligible', '/notify-when-eligible'],
    ['WeWillNotifyYou', '/we-will-notify-you'],
    ['NextSteps', '/payments/next-steps'],
    ['PaymentAccountOptions', '/payments/payment-account-options'],
    ['ConfirmPaymentAccount', '/payments/confirm-payment-account'],
    ['ProvidePaymentAccountInformation', '/payments/provide-payment-account-information'],
    ['Submitted', '/submitted'],
  ];

  it('has a row for every page', () => {
    expect(rows.map(([page]) => page).sort()).toEqual([...PAGES].sort());
  });

  it.each(rows)('%s → %s', (page, route) => {
    expect(resumeRoute({ lastViewedPage: page, status: 'inProgress' })).toBe(route);
  });

  const submittedRows: Array<[ApplicationStatus, string]> = [
    ['inProgress', '/submitted'],
    ['acceptOffer', '/submitted'],
    ['confirmPaymentAccount', '/submitted'],
    ['signContract', '/submitted'],
    ['counselorReview', '/submitted'],
    ['creditorReview', '/submitted'],
    ['transfer', '/customer-portal/next-steps'],
    ['transferred', '/customer-portal/next-steps'],
    ['disqualified', '/submitted'],
  ];

  it.each(submittedRows)('Submitted with status %s → %s', (status, route) => {
    expect(resumeRoute({ lastViewedPage: 'Submitted', status })).toBe(route);
  });

  it('covers every status for Submitted', () => {
    expect(submittedRows.map(([status]) => status)).toEqual([...APPLICATION_STATUSES]);
  });

  it.each([
    [{}, '/lead'],
    [{ lastViewedPage: null }, '/lead'],
    [{ lastViewedPage: null, status: 'transferred' as const }, '/lead'],
    [{ lastViewedPage: 'Submitted' as const }, '/submitted'],
    [{ lastViewedPage: 'Submitted' as const, status: null }, '/submitted'],
  ])('defaults: %j → %s', (input, route) => {
    expect(resumeRoute(input)).toBe(route);
  });

  it('an unknown stored page falls back to /lead', () => {
    expect(resumeRoute({ lastViewedPage: 'Retired' as Page })).toBe('/lead');
  });

  it('staff go to the summary', () => {
    expect(STAFF_HOME).toBe('/summary');
  });
});

// The application's pages and their routes, without zod: the web's router reads this (its first chunk must
// stay small); pages.ts adds the pages' schema for the API.

// Values of lastViewedPage and lastCompletedPage.
export const PAGES = [
  'Lead',
  'Hardships',
  'Household',
  'Credit',
  'EligibleDebts',
  'ProvideMonthlyIncome',
  'ConfirmIncome',
  'Expenses',
  'Budget',
  'Review',
  'NotQualified',
  'NotifyWhenEligible',
  'WeWillNotifyYou',
  'NextSteps',
  'PaymentAccountOptions',
  'ConfirmPaymentAccount',
  'ProvidePaymentAccountInformation',
  'Submitted',
] as const;

export type Page = (typeof PAGES)[number];

export const isPage = (value: unknown): value is Page =>
  typeof value === 'string' && (PAGES as readonly string[]).includes(value);

/** Each page's own route. */
export const PAGE_ROUTES = {
  Lead: '/lead',
  Hardships: '/hardships',
  Household: '/household',
  Credit: '/credit',
  EligibleDebts: '/eligible-debts',
  ProvideMonthlyIncome: '/income/provide-monthly-income',
  ConfirmIncome: '/income/confirm-income',
  Expenses: '/expenses',
  Budget: '/budget',
  Review: '/offers/review',
  NotQualified: '/offers/not-qualified',
  NotifyWhenEligible: '/notify-when-eligible',
  WeWillNotifyYou: '/we-will-notify-you',
  NextSteps: '/payments/next-steps',
  PaymentAccountOptions: '/payments/payment-account-options',
  ConfirmPaymentAccount: '/payments/confirm-payment-account',
  ProvidePaymentAccountInformation: '/payments/provide-payment-account-information',
  Submitted: '/submitted',
} as const satisfies Record<Page, string>;

/** The page whose own route is `path`, if any. */
export function pageForRoute(path: string): Page | undefined {
  return PAGES.find((page) => PAGE_ROUTES[page] === path);
}

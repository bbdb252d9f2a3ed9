import { createBrowserRouter, redirect } from 'react-router';

/**
 * The route table. Every screen is its own lazy chunk (the landing page must stay small), and every
 * page module exports `Component`. Guards are layout routes.
 */
export const router = createBrowserRouter([
  {
    lazy: () => import('../components/layout/site-layout'),
    HydrateFallback: () => null,
    children: [
      // '/' redirects to /lead and keeps the query string (utm parameters).
      { path: '/', loader: ({ request }) => redirect(`/lead${new URL(request.url).search}`) },
      { path: '/lead', lazy: () => import('../features/landing/lead-page') },
      { path: '/debt-analysis', lazy: () => import('../features/landing/debt-analysis-page') },
      { path: '/debt-relief', lazy: () => import('../features/landing/debt-relief-page') },
      { path: '/sign-in', lazy: () => import('../features/account/sign-in-page') },
      { path: '/verification-code', lazy: () => import('../features/account/verification-code-page') },
      { path: '/user-information', lazy: () => import('../features/account/user-information-page') },
      { path: '/forgot-password', lazy: () => import('../features/account/forgot-password-page') },
      { path: '/reset-password', lazy: () => import('../features/account/reset-password-page') },
      { path: '/verify-new-email', lazy: () => import('../features/account/verify-new-email-page') },
      // Staff second factor: the code page of a sign-in, and enrolment of the authenticator app.
      { path: '/two-factor', lazy: () => import('../features/account/two-factor-page') },
      { path: '/two-factor/setup', lazy: () => import('../features/account/two-factor-setup-page') },
      {
        path: '/please-check-your-email',
        lazy: () => import('../features/account/please-check-your-email-page'),
      },
      // The signer arrives from the email (token in the fragment): no sign-in needed.
      { path: '/sign-letter', lazy: () => import('../features/signing/sign-letter-page') },
      {
        // The application flow: signed-in borrowers only.
        lazy: () => import('./borrower-guard'),
        children: [
          { path: '/hardships', lazy: () => import('../features/apply/hardships-page') },
          { path: '/household', lazy: () => import('../features/apply/household-page') },
          { path: '/credit', lazy: () => import('../features/apply/credit-page') },
          { path: '/eligible-debts', lazy: () => import('../features/apply/eligible-debts-page') },
          {
            path: '/income/provide-monthly-income',
            lazy: () => import('../features/apply/provide-income-page'),
          },
          { path: '/income/confirm-income', lazy: () => import('../features/apply/confirm-income-page') },
          { path: '/expenses', lazy: () => import('../features/apply/expenses-page') },
          { path: '/budget', lazy: () => import('../features/apply/budget-page') },
          { path: '/offers/review', lazy: () => import('../features/apply/offers-review-page') },
          { path: '/offers/not-qualified', lazy: () => import('../features/apply/not-qualified-page') },
          {
            path: '/notify-when-eligible',
            lazy: () => import('../features/apply/notify-when-eligible-page'),
          },
          { path: '/we-will-notify-you', lazy: () => import('../features/apply/we-will-notify-you-page') },
          // Enrollment: the payment account, then the Letter of Authorization waits for signatures.
          { path: '/payments/next-steps', lazy: () => import('../features/apply/payments/next-steps-page') },
          {
            path: '/payments/payment-account-options',
            lazy: () => import('../features/apply/payments/payment-account-options-page'),
          },
          {
            path: '/payments/confirm-payment-account',
            lazy: () => import('../features/apply/payments/confirm-payment-account-page'),
          },
          {
            path: '/payments/provide-payment-account-information',
            lazy: () => import('../features/apply/payments/provide-payment-account-page'),
          },
          { path: '/submitted', lazy: () => import('../features/apply/payments/submitted-page') },
        ],
      },
      {
        lazy: () => import('./customer-portal-guard'),
        children: [
          { path: '/customer-portal/plan', lazy: () => import('../features/customer-portal/plan-page') },
          {
            path: '/customer-portal/next-steps',
            lazy: () => import('../features/customer-portal/next-steps-page'),
          },
          {
            path: '/customer-portal/settings',
            lazy: () => import('../features/customer-portal/settings-page'),
          },
          {
            path: '/customer-portal/change-email',
            lazy: () => import('../features/account/change-email-page'),
          },
          {
            path: '/customer-portal/change-password',
            lazy: () => import('../features/account/change-password-page'),
          },
        ],
      },
      {
        lazy: () => import('./service-portal-guard'),
        children: [
          {
            lazy: () => import('../features/service-portal/portal-layout'),
            handle: { ownChrome: true },
            children: [
              { path: '/summary', lazy: () => import('../features/service-portal/summary-page') },
              {
                path: '/borrower-queue',
                lazy: () => import('../features/service-portal/borrower-queue-page'),
              },
              {
                path: '/borrower-summary',
                lazy: () => import('../features/service-portal/borrower-summary-page'),
              },
              {
                path: '/contact-summary',
                lazy: () => import('../features/service-portal/contact-summary-page'),
              },
              { path: '/preferences', lazy: () => import('../features/service-portal/preferences-page') },
            ],
          },
          { path: '/change-email', lazy: () => import('../features/account/change-email-page') },
          { path: '/change-password', lazy: () => import('../features/account/change-password-page') },
        ],
      },
      { path: '*', lazy: () => import('../components/layout/not-found-page') },
    ],
  },
]);

import { createBrowserRouter, matchRoutes, redirect, type RouteObject } from 'react-router';
import { ROUTES } from '#domain/flow/routes';
import { LANGUAGES, pathInLanguage, type Language } from '#domain/i18n/language';
import { LEGAL_DOCUMENTS } from '#domain/legal-documents';
import { pageLanguage } from '#web/lib/i18n';

/**
 * The landing pages in a language, at their addresses in it (/lead, /es/lead): the same page modules, drawn in
 * the address's language. The landing app shows them first (landing-app.tsx); the router draws them when the
 * whole app has taken over (a visitor who went on and came back).
 */
const landingPages = (language: Language): RouteObject => ({
  lazy: () => import('./page-language-layout').then((m) => m.pageLanguageLayout(language)),
  children: [
    {
      path: pathInLanguage(ROUTES.Lead, language),
      // The lead form's code comes with the page, so the form is drawn with it (deferred-lead-form.tsx).
      lazy: () =>
        import('../features/landing/lead-page').then(async ({ preload, ...page }) => {
          await preload();
          return page;
        }),
    },
    {
      path: pathInLanguage(ROUTES.DebtAnalysis, language),
      lazy: () => import('../features/landing/debt-analysis-page'),
    },
    {
      path: pathInLanguage(ROUTES.DebtRelief, language),
      lazy: () => import('../features/landing/debt-relief-page'),
    },
  ],
});

/**
 * The route table. Every screen is its own lazy chunk (the landing page must stay small), and every
 * page module exports `Component`. Guards are layout routes. The landing pages sit outside the query layout:
 * they read nothing from the server, so their JavaScript carries no react-query.
 */
export const routes: RouteObject[] = [
  {
    lazy: () => import('../components/layout/site-layout'),
    HydrateFallback: () => null,
    children: [
      // '/' redirects to the lead page in the page's language (/lead, /es/lead) and keeps the query string
      // (utm parameters).
      {
        path: '/',
        loader: ({ request }) =>
          redirect(`${pathInLanguage(ROUTES.Lead, pageLanguage())}${new URL(request.url).search}`),
      },
      ...LANGUAGES.map(landingPages),
      {
        // Every other screen reads the server through the query cache.
        lazy: () => import('./query-layout'),
        children: [
          // The agency's legal texts (the server redirects a path to the agency's own page when configured).
          ...LEGAL_DOCUMENTS.map((document) => ({
            path: document.path,
            lazy: () => import('../features/legal/legal-page'),
          })),
          { path: ROUTES.SignIn, lazy: () => import('../features/account/sign-in-page') },
          { path: ROUTES.VerificationCode, lazy: () => import('../features/account/verification-code-page') },
          { path: ROUTES.UserInformation, lazy: () => import('../features/account/user-information-page') },
          { path: ROUTES.ForgotPassword, lazy: () => import('../features/account/forgot-password-page') },
          { path: ROUTES.ResetPassword, lazy: () => import('../features/account/reset-password-page') },
          { path: ROUTES.VerifyNewEmail, lazy: () => import('../features/account/verify-new-email-page') },
          // Staff second factor: the code page of a sign-in, and enrolment of the authenticator app.
          { path: ROUTES.TwoFactor, lazy: () => import('../features/account/two-factor-page') },
          { path: ROUTES.TwoFactorSetup, lazy: () => import('../features/account/two-factor-setup-page') },
          {
            path: ROUTES.PleaseCheckYourEmail,
            lazy: () => import('../features/account/please-check-your-email-page'),
          },
          // The signer arrives from the email (token in the fragment): no sign-in needed.
          { path: ROUTES.SignLetter, lazy: () => import('../features/signing/sign-letter-page') },
          // The spouse arrives from the emailed link (token in the fragment): no sign-in needed.
          {
            path: ROUTES.SpouseConsent,
            lazy: () => import('../features/apply/spouse-consent-page'),
          },
          // Anyone books a call with a counsellor, signed in or not; the email's links open the same address.
          {
            path: ROUTES.CounsellingCall,
            lazy: () => import('../features/counselling/counselling-call-page'),
          },
          {
            // The application flow: signed-in borrowers only.
            lazy: () => import('./borrower-guard'),
            children: [
              { path: ROUTES.Hardships, lazy: () => import('../features/apply/hardships-page') },
              { path: ROUTES.Household, lazy: () => import('../features/apply/household-page') },
              { path: ROUTES.Credit, lazy: () => import('../features/apply/credit-page') },
              { path: ROUTES.EligibleDebts, lazy: () => import('../features/apply/eligible-debts-page') },
              {
                path: ROUTES.ProvideMonthlyIncome,
                lazy: () => import('../features/apply/provide-income-page'),
              },
              { path: ROUTES.ConfirmIncome, lazy: () => import('../features/apply/confirm-income-page') },
              { path: ROUTES.Expenses, lazy: () => import('../features/apply/expenses-page') },
              { path: ROUTES.Budget, lazy: () => import('../features/apply/budget-page') },
              { path: ROUTES.Review, lazy: () => import('../features/apply/offers-review-page') },
              { path: ROUTES.NotQualified, lazy: () => import('../features/apply/not-qualified-page') },
              {
                path: ROUTES.NotifyWhenEligible,
                lazy: () => import('../features/apply/notify-when-eligible-page'),
              },
              {
                path: ROUTES.WeWillNotifyYou,
                lazy: () => import('../features/apply/we-will-notify-you-page'),
              },
              // Enrollment: the payment account, then the Letter of Authorization waits for signatures.
              { path: ROUTES.NextSteps, lazy: () => import('../features/apply/payments/next-steps-page') },
              {
                path: ROUTES.PaymentAccountOptions,
                lazy: () => import('../features/apply/payments/payment-account-options-page'),
              },
              {
                path: ROUTES.ConfirmPaymentAccount,
                lazy: () => import('../features/apply/payments/confirm-payment-account-page'),
              },
              {
                path: ROUTES.ProvidePaymentAccountInformation,
                lazy: () => import('../features/apply/payments/provide-payment-account-page'),
              },
              { path: ROUTES.Submitted, lazy: () => import('../features/apply/payments/submitted-page') },
            ],
          },
          {
            lazy: () => import('./customer-portal-guard'),
            children: [
              {
                path: ROUTES.CustomerPortalPlan,
                lazy: () => import('../features/customer-portal/plan-page'),
              },
              {
                path: ROUTES.CustomerPortalPayments,
                lazy: () => import('../features/customer-portal/payments-page'),
              },
              {
                path: ROUTES.CustomerPortalNextSteps,
                lazy: () => import('../features/customer-portal/next-steps-page'),
              },
              {
                path: ROUTES.CustomerPortalAlerts,
                lazy: () => import('../features/customer-portal/alerts-page'),
              },
              {
                path: ROUTES.CustomerPortalSettings,
                lazy: () => import('../features/customer-portal/settings-page'),
              },
              {
                path: ROUTES.CustomerPortalChangeEmail,
                lazy: () => import('../features/account/change-email-page'),
              },
              {
                path: ROUTES.CustomerPortalChangePassword,
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
                  {
                    path: ROUTES.Summary,
                    lazy: () => import('#web/features/service-portal/summary/summary-page'),
                  },
                  {
                    path: ROUTES.BorrowerQueue,
                    lazy: () => import('#web/features/service-portal/queue/borrower-queue-page'),
                  },
                  {
                    path: ROUTES.BorrowerSummary,
                    lazy: () => import('#web/features/service-portal/borrower-summary/borrower-summary-page'),
                  },
                  {
                    path: ROUTES.ContactSummary,
                    lazy: () => import('../features/service-portal/contact-summary-page'),
                  },
                  {
                    path: ROUTES.Preferences,
                    lazy: () => import('../features/service-portal/preferences-page'),
                  },
                  {
                    path: ROUTES.AgencyDaysOff,
                    lazy: () => import('../features/service-portal/counselling/agency-days-off-page'),
                  },
                  {
                    path: ROUTES.Creditors,
                    lazy: () => import('../features/service-portal/creditors/creditors-page'),
                  },
                  {
                    path: ROUTES.Creditor,
                    lazy: () => import('../features/service-portal/creditors/creditor-page'),
                  },
                  {
                    path: ROUTES.Proposals,
                    lazy: () => import('../features/service-portal/proposals/proposals-page'),
                  },
                  {
                    path: ROUTES.AgencyEventsFile,
                    lazy: () => import('../features/service-portal/agency-events/agency-events-file-page'),
                  },
                ],
              },
              { path: ROUTES.ChangeEmail, lazy: () => import('../features/account/change-email-page') },
              { path: ROUTES.ChangePassword, lazy: () => import('../features/account/change-password-page') },
            ],
          },
          { path: '*', lazy: () => import('../components/layout/not-found-page') },
        ],
      },
    ],
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Loads the lazy modules of the routes that match `pathname` and puts what they export on the route objects,
 * as the router itself would on its first navigation.
 */
export async function loadRouteModules(table: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(table, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

/**
 * The browser's router. With `loadFirst` the current page's route modules are loaded before the router is
 * made: its first render then draws the page whole (a lazy route not yet loaded would draw its empty fallback),
 * so the page it replaces (a landing page, landing-app.tsx) can stay on the screen until then.
 */
export async function createAppRouter({ loadFirst }: { loadFirst: boolean }): Promise<AppRouter> {
  if (loadFirst) await loadRouteModules(routes, window.location.pathname);
  return createBrowserRouter(routes);
}

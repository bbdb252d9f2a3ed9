import { PAGE_ROUTES } from './page-routes';

/**
 * Every screen's path, written once: the application flow's pages (PAGE_ROUTES, which the server also answers
 * as `next`) and the other screens. The web's router and links take their paths from here.
 */
export const ROUTES = {
  ...PAGE_ROUTES,
  DebtAnalysis: '/debt-analysis',
  DebtRelief: '/debt-relief',
  PrivacyPolicy: '/privacy-policy',
  TermsAndConditions: '/terms-and-conditions',
  CreditReportPolicy: '/credit-report-policy',
  SignIn: '/sign-in',
  VerificationCode: '/verification-code',
  UserInformation: '/user-information',
  ForgotPassword: '/forgot-password',
  ResetPassword: '/reset-password',
  VerifyNewEmail: '/verify-new-email',
  TwoFactor: '/two-factor',
  TwoFactorSetup: '/two-factor/setup',
  PleaseCheckYourEmail: '/please-check-your-email',
  SignLetter: '/sign-letter',
  /** Booking a call with a credit counsellor; with ?token= (the email's links) the booked call, to move or cancel. */
  CounsellingCall: '/counselling-call',
  /** The spouse's own consent to the credit inquiry, opened from the link emailed to them (token in the fragment). */
  SpouseConsent: '/spouse-consent',
  CustomerPortalPlan: '/customer-portal/plan',
  /** After the hand-over: each draft and each creditor's payment, as the agency reports them. */
  CustomerPortalPayments: '/customer-portal/payments',
  CustomerPortalNextSteps: '/customer-portal/next-steps',
  CustomerPortalAlerts: '/customer-portal/alerts',
  CustomerPortalSettings: '/customer-portal/settings',
  CustomerPortalChangeEmail: '/customer-portal/change-email',
  CustomerPortalChangePassword: '/customer-portal/change-password',
  Summary: '/summary',
  BorrowerQueue: '/borrower-queue',
  BorrowerSummary: '/borrower-summary',
  ContactSummary: '/contact-summary',
  Preferences: '/preferences',
  /** The days the whole agency is closed: no counselling call is offered on them. */
  AgencyDaysOff: '/agency-days-off',
  /** The creditors and their concession programmes (every staff member reads them). */
  Creditors: '/creditors',
  Creditor: '/creditors/:creditorId',
  /** Proposals creditors have not answered in time, with each creditor's answer statistics. */
  Proposals: '/proposals',
  /** A supervisor imports the agency's daily events file (for an agency whose system sends no webhooks). */
  AgencyEventsFile: '/agency-events-file',
  ChangeEmail: '/change-email',
  ChangePassword: '/change-password',
} as const;

export type RouteName = keyof typeof ROUTES;

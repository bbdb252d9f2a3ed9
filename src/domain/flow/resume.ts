import { PAGE_ROUTES } from './pages';
import type { Page } from './pages';
import type { ApplicationStatus } from './statuses';

// Where a borrower lands after signing in.

export const DEFAULT_RESUME_ROUTE = PAGE_ROUTES.Lead;
export const CUSTOMER_PORTAL_HOME = '/customer-portal/next-steps';
/** Staff sign-in goes straight to the service portal's list. */
export const STAFF_HOME = '/summary';

export function resumeRoute(input: {
  lastViewedPage?: Page | null;
  status?: ApplicationStatus | null;
}): string {
  const { lastViewedPage: page, status } = input;
  if (!page) return DEFAULT_RESUME_ROUTE;
  switch (page) {
    // The budget was agreed (or needs none) once the offers exist; resume on them.
    case 'Budget':
    case 'Review':
      return PAGE_ROUTES.Review;
    case 'Submitted':
      return status === 'transfer' || status === 'transferred' ? CUSTOMER_PORTAL_HOME : PAGE_ROUTES.Submitted;
    default:
      return PAGE_ROUTES[page] ?? DEFAULT_RESUME_ROUTE;
  }
}

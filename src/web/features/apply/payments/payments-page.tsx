import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PAGE_ROUTES, type Page } from '#domain/flow/pages';
import { resumeRoute } from '#domain/flow/resume';
import type { ApplicationStatus } from '#domain/flow/statuses';
import type { ApplicationView } from '#web/features/apply/application-query';
import { ApplyPageGate } from '#web/features/apply/save-page';

// What the payment pages (/payments/...) share: who may see them, and their styles. Their steps are sent
// with useSavePage; those that move the status on (Continue, a bank connection, the account) leave first.

/** The payment pages are for an application whose offer was accepted and whose payment account is not set. */
export const PAYMENT_STATUS: ApplicationStatus = 'confirmPaymentAccount';

/** Where an application in any other status goes instead (a stale payment page means it moved on). */
export function elsewhere(application: ApplicationView): string {
  const resume = resumeRoute(application);
  return resume.startsWith('/payments/') ? PAGE_ROUTES.Submitted : resume;
}

/** Loads the application and renders the page only while the payment account is being chosen. */
export function PaymentsPageGate({
  page,
  title,
  children,
}: {
  page: Page;
  title: string;
  children: (application: ApplicationView) => ReactNode;
}) {
  return (
    <ApplyPageGate page={page} title={title} allowAnyStatus>
      {(application) =>
        application.status === PAYMENT_STATUS ? (
          children(application)
        ) : (
          <Navigate to={elsewhere(application)} replace />
        )
      }
    </ApplyPageGate>
  );
}

export const HEADING_CLASS = 'text-2xl font-bold text-gray-900 sm:text-3xl';

export { SECONDARY_BUTTON_CLASS } from '#web/components/ui/form/styles';

export const PRIMARY_BUTTON_CLASS =
  'inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-5 py-3 text-base ' +
  'font-semibold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 ' +
  'focus-visible:outline-brand-700 aria-disabled:cursor-wait aria-disabled:opacity-70';

export const TEXT_LINK_CLASS =
  'inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800';

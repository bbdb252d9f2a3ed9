import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useDocumentTitle } from '#web/components/layout/use-document-title';
import { PortalHeader } from './portal-header';

/** The service portal's layout route (inside the staff guard): the portal header, then the page. */
export function Component() {
  return (
    <>
      <PortalHeader />
      <Outlet />
    </>
  );
}

/**
 * The frame of a portal page: wide (counsellors work at desktop widths), its title as the h1 and the tab
 * title, and optional actions beside the title.
 */
export function PortalPage({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-screen-2xl px-4 py-6 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
        {actions}
      </div>
      <div className="mt-4">{children}</div>
    </div>
  );
}

/** What a portal page shows when its data cannot be read: the reason and a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4"
    >
      <p className="text-gray-900">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className="min-h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
      >
        Try again
      </button>
    </div>
  );
}

/** A portal link in the body text. */
export const PORTAL_LINK_CLASS =
  'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

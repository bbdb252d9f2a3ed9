import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Outlet, ScrollRestoration, isRouteErrorResponse, useMatches, useRouteError } from 'react-router';
import { RouterNavigation } from '#web/lib/router-navigation';
import { SiteShell } from './site-shell';

/** A route with `handle: { ownChrome: true }` draws its own header (the service portal is a tool, not the site). */
const hasOwnChrome = (handle: unknown): boolean =>
  typeof handle === 'object' && handle !== null && (handle as { ownChrome?: unknown }).ownChrome === true;

function Shell({ children }: { children: ReactNode }) {
  const ownChrome = useMatches().some((match) => hasOwnChrome(match.handle));
  return (
    <RouterNavigation>
      <SiteShell ownChrome={ownChrome}>{children}</SiteShell>
    </RouterNavigation>
  );
}

/** The public layout: header, the page, footer. */
export function Component() {
  return (
    <Shell>
      <Outlet />
      <ScrollRestoration />
    </Shell>
  );
}

/** Any error a page throws while loading or rendering (a chunk that failed to download, a bug) lands here. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  return (
    <Shell>
      <div className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6">
        <h1 className="text-3xl font-bold text-gray-900">
          <FormattedMessage id="layout.pageError.title" defaultMessage="Something went wrong" />
        </h1>
        <p className="mt-4 text-gray-700">
          {status === undefined ? (
            <FormattedMessage
              id="layout.pageError.offline"
              defaultMessage="This page could not be loaded. Please check your internet connection and try again."
            />
          ) : (
            <FormattedMessage
              id="layout.pageError.status"
              defaultMessage="This page could not be loaded (error {status}). Please try again."
              values={{ status }}
            />
          )}
        </p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-8 min-h-11 rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
        >
          <FormattedMessage id="layout.pageError.retry" defaultMessage="Try again" />
        </button>
      </div>
    </Shell>
  );
}

import type { ReactNode } from 'react';
import { Outlet, ScrollRestoration, isRouteErrorResponse, useMatches, useRouteError } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';

/** A route with `handle: { ownChrome: true }` draws its own header (the service portal is a tool, not the site). */
const hasOwnChrome = (handle: unknown): boolean =>
  typeof handle === 'object' && handle !== null && (handle as { ownChrome?: unknown }).ownChrome === true;

function Shell({ children }: { children: ReactNode }) {
  const ownChrome = useMatches().some((match) => hasOwnChrome(match.handle));
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      {ownChrome ? null : <Header />}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      {ownChrome ? null : <Footer />}
    </div>
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
        <h1 className="text-3xl font-bold text-gray-900">Something went wrong</h1>
        <p className="mt-4 text-gray-700">
          {status === undefined
            ? 'This page could not be loaded. Please check your internet connection and try again.'
            : `This page could not be loaded (error ${status}). Please try again.`}
        </p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-8 min-h-11 rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
        >
          Try again
        </button>
      </div>
    </Shell>
  );
}

import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Footer } from './footer';
import { Header } from './header';

/**
 * The public frame around every page: the skip link, the header, the page, the footer. A page with its own
 * chrome (the service portal is a tool, not the site) keeps only the skip link and the main landmark. Free of
 * the router, so a prerendered landing page is taken over without it (landing-app.tsx).
 */
export function SiteShell({ ownChrome = false, children }: { ownChrome?: boolean; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        <FormattedMessage id="layout.skipLink" defaultMessage="Skip to main content" />
      </a>
      {ownChrome ? null : <Header />}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      {ownChrome ? null : <Footer />}
    </div>
  );
}

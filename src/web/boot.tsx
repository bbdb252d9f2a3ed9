import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter, type AppRouter } from './app/router';
import { isLandingPagePath, languageOfPath } from '#domain/i18n/language';
import { loadLanguage, pageLanguage } from './lib/i18n';

/**
 * Starts the whole app in the page's root. `loadFirst`: the current page's modules are fetched before anything
 * is drawn, and `replacing` (the landing app leaving, landing-app.tsx) is called just before the first render,
 * so the page on the screen stays until the next one can be drawn whole.
 */
export async function start(
  container: HTMLElement,
  options: { loadFirst?: boolean; replacing?: () => void } = {},
): Promise<void> {
  let router: AppRouter;
  // The page's language is fetched alongside its modules. A landing page's address says its language (the
  // page a server sends for /es/lead without prerendering it, as in development, may say otherwise).
  const { pathname } = window.location;
  const language = loadLanguage(
    isLandingPagePath(pathname) ? languageOfPath(pathname).language : pageLanguage(),
  );
  try {
    router = await createAppRouter({ loadFirst: options.loadFirst ?? false });
  } catch {
    // The page's modules did not load (a dropped connection): let the router retry them and show its error
    // page with a way to try again.
    router = await createAppRouter({ loadFirst: false });
  }
  const loaded = await language;
  options.replacing?.();
  const root = createRoot(container);
  flushSync(() =>
    root.render(
      <StrictMode>
        <App router={router} language={loaded} />
      </StrictMode>,
    ),
  );
}

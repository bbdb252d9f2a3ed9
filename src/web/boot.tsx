import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter, type AppRouter } from './app/router';

/**
 * Starts the app in the page's root. A prerendered page (a landing page, built as HTML) is taken over as it is
 * on the screen (hydrated); any other page arrives empty and is drawn here.
 */
export async function start(container: HTMLElement, prerendered: boolean): Promise<void> {
  let hydrate = prerendered;
  let router: AppRouter;
  try {
    router = await createAppRouter({ prerendered });
  } catch {
    // The page's modules did not load (a dropped connection): draw the page afresh, so the router retries them
    // and shows its error page with a way to try again, rather than leave a page that looks ready but is not.
    hydrate = false;
    router = await createAppRouter({ prerendered: false });
  }
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  if (hydrate) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

/**
 * The pages the build prerenders to HTML (scripts/prerender.ts draws them through src/web/prerender.tsx), each
 * with the route modules it runs: the site layout and the page, as the route table (app/router.tsx) loads them
 * for that path. The entry (main.tsx) starts fetching them as soon as the page has painted, beside the app
 * itself, rather than after it. A module left off here is still loaded, one round trip later.
 */
export const PRERENDERED_PAGES: Record<string, () => Promise<unknown>[]> = {
  '/lead': () => [import('./components/layout/site-layout'), import('./features/landing/lead-page')],
  '/debt-analysis': () => [
    import('./components/layout/site-layout'),
    import('./features/landing/debt-analysis-page'),
  ],
  '/debt-relief': () => [
    import('./components/layout/site-layout'),
    import('./features/landing/debt-relief-page'),
  ],
};

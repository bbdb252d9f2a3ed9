import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { ALL_CATALOGS } from '#domain/i18n/all-catalogs';
import type { Language } from '#domain/i18n/language';
import { LanguageProvider } from '#web/lib/i18n';
import { RouterNavigation } from '#web/lib/router-navigation';

/** A fresh QueryClient that does not retry, so a failing answer shows at once. */
export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** Options of the user-event session, e.g. `{ advanceTimers: vi.advanceTimersByTime }` under fake timers. */
export type UserOptions = Parameters<typeof userEvent.setup>[0];

/** Draws `children` in a language, as the app does (English unless a test asks for another). */
export function InLanguage({ language = 'en', children }: { language?: Language; children: ReactNode }) {
  return (
    <LanguageProvider initial={{ language, catalog: ALL_CATALOGS[language] }}>{children}</LanguageProvider>
  );
}

/**
 * Renders routes in a memory router inside a fresh QueryClient, starting at `initialEntry`, with a
 * user-event session to type and click as a person does.
 */
export function renderRoutes(
  routes: RouteObject[],
  initialEntry: string | { pathname: string; state?: unknown } = '/',
  userOptions?: UserOptions,
  language: Language = 'en',
) {
  // The site layout's navigation (components/layout/navigation.tsx) around the routes, as in the app.
  const withNavigation: RouteObject = {
    Component: () => (
      <RouterNavigation>
        <Outlet />
      </RouterNavigation>
    ),
    children: routes,
  };
  const router = createMemoryRouter([withNavigation], { initialEntries: [initialEntry] });
  const queryClient = testQueryClient();
  const user = userEvent.setup(userOptions);
  const view = render(
    <InLanguage language={language}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </InLanguage>,
  );
  return { ...view, user, router, queryClient };
}

/** Renders one element (no routes) inside a fresh QueryClient and a memory router. */
export function renderElement(
  element: ReactNode,
  initialEntry = '/',
  userOptions?: UserOptions,
  language: Language = 'en',
) {
  return renderRoutes([{ path: '*', element }], initialEntry, userOptions, language);
}

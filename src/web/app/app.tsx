import { RouterProvider } from 'react-router';
import { LanguageProvider, type LoadedLanguage } from '#web/lib/i18n';
import type { AppRouter } from './router';

/**
 * The web app: the router and its screens, in the page's language. The query cache is a layout inside it
 * (query-layout.tsx).
 */
export function App({ router, language }: { router: AppRouter; language: LoadedLanguage }) {
  return (
    <LanguageProvider initial={language}>
      <RouterProvider router={router} />
    </LanguageProvider>
  );
}

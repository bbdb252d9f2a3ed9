import { useCallback } from 'react';
import { RouterProvider } from 'react-router';
import type { Language } from '#domain/i18n/language';
import { LanguageProvider, type LoadedLanguage } from '#web/lib/i18n';
import { queryClient } from '#web/lib/query-client';
import { FollowStoredLanguage, storeLanguageChoice } from '#web/lib/stored-language';
import type { AppRouter } from './router';

/**
 * The web app: the router and its screens, in the page's language. The query cache is a layout inside it
 * (query-layout.tsx). A signed-in borrower's language is kept with them: the switch stores it, and signing in
 * on another device brings it back.
 */
export function App({ router, language }: { router: AppRouter; language: LoadedLanguage }) {
  const onChange = useCallback((chosen: Language) => storeLanguageChoice(queryClient, chosen), []);
  return (
    <LanguageProvider initial={language} onChange={onChange}>
      <FollowStoredLanguage queryClient={queryClient} />
      <RouterProvider router={router} />
    </LanguageProvider>
  );
}

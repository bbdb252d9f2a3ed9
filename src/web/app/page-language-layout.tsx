import { useEffect } from 'react';
import { Outlet } from 'react-router';
import type { Language } from '#domain/i18n/language';
import { LanguageProvider, loadLanguage, useLanguage, type LoadedLanguage } from '#web/lib/i18n';

/**
 * The layout of the landing pages in one language (/lead in English, /es/lead in Spanish): their address says
 * their language, whatever the rest of the app was drawn in. The page is drawn in it at once, and the app
 * follows (the header, the pages after it), as the landing app does when it takes over a landing page.
 */
export async function pageLanguageLayout(language: Language) {
  const loaded = await loadLanguage(language);
  return { Component: () => <InPageLanguage loaded={loaded} /> };
}

function InPageLanguage({ loaded }: { loaded: LoadedLanguage }) {
  const app = useLanguage();
  useEffect(() => {
    if (app.language !== loaded.language) void app.setLanguage(loaded.language);
  }, [app, loaded.language]);
  return (
    <LanguageProvider initial={loaded}>
      <Outlet />
    </LanguageProvider>
  );
}

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { CATALOGS, type Catalog } from '#domain/i18n/catalog';
import { DEFAULT_LANGUAGE, isLanguage, languageCookie, LOCALE, type Language } from '#domain/i18n/language';

/**
 * A language with its messages, ready to draw with: all the browser's, or on a landing page only the landing
 * pages' part (catalog-parts.ts), which is all they draw.
 */
export type LoadedLanguage = { language: Language; catalog: Catalog };

/**
 * The language the page was served in: the server (or the build, for a landing page) writes it into
 * `<html lang>`, from the visitor's choice, their browser's languages or the page's address.
 */
export function pageLanguage(): Language {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang.slice(0, 2);
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/**
 * Fetches a language's messages (each language's are their own files, fetched only when it is used): all the
 * browser's, or with `landingOnly` the part the landing pages draw (src/domain/i18n/catalog-parts.ts).
 */
export async function loadLanguage(
  language: Language,
  { landingOnly = false }: { landingOnly?: boolean } = {},
): Promise<LoadedLanguage> {
  const parts = CATALOGS[language];
  if (landingOnly) return { language, catalog: await parts.landing() };
  const [landing, app] = await Promise.all([parts.landing(), parts.app()]);
  return { language, catalog: { ...landing, ...app } };
}

/** Keeps the visitor's choice for a year, for the pages the server sends next, and tells assistive technology. */
export function rememberLanguage(language: Language): void {
  document.cookie = languageCookie(language);
  document.documentElement.lang = language;
}

type LanguageContextValue = {
  language: Language;
  /** Switches the page to another language (its messages are fetched first) and remembers the choice. */
  setLanguage: (language: Language) => Promise<void>;
};

const LanguageContext = createContext<LanguageContextValue | null>(null);

/**
 * Draws its children in a language: react-intl's provider with that language's messages, money, dates and
 * plurals in its locale. `onChange` runs after a switch (the app stores a signed-in borrower's choice).
 */
export function LanguageProvider({
  initial,
  onChange,
  children,
}: {
  initial: LoadedLanguage;
  onChange?: (language: Language) => void;
  children: ReactNode;
}) {
  const [loaded, setLoaded] = useState(initial);
  const setLanguage = useCallback(
    async (language: Language) => {
      const next = await loadLanguage(language);
      rememberLanguage(language);
      setLoaded(next);
      onChange?.(language);
    },
    [onChange],
  );
  const value = useMemo(() => ({ language: loaded.language, setLanguage }), [loaded.language, setLanguage]);
  return (
    <LanguageContext value={value}>
      <IntlProvider locale={LOCALE[loaded.language]} defaultLocale={LOCALE.en} messages={loaded.catalog}>
        {children}
      </IntlProvider>
    </LanguageContext>
  );
}

/** The page's language and the way to change it. */
export function useLanguage(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (value === null) throw new Error('useLanguage needs a LanguageProvider above it');
  return value;
}

import {
  DEFAULT_LANGUAGE,
  isLandingPagePath,
  LANGUAGE_QUERY,
  LANGUAGE_NAME,
  languageOfPath,
  pathInLanguage,
  type Language,
} from '#domain/i18n/language';
import { rememberLanguage, useLanguage } from '#web/lib/i18n';
import { useNavigation } from './navigation';

/**
 * "Español" on an English page, "English" on a Spanish one. On a landing page it is a link to the same page in
 * the other language (its own address, prerendered, so it works before any script); elsewhere it redraws the
 * page in place. Either way the choice is kept for the pages that follow.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { language, setLanguage } = useLanguage();
  const { location } = useNavigation();
  const other: Language = language === 'en' ? 'es' : 'en';
  // The name is the language's own (with its lang, so a screen reader says it in that language).
  const classes = `inline-flex min-h-6 items-center rounded-md px-1 text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800 ${className}`;
  if (isLandingPagePath(location.pathname)) {
    // Without the page's query string: a prerendered page draws the same for every visitor. The English
    // address says it is asked for (?lang=en), or the server would send a browser that asks for Spanish back
    // to the Spanish page when there is no script to remember the choice first.
    const page = pathInLanguage(languageOfPath(location.pathname).path, other);
    const href = other === DEFAULT_LANGUAGE ? `${page}?${LANGUAGE_QUERY}=${other}` : page;
    return (
      <a
        href={href}
        lang={other}
        hrefLang={other}
        className={classes}
        onClick={() => rememberLanguage(other)}
      >
        {LANGUAGE_NAME[other]}
      </a>
    );
  }
  return (
    <button type="button" lang={other} className={classes} onClick={() => void setLanguage(other)}>
      {LANGUAGE_NAME[other]}
    </button>
  );
}

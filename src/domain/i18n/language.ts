/**
 * The languages a borrower can use the product in, and how a first visit's language is chosen. The service
 * portal stays in English; everything a borrower sees, receives or signs exists in each of these
 * (docs/decisions/0096-translations-with-formatjs.md).
 */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** The locale money, dates and plurals are formatted in: US conventions ("$1,234.56") in both languages. */
export const LOCALE: Record<Language, string> = { en: 'en-US', es: 'es-US' };

/** Each language's name in itself, as the switch offers it. */
export const LANGUAGE_NAME: Record<Language, string> = { en: 'English', es: 'Español' };

/** The cookie that keeps a visitor's choice before there is a borrower (and for the pages before sign-in). */
export const LANGUAGE_COOKIE = 'lang';

/** The cookie as the switch (document.cookie) and the server (Set-Cookie) write it: a year, the whole site. */
export const languageCookie = (language: Language): string =>
  `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;

/**
 * The query parameter a link can carry to choose a landing page's language (/lead?lang=en): the switch's
 * English link carries it, so the choice holds without the page's script, over a browser that asks for Spanish.
 */
export const LANGUAGE_QUERY = 'lang';

/**
 * A link to one of our pages, as an email or a text sends it: in a language other than English it asks for it
 * (?lang=es), so the page opens in the message's language on any device, even one that never chose it.
 */
export function linkInLanguage(url: string, language: Language): string {
  return language === DEFAULT_LANGUAGE ? url : linkAskingFor(url, language);
}

/**
 * A link that names its language whichever it is, English included (?lang=en): for a page whose language is
 * fixed by what it shows, such as the signing page of a letter written in that signer's language. A device
 * that chose Spanish before (a Spanish-speaking borrower's phone, which an English-speaking spouse borrows)
 * would otherwise draw an English signer's page in Spanish. A language the link already asks for is replaced,
 * so the link asks once.
 */
export function linkAskingFor(url: string, language: Language): string {
  // A fragment (the signing page's token travels in one) stays last: the query goes before it.
  const hash = url.indexOf('#');
  const [base, fragment] = hash === -1 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
  const mark = base.indexOf('?');
  const [path, query] = mark === -1 ? [base, ''] : [base.slice(0, mark), base.slice(mark + 1)];
  const kept = query.split('&').filter((p) => p !== '' && p.split('=')[0] !== LANGUAGE_QUERY);
  return `${path}?${[...kept, `${LANGUAGE_QUERY}=${language}`].join('&')}${fragment}`;
}

/**
 * The landing pages, prerendered in each language: /lead in English, /es/lead in Spanish (src/web/prerendered-pages.ts
 * holds their modules). Every other page has one address and follows the visitor's choice.
 */
export const LANDING_PAGE_PATHS = ['/lead', '/debt-analysis', '/debt-relief'] as const;

/** The path prefix of the Spanish landing pages (/es/lead), which a campaign can link to. */
export const LANGUAGE_PATH_PREFIX: Record<Language, string> = { en: '', es: '/es' };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * The language a browser's Accept-Language header asks for first among ours (RFC 9110 section 12.5.4: the
 * highest quality wins, ties in the order given; "es-MX" counts as "es"). English when it names none of ours.
 */
export function languageFromAcceptLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  let best: { language: Language; quality: number } | undefined;
  for (const part of header.slice(0, 1000).split(',')) {
    const [tag = '', ...parameters] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (!isLanguage(primary)) continue;
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    if (!Number.isFinite(quality) || quality <= 0 || quality > 1) continue;
    if (best === undefined || quality > best.quality) best = { language: primary, quality };
  }
  return best?.language ?? DEFAULT_LANGUAGE;
}

/** The language a landing page's path is in (/es/lead is Spanish), and the path without the prefix. */
export function languageOfPath(pathname: string): { language: Language; path: string } {
  if (pathname === '/es' || pathname.startsWith('/es/'))
    return { language: 'es', path: pathname.slice(3) || '/' };
  return { language: 'en', path: pathname };
}

/** A landing page's path in a language: ('/lead', 'es') → '/es/lead'. */
export const pathInLanguage = (path: string, language: Language): string =>
  `${LANGUAGE_PATH_PREFIX[language]}${path}`;

/** Whether a path (either language's) is a landing page's. */
export const isLandingPagePath = (pathname: string): boolean =>
  (LANDING_PAGE_PATHS as readonly string[]).includes(languageOfPath(pathname).path);

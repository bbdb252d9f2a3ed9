import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { FastifyRequest } from 'fastify';
import { ALL_CATALOGS } from '#domain/i18n/all-catalogs';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGES,
  languageFromAcceptLanguage,
  LOCALE,
  type Language,
} from '#domain/i18n/language';

export type { IntlShape } from '@formatjs/intl';

const cache = createIntlCache();
const intls = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    createIntl(
      { locale: LOCALE[language], defaultLocale: LOCALE.en, messages: ALL_CATALOGS[language] },
      cache,
    ),
  ]),
) as Record<Language, IntlShape>;

/** Messages, money, dates and plurals in a language: what every email, text and letter is written with. */
export const intlFor = (language: Language): IntlShape => intls[language];

/** A stored preferredLanguage as one of ours (anything else, or nothing yet, is English). */
export const languageOrDefault = (value: string | null | undefined): Language =>
  isLanguage(value) ? value : DEFAULT_LANGUAGE;

/**
 * The language a request is in before there is a borrower to ask: the visitor's choice (the cookie the
 * language switch sets), else the first of ours their browser asks for.
 */
export function languageOfRequest(request: Pick<FastifyRequest, 'headers'>): Language {
  const chosen = chosenLanguage(request.headers.cookie);
  if (chosen !== undefined) return chosen;
  return languageFromAcceptLanguage(request.headers['accept-language']);
}

/** The language the visitor chose with the switch, read from the Cookie header (only its value is trusted). */
export function chosenLanguage(cookieHeader: string | undefined): Language | undefined {
  for (const part of (cookieHeader ?? '').slice(0, 8192).split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  return undefined;
}

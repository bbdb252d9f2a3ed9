import type { LetterIntl } from '#domain/enrollment/letter-of-authorization';
import type { Language } from '#domain/i18n/language';
import { intlFor } from '#server/i18n';

/** The letter's messages written in a language by the server's catalogs (the letter's and its addendum's). */
export const letterIntl = (language: Language): LetterIntl => ({
  language,
  formatMessage: (descriptor, values) => intlFor(language).formatMessage(descriptor, values),
});

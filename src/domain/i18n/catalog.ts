import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Language } from './language';

/** A language's messages by id, parsed ahead of time (scripts/i18n.ts compiles them from the catalogs). */
export type Catalog = Record<string, MessageFormatElement[]>;

/**
 * The messages the browser needs, per language, each fetched only when that language is used (a bundler makes
 * each its own file). The server's own messages (emails, texts, letters) are in the server's catalogs.
 */
export const CATALOGS: Record<Language, () => Promise<Catalog>> = {
  en: () => import('./compiled/en.json').then((m) => m.default as unknown as Catalog),
  es: () => import('./compiled/es.json').then((m) => m.default as unknown as Catalog),
};

import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Language } from './language';

/** A language's messages by id, parsed ahead of time (scripts/i18n.ts compiles them from the catalogs). */
export type Catalog = Record<string, MessageFormatElement[]>;

const asCatalog = (m: { default: unknown }) => m.default as Catalog;

/**
 * The messages the browser needs, per language, in two parts (catalog-parts.ts), each fetched only when it is
 * used (a bundler makes each its own file): what the landing pages draw, and the rest of the app's. The
 * server's own messages (emails, texts, letters) are in the server's catalogs.
 */
export const CATALOGS: Record<Language, { landing: () => Promise<Catalog>; app: () => Promise<Catalog> }> = {
  en: {
    landing: () => import('./compiled/landing-en.json').then(asCatalog),
    app: () => import('./compiled/en.json').then(asCatalog),
  },
  es: {
    landing: () => import('./compiled/landing-es.json').then(asCatalog),
    app: () => import('./compiled/es.json').then(asCatalog),
  },
};

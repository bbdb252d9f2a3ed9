import type { Catalog } from './catalog';
import en from './compiled/en.json' with { type: 'json' };
import es from './compiled/es.json' with { type: 'json' };
import landingEn from './compiled/landing-en.json' with { type: 'json' };
import landingEs from './compiled/landing-es.json' with { type: 'json' };
import serverEn from './compiled/server-en.json' with { type: 'json' };
import serverEs from './compiled/server-es.json' with { type: 'json' };
import type { Language } from './language';

const whole = (...parts: unknown[]): Catalog => Object.assign({}, ...parts) as Catalog;

/**
 * Every message in each language, the server's own (emails, texts, letters) included, loaded at once: for the
 * server, which answers in any language at any time. The browser fetches only its parts (catalog.ts).
 */
export const ALL_CATALOGS: Record<Language, Catalog> = {
  en: whole(landingEn, en, serverEn),
  es: whole(landingEs, es, serverEs),
};

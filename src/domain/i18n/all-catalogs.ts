import type { Catalog } from './catalog';
import en from './compiled/en.json' with { type: 'json' };
import es from './compiled/es.json' with { type: 'json' };
import serverEn from './compiled/server-en.json' with { type: 'json' };
import serverEs from './compiled/server-es.json' with { type: 'json' };
import type { Language } from './language';

/**
 * Every message in each language, the server's own (emails, texts, letters) included, loaded at once: for the
 * server, which answers in any language at any time. The browser fetches only its part (catalog.ts).
 */
export const ALL_CATALOGS: Record<Language, Catalog> = {
  en: { ...(en as unknown as Catalog), ...(serverEn as unknown as Catalog) },
  es: { ...(es as unknown as Catalog), ...(serverEs as unknown as Catalog) },
};

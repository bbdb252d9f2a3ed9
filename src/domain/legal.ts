import { z } from 'zod';
import { LANGUAGES } from './i18n/language';

// The schemas of the legal pages' API (with zod: kept apart from legal-documents.ts, which the landing
// pages import and which must not bring zod into their scripts).
export { LEGAL_DOCUMENTS, legalPath, type LegalDocument, type LegalDocumentKey } from './legal-documents';

/**
 * What a page asking for a language (`?language=es`) is told besides the text (decision 0099): the language
 * the text is in (English where the agency has no Spanish of its own text), the version of those exact words,
 * and whether the English version governs (a Spanish text the agency has not approved).
 */
const inLanguage = {
  language: z.enum(LANGUAGES).optional(),
  version: z.string().optional(),
  englishGoverns: z.boolean().optional(),
};

/** GET /api/legal/:document: the text to show (Markdown), or the agency's own page to go to. */
export const legalDocumentViewSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), title: z.string(), markdown: z.string(), ...inLanguage }),
  z.object({ kind: z.literal('url'), title: z.string(), url: z.url(), ...inLanguage }),
]);
export type LegalDocumentView = z.infer<typeof legalDocumentViewSchema>;

/** The version of a legal text: its language and a digest of its words, so that any change makes a new one. */
export const legalTextVersion = (language: string, digest: string) => `${language}-${digest.slice(0, 12)}`;

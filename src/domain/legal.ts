import { z } from 'zod';

// The schemas of the legal pages' API (with zod: kept apart from legal-documents.ts, which the landing
// pages import and which must not bring zod into their scripts).
export { LEGAL_DOCUMENTS, legalPath, type LegalDocument, type LegalDocumentKey } from './legal-documents';

/** GET /api/legal/:document: the text to show (Markdown), or the agency's own page to go to. */
export const legalDocumentViewSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), title: z.string(), markdown: z.string() }),
  z.object({ kind: z.literal('url'), title: z.string(), url: z.url() }),
]);
export type LegalDocumentView = z.infer<typeof legalDocumentViewSchema>;

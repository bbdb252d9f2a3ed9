import { z } from 'zod';

/**
 * The agency's three legal texts. Each is a page of the product at its own path; what it says is the agency's
 * (a file the server serves, or the agency's own page, to which the path redirects).
 */
export const LEGAL_DOCUMENTS = [
  { key: 'privacy-policy', path: '/privacy-policy', title: 'Privacy Policy' },
  { key: 'terms-and-conditions', path: '/terms-and-conditions', title: 'Terms and Conditions' },
  { key: 'credit-report-policy', path: '/credit-report-policy', title: 'Credit Report Policy' },
] as const;

export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];
export type LegalDocumentKey = LegalDocument['key'];

export const legalDocumentKeySchema = z.enum([
  'privacy-policy',
  'terms-and-conditions',
  'credit-report-policy',
]);

export const legalPath = (key: LegalDocumentKey) => LEGAL_DOCUMENTS.find((d) => d.key === key)!.path;

/** GET /api/legal/:document: the text to show (Markdown), or the agency's own page to go to. */
export const legalDocumentViewSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), title: z.string(), markdown: z.string() }),
  z.object({ kind: z.literal('url'), title: z.string(), url: z.url() }),
]);
export type LegalDocumentView = z.infer<typeof legalDocumentViewSchema>;

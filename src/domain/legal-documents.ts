import { ROUTES } from './flow/routes';

/**
 * The agency's three legal texts. Each is a page of the product at its own path; what it says is the agency's
 * (a file the server serves, or the agency's own page, to which the path redirects).
 */
export const LEGAL_DOCUMENTS = [
  { key: 'privacy-policy', path: ROUTES.PrivacyPolicy, title: 'Privacy Policy' },
  { key: 'terms-and-conditions', path: ROUTES.TermsAndConditions, title: 'Terms and Conditions' },
  { key: 'credit-report-policy', path: ROUTES.CreditReportPolicy, title: 'Credit Report Policy' },
] as const;

export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];
export type LegalDocumentKey = LegalDocument['key'];

export const legalPath = (key: LegalDocumentKey) => LEGAL_DOCUMENTS.find((d) => d.key === key)!.path;

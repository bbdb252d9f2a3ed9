import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import type { LegalDocument, LegalDocumentKey } from '#domain/legal-documents';

// The policies' names as the links to them read (the footer, the lead form's consent), in the page's language.
// The English is the documents' own titles (src/domain/legal-documents.ts).
const titles: Record<LegalDocumentKey, MessageDescriptor> = defineMessages({
  'privacy-policy': { id: 'layout.legalLinks.privacyPolicy', defaultMessage: 'Privacy Policy' },
  'terms-and-conditions': {
    id: 'layout.legalLinks.termsAndConditions',
    defaultMessage: 'Terms and Conditions',
  },
  'credit-report-policy': {
    id: 'layout.legalLinks.creditReportPolicy',
    defaultMessage: 'Credit Report Policy',
  },
});

/** A legal document's title in the page's language . */
export function useLegalDocumentTitle(): (document: LegalDocument) => string {
  const intl = useIntl();
  return (document) => intl.formatMessage(titles[document.key]);
}

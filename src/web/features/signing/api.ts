import { queryOptions } from '@tanstack/react-query';
import {
  ELECTRONIC_RECORDS_CONSENT_VERSIONS,
  type ElectronicRecordsState,
} from '#domain/enrollment/electronic-records-consent';
import type { SigningView } from '#domain/enrollment/views';
import type { Language } from '#domain/i18n/language';
import { api } from '#web/lib/api';

// The signing page's server calls. The token from the email's link travels only in POST bodies, never in a
// URL the server or a proxy would log; in the browser it stays in memory (the query key) only.

export const SESSION_PATH = '/api/signing/session';
export const DOCUMENT_PATH = '/api/signing/document';
export const SIGN_PATH = '/api/signing/sign';
export const CONSENT_PATH = '/api/signing/consent';
export const PAPER_PATH = '/api/signing/paper';
export const NEW_LINK_PATH = '/api/signing/new-link';

export const signingKeys = {
  session: (token: string) => ['signing', 'session', token] as const,
};

/** Who signs with this token, and whether they already have. */
export const signingSessionQuery = (token: string) =>
  queryOptions({
    queryKey: signingKeys.session(token),
    queryFn: () => api<SigningView>(SESSION_PATH, { method: 'POST', body: { token } }),
  });

export const signLetter = (token: string, values: { fullName: string; agreed: true }) =>
  api<{ signed: true }>(SIGN_PATH, { method: 'POST', body: { token, ...values } });

/** Consents to electronic records with the version of the disclosures this page shows (in its language). */
export const consentToElectronicRecords = (token: string, language: Language = 'en') =>
  api<{ electronicRecords: ElectronicRecordsState }>(CONSENT_PATH, {
    method: 'POST',
    body: { token, version: ELECTRONIC_RECORDS_CONSENT_VERSIONS[language], agreed: true },
  });

/** The signer wants paper documents instead. */
export const choosePaper = (token: string) =>
  api<{ electronicRecords: ElectronicRecordsState }>(PAPER_PATH, { method: 'POST', body: { token } });

/**
 * The letter as a PDF: the raw response, since api() reads JSON only. Rejects when the network fails; the
 * caller reads the status and the bytes.
 */
export const fetchLetterDocument = (token: string): Promise<Response> =>
  fetch(DOCUMENT_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
    credentials: 'same-origin',
  });

/** Emails the signer a new link (the token proves they received the old one); never to another address. */
export const requestNewLink = (token: string) =>
  api<{ sent: true }>(NEW_LINK_PATH, { method: 'POST', body: { token } });

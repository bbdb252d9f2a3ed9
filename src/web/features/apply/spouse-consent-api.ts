import { queryOptions } from '@tanstack/react-query';
import type { SpouseConsentPageView, SpouseConsentStatusView } from '#domain/validation/spouse-consent';
import { api } from '#web/lib/api';

// The spouse's own consent to the credit inquiry: the applicant's side (/credit) and the page the spouse opens
// from their emailed link. The link's token travels only in POST bodies, never in a URL a server would log.

export const STATUS_PATH = '/api/application/credit/spouse-consent';
export const SEND_LINK_PATH = '/api/application/credit/spouse-consent/link';
export const VIEW_PATH = '/api/spouse-consent/view';
export const CONSENT_PATH = '/api/spouse-consent';

export const spouseConsentKeys = {
  status: () => ['application', 'spouse-consent'] as const,
  page: (token: string) => ['spouse-consent', token] as const,
};

/** Where the spouse's consent stands, for /credit. */
export const spouseConsentStatusQuery = () =>
  queryOptions({
    queryKey: spouseConsentKeys.status(),
    queryFn: () => api<SpouseConsentStatusView>(STATUS_PATH),
  });

export const sendSpouseConsentLink = (email: string) =>
  api<SpouseConsentStatusView>(SEND_LINK_PATH, { method: 'POST', body: { email } });

/** What the link's page shows. */
export const spouseConsentPageQuery = (token: string) =>
  queryOptions({
    queryKey: spouseConsentKeys.page(token),
    queryFn: () => api<SpouseConsentPageView>(VIEW_PATH, { method: 'POST', body: { token } }),
  });

export const giveSpouseConsent = (
  token: string,
  values: { consentedToCreditPolicy: true; fullName: string },
) => api<void>(CONSENT_PATH, { method: 'POST', body: { token, ...values } });

import { queryOptions } from '@tanstack/react-query';
import type {
  BankReconnectionView,
  CustomerAlertsView,
  LinkTokenView,
  PlanView,
  ReauthorizeInput,
} from '#domain/enrollment/views';
import type { PaymentsView } from '#domain/enrollment/payments-view';
import type { CustomerSettingsView, DraftDaySetting, TextMessagesSetting } from '#domain/enrollment/settings';
import { api } from '#web/lib/api';

// The customer portal's server calls and the keys its reads are cached under.

export const PLAN_PATH = '/api/customer-portal/plan';
export const PAYMENTS_PATH = '/api/customer-portal/payments';
export const REAUTHORIZE_PATH = '/api/customer-portal/plan/reauthorize';
export const ALERTS_PATH = '/api/customer-portal/alerts';
/** The signed letter's download (a link, not a fetch). */
export const LETTER_PATH = '/api/customer-portal/letter';
/** A confirmation's copy, the addendum to the letter (a link, not a fetch). */
export const addendumPath = (id: string): string => `/api/customer-portal/addenda/${encodeURIComponent(id)}`;
export const alertSeenPath = (id: string): string =>
  `/api/customer-portal/alerts/${encodeURIComponent(id)}/seen`;
export const reconnectLinkTokenPath = (plaidItemId: string): string =>
  `/api/bank-link/items/${encodeURIComponent(plaidItemId)}/link-token`;
export const reconnectionPath = (plaidItemId: string): string =>
  `/api/bank-link/items/${encodeURIComponent(plaidItemId)}/reconnection`;

export const SETTINGS_PATH = '/api/customer-portal/settings';
export const TEXT_MESSAGES_PATH = '/api/customer-portal/settings/text-messages';
export const DRAFT_DAY_PATH = '/api/customer-portal/settings/draft-day';

export const customerPortalKeys = {
  plan: () => ['customer-portal', 'plan'] as const,
  payments: () => ['customer-portal', 'payments'] as const,
  settings: () => ['customer-portal', 'settings'] as const,
  alerts: () => ['customer-portal', 'alerts'] as const,
};

export const planQuery = () =>
  queryOptions({
    queryKey: customerPortalKeys.plan(),
    queryFn: () => api<PlanView>(PLAN_PATH),
  });

export const paymentsQuery = () =>
  queryOptions({
    queryKey: customerPortalKeys.payments(),
    queryFn: () => api<PaymentsView>(PAYMENTS_PATH),
  });

export const alertsQuery = () =>
  queryOptions({
    queryKey: customerPortalKeys.alerts(),
    queryFn: () => api<CustomerAlertsView>(ALERTS_PATH),
  });

/** The borrower confirms the higher amount the page showed; answers My plan as it now stands. */
export const reauthorizePlan = (body: ReauthorizeInput) =>
  api<PlanView>(REAUTHORIZE_PATH, { method: 'POST', body });

export const markAlertSeen = (id: string) => api<void>(alertSeenPath(id), { method: 'POST' });

/** A bank-link session to connect this item again (the widget opens for the same bank). */
export const createReconnectLinkToken = (plaidItemId: string) =>
  api<LinkTokenView>(reconnectLinkTokenPath(plaidItemId), { method: 'POST' });

/** The widget's public token for the item: the bank is connected again and its disconnection alert clears. */
export const reconnectBank = (o: { plaidItemId: string; publicToken: string }) =>
  api<BankReconnectionView>(reconnectionPath(o.plaidItemId), {
    method: 'POST',
    body: { publicToken: o.publicToken },
  });

export const settingsQuery = () =>
  queryOptions({
    queryKey: customerPortalKeys.settings(),
    queryFn: () => api<CustomerSettingsView>(SETTINGS_PATH),
  });

/** Opts the borrower out of text messages, or back in. */
export const saveTextMessages = (body: TextMessagesSetting) =>
  api<CustomerSettingsView>(TEXT_MESSAGES_PATH, { method: 'PUT', body });

/** Moves the monthly draft to another day of the month, from the draft the page showed. */
export const saveDraftDay = (body: DraftDaySetting) =>
  api<CustomerSettingsView>(DRAFT_DAY_PATH, { method: 'PUT', body });

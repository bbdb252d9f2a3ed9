import { queryOptions } from '@tanstack/react-query';
import type { PlanView } from '#domain/enrollment/views';
import { api } from '#web/app/api';

// The customer portal's server calls and the keys its reads are cached under.

export const PLAN_PATH = '/api/customer-portal/plan';
/** The signed letter's download (a link, not a fetch). */
export const LETTER_PATH = '/api/customer-portal/letter';
export const alertSeenPath = (id: string): string =>
  `/api/customer-portal/alerts/${encodeURIComponent(id)}/seen`;

export const customerPortalKeys = {
  plan: () => ['customer-portal', 'plan'] as const,
};

export const planQuery = () =>
  queryOptions({
    queryKey: customerPortalKeys.plan(),
    queryFn: () => api<PlanView>(PLAN_PATH),
  });

export const markAlertSeen = (id: string) => api<void>(alertSeenPath(id), { method: 'POST' });

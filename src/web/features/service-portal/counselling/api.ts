import { queryOptions } from '@tanstack/react-query';
import type { CounsellorAvailabilityInput, CounsellorAvailabilityView } from '#domain/validation/counselling';
import type {
  AgencyDayOffInput,
  AgencyDaysOffView,
  BorrowerCallsView,
  CallOutcomeBody,
  CallPeriod,
  CallScope,
  StaffCallView,
  TodaysCallsView,
} from '#domain/validation/counselling-staff';
import type { ContactAttemptView } from '#domain/validation/staff';
import { api } from '#web/lib/api';

// The service portal's counselling reads and writes. Keys hang under ['staff'] like the portal's others, so a
// staff action that refreshes everything refreshes these too.

export const counsellingKeys = {
  all: () => ['staff', 'counselling'] as const,
  availability: () => ['staff', 'counselling', 'availability'] as const,
  today: (scope: CallScope, period: CallPeriod) => ['staff', 'counselling', 'today', scope, period] as const,
  daysOff: () => ['staff', 'counselling', 'days-off'] as const,
  borrowerCalls: (applicationId: string) => ['staff', 'counselling', 'borrower', applicationId] as const,
};

export const availabilityQuery = () =>
  queryOptions({
    queryKey: counsellingKeys.availability(),
    queryFn: () => api<CounsellorAvailabilityView>('/api/staff/counselling/availability'),
  });

export const saveAvailability = (body: CounsellorAvailabilityInput) =>
  api<CounsellorAvailabilityView>('/api/staff/counselling/availability', { method: 'PUT', body });

export const addTimeOff = (body: { startsAt: string; endsAt: string }) =>
  api<{ id: string; startsAt: string; endsAt: string }>('/api/staff/counselling/time-off', {
    method: 'POST',
    body,
  });

export const removeTimeOff = (id: string) =>
  api<void>(`/api/staff/counselling/time-off/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const todaysCallsQuery = (scope: CallScope, period: CallPeriod = 'day') =>
  queryOptions({
    queryKey: counsellingKeys.today(scope, period),
    queryFn: () => api<TodaysCallsView>(`/api/staff/counselling/calls/today?scope=${scope}&period=${period}`),
  });

export const borrowerCallsQuery = (applicationId: string) =>
  queryOptions({
    queryKey: counsellingKeys.borrowerCalls(applicationId),
    queryFn: () =>
      api<BorrowerCallsView>(
        `/api/staff/applications/${encodeURIComponent(applicationId)}/counselling-calls`,
      ),
  });

export const markCallOutcome = (callId: string, body: CallOutcomeBody, idempotencyKey: string) =>
  api<{ call: StaffCallView; contactAttempt: ContactAttemptView | null }>(
    `/api/staff/counselling/calls/${encodeURIComponent(callId)}/outcome`,
    { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } },
  );

export const agencyDaysOffQuery = () =>
  queryOptions({
    queryKey: counsellingKeys.daysOff(),
    queryFn: () => api<AgencyDaysOffView>('/api/staff/counselling/agency-days-off'),
  });

export const addAgencyDayOff = (body: AgencyDayOffInput) =>
  api<{ day: string; name: string }>('/api/staff/counselling/agency-days-off', { method: 'POST', body });

export const removeAgencyDayOff = (day: string) =>
  api<void>(`/api/staff/counselling/agency-days-off/${encodeURIComponent(day)}`, { method: 'DELETE' });

import { queryOptions } from '@tanstack/react-query';
import type { CallLanguage, ReminderChoice } from '#domain/counselling/calls';
import { DEFAULT_SLOT_RULES } from '#domain/counselling/slots';
import type { CallView, SlotsView } from '#domain/validation/counselling';
import { api } from '#web/lib/api';

// The counselling call's server calls. The emailed link's token sits in the API's path (the server's log
// replaces it), and in the page's query string, which the log drops.

const DAY = 86_400_000;

export type BookedCall = CallView & { token: string };
/** A change's answer: after a move, the call's new link (the one the page goes on with); none after a cancel. */
export type ChangedCall = CallView & { token: string | null };

export const counsellingKeys = {
  slots: (timeZone: string, language: CallLanguage) => ['counselling', 'slots', timeZone, language] as const,
  call: (token: string) => ['counselling', 'call', token] as const,
};

/**
 * The open slots from now to the end of the booking horizon, with their day and time in `timeZone`. Slots in
 * Spanish are those a Spanish-speaking counsellor is free for.
 */
export const slotsQuery = (timeZone: string, language: CallLanguage) =>
  queryOptions({
    queryKey: counsellingKeys.slots(timeZone, language),
    queryFn: () => {
      const from = new Date();
      const to = new Date(from.getTime() + DEFAULT_SLOT_RULES.horizonDays * DAY);
      const query = new URLSearchParams({
        from: from.toISOString(),
        to: to.toISOString(),
        timeZone,
        language,
      });
      return api<SlotsView>(`/api/counselling/slots?${query.toString()}`);
    },
    // Slots are taken by others as time goes: a minute-old list is good enough; a taken one answers 409.
    staleTime: 60_000,
  });

export type BookCallBody = {
  startsAt: string;
  timeZone: string;
  language: CallLanguage;
  reminder: ReminderChoice;
  firstName?: string;
  lastName?: string;
  email?: string;
  phoneNumber?: string;
};

export const bookCall = (body: BookCallBody) =>
  api<BookedCall>('/api/counselling/calls', { method: 'POST', body });

const byToken = (token: string) => `/api/counselling/calls/by-token/${encodeURIComponent(token)}`;

/** The call's calendar invitation (.ics), as it stands now: the same file the emails attach. */
export const invitationUrl = (token: string) => `${byToken(token)}/invitation`;

export const callQuery = (token: string) =>
  queryOptions({
    queryKey: counsellingKeys.call(token),
    queryFn: () => api<CallView>(byToken(token)),
    retry: false,
  });

export const rescheduleCall = (token: string, startsAt: string) =>
  api<ChangedCall>(byToken(token), { method: 'POST', body: { action: 'reschedule', startsAt } });

export const cancelCall = (token: string) =>
  api<ChangedCall>(byToken(token), { method: 'POST', body: { action: 'cancel' } });

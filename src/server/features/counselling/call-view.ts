import { isLiveCall } from '#domain/counselling/calls';
import type { CallView } from '#domain/validation/counselling';
import type { counsellingCall } from '#server/db/schema/index';

export type CallRow = typeof counsellingCall.$inferSelect;

/** What the borrower's page shows of a call: its times, state and choices, never the contact details. */
export function callView(row: CallRow, counsellorFirstName: string | null, now: Date): CallView {
  return {
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    state: row.state,
    timeZone: row.timeZone,
    language: row.language,
    reminder: row.reminder,
    counsellorFirstName,
    changeable: isLiveCall(row.state) && row.startsAt > now,
  };
}

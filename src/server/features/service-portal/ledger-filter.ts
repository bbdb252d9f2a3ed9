import { sql, type SQL } from 'drizzle-orm';
import { latestOverdueSentOn } from '#domain/enrollment/agency-events';

// The queue's filters on what the agency reported after the hand-over. They ask across every plan, so they are
// conditions of the queue's one query, each read through an index of the few rows it needs (docs/decisions/0199),
// never every plan's events folded in memory. They are the SQL twins of the fold in
// src/domain/enrollment/agency-events.ts: a return is final there, and a payment is "sent" until a posting or a
// rejection of the same payment is recorded, whatever order the events came in.

/**
 * Applications whose newest draft outcome is a return: a draft.returned event with no other draft of the
 * plan settled after it. Once the next draft settles, the plan leaves the filter.
 */
export const returnedDraftApplications = (): SQL => sql`select r.application_id from agency_event r
  where r.type = 'draft.returned'
    and not exists (
      select 1 from agency_event s
      where s.application_id = r.application_id and s.type = 'draft.settled' and s.occurred_at > r.occurred_at
        and (s.body->'data'->>'draftId') is distinct from (r.body->'data'->>'draftId'))`;

/**
 * Applications with a payment to a creditor sent on or before the last day whose window has passed on `today`
 * and neither posted nor rejected since: read from the open payments the recorder keeps beside the ledger
 * (agency_open_payment), through its index by the day sent. The window is counted in business days by the one
 * date module, once, into a day the index compares with.
 */
export const unpostedPaymentApplications = (today: string): SQL =>
  sql`select o.application_id from agency_open_payment o where o.sent_on <= ${latestOverdueSentOn(today)}`;

/** The ticked filters as conditions on an application (`applicationId`, SQL); each narrows the queue. */
export function ledgerConditions(
  q: { returnedDrafts: boolean; unpostedPayments: boolean },
  applicationId: SQL,
  today: string,
): SQL[] {
  return [
    q.returnedDrafts ? sql`${applicationId} in (${returnedDraftApplications()})` : undefined,
    q.unpostedPayments ? sql`${applicationId} in (${unpostedPaymentApplications(today)})` : undefined,
  ].filter((c): c is SQL => c !== undefined);
}

import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applicationId } from './columns';

/**
 * What the agency's DMP system told us happened to a plan after the hand-over: drafts scheduled, settled or
 * returned, payments to creditors sent, posted or rejected, creditors' balances (docs/decisions/0190). The
 * table is a ledger: a row is written once and never changed; a correction is a new event. The state of each
 * draft and payment is computed from a plan's rows (src/domain/enrollment/agency-events.ts), read through the
 * index on the plan and the moment.
 */
export const agencyEvent = pgTable(
  'agency_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The agency's id of the event: its idempotency key. The same key is the same event, applied once. */
    eventKey: text('event_key').notNull().unique('agency_event_event_key_key'),
    applicationId: applicationId(),
    type: text('type').notNull(),
    /** When it happened at the agency, from the event itself: the order the ledger applies events in. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** The event as validated (src/domain/enrollment/agency-events.ts). Ids and amounts, nothing personal. */
    body: jsonb('body').notNull(),
    /**
     * Hex SHA-256 of the validated event written as JSON: a second delivery with the same key is the same
     * event when this matches, and a conflict when it does not.
     */
    bodySha256: text('body_sha256').notNull(),
    /** Where it came from: `webhook:<event id>` for the signed API (a file's rows will say `file:<name>:<row>`). */
    source: text('source').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('agency_event_application_occurred_idx').on(t.applicationId, t.occurredAt, t.eventKey),
    // The counsellor's queue filters (docs/decisions/0199) ask across every plan, so they are answered in SQL
    // over the few rows each one needs rather than by folding every plan's events. The returns, a small share
    // of the events, with their moment: "no draft settled since" is then read through the plan's index above.
    index('agency_event_draft_returned_idx')
      .on(t.applicationId, t.occurredAt)
      .where(sql`${t.type} = 'draft.returned'`),
    // The payments sent, by the day they were sent (only those past the posting window are read), with the
    // payment's id, so the filter reads them from the index alone.
    index('agency_event_disbursement_sent_idx')
      .on(sql`(${t.body}->'data'->>'sentOn')`, t.applicationId, sql`(${t.body}->'data'->>'disbursementId')`)
      .where(sql`${t.type} = 'disbursement.sent'`),
    // A payment's posting or rejection, looked up by plan and payment id: a sent payment without one is unposted.
    index('agency_event_disbursement_outcome_idx')
      .on(t.applicationId, sql`(${t.body}->'data'->>'disbursementId')`)
      .where(sql`${t.type} in ('disbursement.posted', 'disbursement.rejected')`),
  ],
);

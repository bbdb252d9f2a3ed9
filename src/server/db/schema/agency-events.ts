import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applicationId } from './application';
import { calendarDate } from './columns';

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
    // The counsellor's returned-drafts filter (docs/decisions/0199) asks across every plan: the returns, a small
    // share of the events, with their moment; "no draft settled since" is read through the plan's index above.
    index('agency_event_draft_returned_idx')
      .on(t.applicationId, t.occurredAt)
      .where(sql`${t.type} = 'draft.returned'`),
  ],
);

/**
 * The payments to creditors sent and not yet posted or rejected: an index of the ledger kept by the recorder
 * (src/server/application/agency-ledger.ts) in the same transaction as the event, so the queue's "payment not
 * posted in time" filter reads a handful of rows instead of every payment ever sent (docs/decisions/0199). A
 * row is written when a sent payment is recorded without its outcome, and removed when the posting or the
 * rejection is recorded; agency_event stays the record, and this table can be rebuilt from it at any time.
 */
export const agencyOpenPayment = pgTable(
  'agency_open_payment',
  {
    applicationId: applicationId(),
    /** The agency's id of the payment (its disbursementId). */
    disbursementId: text('disbursement_id').notNull(),
    /** The day the agency sent it, from the event: when the posting window began. */
    sentOn: calendarDate('sent_on').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.disbursementId] }),
    index('agency_open_payment_sent_on_idx').on(t.sentOn, t.applicationId),
  ],
);

import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applicationId } from './application';

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
  (t) => [index('agency_event_application_occurred_idx').on(t.applicationId, t.occurredAt, t.eventKey)],
);

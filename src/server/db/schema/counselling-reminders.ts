import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CallReminderKind } from '#domain/counselling/reminders';
import { counsellingCall } from './counselling';

/**
 * The reminders sent for a counselling call: one row per call, kind (a day or an hour before) and revision of
 * the call. The sweep writes the row and the reminder's messages in one transaction, and the key refuses a
 * second row, so a reminder goes once however often the sweep runs; a moved call (a new revision) is reminded
 * anew.
 */
export const counsellingCallReminder = pgTable(
  'counselling_call_reminder',
  {
    callId: uuid('call_id')
      .notNull()
      .references(() => counsellingCall.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<CallReminderKind>().notNull(),
    revision: integer('revision').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.callId, t.kind, t.revision] }),
    check('counselling_call_reminder_kind', sql`${t.kind} in ('day', 'hour')`),
  ],
);

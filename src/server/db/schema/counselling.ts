import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Weekday } from '#domain/counselling/slots';
import type { CallState, ReminderChoice } from '#domain/counselling/calls';
import { user } from './auth';
import { contactAttempt } from './service-work';

// The counselling call booked in the product: who counsels (a staff member's languages and hours), when they
// are away, and the calls. Weekly hours are minutes of the day in the agency's time zone; everything else is an
// instant.

/**
 * A staff member who takes counselling calls. Their row is also what a booking locks, so two bookings for the
 * same counsellor are decided one after the other (see book-call.ts).
 */
export const counsellor = pgTable('counsellor', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  /** Languages the counsellor holds a call in ('en', 'es'). */
  languages: text('languages')
    .array()
    .notNull()
    .default(sql`'{en}'::text[]`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/** One stretch of a counsellor's week: an ISO weekday (1 Monday) and minutes from midnight, agency time. */
export const counsellorWeeklyHours = pgTable(
  'counsellor_weekly_hours',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    counsellorId: text('counsellor_id')
      .notNull()
      .references(() => counsellor.userId, { onDelete: 'cascade' }),
    weekday: smallint('weekday').$type<Weekday>().notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
  },
  (t) => [
    index('counsellor_weekly_hours_counsellor_idx').on(t.counsellorId),
    check('counsellor_weekly_hours_weekday', sql`${t.weekday} between 1 and 7`),
    check(
      'counsellor_weekly_hours_minutes',
      sql`${t.startMinute} >= 0 and ${t.endMinute} <= 1440 and ${t.startMinute} < ${t.endMinute}`,
    ),
  ],
);

/** A counsellor's time away (leave, training), between two instants. */
export const counsellorTimeOff = pgTable(
  'counsellor_time_off',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    counsellorId: text('counsellor_id')
      .notNull()
      .references(() => counsellor.userId, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('counsellor_time_off_counsellor_idx').on(t.counsellorId, t.endsAt),
    check('counsellor_time_off_order', sql`${t.startsAt} < ${t.endsAt}`),
  ],
);

/**
 * A counselling call. An anonymous visitor's name, phone and email are kept on the call (a signed-in borrower's
 * come from their account, copied here so the counsellor reads one place); email and phone are personal and
 * never logged (their property names are the ones the log redacts).
 */
export const counsellingCall = pgTable(
  'counselling_call',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The staff member taking the call. Always set by the product's own scheduler; a call held in Cal.com has
     * the staff member whose email is the host's Cal.com assigned, or none when no staff member matches.
     */
    counsellorId: text('counsellor_id').references(() => user.id, { onDelete: 'restrict' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    state: text('state').$type<CallState>().notNull().default('booked'),
    /**
     * The outside scheduler's booking (Cal.com's booking uid) when the call is held there; null for a call of
     * the product's own scheduler. A move there makes a new booking, whose uid replaces this one.
     */
    providerRef: text('provider_ref'),
    /** The signed-in borrower who booked it; null for a visitor without an account. */
    borrowerUserId: text('borrower_user_id').references(() => user.id, { onDelete: 'set null' }),
    name: text('contact_name').notNull(),
    phoneNumber: text('contact_phone').notNull(),
    email: text('contact_email').notNull(),
    language: text('language').notNull(),
    reminder: text('reminder').$type<ReminderChoice>().notNull(),
    /** The borrower's time zone (IANA name), for the times written in their emails and texts. */
    timeZone: text('time_zone').notNull(),
    /**
     * Bumped at each change of time or state: the calendar invitation's SEQUENCE. The emailed link carries the
     * revision it was issued at, so only the newest link of a live call works (call-token.ts).
     */
    revision: integer('revision').notNull().default(0),
    /** How many times the call was moved through its emailed link (capped: change-limits.ts). */
    linkMoves: integer('link_moves').notNull().default(0),
    /** Who marked the call completed or missed, and when (null while it is booked, moved or cancelled). */
    outcomeRecordedBy: text('outcome_recorded_by').references(() => user.id, { onDelete: 'set null' }),
    outcomeRecordedAt: timestamp('outcome_recorded_at', { withTimezone: true }),
    /** The contact attempt logged with the outcome in the same step, if the counsellor logged one. */
    contactAttemptId: uuid('contact_attempt_id').references(() => contactAttempt.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    // Two people never take the same counsellor's slot, even at the same instant: the database refuses the
    // second live call at one start (the booking also checks overlaps under a lock on the counsellor).
    uniqueIndex('counselling_call_counsellor_slot_key')
      .on(t.counsellorId, t.startsAt)
      .where(sql`${t.state} in ('booked', 'rescheduled')`),
    index('counselling_call_starts_at_idx').on(t.startsAt),
    // One call per outside booking; also how a call is found from its booking.
    uniqueIndex('counselling_call_provider_ref_key')
      .on(t.providerRef)
      .where(sql`${t.providerRef} is not null`),
    index('counselling_call_borrower_idx').on(t.borrowerUserId),
    // One upcoming call per email address is checked at each booking.
    index('counselling_call_email_idx').on(t.email, t.endsAt),
    // Calls booked before an account are found by their address, whatever its case, when an owner proves it
    // (src/server/counselling/attach-calls.ts): only the unclaimed ones, so the index stays small.
    index('counselling_call_unclaimed_email_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.borrowerUserId} is null`),
    // Round-robin reads each counsellor's newest assignment.
    index('counselling_call_counsellor_created_idx').on(t.counsellorId, t.createdAt),
    check('counselling_call_order', sql`${t.startsAt} < ${t.endsAt}`),
    check(
      'counselling_call_state',
      sql`${t.state} in ('booked', 'rescheduled', 'cancelled', 'completed', 'missed', 'awaitingNewTime')`,
    ),
    check('counselling_call_reminder', sql`${t.reminder} in ('email', 'emailAndText')`),
  ],
);

/**
 * Each email a person's own action on a call sent (booked, moved, cancelled), by its recipient's address
 * (lower case): how many went to one address in a day is capped, so nobody can flood an inbox by booking and
 * moving calls in someone else's name (change-limits.ts). Rows older than a day serve nothing.
 */
export const counsellingCallNotice = pgTable(
  'counselling_call_notice',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    callId: uuid('call_id')
      .notNull()
      .references(() => counsellingCall.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('counselling_call_notice_recipient_idx').on(t.recipient, t.createdAt)],
);

/**
 * A day the whole agency is closed (a holiday of its own, a training day): no counselling call is offered on
 * it, whoever works that weekday. The federal bank holidays need no row (they are computed by rule). The day
 * is a calendar day in the agency's time zone.
 */
export const agencyDayOff = pgTable('agency_day_off', {
  day: date('day', { mode: 'string' }).primaryKey(),
  name: text('name').notNull(),
  createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

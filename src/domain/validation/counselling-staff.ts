import { z } from 'zod';
import { CALL_STATES } from '../counselling/calls';
import { CALL_OUTCOMES } from '../counselling/outcome';
import { invalidMessage, requiredMessage } from './messages';
import { contactAttemptSchema } from './staff';

// The service portal's side of the counselling call (English only): today's calls, a borrower's bookings and
// marking a call completed or missed.

/** GET /api/staff/counselling/calls/today: the signed-in counsellor's calls, or everyone's. */
export const CALL_SCOPES = ['mine', 'all'] as const;
export type CallScope = (typeof CALL_SCOPES)[number];

export const todaysCallsQuerySchema = z.strictObject({
  scope: z.enum(CALL_SCOPES, { error: invalidMessage('scope') }).default('mine'),
});

/**
 * The most calls one day's list answers. A counsellor takes at most a few dozen calls a day; an agency with
 * fifty counsellors stays well under it. Past it the list says it was cut short.
 */
export const TODAYS_CALLS_LIMIT = 500;

/** A borrower's bookings on their summary, newest first: a bound, not paging (a person books a handful). */
export const BORROWER_CALLS_LIMIT = 50;

export const staffCallViewSchema = z.object({
  id: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  state: z.enum(CALL_STATES),
  language: z.string(),
  /** The borrower's or visitor's name and phone, as given when booking. */
  name: z.string(),
  phoneNumber: z.string(),
  /** Who takes the call; no one when Cal.com gave it to a host who is not a staff member here. */
  counsellor: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  /** The borrower's newest application, when the call was booked by one (its summary and contact attempts). */
  applicationId: z.string().nullable(),
  outcomeRecordedAt: z.string().nullable(),
  outcomeRecordedBy: z.string().nullable(),
  /** Whether the call can be marked completed or missed now. */
  markable: z.boolean(),
});
export type StaffCallView = z.infer<typeof staffCallViewSchema>;

export const todaysCallsViewSchema = z.object({
  /** The agency's day listed, 'yyyy-MM-dd', and its time zone. */
  day: z.string(),
  timeZone: z.string(),
  calls: z.array(staffCallViewSchema),
  /** True when the day had more calls than TODAYS_CALLS_LIMIT. */
  truncated: z.boolean(),
});
export type TodaysCallsView = z.infer<typeof todaysCallsViewSchema>;

export const borrowerCallsViewSchema = z.object({
  timeZone: z.string(),
  calls: z.array(staffCallViewSchema),
});
export type BorrowerCallsView = z.infer<typeof borrowerCallsViewSchema>;

export const CALL_OUTCOME_FIELD = 'Call outcome';

/**
 * POST /api/staff/counselling/calls/:id/outcome: completed or missed, and optionally the contact attempt to log
 * with it in one step (the service portal's contact attempt, so it shows where contact attempts show).
 */
export const callOutcomeSchema = z.strictObject({
  outcome: z.enum(CALL_OUTCOMES, {
    error: (iss) =>
      iss.input == null || iss.input === ''
        ? requiredMessage(CALL_OUTCOME_FIELD)
        : invalidMessage(CALL_OUTCOME_FIELD),
  }),
  contactAttempt: contactAttemptSchema.optional(),
});
export type CallOutcomeInput = z.input<typeof callOutcomeSchema>;
export type CallOutcomeBody = z.output<typeof callOutcomeSchema>;

export const CONTACT_ATTEMPT_NEEDS_APPLICATION =
  'This call was booked without an application: there is no record to log a contact attempt on.';

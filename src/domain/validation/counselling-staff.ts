import { z } from 'zod';
import { isIsoDay } from '#domain/calendar';
import { CALL_STATES } from '../counselling/calls';
import { CALL_OUTCOMES } from '../counselling/outcome';
import { textField } from './fields';
import { invalidMessage, requiredMessage } from './messages';
import { contactAttemptSchema } from './staff';

// The service portal's side of the counselling call (English only): today's calls, a borrower's bookings and
// marking a call completed or missed.

/** GET /api/staff/counselling/calls/today: the signed-in counsellor's calls, or everyone's. */
export const CALL_SCOPES = ['mine', 'all'] as const;
export type CallScope = (typeof CALL_SCOPES)[number];

/** The agency's day, or its seven days from today (the upcoming calls, cancelled ones left out). */
export const CALL_PERIODS = ['day', 'week'] as const;
export type CallPeriod = (typeof CALL_PERIODS)[number];
export const CALL_PERIOD_DAYS: Record<CallPeriod, number> = { day: 1, week: 7 };

export const todaysCallsQuerySchema = z.strictObject({
  scope: z.enum(CALL_SCOPES, { error: invalidMessage('scope') }).default('mine'),
  period: z.enum(CALL_PERIODS, { error: invalidMessage('period') }).default('day'),
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
  /** The agency's day listed (the first of the week's), 'yyyy-MM-dd', and its time zone. */
  day: z.string(),
  /** The last day listed: the same day, or the sixth after it for the week. */
  lastDay: z.string(),
  period: z.enum(CALL_PERIODS),
  timeZone: z.string(),
  calls: z.array(staffCallViewSchema),
  /** True when the period had more calls than TODAYS_CALLS_LIMIT. */
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

/** A calendar day 'yyyy-MM-dd' that exists (2026-02-30 does not). */
const isRealDay = isIsoDay;

export const AGENCY_DAY_OFF_LABELS = { day: 'Day', name: 'Name' } as const;

/**
 * POST /api/staff/counselling/agency-days-off: a day the whole agency is closed, in the agency's calendar,
 * with the name staff and counsellors read ('Christmas Eve').
 */
export const agencyDayOffSchema = z.strictObject({
  day: z
    .string({ error: requiredMessage(AGENCY_DAY_OFF_LABELS.day) })
    .min(1, { error: requiredMessage(AGENCY_DAY_OFF_LABELS.day) })
    .max(10, { error: invalidMessage(AGENCY_DAY_OFF_LABELS.day) })
    .refine(isRealDay, { error: invalidMessage(AGENCY_DAY_OFF_LABELS.day) }),
  name: textField(AGENCY_DAY_OFF_LABELS.name, { max: 80 }),
});
export type AgencyDayOffInput = z.infer<typeof agencyDayOffSchema>;

export const agencyDayParamsSchema = z.strictObject({
  day: z
    .string()
    .max(10)
    .refine(isRealDay, { error: invalidMessage(AGENCY_DAY_OFF_LABELS.day) }),
});

export const agencyDaysOffViewSchema = z.object({
  timeZone: z.string(),
  /** Whether the viewer may add and remove days (a supervisor). */
  canEdit: z.boolean(),
  /** The days staff added, from today on, in date order. */
  daysOff: z.array(z.object({ day: z.string(), name: z.string() })),
  /** The bank holidays the agency closes for (computed by rule), for the coming twelve months. */
  holidays: z.array(z.object({ day: z.string(), name: z.string() })),
});
export type AgencyDaysOffView = z.infer<typeof agencyDaysOffViewSchema>;

import { z } from 'zod';
import { isTimeZoneName } from '../calendar';
import { CALL_LANGUAGES, CALL_STATES, REMINDER_CHOICES } from '../counselling/calls';
import { emailField, nameField, phoneField, whenParsed } from './fields';
import { isRealDate } from './format';
import { LABELS as MESSAGE_LABELS, formatEnglish } from '../i18n/validation-messages';
import { customIssueOf, errorOf, refineOf, type FieldLabel } from './issue-messages';
import { FIELD_MESSAGES as M, invalidMessage, requiredMessage } from './messages';

// The counselling call's requests and answers. Strict: the API refuses unknown fields.

// The fields' names in refusals, as messages: each refusal carries its id, so a Spanish-speaking visitor reads
// it in Spanish. The counsellor's own forms below stay in English and name the language field in English.
const LABELS = {
  startsAt: MESSAGE_LABELS.callTime,
  timeZone: MESSAGE_LABELS.timeZone,
  language: MESSAGE_LABELS.callLanguage,
  reminder: MESSAGE_LABELS.reminder,
  from: MESSAGE_LABELS.from,
  to: MESSAGE_LABELS.to,
  action: MESSAGE_LABELS.callAction,
};
const STAFF_LANGUAGE_LABEL = formatEnglish(MESSAGE_LABELS.callLanguage);

/** The widest span one slot request may ask about: the slots of five weeks are a few hundred at most. */
export const MAX_SLOT_SPAN_DAYS = 35;

/** An instant written in ISO 8601 with its offset ('2026-03-09T13:00:00Z'); impossible dates are refused. */
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

export const instantField = (label: FieldLabel) =>
  z
    .string({ error: errorOf(M.required(label)) })
    .max(40, { error: errorOf(M.invalid(label)) })
    .transform((value, ctx) => {
      const parts = INSTANT.exec(value);
      const at = new Date(value);
      // new Date rolls 2026-02-30 over to March: the written day must exist in its month.
      const valid =
        parts !== null &&
        !Number.isNaN(at.getTime()) &&
        isRealDate(Number(parts[1]), Number(parts[2]), Number(parts[3]));
      if (!valid) {
        ctx.addIssue({ code: 'custom', ...customIssueOf(M.invalid(label)) });
        return z.NEVER;
      }
      return at;
    });

/**
 * Whether both ends of a span were read as instants. Zod still runs an object's refinements after a field failed
 * its own check (the issue is "continuable"), and the failed field then holds the raw string, so a refinement
 * that compares the two ends must first see that both are dates; the field's own message already says what is wrong.
 */
const bothInstants = (a: unknown, b: unknown): boolean => a instanceof Date && b instanceof Date;

const timeZoneField = () =>
  z
    .string({ error: errorOf(M.required(LABELS.timeZone)) })
    .max(64, { error: errorOf(M.invalid(LABELS.timeZone)) })
    .refine(isTimeZoneName, refineOf(M.invalid(LABELS.timeZone)));

const languageField = (label: FieldLabel = LABELS.language) =>
  z.enum(CALL_LANGUAGES, { error: errorOf(M.invalid(label)) });

export const slotQuerySchema = z
  .strictObject({
    from: instantField(LABELS.from),
    to: instantField(LABELS.to),
    timeZone: timeZoneField(),
    language: languageField().optional(),
  })
  .refine((q) => !bothInstants(q.from, q.to) || q.from < q.to, {
    ...refineOf(M.invalid(LABELS.to)),
    path: ['to'],
  })
  .refine(
    (q) =>
      !bothInstants(q.from, q.to) || q.to.getTime() - q.from.getTime() <= MAX_SLOT_SPAN_DAYS * 86_400_000,
    {
      ...refineOf(M.invalid(LABELS.to)),
      path: ['to'],
    },
  );
export type SlotQuery = z.infer<typeof slotQuerySchema>;

export const slotViewSchema = z.object({
  startsAt: z.string(),
  endsAt: z.string(),
  /** The day and time in the asked time zone, for grouping and showing. */
  localDay: z.string(),
  localTime: z.string(),
  languages: z.array(z.string()),
});
export const slotsViewSchema = z.object({ timeZone: z.string(), slots: z.array(slotViewSchema) });
export type SlotsView = z.infer<typeof slotsViewSchema>;

/** The contact of a visitor who is not signed in; a signed-in borrower's comes from their account. */
const contactFields = {
  firstName: nameField(MESSAGE_LABELS.firstName, { optional: true }),
  lastName: nameField(MESSAGE_LABELS.lastName, { optional: true }),
  email: emailField(MESSAGE_LABELS.email, { optional: true }),
  phoneNumber: phoneField(MESSAGE_LABELS.phoneNumber, { optional: true }),
};

export const bookCallSchema = z.strictObject({
  startsAt: instantField(LABELS.startsAt),
  timeZone: timeZoneField(),
  language: languageField(),
  reminder: z.enum(REMINDER_CHOICES, { error: errorOf(M.invalid(LABELS.reminder)) }),
  ...contactFields,
});
export type BookCallInput = z.infer<typeof bookCallSchema>;

/** The contact fields an anonymous visitor must give (the schema above leaves them optional for borrowers). */
export const ANONYMOUS_CONTACT_FIELDS = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email address',
  phoneNumber: 'Phone number',
} as const;

export const callTokenParamsSchema = z.strictObject({
  // base64url body and signature; the length bounds what a stranger can make us hash.
  token: z
    .string({ error: errorOf(M.fixed('counsellingLinkNotValid')) })
    .min(20, { error: errorOf(M.fixed('counsellingLinkNotValid')) })
    .max(100, { error: errorOf(M.fixed('counsellingLinkNotValid')) })
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, { error: errorOf(M.fixed('counsellingLinkNotValid')) }),
});

export const changeCallSchema = z.discriminatedUnion(
  'action',
  [
    z.strictObject({ action: z.literal('reschedule'), startsAt: instantField(LABELS.startsAt) }),
    z.strictObject({ action: z.literal('cancel') }),
  ],
  { error: errorOf(M.invalid(LABELS.action)) },
);
export type ChangeCallInput = z.infer<typeof changeCallSchema>;

export const callViewSchema = z.object({
  startsAt: z.string(),
  endsAt: z.string(),
  state: z.enum(CALL_STATES),
  timeZone: z.string(),
  language: z.string(),
  reminder: z.enum(REMINDER_CHOICES),
  counsellorFirstName: z.string().nullable(),
  /** Whether the borrower may still move or cancel it (a live call that has not started). */
  changeable: z.boolean(),
});
export type CallView = z.infer<typeof callViewSchema>;

export const bookedCallViewSchema = callViewSchema.extend({ token: z.string() });
/** A change's answer: the call and, after a move, its new link (the old one stops working); none after a cancellation. */
export const changedCallViewSchema = callViewSchema.extend({ token: z.string().nullable() });

// A counsellor's own availability, set in the service portal (English only).

/** A time of day 'HH:mm', 00:00 to 24:00 (24:00 ends a stretch at midnight). */
const clockField = (label: string) =>
  z
    .string({ error: requiredMessage(label) })
    .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, { error: invalidMessage(label) });

export const minutesOfClock = (clock: string): number => {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

export const clockOfMinutes = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** More stretches than a week could hold apart (seven days of several shifts), refused. */
export const MAX_WEEKLY_HOURS_ROWS = 50;

const weeklyHoursRowSchema = z
  .strictObject({
    weekday: z
      .number({ error: invalidMessage('Weekday') })
      .int({ error: invalidMessage('Weekday') })
      .min(1, { error: invalidMessage('Weekday') })
      .max(7, { error: invalidMessage('Weekday') }),
    start: clockField('Start'),
    end: clockField('End'),
  })
  .refine((row) => minutesOfClock(row.start) < minutesOfClock(row.end), {
    error: 'The end must come after the start.',
    path: ['end'],
  });

export const counsellorAvailabilitySchema = z
  .strictObject({
    languages: z
      .array(languageField(STAFF_LANGUAGE_LABEL), { error: invalidMessage(STAFF_LANGUAGE_LABEL) })
      .min(1, { error: 'Choose at least one language.' })
      .max(CALL_LANGUAGES.length, { error: invalidMessage(STAFF_LANGUAGE_LABEL) })
      .refine((list) => new Set(list).size === list.length, { error: invalidMessage(STAFF_LANGUAGE_LABEL) }),
    weeklyHours: z
      .array(weeklyHoursRowSchema, { error: invalidMessage('Weekly hours') })
      .max(MAX_WEEKLY_HOURS_ROWS, { error: invalidMessage('Weekly hours') }),
  })
  .superRefine((value, ctx) => {
    // Two stretches of one day that overlap would offer the same slot twice.
    const rows = value.weeklyHours
      .map((row, index) => ({ ...row, index, from: minutesOfClock(row.start), to: minutesOfClock(row.end) }))
      .sort((a, b) => a.weekday - b.weekday || a.from - b.from);
    for (let i = 1; i < rows.length; i++) {
      const [before, row] = [rows[i - 1]!, rows[i]!];
      if (before.weekday === row.weekday && row.from < before.to) {
        ctx.addIssue({
          code: 'custom',
          message: 'These hours overlap other hours of the same day.',
          path: ['weeklyHours', row.index, 'start'],
        });
      }
    }
  }, whenParsed('weeklyHours'));
export type CounsellorAvailabilityInput = z.infer<typeof counsellorAvailabilitySchema>;

/** The longest time off one entry may cover: a year (longer absences are a change of hours). */
export const MAX_TIME_OFF_DAYS = 366;

export const timeOffSchema = z
  .strictObject({ startsAt: instantField('Starts at'), endsAt: instantField('Ends at') })
  .refine((t) => !bothInstants(t.startsAt, t.endsAt) || t.startsAt < t.endsAt, {
    error: 'The end must come after the start.',
    path: ['endsAt'],
  })
  .refine(
    (t) =>
      !bothInstants(t.startsAt, t.endsAt) ||
      t.endsAt.getTime() - t.startsAt.getTime() <= MAX_TIME_OFF_DAYS * 86_400_000,
    {
      error: invalidMessage('Ends at'),
      path: ['endsAt'],
    },
  );

export const counsellorAvailabilityViewSchema = z.object({
  /** The agency's time zone, in which the weekly hours are written. */
  timeZone: z.string(),
  languages: z.array(z.string()),
  weeklyHours: z.array(z.object({ weekday: z.number(), start: z.string(), end: z.string() })),
  timeOff: z.array(z.object({ id: z.string(), startsAt: z.string(), endsAt: z.string() })),
});
export type CounsellorAvailabilityView = z.infer<typeof counsellorAvailabilityViewSchema>;

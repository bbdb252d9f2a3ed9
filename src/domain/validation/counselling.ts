import { z } from 'zod';
import { isTimeZoneName } from '../calendar';
import { CALL_LANGUAGES, CALL_STATES, REMINDER_CHOICES } from '../counselling/calls';
import { emailField, nameField, phoneField } from './fields';
import { isRealDate } from './format';
import { invalidMessage, requiredMessage } from './messages';

// The counselling call's requests and answers. Strict: the API refuses unknown fields.

const LABELS = {
  startsAt: 'Call time',
  timeZone: 'Time zone',
  language: 'Language',
  reminder: 'Reminder',
  from: 'From',
  to: 'To',
} as const;

/** The widest span one slot request may ask about: the slots of five weeks are a few hundred at most. */
export const MAX_SLOT_SPAN_DAYS = 35;

/** An instant written in ISO 8601 with its offset ('2026-03-09T13:00:00Z'); impossible dates are refused. */
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

const instantField = (label: string) =>
  z
    .string({ error: requiredMessage(label) })
    .max(40, { error: invalidMessage(label) })
    .transform((value, ctx) => {
      const parts = INSTANT.exec(value);
      const at = new Date(value);
      // new Date rolls 2026-02-30 over to March: the written day must exist in its month.
      const valid =
        parts !== null &&
        !Number.isNaN(at.getTime()) &&
        isRealDate(Number(parts[1]), Number(parts[2]), Number(parts[3]));
      if (!valid) {
        ctx.addIssue({ code: 'custom', message: invalidMessage(label) });
        return z.NEVER;
      }
      return at;
    });

const timeZoneField = () =>
  z
    .string({ error: requiredMessage(LABELS.timeZone) })
    .max(64, { error: invalidMessage(LABELS.timeZone) })
    .refine(isTimeZoneName, { error: invalidMessage(LABELS.timeZone) });

const languageField = () => z.enum(CALL_LANGUAGES, { error: invalidMessage(LABELS.language) });

export const slotQuerySchema = z
  .strictObject({
    from: instantField(LABELS.from),
    to: instantField(LABELS.to),
    timeZone: timeZoneField(),
    language: languageField().optional(),
  })
  .refine((q) => q.from < q.to, { error: invalidMessage(LABELS.to), path: ['to'] })
  .refine((q) => q.to.getTime() - q.from.getTime() <= MAX_SLOT_SPAN_DAYS * 86_400_000, {
    error: invalidMessage(LABELS.to),
    path: ['to'],
  });
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
  firstName: nameField('First name', { optional: true }),
  lastName: nameField('Last name', { optional: true }),
  email: emailField('Email address', { optional: true }),
  phoneNumber: phoneField('Phone number', { optional: true }),
};

export const bookCallSchema = z.strictObject({
  startsAt: instantField(LABELS.startsAt),
  timeZone: timeZoneField(),
  language: languageField(),
  reminder: z.enum(REMINDER_CHOICES, { error: invalidMessage(LABELS.reminder) }),
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
    .string()
    .min(20)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, { error: 'This link is not valid.' }),
});

export const changeCallSchema = z.discriminatedUnion(
  'action',
  [
    z.strictObject({ action: z.literal('reschedule'), startsAt: instantField(LABELS.startsAt) }),
    z.strictObject({ action: z.literal('cancel') }),
  ],
  { error: invalidMessage('action') },
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

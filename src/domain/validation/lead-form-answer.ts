import type { LeadInput } from './account';
import { formatPhone, normalizeEmail } from './format';

// The lead form sent by the browser itself (before the page's script has run, or without one): its fields
// arrive as a form body, the server validates them with the lead schema, and on an error answers the page again
// with what was typed and the field messages. The same answer, written into that page as data, lets the
// script take the form over as it stands. Nothing here brings zod: the page's script reads the answer.

export const LEAD_FORM_FIELDS = ['firstName', 'lastName', 'email', 'phoneNumber', 'agreedToTerms'] as const;
export type LeadFormField = (typeof LEAD_FORM_FIELDS)[number];
export const LEAD_FORM_TEXT_FIELDS = ['firstName', 'lastName', 'email', 'phoneNumber'] as const;

/** What the visitor sent, as the form holds it. */
export type LeadFormValues = LeadInput;

/** The values sent and one message per field that failed. */
export type LeadFormAnswer = {
  values: LeadFormValues;
  errors: Partial<Record<LeadFormField, string>>;
};

/** The id of the data element (a JSON script, never run) holding the answer in the answered page. */
export const LEAD_FORM_ANSWER_ID = 'lead-form-answer';

/** Longer than any field may be: a value cut here is refused by the schema anyway. */
const KEPT_LENGTH = 500;

/**
 * The form's fields as the browser sent them, tidied as the script's form tidies them while typing and on
 * blur: text trimmed, the email lower-cased, the phone written 999-999-9999. A ticked checkbox arrives ('on'),
 * an unticked one does not.
 */
export function leadFormValues(body: URLSearchParams): LeadFormValues {
  const text = (name: string) => (body.get(name) ?? '').slice(0, KEPT_LENGTH);
  return {
    firstName: text('firstName').trim(),
    lastName: text('lastName').trim(),
    email: normalizeEmail(text('email')),
    phoneNumber: formatPhone(text('phoneNumber')),
    agreedToTerms: body.has('agreedToTerms'),
  };
}

/** Reads an answer written into a page; anything else (absent, altered) is no answer. */
export function parseLeadFormAnswer(text: string | null | undefined): LeadFormAnswer | undefined {
  if (!text) return undefined;
  try {
    const data = JSON.parse(text) as Partial<LeadFormAnswer> | null;
    const values = data?.values;
    const errors = data?.errors;
    if (typeof values !== 'object' || values === null || typeof errors !== 'object' || errors === null)
      return undefined;
    const strings = LEAD_FORM_TEXT_FIELDS.every((field) => typeof values[field] === 'string');
    const messages = Object.entries(errors).every(
      ([field, message]) =>
        (LEAD_FORM_FIELDS as readonly string[]).includes(field) && typeof message === 'string',
    );
    if (!strings || typeof values.agreedToTerms !== 'boolean' || !messages) return undefined;
    return { values: values as LeadFormValues, errors };
  } catch {
    return undefined;
  }
}

/**
 * The build draws the answered page once with every field's message set to this marker; the server then keeps
 * the messages of the fields that failed (their marker replaced) and removes the others.
 */
export const answerMarker = (field: LeadFormField): string => `@@answer:${field}@@`;

/** The answer the build draws the answered page with: every message a marker, every value empty. */
export const MARKED_ANSWER: LeadFormAnswer = {
  values: { firstName: '', lastName: '', email: '', phoneNumber: '', agreedToTerms: false },
  errors: Object.fromEntries(LEAD_FORM_FIELDS.map((field) => [field, answerMarker(field)])),
};

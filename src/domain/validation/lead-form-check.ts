// The lead form sent without the script, checked on the server by the lead schema (lead-form-answer.ts holds
// what the page itself reads, without zod).

import type { z } from 'zod';
import type { MessageRef } from '../i18n/message';
import { leadSchema, type LeadInput } from './account';
import { issueMessageRef } from './issue-messages';
import {
  LEAD_FORM_FIELDS,
  leadFormValues,
  type LeadFormAnswer,
  type LeadFormField,
} from './lead-form-answer';

/** The first message of each field that failed, as the script's form shows them. */
export function leadFormErrors(error: z.ZodError): LeadFormAnswer['errors'] {
  const errors: LeadFormAnswer['errors'] = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(LEAD_FORM_FIELDS as readonly string[]).includes(field)) continue;
    errors[field as LeadFormField] ??= issue.message;
  }
  return errors;
}

/**
 * The first message of each field that failed by its id, as the server words it in the page's language: the
 * lead schema gives an id with each of its messages; one without (none expected) is its English text.
 */
export function leadFormMessages(error: z.ZodError): Partial<Record<LeadFormField, MessageRef | string>> {
  const messages: Partial<Record<LeadFormField, MessageRef | string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(LEAD_FORM_FIELDS as readonly string[]).includes(field)) continue;
    messages[field as LeadFormField] ??= issueMessageRef(issue) ?? issue.message;
  }
  return messages;
}

/**
 * Validates a sent form: the lead to create, or the answer to show (its messages in English) with each field's
 * message by its id (`messages`).
 */
export function checkLeadForm(
  body: URLSearchParams,
):
  | { ok: true; lead: LeadInput }
  | { ok: false; answer: LeadFormAnswer; messages: Partial<Record<LeadFormField, MessageRef | string>> } {
  const values = leadFormValues(body);
  const parsed = leadSchema.safeParse(values);
  if (parsed.success) return { ok: true, lead: parsed.data };
  return {
    ok: false,
    answer: { values, errors: leadFormErrors(parsed.error) },
    messages: leadFormMessages(parsed.error),
  };
}

import { createIntl, type IntlShape } from '@formatjs/intl';
import { EXPLANATION_MESSAGES } from '../underwriting/explanation-messages';
import { EXPENSE_LINE_MESSAGES } from './expense-labels';
import {
  APPLY_REFUSALS,
  FIXED,
  LABELS,
  PORTAL_REFUSALS,
  QUESTION_REQUIRED,
  SIGNING_MESSAGES,
  TEMPLATES,
  formatEnglish,
  type MessageDescriptor,
} from './validation-messages';

/**
 * A message as it travels: the id of its descriptor and the values its placeholders take. A value is plain text
 * (an amount already written, a bank's name) or another message (a field's label), which each language words
 * in its own way. The English is made from it, never the other way round: nothing reads an English sentence
 * back to learn which message it was.
 */
export type MessageRef = { readonly id: string; readonly values?: Readonly<Record<string, MessageValue>> };
export type MessageValue = string | number | MessageRef;

/** Formats a message descriptor in some language: react-intl's or @formatjs/intl's `formatMessage`. */
export type FormatMessage = (descriptor: MessageDescriptor, values?: Record<string, string>) => string;

/**
 * Every message a borrower can be answered with, by id: the validation and error texts, the customer portal's
 * refusals, the signing steps' refusals, the application's (a budget's warnings, applying again), the labels they
 * name, the expense lines the budget's refusals name, and the sentences that explain a plan.
 * The one place an id is turned back into its descriptor.
 */
const DESCRIPTORS: readonly MessageDescriptor[] = [
  QUESTION_REQUIRED,
  ...Object.values(TEMPLATES),
  ...Object.values(FIXED),
  ...Object.values(PORTAL_REFUSALS),
  ...Object.values(LABELS),
  ...Object.values(SIGNING_MESSAGES),
  ...Object.values(APPLY_REFUSALS),
  ...Object.values(EXPENSE_LINE_MESSAGES),
  ...Object.values(EXPLANATION_MESSAGES),
];
export const MESSAGES_BY_ID: ReadonlyMap<string, MessageDescriptor> = new Map(
  DESCRIPTORS.map((descriptor) => [String(descriptor.id), descriptor]),
);

/** The message of a descriptor, with its values. */
export function messageRef(
  descriptor: MessageDescriptor,
  values?: Readonly<Record<string, MessageValue>>,
): MessageRef {
  return values ? { id: String(descriptor.id), values } : { id: String(descriptor.id) };
}

export const isMessageRef = (value: unknown): value is MessageRef =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { id?: unknown }).id === 'string' &&
  MESSAGES_BY_ID.has((value as { id: string }).id);

function descriptorOf(ref: MessageRef): MessageDescriptor {
  const descriptor = MESSAGES_BY_ID.get(ref.id);
  if (!descriptor) throw new Error(`No message has the id ${ref.id}`);
  return descriptor;
}

/** A message in any language: its values that are messages are worded in that language too. */
export function formatMessageRef(ref: MessageRef, format: FormatMessage): string {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(ref.values ?? {})) {
    values[name] = typeof value === 'object' ? formatMessageRef(value, format) : String(value);
  }
  return format(descriptorOf(ref), values);
}

/** A message with a plural or a choice in it (`{accounts, plural, one {# account} other {# accounts}}`). */
const HAS_ICU_ARGUMENT = /\{\s*\w+\s*,\s*(?:plural|selectordinal|select)\s*,/;
let englishIntl: IntlShape | undefined;

/**
 * The English of a descriptor: its placeholders filled in (formatEnglish), or, for a message with a plural or a
 * choice, written by an English intl from its own text (made on first use), so the plural's words are English's.
 */
function formatEnglishOf(descriptor: MessageDescriptor, values: Record<string, string> = {}): string {
  if (!HAS_ICU_ARGUMENT.test(String(descriptor.defaultMessage))) return formatEnglish(descriptor, values);
  englishIntl ??= createIntl({ locale: 'en-US', defaultLocale: 'en-US', messages: {} });
  return englishIntl.formatMessage(descriptor, values);
}

/** A message in English, as the API's `message`, the logs and the records carry it. */
export const englishOf = (ref: MessageRef): string => formatMessageRef(ref, formatEnglishOf);

/**
 * The message of a value read from elsewhere (an API answer's `messageId` and `values`): undefined when the id is
 * not one of ours or a value is not text or a message, so a caller falls back to the English it was given.
 */
export function messageRefFrom(id: unknown, values: unknown): MessageRef | undefined {
  if (typeof id !== 'string' || !MESSAGES_BY_ID.has(id)) return undefined;
  if (values === undefined || values === null) return { id };
  if (typeof values !== 'object' || Array.isArray(values)) return undefined;
  const read: Record<string, MessageValue> = {};
  for (const [name, value] of Object.entries(values as Record<string, unknown>)) {
    if (typeof value === 'string' || typeof value === 'number') read[name] = value;
    else {
      const nested = messageRefFrom(
        (value as { id?: unknown } | null)?.id,
        (value as { values?: unknown } | null)?.values,
      );
      if (!nested) return undefined;
      read[name] = nested;
    }
  }
  return { id, values: read };
}

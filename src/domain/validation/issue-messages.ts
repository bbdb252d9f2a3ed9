// A zod issue that carries its message's id and values beside the English, so the API's answer and the web's
// forms word it in the reader's language by that id instead of reading the English back.
import { englishOf, messageRef, messageRefFrom, type MessageRef } from '../i18n/message';
import type { MessageDescriptor } from '../i18n/validation-messages';

/**
 * A field's label as the field helpers take it: a message (its descriptor or its ref), which each language
 * words in its own way, or, for the staff's forms that stay in English, plain English text. A message built
 * on an English label carries no id: there is no message to point at.
 */
export type FieldLabel = string | MessageDescriptor | MessageRef;

const isDescriptor = (label: object): label is MessageDescriptor => 'defaultMessage' in label;

/** A label that is a message, as a message value. */
export const messageLabel = (label: MessageDescriptor | MessageRef): MessageRef =>
  isDescriptor(label) ? messageRef(label) : label;

/** The label as a message value: a ref for a message, undefined for plain English text. */
export const labelRef = (label: FieldLabel): MessageRef | undefined =>
  typeof label === 'string' ? undefined : messageLabel(label);

/** The label's English, for a text that has no id (the staff's). */
export const labelEnglish = (label: FieldLabel): string => {
  const ref = labelRef(label);
  return ref ? englishOf(ref) : String(label);
};

/** The key under an issue's `params` that holds its message. */
export const MESSAGE_REF_PARAM = 'messageRef';

/**
 * The options of a check whose message is known by its id (`.refine(fn, issueParams(ref))`,
 * `ctx.addIssue({ code: 'custom', path, ...issueParams(ref) })`): the English as its message, the ref in its
 * params, where zod keeps it on the issue.
 */
export function issueParams(ref: MessageRef): { message: string; params: Record<string, unknown> } {
  return { message: englishOf(ref), params: { [MESSAGE_REF_PARAM]: ref } };
}

type RawIssue = { params?: Record<string, unknown> };

/**
 * A schema's `error` (`z.string({ error: issueError(ref) })`, `.max(n, { error: issueError(ref) })`): zod
 * copies the issue's own keys into the issue it reports after asking for the message, so the ref put in
 * `params` here reaches the issue as a custom check's params do. A test holds this to the zod installed
 * (issue-messages.test.ts). `pick` chooses the message from the issue (missing or invalid, say).
 */
export function issueError(pick: MessageRef | ((issue: { input?: unknown }) => MessageRef)) {
  return (issue: { input?: unknown }): string => {
    const ref = typeof pick === 'function' ? pick(issue) : pick;
    const raw = issue as RawIssue;
    raw.params = { ...raw.params, [MESSAGE_REF_PARAM]: ref };
    return englishOf(ref);
  };
}

/**
 * A group of fields (an object inside the form) sent as something else: the request is invalid, with its id.
 * Only for a value of the wrong type; the object's other issues (a key it does not have) keep zod's message.
 */
export function wrongTypeError(ref: MessageRef) {
  const error = issueError(ref);
  return (issue: { input?: unknown; code?: string }): string | undefined =>
    issue.code === 'invalid_type' ? error(issue) : undefined;
}

/**
 * The message of an issue (a zod issue, or the item fastify-type-provider-zod makes of one, whose `params`
 * hold the issue's own keys): undefined when it came without one of our ids.
 */
export function issueMessageRef(issue: unknown): MessageRef | undefined {
  if (typeof issue !== 'object' || issue === null) return undefined;
  const params = (issue as { params?: unknown }).params;
  if (typeof params !== 'object' || params === null) return undefined;
  const direct = (params as Record<string, unknown>)[MESSAGE_REF_PARAM];
  // fastify-type-provider-zod nests the issue's own params one level down.
  const nested = ((params as { params?: Record<string, unknown> }).params ?? {})[MESSAGE_REF_PARAM];
  const ref = (direct ?? nested) as { id?: unknown; values?: unknown } | undefined;
  return ref ? messageRefFrom(ref.id, ref.values) : undefined;
}

/**
 * A field's message as it travels: its English, and its id and values when it has one (a message on a label
 * given as English text has none; the staff's forms, which stay in English).
 */
export type FieldMessage = { readonly english: string; readonly ref?: MessageRef };

/** A schema's or a check's `error` for a field message: with its id when it has one. */
export const errorOf = (message: FieldMessage): string | ReturnType<typeof issueError> =>
  message.ref ? issueError(message.ref) : message.english;

/** A refine's options for a field message. */
export const refineOf = (message: FieldMessage): { message: string; params?: Record<string, unknown> } =>
  message.ref ? issueParams(message.ref) : { message: message.english };

/** The message and params of a custom issue pushed by hand (`ctx.issues.push`, `ctx.addIssue`). */
export const customIssueOf = (message: FieldMessage): { message: string; params?: Record<string, unknown> } =>
  refineOf(message);

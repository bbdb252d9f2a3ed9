import { englishOf, messageRef, messageRefFrom, type MessageRef } from '#domain/i18n/message';
import { FIXED } from '#domain/i18n/validation-messages';

/** The one fetch layer of the web app: JSON in and out, errors as ApiError with the server's code and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors: Record<string, string> = {},
    readonly redirect?: string,
    /** The message's id and values when the server gave them: a page words it by id in its own language. */
    readonly messageRef?: MessageRef,
    /** Each field's message by its id (a 400's fieldMessages), for the fields whose message has one. */
    readonly fieldMessages: Readonly<Record<string, MessageRef>> = {},
  ) {
    super(message);
  }
}

export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
    });
  } catch {
    throw networkError();
  }
  if (res.status === 204) return undefined as T;
  let text: string;
  try {
    text = await res.text();
  } catch {
    // The connection broke while the body was arriving.
    throw networkError();
  }
  const data = parsed(text);
  if (data === undefined && res.ok) {
    // A success whose body is not whole JSON (cut short on the way, or a page from something in between such
    // as a captive portal): as good as no answer. Read as an empty object, the page would show nothing, or
    // the wrong thing, for good; as a failed connection it is retried, or offers to try again.
    throw networkError();
  }
  if (!res.ok) {
    // An answer without a message of its own (a proxy's error page, a body that is not ours) says the save
    // failed, as a message of ours, so the page words it in its language.
    const error = data ?? {};
    const own = typeof error.message === 'string';
    const failed = messageRef(FIXED.saveFailed);
    throw new ApiError(
      res.status,
      typeof error.code === 'string' ? error.code : 'Error',
      own ? (error.message as string) : englishOf(failed),
      (error.fieldErrors as Record<string, string> | undefined) ?? {},
      typeof error.redirect === 'string' ? error.redirect : undefined,
      own ? messageRefFrom(error.messageId, error.values) : failed,
      fieldMessagesFrom(error.fieldMessages),
    );
  }
  return data as T;
}

/**
 * No answer, or none that can be read: the connection's failure, whose message a page's "Try again" follows
 * (and which a read's retry tries again).
 */
export function networkError(): ApiError {
  const message = messageRef(FIXED.networkError);
  return new ApiError(0, 'NetworkError', englishOf(message), {}, undefined, message);
}

/**
 * The body as JSON: an empty body is an empty object (a success that says nothing more, as before), a body
 * that is not JSON is undefined.
 */
function parsed(text: string): Record<string, unknown> | undefined {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** A 400's `fieldMessages` (`{ field: { messageId, values } }`): the fields whose id is one of ours. */
function fieldMessagesFrom(value: unknown): Record<string, MessageRef> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const refs: Record<string, MessageRef> = {};
  for (const [field, message] of Object.entries(value as Record<string, unknown>)) {
    const { messageId, values } = (message ?? {}) as { messageId?: unknown; values?: unknown };
    const ref = messageRefFrom(messageId, values);
    if (ref) refs[field] = ref;
  }
  return refs;
}

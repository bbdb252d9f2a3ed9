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
    const networkError = messageRef(FIXED.networkError);
    throw new ApiError(0, 'NetworkError', englishOf(networkError), {}, undefined, networkError);
  }
  if (res.status === 204) return undefined as T;
  const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) {
    throw new ApiError(
      res.status,
      typeof data.code === 'string' ? data.code : 'Error',
      typeof data.message === 'string'
        ? data.message
        : 'There was a problem saving your information. Please try again.',
      (data.fieldErrors as Record<string, string> | undefined) ?? {},
      typeof data.redirect === 'string' ? data.redirect : undefined,
      messageRefFrom(data.messageId, data.values),
      fieldMessagesFrom(data.fieldMessages),
    );
  }
  return data as T;
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

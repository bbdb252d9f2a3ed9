import { ApiError } from '#web/lib/api';
import { shownMessageFrom, type ShownMessage } from '#web/lib/message-text';

/** The `{ message }` another screen passed through router navigation state, if any. */
export function locationMessage(state: unknown): ShownMessage | undefined {
  if (typeof state !== 'object' || state === null || !('message' in state)) return undefined;
  return shownMessageFrom(state.message);
}

/**
 * The message of a failed call: the server's message by its id when it gave one, else its text (already in the
 * reader's language), else the page's own.
 */
export function errorMessage(error: unknown, fallback: ShownMessage): ShownMessage {
  if (error instanceof ApiError && error.messageRef) return error.messageRef;
  return error instanceof Error && error.message ? error.message : fallback;
}

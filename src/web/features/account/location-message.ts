/** The `{ message }` another screen passed through router navigation state, if any. */
export function locationMessage(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('message' in state)) return undefined;
  return typeof state.message === 'string' && state.message !== '' ? state.message : undefined;
}

/** The message of a failed call (ApiError carries the server's text). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

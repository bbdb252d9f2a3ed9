import { z } from 'zod';

/**
 * GET /api/session-recording: whether the borrower's pages are recorded, and under which id. Off unless the
 * deployment configured a service; when on, the session is known to the service by the borrower's record id
 * only (a random UUID), never by name, email or phone (decision 0052).
 */
export const sessionRecordingViewSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('off') }),
  z.object({ provider: z.literal('logrocket'), appId: z.string(), borrowerId: z.uuid() }),
]);
export type SessionRecordingView = z.infer<typeof sessionRecordingViewSchema>;

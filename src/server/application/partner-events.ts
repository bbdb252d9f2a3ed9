/**
 * The events the agency's CRM (PARTNER_WEBHOOK_URL) receives about a plan; the delivery is in
 * src/server/features/staff-actions/partner-webhook.ts.
 *
 * - `application.transfer`: the plan is handed to the agency (every creditor answered, one accepted at least).
 * - `enrollment.updated`: after the hand-over, the borrower changed what the agency draws: moved the draft day
 *   (Settings) or confirmed a higher amount after a creditor's answer (My plan). Same body as the transfer (the
 *   enrollment as it is then), so the CRM drafts on the right day and amount. The partner orders events by
 *   `createdAt` and deduplicates by event id.
 */
export const PARTNER_WEBHOOK_EVENT_TYPE = 'application.transfer';
export const ENROLLMENT_UPDATED_EVENT_TYPE = 'enrollment.updated';
export type PartnerWebhookEventType =
  typeof PARTNER_WEBHOOK_EVENT_TYPE | typeof ENROLLMENT_UPDATED_EVENT_TYPE;

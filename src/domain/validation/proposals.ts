import { z } from 'zod';
import { PROPOSAL_STATES } from '../enrollment/proposal-answers';

// GET /api/staff/proposals: the proposals creditors have not answered in time, by creditor, with each creditor's
// acceptance rate and median days to answer.

/** The most proposals one page lists; the next page starts after the last one shown. */
export const OVERDUE_PROPOSALS_LIMIT = 100;

export const overdueProposalsQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: 'invalid' })
    .int({ error: 'invalid' })
    .min(1, { error: 'invalid' })
    .max(OVERDUE_PROPOSALS_LIMIT, { error: 'invalid' })
    .default(OVERDUE_PROPOSALS_LIMIT),
  /** The id of the last proposal of the page before. */
  after: z.uuid({ error: 'invalid' }).optional(),
});
export type OverdueProposalsQuery = z.infer<typeof overdueProposalsQuerySchema>;

export const overdueProposalsViewSchema = z.object({
  /** The answer time applied, in days, when a creditor has none of its own. */
  responseDays: z.number().int(),
  creditors: z.array(
    z.object({
      /** null: offers made on the default programme, for creditors the agency has none with. */
      creditorId: z.string().nullable(),
      creditorName: z.string(),
      /** All its proposals overdue now, not only this page's. */
      overdue: z.number().int(),
      answered: z.number().int(),
      acceptanceRate: z.number().nullable(),
      medianDaysToAnswer: z.number().nullable(),
    }),
  ),
  proposals: z.array(
    z.object({
      id: z.string(),
      applicationId: z.string(),
      offerId: z.string(),
      creditorId: z.string().nullable(),
      state: z.enum(PROPOSAL_STATES),
      /** ISO 8601. */
      preparedAt: z.string(),
      sentAt: z.string().nullable(),
      channel: z.string().nullable(),
      daysWaiting: z.number().int(),
    }),
  ),
  /** Pass as `after` for the next page; null on the last. */
  nextAfter: z.string().nullable(),
});
export type OverdueProposalsView = z.infer<typeof overdueProposalsViewSchema>;

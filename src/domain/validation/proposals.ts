import { z } from 'zod';
import {
  PROPOSAL_ANSWERS,
  PROPOSAL_STATES,
  PROPOSAL_WITHDRAWAL_REASONS,
} from '../enrollment/proposal-answers';
import { isRealDate } from './format';

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
      /** The creditor's answer time applied to this proposal, in days. */
      responseDays: z.number().int(),
      /**
       * In state noAnswer: the answer its programme assumes for a silent creditor, applied to the offer; the
       * proposal stays flagged for staff until they record the creditor's real answer.
       */
      silentDefault: z.enum(PROPOSAL_ANSWERS).nullable(),
    }),
  ),
  /** Pass as `after` for the next page; null on the last. */
  nextAfter: z.string().nullable(),
  /** Proposals to be printed and mailed (the creditor takes them by mail, or none is on file), oldest first. */
  toMail: z.array(
    z.object({
      id: z.string(),
      applicationId: z.string(),
      offerId: z.string(),
      creditorId: z.string().nullable(),
      creditorName: z.string(),
      /** The account's last four digits, as its printed letter states them; null when none is on file. */
      accountLast4: z.string().nullable(),
      preparedAt: z.string(),
      daysWaiting: z.number().int(),
    }),
  ),
  /**
   * Proposals withdrawn lately (newest first): they waited for the batch file or the post when their offer left
   * the plan, so they must not be sent; a printed letter among them goes in the bin.
   */
  withdrawn: z.array(
    z.object({
      id: z.string(),
      applicationId: z.string(),
      offerId: z.string(),
      creditorId: z.string().nullable(),
      creditorName: z.string(),
      channel: z.string().nullable(),
      withdrawnAt: z.string(),
      reason: z.enum(PROPOSAL_WITHDRAWAL_REASONS),
    }),
  ),
  /** The agency day's batch file of electronic proposals. */
  batch: z.object({
    /** 'yyyy-MM-dd' in the agency's time zone. */
    agencyDay: z.string(),
    /** Made already today: how many proposals it carries, and when. */
    today: z.object({ proposalCount: z.number().int(), createdAt: z.string() }).nullable(),
    /** Proposals to batch creditors not in a file yet (the next file carries them). */
    waiting: z.number().int(),
  }),
});
export type OverdueProposalsView = z.infer<typeof overdueProposalsViewSchema>;

/** The most proposals one "mark mailed" marks at once (a page of the list). */
export const MARK_MAILED_LIMIT = 100;

/** POST /api/staff/proposals/mailed: proposals staff printed and mailed. */
export const markMailedSchema = z.strictObject({
  proposalIds: z
    .array(z.uuid({ error: 'invalid' }), { error: 'invalid' })
    .min(1, { error: 'Choose at least one proposal' })
    .max(MARK_MAILED_LIMIT, { error: 'invalid' })
    .transform((ids) => [...new Set(ids)]),
});
export type MarkMailedInput = z.infer<typeof markMailedSchema>;

export const markMailedViewSchema = z.object({ mailed: z.number().int(), sentAt: z.string() });

/**
 * GET /api/staff/proposals/batch/:day: a day of the agency's calendar. ISO 8601 allows the year 0000, which the
 * database's calendar has not (1 BC precedes 1 AD): refused here, not by the database.
 */
export const proposalBatchDayParams = z.strictObject({
  day: z.iso
    .date({ error: 'invalid' })
    .refine((d) => isRealDate(Number(d.slice(0, 4)), Number(d.slice(5, 7)), Number(d.slice(8, 10))), {
      error: 'invalid',
    }),
});

export const proposalBatchViewSchema = z.object({
  agencyDay: z.string(),
  proposalCount: z.number().int(),
  createdAt: z.string(),
  /** False when the day's batch had been made already: this is that file. */
  created: z.boolean(),
  fileName: z.string(),
});

import { z } from 'zod';
import type { PlanTerms } from './plan-terms';

// The plan's terms as the pages and the service portal read them: one schema for My plan and the borrower
// summary, so both state the same fields of the same computation.

const cents = z.number().int();

/** The plan's terms as every surface states them (src/domain/enrollment/plan-terms.ts). */
export const planTermsViewSchema = z.object({
  /** The amount drawn each month: what the creditors receive plus the agency's monthly fee. */
  monthlyDraft: cents,
  creditorsMonthlyPayment: cents,
  monthlyFee: cents,
  setupFee: cents,
  /** 'yyyy-MM-dd' the set-up fee is drawn (with the first draft); null without one. */
  setupFeeDate: z.string().nullable(),
  /** Day of the month of the drafts (1 to 28); 0 before the first draft date is set. */
  draftDay: z.number().int(),
  termInMonths: z.number().int(),
  firstDraftDate: z.string().nullable(),
  lastDraftDate: z.string().nullable(),
  lastDraftAmount: cents,
  totalPaid: cents,
  totalFees: cents,
});
export type PlanTermsView = z.infer<typeof planTermsViewSchema>;

/** The terms as the pages read them (without the per-creditor lists and the month-by-month schedule). */
export const planTermsView = (t: PlanTerms): PlanTermsView => ({
  monthlyDraft: t.monthlyDraft,
  creditorsMonthlyPayment: t.creditorsMonthlyPayment,
  monthlyFee: t.monthlyFee,
  setupFee: t.setupFee,
  setupFeeDate: t.setupFeeDate,
  draftDay: t.draftDay,
  termInMonths: t.termInMonths,
  firstDraftDate: t.firstDraftDate,
  lastDraftDate: t.lastDraftDate,
  lastDraftAmount: t.lastDraftAmount,
  totalPaid: t.totalPaid,
  totalFees: t.totalFees,
});

import { z } from 'zod';
import { monthOf } from '#domain/calendar';
import { sumCents, type Cents } from '../money/cents';
import { postingOverdue, type DisbursementState, type DraftState, type PlanLedger } from './agency-events';

// The counsellor's ledger of a plan after the hand-over: month by month, what was drawn from the borrower,
// what the agency kept as its fee, and what it paid each creditor. A month whose payments to the creditors
// plus the fee do not add up to what was drawn is flagged, so someone at the agency reconciles it before the
// borrower asks where their money went.
//
// The rule, per month (the month of each draft's date; a payment to a creditor counts in the month of the draft
// it pays, or of the day it was sent when the agency does not say which draft):
// - a settled draft brought money in: the payments not rejected plus the fee must equal what the settled drafts
//   drew, to the cent; an amount the agency never told us cannot be checked, so it is flagged too;
// - a draft only scheduled, with nothing paid out yet, is waiting: nothing to check;
// - nothing came in (the draft was returned, or there is no draft): no fee is due and nothing may be paid out,
//   so any payment sent is flagged.
// A rejected payment came back to the agency and paid nobody: it does not count, and the money it leaves over
// flags the month until the agency sends it again.

/** The fee the plan's terms say the agency keeps of a month's draft, and the set-up fee drawn with the first. */
export type LedgerFees = {
  monthlyFee: Cents;
  setupFee: Cents;
  /** The date of the draft the set-up fee is drawn with; null when there is none. */
  setupFeeDate: string | null;
};

const cents = z.number().int();
const day = z.string();

export const ledgerDraftViewSchema = z.object({
  draftId: z.string(),
  status: z.enum(['scheduled', 'settled', 'returned']),
  amount: cents.nullable(),
  scheduledFor: day.nullable(),
  settledOn: day.nullable(),
  returnedOn: day.nullable(),
  returnCode: z.string().nullable(),
});
export type LedgerDraftView = z.infer<typeof ledgerDraftViewSchema>;

export const ledgerDisbursementViewSchema = z.object({
  disbursementId: z.string(),
  status: z.enum(['sent', 'posted', 'rejected']),
  /** The creditor: the offer the hand-over named; null when only a later event arrived. */
  offerId: z.string().nullable(),
  creditorName: z.string().nullable(),
  amount: cents.nullable(),
  method: z.enum(['electronic', 'check']).nullable(),
  traceNumber: z.string().nullable(),
  checkNumber: z.string().nullable(),
  sentOn: day.nullable(),
  postedOn: day.nullable(),
  rejectedOn: day.nullable(),
  /** Sent, neither posted nor rejected, and the agency's window has passed. */
  overdue: z.boolean(),
});
export type LedgerDisbursementView = z.infer<typeof ledgerDisbursementViewSchema>;

export const ledgerMonthViewSchema = z.object({
  /** 'yyyy-MM'. */
  month: z.string(),
  drafts: z.array(ledgerDraftViewSchema),
  disbursements: z.array(ledgerDisbursementViewSchema),
  /** What the settled drafts drew (amounts the agency told us). */
  collected: cents,
  /** The agency's fee of the month: null while the draft is waiting, 0 when nothing came in. */
  fee: cents.nullable(),
  /** The payments to creditors not rejected (amounts the agency told us). */
  disbursed: cents,
  reconciliation: z.enum(['balanced', 'flagged', 'pending']),
  /** collected - fee - disbursed when flagged; null when an amount is unknown or nothing is flagged. */
  difference: cents.nullable(),
});
export type LedgerMonthView = z.infer<typeof ledgerMonthViewSchema>;

/** GET /api/staff/applications/:id/ledger. */
export const planLedgerViewSchema = z.object({
  /** Oldest month first. */
  months: z.array(ledgerMonthViewSchema),
  monthlyFee: cents,
  flaggedMonths: z.number().int(),
});
export type PlanLedgerView = z.infer<typeof planLedgerViewSchema>;

const draftDay = (d: DraftState): string | null => d.scheduledFor ?? d.settledOn ?? d.returnedOn;
const disbursementDay = (d: DisbursementState): string | null => d.sentOn ?? d.postedOn ?? d.rejectedOn;

const byDayThenId =
  <T>(dayOf: (x: T) => string | null, idOf: (x: T) => string) =>
  (a: T, b: T): number => {
    const x = dayOf(a) ?? '';
    const y = dayOf(b) ?? '';
    if (x !== y) return x < y ? -1 : 1;
    return idOf(a) < idOf(b) ? -1 : idOf(a) > idOf(b) ? 1 : 0;
  };

/**
 * The plan's ledger month by month, oldest first, each month reconciled by the rule above. `creditorNames`
 * names the offers; `today` (the agency's day) says which payments are past the posting window.
 */
export function ledgerMonths(
  ledger: Pick<PlanLedger, 'drafts' | 'disbursements'>,
  fees: LedgerFees,
  o: { today: string; creditorNames?: ReadonlyMap<string, string> },
): LedgerMonthView[] {
  const months = new Map<string, { drafts: DraftState[]; disbursements: DisbursementState[] }>();
  const monthEntry = (month: string) => {
    let entry = months.get(month);
    if (!entry) {
      entry = { drafts: [], disbursements: [] };
      months.set(month, entry);
    }
    return entry;
  };
  const draftMonth = new Map<string, string>();
  for (const d of ledger.drafts) {
    const on = draftDay(d);
    // Every draft event carries a date, so a draft always has one.
    if (on === null) continue;
    draftMonth.set(d.draftId, monthOf(on));
    monthEntry(monthOf(on)).drafts.push(d);
  }
  for (const d of ledger.disbursements) {
    const month =
      (d.draftId !== null ? draftMonth.get(d.draftId) : undefined) ?? monthOfNullable(disbursementDay(d));
    if (month === null) continue;
    monthEntry(month).disbursements.push(d);
  }

  return [...months.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([month, entry]) => {
      const drafts = [...entry.drafts].sort(byDayThenId(draftDay, (d) => d.draftId));
      const disbursements = [...entry.disbursements].sort(
        byDayThenId(disbursementDay, (d) => d.disbursementId),
      );
      return {
        month,
        drafts: drafts.map(draftView),
        disbursements: disbursements.map((d) => disbursementView(d, o.today, o.creditorNames)),
        ...reconcile(month, drafts, disbursements, fees),
      };
    });
}

function monthOfNullable(on: string | null): string | null {
  return on === null ? null : monthOf(on);
}

function reconcile(
  month: string,
  drafts: readonly DraftState[],
  disbursements: readonly DisbursementState[],
  fees: LedgerFees,
): Pick<LedgerMonthView, 'collected' | 'fee' | 'disbursed' | 'reconciliation' | 'difference'> {
  const settled = drafts.filter((d) => d.status === 'settled');
  const paying = disbursements.filter((d) => d.status !== 'rejected');
  const collected = sumCents(settled.map((d) => d.amount ?? 0));
  const disbursed = sumCents(paying.map((d) => d.amount ?? 0));
  const unknownAmount = [...settled, ...paying].some((d) => d.amount === null);

  if (settled.length > 0) {
    const fee =
      fees.monthlyFee +
      (fees.setupFeeDate !== null && monthOf(fees.setupFeeDate) === month ? fees.setupFee : 0);
    if (unknownAmount) return { collected, fee, disbursed, reconciliation: 'flagged', difference: null };
    const difference = collected - fee - disbursed;
    return {
      collected,
      fee,
      disbursed,
      reconciliation: difference === 0 ? 'balanced' : 'flagged',
      difference: difference === 0 ? null : difference,
    };
  }
  if (paying.length === 0 && drafts.some((d) => d.status === 'scheduled')) {
    return { collected, fee: null, disbursed, reconciliation: 'pending', difference: null };
  }
  // Nothing came in this month: no fee, and nothing may go out.
  if (paying.length === 0)
    return { collected, fee: 0, disbursed, reconciliation: 'balanced', difference: null };
  return {
    collected,
    fee: 0,
    disbursed,
    reconciliation: 'flagged',
    difference: unknownAmount ? null : -disbursed,
  };
}

const draftView = (d: DraftState): LedgerDraftView => ({
  draftId: d.draftId,
  status: d.status,
  amount: d.amount,
  scheduledFor: d.scheduledFor,
  settledOn: d.settledOn,
  returnedOn: d.returnedOn,
  returnCode: d.returnCode,
});

const disbursementView = (
  d: DisbursementState,
  today: string,
  names: ReadonlyMap<string, string> | undefined,
): LedgerDisbursementView => ({
  disbursementId: d.disbursementId,
  status: d.status,
  offerId: d.offerId,
  creditorName: d.offerId !== null ? (names?.get(d.offerId) ?? null) : null,
  amount: d.amount,
  method: d.method,
  traceNumber: d.traceNumber,
  checkNumber: d.checkNumber,
  sentOn: d.sentOn,
  postedOn: d.postedOn,
  rejectedOn: d.rejectedOn,
  overdue: d.status === 'sent' && d.sentOn !== null && postingOverdue(d.sentOn, today),
});

/** The view the counsellor reads: the months, the fee they were checked against, and how many are flagged. */
export function planLedgerView(
  ledger: Pick<PlanLedger, 'drafts' | 'disbursements'>,
  fees: LedgerFees,
  o: { today: string; creditorNames?: ReadonlyMap<string, string> },
): PlanLedgerView {
  const months = ledgerMonths(ledger, fees, o);
  return {
    months,
    monthlyFee: fees.monthlyFee,
    flaggedMonths: months.filter((m) => m.reconciliation === 'flagged').length,
  };
}

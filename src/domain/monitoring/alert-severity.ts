import { ALERT_TYPES, type AlertType } from '../flow/staff-views';

/**
 * The order a counsellor should look at an enrolled customer's alerts in, most severe first. The plan's next
 * payment is at risk now when the bank is disconnected (the draft cannot be made at all) or the balance is
 * below the payment before the payment date; a plan draft the bank returned means this month's creditors go
 * unpaid until it is made up; a returned payment or an overdraft says money already ran out; a creditor that
 * has not posted a payment may report the borrower late; a fall in income or in the debt score, and a new
 * inquiry, say trouble may be coming; a creditor paid off is good news.
 */
export const ALERT_SEVERITY_ORDER = [
  'bankAccountDisconnected',
  'draftReturned',
  'balanceBelowDMPPayment',
  'insufficientFundsTransaction',
  'creditorPaymentNotPosted',
  'overdraftTransaction',
  'monthlyIncomeDecrease',
  'debtScore30DayDecrease',
  'newCreditInquiry',
  'creditorPaidOff',
] as const satisfies readonly AlertType[];

const RANK = new Map<AlertType, number>(ALERT_SEVERITY_ORDER.map((type, i) => [type, i]));

/** Lower is more severe; every alert type has a place (a type added later without one sorts last). */
export const alertSeverityRank = (type: AlertType): number => RANK.get(type) ?? ALERT_TYPES.length;

/** The most severe of these alert types; null when there are none. */
export function mostSevereAlertType(types: Iterable<AlertType>): AlertType | null {
  let best: AlertType | null = null;
  for (const type of types) {
    if (best === null || alertSeverityRank(type) < alertSeverityRank(best)) best = type;
  }
  return best;
}

/** Most severe first; the same type keeps the given order (for example newest first). */
export function bySeverity<T extends { type: AlertType }>(alerts: readonly T[]): T[] {
  return [...alerts].sort((a, b) => alertSeverityRank(a.type) - alertSeverityRank(b.type));
}

import { addBusinessDays } from '../calendar';
import type { Cents } from '../money/cents';
import type { PlanLedger } from './agency-events';

// What the borrower is alerted to (and emailed about) from what the agency's DMP system told us: a draft their
// bank returned, a payment to a creditor that the creditor has not posted within the agency's window, a
// creditor paid off. Each is decided from the plan's ledger as folded from every recorded event (never from
// the last event received), so events that arrive twice, late or out of order decide the same alerts, and
// each alert is about one thing (a draft, a payment, a creditor) and raised once for it. Pure: the server
// reads the ledger and writes the alerts.

export type AgencyAlertType = 'draftReturned' | 'creditorPaymentNotPosted' | 'creditorPaidOff';
export const AGENCY_ALERT_TYPES: readonly AgencyAlertType[] = [
  'draftReturned',
  'creditorPaymentNotPosted',
  'creditorPaidOff',
];

export type AgencyAlertCandidate = {
  type: AgencyAlertType;
  /** What the alert is about, the same however many events tell it: the draft, the payment, the creditor. */
  subject: string;
  /** The agency's id of the event that triggered it (the alert is dated by that event). */
  eventId: string;
};

/** One alert per type and subject: the same draft returned twice (two events) is one alert, one email. */
export const agencyAlertKey = (c: Pick<AgencyAlertCandidate, 'type' | 'subject'>) => `${c.type}:${c.subject}`;

/** What an agency event is about, for each alert it can trigger (read back from an alert's triggering event). */
export function agencyAlertSubject(
  type: AgencyAlertType,
  event: { type: string; data: Record<string, unknown> },
): string | null {
  const id = (key: string) => (typeof event.data[key] === 'string' ? (event.data[key] as string) : null);
  switch (type) {
    case 'draftReturned':
      return event.type === 'draft.returned' ? id('draftId') : null;
    case 'creditorPaymentNotPosted':
      return event.type === 'disbursement.sent' ? id('disbursementId') : null;
    case 'creditorPaidOff':
      return event.type === 'creditor.balance_reported' ? id('offerId') : null;
  }
}

/**
 * The alerts a plan's ledger calls for as soon as an event is recorded: each draft the bank returned
 * (triggered by the return that set the status), and each creditor whose newest reported balance is zero
 * (triggered by that report). A creditor is paid off only on the creditor's own figure: what the plan paid
 * does not know the interest, fees or payments the borrower made directly, so a sum of our payments reaching
 * the balance is never taken for a payoff. A zero reported before a newer non-zero balance is not a payoff.
 */
export function ledgerAlerts(ledger: PlanLedger): AgencyAlertCandidate[] {
  return [
    ...ledger.drafts
      .filter((d) => d.status === 'returned')
      .map((d) => ({ type: 'draftReturned' as const, subject: d.draftId, eventId: d.statusEventId })),
    ...ledger.balances
      .filter((b) => b.balance === 0)
      .map((b) => ({ type: 'creditorPaidOff' as const, subject: b.offerId, eventId: b.eventId })),
  ];
}

/** The business days a creditor has to post a payment the agency sent, unless the agency says otherwise. */
export const DEFAULT_POSTING_WINDOW_BUSINESS_DAYS = 10;

/**
 * The last day a payment sent on `sentOn` can post on time: `windowDays` business days after it (weekends and
 * the Federal Reserve's holidays do not count, as the payment networks do not move money on them).
 */
export const postingDeadline = (sentOn: string, windowDays: number): string =>
  addBusinessDays(sentOn, windowDays);

/**
 * The payments to creditors still only sent (neither posted nor rejected) after their window: on `today` (the
 * agency's day) past the deadline. Triggered by the event that sent the payment. A rejected payment is not
 * late, it is refused, and the Payments page says so.
 */
export function unpostedPayments(
  ledger: PlanLedger,
  today: string,
  windowDays: number,
): AgencyAlertCandidate[] {
  return ledger.disbursements
    .filter((d) => d.status === 'sent' && d.sentOn !== null && today > postingDeadline(d.sentOn, windowDays))
    .map((d) => ({
      type: 'creditorPaymentNotPosted' as const,
      subject: d.disbursementId,
      eventId: d.statusEventId,
    }));
}

/**
 * Whether an alert about `subject` still holds on the ledger now. A payment reported late stops holding once
 * the creditor posts it, or refuses it (the Payments page then tells the refusal): the borrower should not go
 * on reading that a creditor has not posted a payment it has. A returned draft and a payoff are things that
 * happened, and stay.
 */
export function agencyAlertHolds(type: AgencyAlertType, subject: string, ledger: PlanLedger): boolean {
  if (type !== 'creditorPaymentNotPosted') return true;
  const payment = ledger.disbursements.find((d) => d.disbursementId === subject);
  return payment === undefined || payment.status === 'sent';
}

/** The figures an alert of the agency's is told with, on the alerts page and in its email: one source. */
export type AgencyAlertFigures =
  | {
      kind: 'draftReturned';
      /** The draft's amount; null when no event has said it yet. */
      amount: Cents | null;
      /** The day the draft was due (else the day it was returned); null when neither is known. */
      date: string | null;
      returnCode: string;
    }
  | {
      kind: 'paymentNotPosted';
      creditor: string;
      amount: Cents | null;
      sentOn: string;
      method: 'electronic' | 'check' | null;
      /** The trace number of an electronic payment, the check's number: the proof the creditor can look up. */
      reference: string | null;
      /** The last day it could post on time. */
      deadline: string;
    }
  | { kind: 'paidOff'; creditor: string; asOf: string };

/**
 * The figures of an alert about `subject` from the plan's ledger now (a detail told by a later event, such as a
 * returned draft's amount, fills in), null when the ledger no longer holds it. `creditorName` names an offer.
 */
export function agencyAlertFigures(
  type: AgencyAlertType,
  subject: string,
  ledger: PlanLedger,
  o: {
    creditorName: (offerId: string | null) => string;
    windowDays: number;
    /** The event that triggered the alert, once raised: a payoff is told as of the report that raised it. */
    trigger?: { type: string; data: Record<string, unknown> };
  },
): AgencyAlertFigures | null {
  switch (type) {
    case 'draftReturned': {
      const d = ledger.drafts.find((x) => x.draftId === subject);
      if (!d || d.returnCode === null) return null;
      return {
        kind: 'draftReturned',
        amount: d.amount,
        date: d.scheduledFor ?? d.returnedOn,
        returnCode: d.returnCode,
      };
    }
    case 'creditorPaymentNotPosted': {
      const d = ledger.disbursements.find((x) => x.disbursementId === subject);
      if (!d || d.sentOn === null) return null;
      return {
        kind: 'paymentNotPosted',
        creditor: o.creditorName(d.offerId),
        amount: d.amount,
        sentOn: d.sentOn,
        method: d.method,
        reference: d.method === 'check' ? d.checkNumber : d.traceNumber,
        deadline: postingDeadline(d.sentOn, o.windowDays),
      };
    }
    case 'creditorPaidOff': {
      // The day the creditor first said 0, as the email told it; a later report (0 again) changes nothing.
      const first = o.trigger?.data.asOf;
      if (o.trigger?.type === 'creditor.balance_reported' && typeof first === 'string')
        return { kind: 'paidOff', creditor: o.creditorName(subject), asOf: first };
      const b = ledger.balances.find((x) => x.offerId === subject);
      if (!b) return null;
      return { kind: 'paidOff', creditor: o.creditorName(b.offerId), asOf: b.asOf };
    }
  }
}

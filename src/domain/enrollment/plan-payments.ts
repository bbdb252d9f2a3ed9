import { addDays } from '#domain/calendar';
import { monthsToPayOff } from '../money/amortization';
import { sumCents, type Cents } from '../money/cents';
import {
  compareAgencyEvents,
  foldAgencyEvents,
  type DisbursementState,
  type DraftState,
  type PlanLedger,
  type RecordedAgencyEvent,
} from './agency-events';

// What the borrower's money did after the hand-over, as the customer portal states it: each month's draft with
// the payments to creditors made from it (the Payments page), and per creditor what the plan has paid it, what
// it last said it is owed and how many months are left (My plan), with the balance actually owed month by
// month beside the plan's (the payoff chart). Worked out once here, from the agency's ledger
// (agency-events.ts), so both pages state the same figures.

/** A creditor the plan pays, as the plan's terms state it. */
export type PlanPaymentsCreditor = {
  offerId: string;
  creditorName: string;
  /** The balance the plan started from. */
  balance: Cents;
  /** What the plan pays it each month, at its plan rate (basis points), for `term` months. */
  planPayment: Cents;
  planAprBp: number;
  term: number;
};

export type CreditorProgress = {
  offerId: string;
  /**
   * Paid through the plan so far: the payments the creditor posted to the account. A payment sent but not yet
   * posted is only on its way (it can still be rejected), so it is counted apart.
   */
  paidSoFar: Cents;
  onTheWay: Cents;
  /** The balance the creditor last reported to the agency, and the day it was as of; null before any report. */
  lastReported: { balance: Cents; asOf: string } | null;
  /** The months of payments left; 0 once paid off; null when the plan payment never pays it off. */
  monthsLeft: number | null;
};

/** A balance a creditor reported, as of a day. */
export type BalanceReport = { offerId: string; balance: Cents; asOf: string };

/**
 * The plan's ledger (the state of each draft and payment, the newest balance of each creditor) and every balance
 * the creditors reported, oldest first, for the months before the newest report.
 */
export type PlanActivity = { ledger: PlanLedger; reports: BalanceReport[] };

/** The activity of a plan from its recorded events, in any order and with repeats (each id counts once). */
export function planActivityOf(events: readonly RecordedAgencyEvent[]): PlanActivity {
  const seen = new Set<string>();
  const reports = events
    .filter((e) => (seen.has(e.id) ? false : (seen.add(e.id), true)))
    .sort(compareAgencyEvents)
    .flatMap((e) =>
      e.type === 'creditor.balance_reported'
        ? [{ offerId: e.data.offerId, balance: e.data.balance, asOf: e.data.asOf }]
        : [],
    );
  return { ledger: foldAgencyEvents(events), reports };
}

const postedTo = (ledger: PlanLedger, offerId: string) =>
  ledger.disbursements.filter((d) => d.offerId === offerId && d.status === 'posted');

/**
 * What a creditor owed as of `day`: its newest report on or before that day, less the payments it posted after
 * the report; before any report, the plan's starting balance less every payment posted by then. No interest
 * is estimated: the figure is what the creditor said and what it confirmed receiving, nothing we guessed.
 */
export function owedAsOf(creditor: PlanPaymentsCreditor, activity: PlanActivity, day: string): Cents {
  const { ledger } = activity;
  // The report of the latest day on or before `day`; of two about the same day, the one made last.
  const report = activity.reports
    .filter((r) => r.offerId === creditor.offerId && r.asOf <= day)
    .reduce<BalanceReport | undefined>((found, r) => (found && found.asOf > r.asOf ? found : r), undefined);
  const since = report?.asOf ?? null;
  const posted = postedTo(ledger, creditor.offerId).filter(
    (d) => d.postedOn !== null && d.postedOn <= day && (since === null || d.postedOn > since),
  );
  return Math.max(0, (report?.balance ?? creditor.balance) - sumCents(posted.map((d) => d.amount ?? 0)));
}

/** Per creditor: paid so far, on its way, last reported balance and the months left (see CreditorProgress). */
export function creditorProgress(
  creditor: PlanPaymentsCreditor,
  activity: PlanActivity,
  today: string,
): CreditorProgress {
  const { ledger } = activity;
  const mine = ledger.disbursements.filter((d) => d.offerId === creditor.offerId);
  const posted = mine.filter((d) => d.status === 'posted');
  const paidSoFar = sumCents(posted.map((d) => d.amount ?? 0));
  const onTheWay = sumCents(mine.filter((d) => d.status === 'sent').map((d) => d.amount ?? 0));
  const last = ledger.balances.find((b) => b.offerId === creditor.offerId);
  const lastReported = last ? { balance: last.balance, asOf: last.asOf } : null;
  let monthsLeft: number | null;
  if (last) {
    // From the creditor's own figure: the months the plan's payment takes to clear what it says is owed now.
    const owed = owedAsOf(creditor, activity, today < last.asOf ? last.asOf : today);
    const months = owed <= 0 ? 0 : monthsToPayOff(owed, creditor.planAprBp, creditor.planPayment);
    monthsLeft = Number.isFinite(months) ? months : null;
  } else {
    // Before any report, the plan's own schedule: its term less the payments the creditor has posted.
    monthsLeft = Math.max(0, creditor.term - posted.length);
  }
  return { offerId: creditor.offerId, paidSoFar, onTheWay, lastReported, monthsLeft };
}

/** One point of the payoff chart's actual line: what the creditors on the plan owed after `month` drafts. */
export type ActualPoint = { month: number; actual: Cents };

/**
 * The balance actually owed month by month, for the months that have passed: month 0 is the plan's start;
 * month k is as of the day before draft k+1 (the k-th draft's payments have had their month), or today for
 * the month under way. Empty until the agency has told us anything a creditor did (a posting or a report):
 * before that there is nothing actual to draw. `draftDate(k)` is the date of draft k (0 is the first).
 */
export function actualBalances(o: {
  creditors: readonly PlanPaymentsCreditor[];
  activity: PlanActivity;
  draftDate: (k: number) => string;
  termInMonths: number;
  today: string;
}): ActualPoint[] {
  const ours = new Set(o.creditors.map((c) => c.offerId));
  const told =
    o.activity.reports.some((r) => ours.has(r.offerId)) ||
    o.activity.ledger.disbursements.some(
      (d) => d.status === 'posted' && d.offerId !== null && ours.has(d.offerId),
    );
  if (!told || o.termInMonths <= 0 || o.draftDate(0) > o.today) return [];
  const points: ActualPoint[] = [{ month: 0, actual: sumCents(o.creditors.map((c) => c.balance)) }];
  for (let k = 1; k <= o.termInMonths && o.draftDate(k - 1) <= o.today; k++) {
    const next = k < o.termInMonths ? addDays(o.draftDate(k), -1) : o.today;
    const day = next < o.today ? next : o.today;
    points.push({ month: k, actual: sumCents(o.creditors.map((c) => owedAsOf(c, o.activity, day))) });
  }
  return points;
}

// --- The Payments page ------------------------------------------------------------------------------------------

/** What the borrower can do about a returned draft, by its return code. */
export type ReturnedDraftAction = 'addMoney' | 'newAccount' | 'authorize' | 'call';

/**
 * R01 and R09: the money was not there in time, so the draft can be drawn again once it is. R02, R03, R04, R16
 * and R20: the account cannot be drawn from at all, so the plan needs another one. R07, R08 and R10: the
 * borrower (or someone with the account) stopped it, so the agency needs to hear whether they still want the
 * plan. Any other code: call the agency, which knows what it means.
 */
export function returnedDraftAction(code: string | null): ReturnedDraftAction {
  if (code === 'R01' || code === 'R09') return 'addMoney';
  if (code === 'R02' || code === 'R03' || code === 'R04' || code === 'R16' || code === 'R20')
    return 'newAccount';
  if (code === 'R07' || code === 'R08' || code === 'R10') return 'authorize';
  return 'call';
}

export type PaymentToCreditor = {
  disbursementId: string;
  /** The creditor's name as the plan names it; null when the agency did not say which creditor. */
  creditorName: string | null;
  amount: Cents | null;
  method: DisbursementState['method'];
  status: DisbursementState['status'];
  /** The proof: the network's trace number, or the check's number. */
  traceNumber: string | null;
  checkNumber: string | null;
  sentOn: string | null;
  postedOn: string | null;
  rejectedOn: string | null;
};

export type PaymentsMonth = {
  /** The draft; null for payments the agency tied to no draft we know of, made before any draft. */
  draft: {
    draftId: string;
    status: DraftState['status'];
    amount: Cents | null;
    /** The day it is (or was) drawn: scheduled for, else settled or returned on. */
    date: string | null;
    settledOn: string | null;
    returnedOn: string | null;
    returnCode: string | null;
    action: ReturnedDraftAction | null;
  } | null;
  payments: PaymentToCreditor[];
};

const draftDay = (d: DraftState): string | null => d.scheduledFor ?? d.settledOn ?? d.returnedOn;
const byDay = (a: string | null, b: string | null): number => (a ?? '').localeCompare(b ?? '');

/**
 * The ledger as the Payments page lists it: each draft, newest first, with the payments to creditors made from
 * it. A payment names its draft when the agency says; otherwise it belongs to the newest draft drawn on or
 * before the day it was sent; one sent before any draft is listed on its own, last.
 */
export function paymentsByMonth(
  ledger: PlanLedger,
  creditorNames: ReadonlyMap<string, string>,
): PaymentsMonth[] {
  const drafts = [...ledger.drafts].sort(
    (a, b) => byDay(draftDay(a), draftDay(b)) || a.draftId.localeCompare(b.draftId),
  );
  const groups = new Map<string | null, PaymentToCreditor[]>(drafts.map((d) => [d.draftId, []]));
  groups.set(null, []);
  const known = new Set(drafts.map((d) => d.draftId));
  const payments = [...ledger.disbursements].sort(
    (a, b) => byDay(a.sentOn, b.sentOn) || a.disbursementId.localeCompare(b.disbursementId),
  );
  for (const d of payments) {
    let owner: string | null = d.draftId !== null && known.has(d.draftId) ? d.draftId : null;
    if (owner === null && d.sentOn !== null) {
      const before = drafts.filter((x) => {
        const day = draftDay(x);
        return day !== null && day <= d.sentOn!;
      });
      owner = before.at(-1)?.draftId ?? null;
    }
    groups.get(owner)!.push({
      disbursementId: d.disbursementId,
      creditorName: d.offerId === null ? null : (creditorNames.get(d.offerId) ?? null),
      amount: d.amount,
      method: d.method,
      status: d.status,
      traceNumber: d.traceNumber,
      checkNumber: d.checkNumber,
      sentOn: d.sentOn,
      postedOn: d.postedOn,
      rejectedOn: d.rejectedOn,
    });
  }
  const months: PaymentsMonth[] = drafts.reverse().map((d) => ({
    draft: {
      draftId: d.draftId,
      status: d.status,
      amount: d.amount,
      date: draftDay(d),
      settledOn: d.settledOn,
      returnedOn: d.returnedOn,
      returnCode: d.returnCode,
      action: d.status === 'returned' ? returnedDraftAction(d.returnCode) : null,
    },
    payments: groups.get(d.draftId)!,
  }));
  const loose = groups.get(null)!;
  return loose.length > 0 ? [...months, { draft: null, payments: loose }] : months;
}

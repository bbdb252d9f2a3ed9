import { and, eq, inArray } from 'drizzle-orm';
import {
  addBusinessDays,
  addMonthsToMonth,
  dayInMonth,
  monthOf,
  onOrNextBusinessDay,
} from '#domain/calendar';
import { latestOverdueSentOn, type AgencyEvent } from '#domain/enrollment/agency-events';
import { recordAgencyEvent } from '#server/application/agency-ledger';
import { loadPlanTerms } from '#server/application/plan-terms';
import type { Db } from '#server/db/client';
import { application } from '#server/db/schema/application';
import { dmpEnrollment } from '#server/db/schema/enrollment';

// What the agency's DMP system would have told us about the seeded plans it was handed: a few months of drafts
// and the payments to each creditor, recorded through the one recorder the signed API and the daily file use,
// so the borrower's Payments page, the alerts and the counsellor's ledger and queue filters can be seen at once.
//
// The seeded applications were all made within the last month, so these months of history begin before the
// application did: the ledger is what the pages are shown with, not a story the other records tell. The plans
// take turns (by their place among the handed-over ones), so a small seed still has every case:
// - the first: its last month's draft returned for insufficient funds (R01), an earlier payment to a creditor
//   sent and never posted (past the agency's window), and a payment rejected by a creditor (a month flagged
//   for reconciliation);
// - the second: every draft taken and every payment posted;
// - the third: its newest payment to its first creditor sent and not posted yet.

/** Past months of drafts each seeded plan has, before the current month's. */
export const SEEDED_LEDGER_MONTHS = 4;

const at = (day: string, hourUtc: number) => `${day}T${String(hourUtc).padStart(2, '0')}:00:00.000Z`;

type Variant = 'troubled' | 'clean' | 'recent';
const VARIANTS: readonly Variant[] = ['troubled', 'clean', 'recent'];

/** The events of one plan, oldest first; none dated after `now`. */
export function seededAgencyEvents(o: {
  applicationId: string;
  creditors: readonly { offerId: string; payment: number }[];
  monthlyDraft: number;
  setupFee: number;
  setupFeeDate: string | null;
  draftDay: number;
  today: string;
  now: Date;
  variant: Variant;
}): AgencyEvent[] {
  const { applicationId, today } = o;
  const events: AgencyEvent[] = [];
  const key = (suffix: string) => `seed-${applicationId}-${suffix}`;
  const push = (e: Omit<AgencyEvent, 'applicationId'> & { occurredAt: string }) => {
    if (Date.parse(e.occurredAt) > o.now.getTime()) return;
    events.push({ ...e, applicationId } as AgencyEvent);
  };
  const thisMonth = monthOf(today);
  const drawnIn = (k: number) => onOrNextBusinessDay(dayInMonth(addMonthsToMonth(thisMonth, -k), o.draftDay));
  // The troubled plan's return is its newest draft's, so the plan stays among the returned drafts until the
  // next one is taken: this month's when the bank has returned it by today, else last month's (and this
  // month's is then not taken yet).
  const returnedMonth = addBusinessDays(drawnIn(0), 2) <= today ? 0 : 1;
  // Its unposted payment: the newest earlier month whose payments are past the agency's window.
  const overdueBy = latestOverdueSentOn(today);
  let unpostedMonth: number | null = null;
  for (let k = returnedMonth + 1; k <= SEEDED_LEDGER_MONTHS; k += 1) {
    if (addBusinessDays(drawnIn(k), 2) <= overdueBy) {
      unpostedMonth = k;
      break;
    }
  }

  // The recent plan's newest payment to its first creditor is not posted yet.
  const recentMonth = drawnIn(0) <= today ? 0 : 1;

  for (let k = SEEDED_LEDGER_MONTHS; k >= 0; k -= 1) {
    const month = addMonthsToMonth(thisMonth, -k);
    const draftId = `D-${month}`;
    const scheduledFor = dayInMonth(month, o.draftDay);
    const drawn = drawnIn(k);
    // The set-up fee is drawn with the plan's first draft, as the terms say.
    const amount =
      o.monthlyDraft + (o.setupFeeDate !== null && monthOf(o.setupFeeDate) === month ? o.setupFee : 0);
    push({
      id: key(`${draftId}-scheduled`),
      occurredAt: at(addBusinessDays(dayInMonth(addMonthsToMonth(month, -1), 25), 0), 15),
      type: 'draft.scheduled',
      data: { draftId, amount, scheduledFor },
    });
    if (drawn > today || (o.variant === 'troubled' && k < returnedMonth)) continue;
    push({
      id: key(`${draftId}-settled`),
      occurredAt: at(drawn, 16),
      type: 'draft.settled',
      data: { draftId, amount, settledOn: drawn },
    });
    if (o.variant === 'troubled' && k === returnedMonth) {
      const returnedOn = addBusinessDays(drawn, 2);
      push({
        id: key(`${draftId}-returned`),
        occurredAt: at(returnedOn, 17),
        type: 'draft.returned',
        data: { draftId, amount, returnCode: 'R01', returnedOn },
      });
      continue;
    }
    const sentOn = addBusinessDays(drawn, 2);
    o.creditors.forEach((c, n) => {
      const disbursementId = `P-${month}-${n + 1}`;
      const electronic = n % 2 === 0;
      push({
        id: key(`${disbursementId}-sent`),
        occurredAt: at(sentOn, 18),
        type: 'disbursement.sent',
        data: {
          disbursementId,
          offerId: c.offerId,
          draftId,
          amount: c.payment,
          ...(electronic
            ? { method: 'electronic' as const, traceNumber: `0210000${month.replace('-', '')}${n + 1}` }
            : { method: 'check' as const, checkNumber: `${1000 + k * 10 + n}` }),
          sentOn,
        },
      });
      const unposted =
        n === 0 &&
        ((o.variant === 'troubled' && k === unpostedMonth) || (o.variant === 'recent' && k === recentMonth));
      if (unposted) return;
      if (o.variant === 'troubled' && k === SEEDED_LEDGER_MONTHS && n === 0) {
        const rejectedOn = addBusinessDays(sentOn, 4);
        push({
          id: key(`${disbursementId}-rejected`),
          occurredAt: at(rejectedOn, 19),
          type: 'disbursement.rejected',
          data: { disbursementId, rejectedOn, reason: 'Account number not found' },
        });
        return;
      }
      const postedOn = addBusinessDays(sentOn, electronic ? 2 : 6);
      push({
        id: key(`${disbursementId}-posted`),
        occurredAt: at(postedOn, 19),
        type: 'disbursement.posted',
        data: { disbursementId, postedOn },
      });
    });
  }
  return events;
}

/**
 * Records the agency's events for every handed-over plan among `applicationIds`, through recordAgencyEvent
 * with the source `seed:<seed>`. Answers how many events were recorded.
 */
export async function seedAgencyLedgers(
  db: Db,
  o: { applicationIds: readonly string[]; seed: number; today: string; now: Date },
): Promise<number> {
  if (o.applicationIds.length === 0) return 0;
  const handedOver = await db
    .select({ applicationId: dmpEnrollment.applicationId })
    .from(dmpEnrollment)
    .innerJoin(application, eq(application.id, dmpEnrollment.applicationId))
    .where(
      and(inArray(dmpEnrollment.applicationId, [...o.applicationIds]), eq(application.status, 'transferred')),
    );
  const order = new Map(o.applicationIds.map((id, n) => [id, n]));
  handedOver.sort((a, b) => order.get(a.applicationId)! - order.get(b.applicationId)!);
  let recorded = 0;
  for (const [place, { applicationId }] of handedOver.entries()) {
    const { terms } = await loadPlanTerms(db, applicationId, { today: o.today });
    if (terms.creditors.length === 0 || terms.monthlyDraft <= 0) continue;
    const events = seededAgencyEvents({
      applicationId,
      creditors: terms.creditors.map((c) => ({ offerId: c.id, payment: c.payment })),
      monthlyDraft: terms.monthlyDraft,
      setupFee: terms.setupFee,
      setupFeeDate: terms.setupFeeDate,
      draftDay: terms.draftDay || 1,
      today: o.today,
      now: o.now,
      variant: VARIANTS[place % VARIANTS.length]!,
    });
    for (const event of events) {
      // No notices: a seeded borrower is not emailed, though the alerts the events raise are stored.
      const outcome = await recordAgencyEvent(db, event, `seed:${o.seed}`, null);
      if (outcome.status === 'applied') recorded += 1;
    }
  }
  return recorded;
}

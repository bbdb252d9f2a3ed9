import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { nextDraftOnOrAfter } from '#domain/enrollment/plan-terms';
import type { CustomerAlertsView } from '#domain/enrollment/views';
import type { TriggerFacts } from '#domain/monitoring/alert-triggers';
import type { CustomerAlertFigures } from '#domain/monitoring/customer-alert-text';
import { lenderFriendlyName } from '#domain/underwriting/lender-names';
import {
  agencyAlertFigures,
  agencyAlertSubject,
  type AgencyAlertFigures,
  type AgencyAlertType,
} from '#domain/enrollment/agency-alerts';
import { AGENCY_ALERT_TYPES } from '#domain/enrollment/agency-alerts';
import { inSequence } from '#server/db/in-sequence';
import { creditorNamesOf } from '#server/application/agency-alerts';
import { planLedgerOf } from '#server/application/agency-ledger';
import { loadPlanTerms } from '#server/application/plan-terms';
import { alertTriggers } from '#server/alerts/alert-views';
import type { Unit } from '#server/unit-of-work';
import { plaidItem } from '#server/db/schema/enrollment';
import { alert } from '#server/db/schema/service-work';
import { signedApplication } from './signed-application';

type AgencyFigures = (
  type: AgencyAlertType,
  event: { type: string; data: Record<string, unknown> },
) => AgencyAlertFigures | null;

const isAgencyAlert = (type: string): type is AgencyAlertType =>
  (AGENCY_ALERT_TYPES as readonly string[]).includes(type);

/** The newest alerts a customer is shown; an application holds few, this only bounds the read. */
export const CUSTOMER_ALERTS_LIMIT = 100;

/** The plan payment a low balance is set against: the amount and the draft after the balance was read. */
type PlanPayment = { payment: number | null; dateAfter: (at: Date) => string | null };

/**
 * The figures the borrower is shown for what triggered an alert; null when that record is gone. A low balance
 * is set against the plan's monthly draft as My plan states it (the plan terms), which is what the agency's
 * record of the plan was given when the plan started and what the alert rule compares with.
 */
function figuresOf(facts: TriggerFacts | null, plan: PlanPayment | null): CustomerAlertFigures | null {
  if (!facts) return null;
  switch (facts.type) {
    case 'debtScore':
      return { kind: 'debtScore', score: facts.value, previous: facts.previous };
    case 'plaidBalance': {
      const readAt = facts.at.toISOString();
      return {
        kind: 'balance',
        balance: facts.available ?? facts.current,
        available: facts.available !== null,
        readAt,
        payment: plan?.payment ?? null,
        // The draft after the agency's day of the reading, as the alert rule counted it (not its UTC day).
        paymentDate: plan ? plan.dateAfter(facts.at) : null,
      };
    }
    case 'plaidTransaction':
      return { kind: 'fee', name: facts.name, amount: facts.amount, date: facts.date };
    case 'incomeSnapshot':
      return { kind: 'income', monthlyIncome: facts.monthlyIncome, previous: facts.previous };
    case 'inquiry':
      return {
        kind: 'inquiry',
        lender: facts.subscriberName?.trim() ? lenderFriendlyName(facts.subscriberName) : null,
        date: facts.date,
      };
    case 'plaidItem':
      return { kind: 'bank', institutionName: facts.institutionName };
    case 'agencyEvent':
      // Told from the plan's ledger, not from the one event (listCustomerAlerts).
      return null;
  }
}

/**
 * GET /api/customer-portal/alerts: the signed-in customer's alerts that still hold (a cleared one, such as a
 * disconnection the customer has since reconnected, leaves the list), newest trigger first, each dated by
 * what triggered it and with its figures (the score and the one it fell from, the balance and the plan
 * payment, the fee, the income, the lender, the bank). A disconnection whose bank is still disconnected names
 * the item to reconnect.
 */
export async function listCustomerAlerts(
  unit: Unit,
  o: {
    userId: string;
    /** The agency's day of an instant (the agency's calendar): the day a balance was read on. */
    dayOf: (at: Date) => string;
    /** AGENCY_POSTING_WINDOW_BUSINESS_DAYS: the day a late payment was due to post by. */
    postingWindowDays: number;
  },
): Promise<CustomerAlertsView> {
  // The unit's today: the plan's first draft before the letter fixes it.
  const { tx, today } = unit;
  const own = await signedApplication(tx, o.userId);
  const rows = await tx
    .select()
    .from(alert)
    .where(and(eq(alert.applicationId, own.id), isNull(alert.clearedAt)))
    .orderBy(desc(alert.createdAt))
    .limit(CUSTOMER_ALERTS_LIMIT);
  const triggers = await alertTriggers(tx, rows, { describe: true });
  let plan: PlanPayment | null = null;
  if (rows.some((a) => a.type === 'balanceBelowDMPPayment')) {
    const { terms } = await loadPlanTerms(tx, own.id, { today });
    plan = {
      payment: terms.creditors.length > 0 ? terms.monthlyDraft : null,
      dateAfter: (at) => nextDraftOnOrAfter(terms, o.dayOf(at)),
    };
  }
  // The agency's alerts are told with the plan's ledger as it stands now (a returned draft's amount told by a
  // later event fills in), the same figures their emails gave.
  let agency: AgencyFigures | null = null;
  if (rows.some((a) => isAgencyAlert(a.type))) {
    const [ledger, names] = await inSequence(
      () => planLedgerOf(tx, own.id),
      () => creditorNamesOf(tx, own.id),
    );
    agency = (type, event) => {
      const subject = agencyAlertSubject(type, event);
      return subject === null
        ? null
        : agencyAlertFigures(type, subject, ledger, {
            creditorName: (offerId) => (offerId === null ? '' : (names.get(offerId) ?? '')),
            windowDays: o.postingWindowDays,
            trigger: event,
          });
    };
  }
  const itemIds = rows
    .filter((a) => a.type === 'bankAccountDisconnected')
    .flatMap((a) => a.triggeredBy.filter((t) => t.type === 'plaidItem').map((t) => t.id));
  const disconnected = new Map(
    (itemIds.length === 0
      ? []
      : await tx
          .select({ id: plaidItem.id, institutionName: plaidItem.institutionName })
          .from(plaidItem)
          .where(
            and(
              inArray(plaidItem.id, itemIds),
              eq(plaidItem.applicationId, own.id),
              eq(plaidItem.isConnected, false),
            ),
          )
    ).map((i) => [i.id, i.institutionName]),
  );
  const alerts = rows
    .map((a) => {
      const { date, facts } = triggers.get(a.id)!;
      const item = a.triggeredBy.find((t) => t.type === 'plaidItem' && disconnected.has(t.id));
      return {
        id: a.id,
        type: a.type,
        date,
        hasBeenSeenByBorrower: a.hasBeenSeenByBorrower,
        figures:
          facts?.type === 'agencyEvent'
            ? isAgencyAlert(a.type) && agency
              ? agency(a.type, facts.event)
              : null
            : figuresOf(facts, plan),
        reconnect:
          a.type === 'bankAccountDisconnected' && item
            ? { plaidItemId: item.id, institutionName: disconnected.get(item.id)! }
            : null,
      };
    })
    .sort((a, b) => b.date.localeCompare(a.date));
  return { alerts, unseen: alerts.filter((a) => !a.hasBeenSeenByBorrower).length };
}

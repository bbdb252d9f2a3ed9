import { draftDateAt } from '#domain/enrollment/plan-terms';
import {
  actualBalances,
  creditorProgress,
  paymentsByMonth,
  planActivityOf,
  type CreditorProgress,
  type PlanActivity,
  type PlanPaymentsCreditor,
} from '#domain/enrollment/plan-payments';
import type { PaymentsView } from '#domain/enrollment/payments-view';
import type { Transaction, Unit } from '#server/unit-of-work';
import { agencyEventsOf } from '#server/application/agency-ledger';
import { creditorNameOf, loadPlanTerms, type LoadedPlan } from '#server/application/plan-terms';
import { signedApplication } from './signed-application';

/** The creditors the plan pays, as the domain's payment figures take them. */
export const planPaymentsCreditors = (plan: LoadedPlan): PlanPaymentsCreditor[] =>
  plan.terms.creditors.map((c) => ({
    offerId: c.id,
    creditorName: c.creditorName,
    balance: c.balance,
    planPayment: c.payment,
    planAprBp: c.proposedAprBp,
    term: c.term,
  }));

/**
 * The agency's events for the plan: the ledger the shared reader folds (planLedgerOf folds the same rows) and
 * every balance reported, which the payoff chart needs month by month.
 */
export async function planActivity(tx: Transaction, applicationId: string): Promise<PlanActivity> {
  return planActivityOf(await agencyEventsOf(tx, applicationId));
}

/** My plan's per-creditor figures and the chart's actual line, from the same activity the Payments page reads. */
export function planProgress(plan: LoadedPlan, activity: PlanActivity, today: string) {
  const creditors = planPaymentsCreditors(plan);
  const { firstDraftDate, draftDayChanges, termInMonths } = plan.terms;
  return {
    byCreditor: new Map<string, CreditorProgress>(
      creditors.map((c) => [c.offerId, creditorProgress(c, activity, today)]),
    ),
    actual: firstDraftDate
      ? actualBalances({
          creditors,
          activity,
          draftDate: (k) => draftDateAt({ firstDraftDate, draftDayChanges }, k),
          termInMonths,
          today,
        })
      : [],
  };
}

/**
 * GET /api/customer-portal/payments: the signed-in borrower's own plan's drafts and payments to creditors, with
 * the creditors named as the plan names them. The plan is the one of the session's user, never one the request
 * names, so another borrower's payments cannot be asked for.
 */
export async function getPayments(unit: Unit, o: { userId: string }): Promise<PaymentsView> {
  const { tx } = unit;
  const own = await signedApplication(tx, o.userId);
  const plan = await loadPlanTerms(tx, own.id, { today: unit.today });
  const enrollment = await tx.query.dmpEnrollment.findFirst({
    where: (e, { eq }) => eq(e.applicationId, own.id),
    columns: { id: true },
  });
  const { ledger } = await planActivity(tx, own.id);
  const names = new Map(plan.offers.map((x) => [x.id, creditorNameOf(x)]));
  return {
    handedOver: enrollment !== undefined,
    firstDraftDate: plan.terms.firstDraftDate,
    months: paymentsByMonth(ledger, names),
  };
}

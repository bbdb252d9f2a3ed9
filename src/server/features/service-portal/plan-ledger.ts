import { eq } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { planLedgerView, type PlanLedgerView } from '#domain/enrollment/plan-ledger';
import { planLedgerOf } from '#server/application/agency-ledger';
import { creditorNameOf, loadPlanTerms } from '#server/application/plan-terms';
import type { Unit } from '#server/unit-of-work';
import { application } from '#server/db/schema/application';

/**
 * The counsellor's ledger of one plan: the events the agency sent, folded by the shared reader, grouped by
 * month and reconciled against the fee the plan's terms state (the same terms every other page reads). Read
 * fresh on each visit, not through the borrower summary's memory, so an event recorded a moment ago shows.
 * The plan's first draft and the months to reconcile count from the unit's day.
 */
export async function planLedgerForStaff(unit: Unit, o: { applicationId: string }): Promise<PlanLedgerView> {
  const { tx, today } = unit;
  const [found] = await tx
    .select({ id: application.id })
    .from(application)
    .where(eq(application.id, o.applicationId));
  if (!found) throw new AppError('NotFound');
  const ledger = await planLedgerOf(tx, o.applicationId);
  const plan = await loadPlanTerms(tx, o.applicationId, { today });
  const { terms } = plan;
  return planLedgerView(
    ledger,
    { monthlyFee: terms.monthlyFee, setupFee: terms.setupFee, setupFeeDate: terms.setupFeeDate },
    {
      today,
      creditorNames: new Map(plan.offers.map((x) => [x.id, creditorNameOf(x)])),
    },
  );
}

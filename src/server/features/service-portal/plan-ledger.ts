import { eq } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { planLedgerView, type PlanLedgerView } from '#domain/enrollment/plan-ledger';
import { planLedgerOf } from '#server/application/agency-ledger';
import { creditorNameOf, loadPlanTerms } from '#server/application/plan-terms';
import type { Db } from '#server/db/client';
import { application } from '#server/db/schema/application';

/**
 * The counsellor's ledger of one plan: the events the agency sent, folded by the shared reader, grouped by
 * month and reconciled against the fee the plan's terms state (the same terms every other page reads). Read
 * fresh on each visit, not through the borrower summary's memory, so an event recorded a moment ago shows.
 */
export async function planLedgerForStaff(o: {
  db: Db;
  applicationId: string;
  today: string;
}): Promise<PlanLedgerView> {
  const [found] = await o.db
    .select({ id: application.id })
    .from(application)
    .where(eq(application.id, o.applicationId));
  if (!found) throw new AppError('NotFound');
  const [ledger, plan] = await Promise.all([
    planLedgerOf(o.db, o.applicationId),
    loadPlanTerms(o.db, o.applicationId, { today: o.today }),
  ]);
  const { terms } = plan;
  return planLedgerView(
    ledger,
    { monthlyFee: terms.monthlyFee, setupFee: terms.setupFee, setupFeeDate: terms.setupFeeDate },
    {
      today: o.today,
      creditorNames: new Map(plan.offers.map((x) => [x.id, creditorNameOf(x)])),
    },
  );
}

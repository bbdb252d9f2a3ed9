import { eq } from 'drizzle-orm';
import { unpostedPayments } from '#domain/enrollment/agency-alerts';
import { agencyEvent } from '#server/db/schema/agency-events';
import type { OpenUnit } from '#server/unit-of-work';
import { raiseAgencyAlerts, type AgencyNotices } from './agency-alerts';
import { planLedgerOf } from './agency-ledger';

/**
 * The daily check: each plan's payments to creditors still not posted past the agency's window on `today`
 * (the agency's day) raise their alert and email, once per payment. A plan is read only when the agency has
 * sent it payments; each plan is read and written in a short unit of work of its own, whose outbox announces
 * its emails once it commits, so what was raised stays written when a later plan fails, and the job's retry
 * raises the rest and nothing twice.
 */
export async function raiseUnpostedPaymentAlerts(
  openUnit: OpenUnit,
  o: { today: string; at: Date; windowDays: number; notices: AgencyNotices | null },
): Promise<{ plans: number; raised: number }> {
  const plans = await openUnit(({ tx }) =>
    tx
      .selectDistinct({ applicationId: agencyEvent.applicationId })
      .from(agencyEvent)
      .where(eq(agencyEvent.type, 'disbursement.sent')),
  );
  let raised = 0;
  for (const { applicationId } of plans) {
    raised += await openUnit(async (unit) => {
      const ledger = await planLedgerOf(unit.tx, applicationId);
      const candidates = unpostedPayments(ledger, o.today, o.windowDays);
      if (candidates.length === 0) return 0;
      const written = await raiseAgencyAlerts(unit.tx, {
        applicationId,
        candidates,
        ledger,
        at: o.at,
        notices: o.notices,
      });
      unit.outbox.adopt({ emailIds: written.emailIds });
      return written.raised.length;
    });
  }
  return { plans: plans.length, raised };
}

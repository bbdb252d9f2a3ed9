import { eq } from 'drizzle-orm';
import { unpostedPayments } from '#domain/enrollment/agency-alerts';
import type { Db } from '#server/db/client';
import { agencyEvent } from '#server/db/schema/agency-events';
import { raiseAgencyAlerts, type AgencyNotices } from './agency-alerts';
import { planLedgerOf } from './agency-ledger';

/**
 * The daily check: each plan's payments to creditors still not posted past the agency's window on `today`
 * (the agency's day) raise their alert and email, once per payment. A plan is read only when the agency has
 * sent it payments; each plan is written in its own short transaction, so what was raised stays written when a
 * later plan fails, and the job's retry raises the rest and nothing twice.
 */
export async function raiseUnpostedPaymentAlerts(
  db: Db,
  o: { today: string; at: Date; windowDays: number; notices: AgencyNotices | null },
): Promise<{ plans: number; raised: number }> {
  const plans = await db
    .selectDistinct({ applicationId: agencyEvent.applicationId })
    .from(agencyEvent)
    .where(eq(agencyEvent.type, 'disbursement.sent'));
  let raised = 0;
  for (const { applicationId } of plans) {
    const ledger = await planLedgerOf(db, applicationId);
    const candidates = unpostedPayments(ledger, o.today, o.windowDays);
    if (candidates.length === 0) continue;
    const written = await db.transaction((tx) =>
      raiseAgencyAlerts(tx, { applicationId, candidates, ledger, at: o.at, notices: o.notices }),
    );
    raised += written.raised.length;
    for (const id of written.emailIds) o.notices?.onEmailQueued?.(id);
  }
  return { plans: plans.length, raised };
}

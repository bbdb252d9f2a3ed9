import { eq } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import type { Db } from '#server/db/client';
import { alert } from '#server/db/schema/service-work';
import { recordAudit } from '#server/audit/record-audit';

/** Opening an alert marks it seen by the representative, audited. */
export async function markAlertSeen(o: { db: Db; viewerId: string; alertId: string }) {
  return o.db.transaction(async (tx) => {
    const [found] = await tx.select().from(alert).where(eq(alert.id, o.alertId)).for('update');
    if (!found) throw new AppError('NotFound');
    if (!found.hasBeenSeenByCustomerServiceRepresentative) {
      await tx
        .update(alert)
        .set({ hasBeenSeenByCustomerServiceRepresentative: true })
        .where(eq(alert.id, found.id));
      await recordAudit(tx, {
        actorId: o.viewerId,
        action: 'alertSeen',
        entityType: 'alert',
        entityId: found.id,
        applicationId: found.applicationId,
        before: { hasBeenSeenByCustomerServiceRepresentative: false },
        after: { hasBeenSeenByCustomerServiceRepresentative: true },
      });
    }
    return { id: found.id, hasBeenSeenByCustomerServiceRepresentative: true };
  });
}

import { eq } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { alert } from '#server/db/schema/service-work';
import type { Unit } from '#server/unit-of-work';

/** Opening an alert marks it seen by the representative, audited. */
export async function markAlertSeen(unit: Unit, o: { viewerId: string; alertId: string }) {
  const { tx } = unit;
  const [found] = await tx.select().from(alert).where(eq(alert.id, o.alertId)).for('update');
  if (!found) throw new AppError('NotFound');
  if (!found.hasBeenSeenByCustomerServiceRepresentative) {
    await tx
      .update(alert)
      .set({ hasBeenSeenByCustomerServiceRepresentative: true })
      .where(eq(alert.id, found.id));
    await unit.audit({
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
}

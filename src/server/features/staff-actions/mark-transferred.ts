import { eq } from 'drizzle-orm';
import type { StaffApplicationResult } from '#domain/validation/staff';
import { borrower } from '#server/db/schema/application';
import {
  assertStaffStatus,
  changeStatus,
  lockApplication,
  updateApplication,
} from '#server/application/application-state';
import type { Unit } from '#server/unit-of-work';

export const NOT_IN_TRANSFER_MESSAGE = 'Only an application in transfer can be marked transferred.';

/**
 * POST /api/staff/applications/:id/mark-transferred: the agency confirmed the hand-over; the borrower keeps
 * the agency's CRM id and the application moves from transfer to transferred.
 */
export async function markTransferred(
  unit: Unit,
  o: { actorId: string; applicationId: string; partnerCrmId: string },
): Promise<StaffApplicationResult> {
  const { tx } = unit;
  const app = await lockApplication(tx, o.applicationId);
  assertStaffStatus(app, 'transfer', NOT_IN_TRANSFER_MESSAGE);
  const [b] = await tx
    .update(borrower)
    .set({ partnerCrmId: o.partnerCrmId })
    .where(eq(borrower.applicationId, app.id))
    .returning({ id: borrower.id });
  await changeStatus(tx, app, 'transferConfirmed', o.actorId);
  await updateApplication(tx, app, {});
  await unit.audit({
    actorId: o.actorId,
    action: 'markTransferred',
    entityType: 'application',
    entityId: app.id,
    applicationId: app.id,
    before: { status: 'transfer' },
    after: { status: app.status, partnerCrmId: o.partnerCrmId, borrowerId: b?.id ?? null },
  });
  return {
    id: app.id,
    status: app.status,
    hasPassedQualityControl: app.hasPassedQualityControl,
    partnerCrmId: o.partnerCrmId,
  };
}

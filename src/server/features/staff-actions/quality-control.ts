import { eq } from 'drizzle-orm';
import {
  checkedQualityControlItems,
  qualityControlFailReasons,
  type QualityControl,
  type StaffApplicationResult,
} from '#domain/validation/staff';
import type { Db } from '#server/db/client';
import { borrower } from '#server/db/schema/application';
import {
  assertStatus,
  changeStatus,
  disqualify,
  lockApplication,
  updateApplication,
} from '#server/application/application-state';
import { recordAudit } from '#server/audit/record-audit';
import type { QueueProposals } from '#server/application/proposal-queue';

export const QUALITY_CONTROL_NOT_OPEN_MESSAGE =
  'Quality control can be completed only while the application is in counselor review.';

/**
 * POST /api/staff/applications/:id/quality-control, allowed in counselorReview: the checked items of the
 * checklist are kept on the application with the result; pass (every item checked) → hasPassedQualityControl
 * true, creditorReview, and the job preparing each creditor's proposal; fail → hasPassedQualityControl false, disqualified with the unchecked items' reasons.
 */
export async function recordQualityControl(o: {
  db: Db;
  actorId: string;
  applicationId: string;
  input: QualityControl;
  /** Queues the proposals to the creditors with the pass (absent without a job queue). */
  queueProposals?: QueueProposals;
}): Promise<StaffApplicationResult> {
  return o.db.transaction(async (tx) => {
    const app = await lockApplication(tx, o.applicationId);
    assertStatus(app, 'counselorReview', QUALITY_CONTROL_NOT_OPEN_MESSAGE);
    const before = {
      status: app.status,
      hasPassedQualityControl: app.hasPassedQualityControl,
      checklist: app.qualityControlChecklist,
    };
    const checklist = checkedQualityControlItems(o.input.checklist);
    const reasons = o.input.passed ? [] : qualityControlFailReasons(o.input.checklist);
    await updateApplication(tx, app, {
      set: { hasPassedQualityControl: o.input.passed, qualityControlChecklist: checklist },
    });
    if (o.input.passed) {
      await changeStatus(tx, app, 'qualityControlPassed', o.actorId);
      // Written with the pass: the proposals' job exists exactly when creditorReview does.
      await o.queueProposals?.(tx, app.id);
    } else {
      await disqualify(tx, app, reasons, {
        event: 'qualityControlFailed',
        changedBy: o.actorId,
        viewed: 'NotQualified',
      });
    }
    await recordAudit(tx, {
      actorId: o.actorId,
      action: 'qualityControl',
      entityType: 'application',
      entityId: app.id,
      applicationId: app.id,
      before,
      after: {
        status: app.status,
        hasPassedQualityControl: o.input.passed,
        checklist: o.input.checklist,
        reasons,
      },
    });
    const [b] = await tx
      .select({ partnerCrmId: borrower.partnerCrmId })
      .from(borrower)
      .where(eq(borrower.applicationId, app.id));
    return {
      id: app.id,
      status: app.status,
      hasPassedQualityControl: o.input.passed,
      partnerCrmId: b?.partnerCrmId ?? null,
    };
  });
}

import { eq } from 'drizzle-orm';
import {
  checkedQualityControlItems,
  qualityControlFailReasons,
  type QualityControl,
  type StaffApplicationResult,
} from '#domain/validation/staff';
import { borrower } from '#server/db/schema/application';
import {
  assertStaffStatus,
  changeStatus,
  disqualify,
  lockApplication,
  updateApplication,
} from '#server/application/application-state';
import { writeOutcomeEmail } from '#server/application/outcome-email';
import type { Config } from '#server/env';
import type { Unit } from '#server/unit-of-work';

export const QUALITY_CONTROL_NOT_OPEN_MESSAGE =
  'Quality control can be completed only while the application is in counselor review.';

/**
 * POST /api/staff/applications/:id/quality-control, allowed in counselorReview: the checked items of the
 * checklist are kept on the application with the result; pass (every item checked) → hasPassedQualityControl
 * true, creditorReview, and the job preparing each creditor's proposal; fail → hasPassedQualityControl false,
 * disqualified with the reasons of the items the counsellor named as failed, and the not-qualified email to
 * the borrower (the same outcome text as their page; the unit announces it once committed). The audit record
 * keeps what the fail changed, so a supervisor's reopen can put it back.
 */
export async function recordQualityControl(
  unit: Unit,
  o: {
    actorId: string;
    applicationId: string;
    input: QualityControl;
    /** Where the not-qualified email of a fail links to (absent: no email, as for the seed's own history). */
    mail?: { config: Config };
  },
): Promise<StaffApplicationResult> {
  const { tx } = unit;
  const app = await lockApplication(tx, o.applicationId);
  assertStaffStatus(app, 'counselorReview', QUALITY_CONTROL_NOT_OPEN_MESSAGE);
  const before = {
    status: app.status,
    hasPassedQualityControl: app.hasPassedQualityControl,
    checklist: app.qualityControlChecklist,
    // Where the borrower's next visit went: a reopen sends them back there.
    lastViewedPage: app.lastViewedPage,
  };
  const checklist = checkedQualityControlItems(o.input.checklist);
  const reasons = o.input.passed ? [] : qualityControlFailReasons(o.input.failedItems);
  let emailId: string | undefined;
  await updateApplication(tx, app, {
    set: { hasPassedQualityControl: o.input.passed, qualityControlChecklist: checklist },
  });
  if (o.input.passed) {
    await changeStatus(tx, app, 'qualityControlPassed', o.actorId);
    // Written with the pass: the proposals' job exists exactly when creditorReview does (none without a queue).
    await unit.outbox.proposalsJob(app.id);
  } else {
    await disqualify(tx, app, reasons, {
      event: 'qualityControlFailed',
      changedBy: o.actorId,
      viewed: 'NotQualified',
    });
    if (o.mail) {
      const services = { cipher: unit.cipher, config: o.mail.config, today: () => unit.today };
      emailId = await writeOutcomeEmail(tx, { services, applicationId: app.id });
      // Written by the shared helper in this unit's transaction: announced with the unit's own.
      if (emailId) unit.outbox.adopt({ emailIds: [emailId] });
    }
  }
  await unit.audit({
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
      failedItems: o.input.failedItems,
      reasons,
      // Whether the borrower was emailed the fail: a reopen tells them it is back under review.
      borrowerEmailed: emailId !== undefined,
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
}

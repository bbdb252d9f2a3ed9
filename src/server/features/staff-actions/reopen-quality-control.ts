import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { isPage, type Page } from '#domain/flow/pages';
import { QUALITY_CONTROL_REASON_KEYS, type StaffApplicationResult } from '#domain/validation/staff';
import { borrower } from '#server/db/schema/application';
import { disqualificationReason } from '#server/db/schema/decision';
import { auditLog } from '#server/db/schema/ops';
import { changeStatus, lockApplication, updateApplication } from '#server/application/application-state';
import { qualityControlReopenedEmail } from '#server/email/templates';
import { languageOrDefault } from '#server/i18n';
import type { Config } from '#server/env';
import type { Unit } from '#server/unit-of-work';

export const REOPEN_NOT_FAILED_MESSAGE =
  'Only an application disqualified by a failed quality control can be reopened.';
export const REOPEN_SUPERVISORS_ONLY_MESSAGE = 'Only a supervisor can reopen a failed quality control.';

/** Where a borrower went before the fail when the fail's audit record does not say (records made before it did). */
const PAGE_BEFORE_REVIEW: Page = 'Submitted';

/**
 * POST /api/staff/applications/:id/quality-control/reopen, for supervisors (the route checks the group): an
 * application disqualified by a failed quality control goes back to counsellor review, as it was before the
 * fail, so a counsellor can pass or fail it again. What the fail changed is undone: the status (a status
 * change counselorReview ← disqualified), hasPassedQualityControl and the checklist (null again), the fail's
 * disqualification reasons (the audit log keeps them), the page the borrower's next visit lands on, and the
 * mark that the not-qualified email went (so a second fail emails again). A borrower who was emailed the fail
 * is emailed that the application is being reviewed again; one who was not is not told of either. A fail
 * queues no proposals and takes no claim, so there is nothing else to put back: the application is in the
 * counsellor-review queue again, with whoever had it.
 */
export async function reopenQualityControl(
  unit: Unit,
  /** Where the email to the borrower links to. */
  config: Pick<Config, 'publicUrl'>,
  o: { actorId: string; applicationId: string },
): Promise<StaffApplicationResult> {
  const { tx } = unit;
  const app = await lockApplication(tx, o.applicationId);
  // hasPassedQualityControl false is written by a failed quality control only.
  if (app.status !== 'disqualified' || app.hasPassedQualityControl !== false) {
    throw new AppError('Conflict', REOPEN_NOT_FAILED_MESSAGE);
  }
  const [failure] = await tx
    .select({ before: auditLog.before })
    .from(auditLog)
    .where(and(eq(auditLog.applicationId, app.id), eq(auditLog.action, 'qualityControl')))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  const pageBefore = (failure?.before as { lastViewedPage?: unknown } | null)?.lastViewedPage;
  const viewed = typeof pageBefore === 'string' && isPage(pageBefore) ? pageBefore : PAGE_BEFORE_REVIEW;
  const reasons = await tx
    .delete(disqualificationReason)
    .where(
      and(
        eq(disqualificationReason.applicationId, app.id),
        isNull(disqualificationReason.decisionId),
        inArray(disqualificationReason.reason, [...QUALITY_CONTROL_REASON_KEYS]),
      ),
    )
    .returning({ reason: disqualificationReason.reason });
  const told = app.outcomeEmailedAt !== null;
  const before = {
    status: app.status,
    hasPassedQualityControl: app.hasPassedQualityControl,
    checklist: app.qualityControlChecklist,
    reasons: reasons.map((r) => r.reason).toSorted(),
    lastViewedPage: app.lastViewedPage,
    borrowerEmailed: told,
  };
  await updateApplication(tx, app, {
    viewed,
    set: { hasPassedQualityControl: null, qualityControlChecklist: null, outcomeEmailedAt: null },
  });
  await changeStatus(tx, app, 'qualityControlReopened', o.actorId);

  let emailId: string | undefined;
  const [b] = await tx
    .select({
      email: borrower.email,
      firstName: borrower.firstName,
      language: borrower.preferredLanguage,
      partnerCrmId: borrower.partnerCrmId,
    })
    .from(borrower)
    .where(eq(borrower.applicationId, app.id))
    .limit(1);
  if (told && b?.email) {
    emailId = await unit.outbox.email(
      qualityControlReopenedEmail({
        to: b.email,
        firstName: b.firstName,
        publicUrl: config.publicUrl,
        language: languageOrDefault(b.language),
      }),
    );
  }
  await unit.audit({
    actorId: o.actorId,
    action: 'qualityControlReopened',
    entityType: 'application',
    entityId: app.id,
    applicationId: app.id,
    before,
    after: {
      status: app.status,
      hasPassedQualityControl: null,
      checklist: null,
      lastViewedPage: viewed,
      borrowerEmailed: emailId !== undefined,
    },
  });
  return {
    id: app.id,
    status: app.status,
    hasPassedQualityControl: null,
    partnerCrmId: b?.partnerCrmId ?? null,
  };
}

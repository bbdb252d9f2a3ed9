import { eq } from 'drizzle-orm';
import { needsLongPlanApproval } from '#domain/enrollment/counter-offer';
import { AppError } from '#domain/errors';
import { MAX_PLAN_TERM_MONTHS } from '#domain/underwriting/constants';
import { MESSAGES } from '#domain/validation/messages';
import type { ApproveLongPlanView } from '#domain/validation/staff';
import type { Db } from '#server/db/client';
import { user } from '#server/db/schema/auth';
import { loadPlanTerms } from '#server/application/plan-terms';
import { assertStatus, lockApplication, updateApplication } from '#server/application/application-state';
import { recordAudit } from '#server/audit/record-audit';
import type { Services } from '#server/services';
import { handOverWhenAnswered } from './hand-over';

export const LONG_PLAN_NOT_OPEN_MESSAGE =
  'A long plan can be approved only while the application is in creditor review.';
export const noApprovalNeededMessage = (termInMonths: number): string =>
  `This plan runs ${termInMonths} ${termInMonths === 1 ? 'month' : 'months'}: only a plan over ` +
  `${MAX_PLAN_TERM_MONTHS} months needs approval.`;

/**
 * POST /api/staff/applications/:id/approve-long-plan, in creditorReview: a staff member approves a plan that
 * runs over 60 months (a creditor's counter-offer lengthened it), for the term it has now, with a reason.
 * Stored on the application (who, when, why, for how many months) and in the audit log; then the hand-over
 * runs when every offer is answered. A plan that needs no approval (60 months or less, or already approved
 * for at least its term) is refused with 409, so an approval always means something.
 */
export async function approveLongPlan(o: {
  db: Db;
  /** The agency's calendar, for the hand-over the approval may run. */
  calendar: Pick<Services, 'today' | 'dayOf'>;
  actorId: string;
  applicationId: string;
  reason: string;
}): Promise<ApproveLongPlanView> {
  return o.db.transaction(async (tx) => {
    const app = await lockApplication(tx, o.applicationId);
    assertStatus(app, 'creditorReview', LONG_PLAN_NOT_OPEN_MESSAGE);
    const { terms } = await loadPlanTerms(tx, app.id, { today: o.calendar.today() });
    if (!needsLongPlanApproval(terms.termInMonths, app.longPlanApprovedTerm)) {
      throw new AppError('Conflict', noApprovalNeededMessage(terms.termInMonths));
    }
    const before = {
      status: app.status,
      termInMonths: terms.termInMonths,
      approvedTermInMonths: app.longPlanApprovedTerm,
    };
    const approvedAt = new Date();
    const approval = {
      longPlanApprovedTerm: terms.termInMonths,
      longPlanApprovedBy: o.actorId,
      longPlanApprovedAt: approvedAt,
      longPlanApprovalReason: o.reason,
    };
    await updateApplication(tx, app, { set: approval });
    Object.assign(app, approval);
    const handOver = await handOverWhenAnswered(tx, app, o.actorId, o.calendar);
    await recordAudit(tx, {
      actorId: o.actorId,
      action: 'approveLongPlan',
      entityType: 'application',
      entityId: app.id,
      applicationId: app.id,
      before,
      after: { status: app.status, approvedTermInMonths: terms.termInMonths, reason: o.reason },
    });
    const [approver] = await tx.select({ name: user.name }).from(user).where(eq(user.id, o.actorId));
    return {
      application: { id: app.id, status: app.status },
      approval: {
        termInMonths: terms.termInMonths,
        reason: o.reason,
        approvedAt: approvedAt.toISOString(),
        approvedBy: { id: o.actorId, name: approver?.name?.trim() || MESSAGES.nameUnavailable },
      },
      handOver,
    };
  });
}

import { eq } from 'drizzle-orm';
import { needsLongPlanApproval } from '#domain/enrollment/counter-offer';
import { AppError } from '#domain/errors';
import { MAX_PLAN_TERM_MONTHS } from '#domain/underwriting/constants';
import { MESSAGES } from '#domain/validation/messages';
import type { ApproveLongPlanView } from '#domain/validation/staff';
import { user } from '#server/db/schema/auth';
import { loadPlanTerms } from '#server/application/plan-terms';
import { assertStaffStatus, lockApplication, updateApplication } from '#server/application/application-state';
import type { Unit } from '#server/unit-of-work';
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
 * for at least its term) is refused with 409, so an approval always means something. A plan handed over
 * sends the agency its partner event once the unit has committed.
 */
export async function approveLongPlan(
  unit: Unit,
  /** The agency's day a stored instant fell on, for the hand-over the approval may run. */
  dayOf: (at: Date) => string,
  o: { actorId: string; applicationId: string; reason: string },
): Promise<ApproveLongPlanView> {
  const { tx } = unit;
  const app = await lockApplication(tx, o.applicationId);
  assertStaffStatus(app, 'creditorReview', LONG_PLAN_NOT_OPEN_MESSAGE);
  const { terms } = await loadPlanTerms(tx, app.id, { today: unit.today });
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
  const handOver = await handOverWhenAnswered(unit, app, o.actorId, dayOf);
  if (handOver === 'transfer') unit.outbox.partnerEvent(app.id);
  await unit.audit({
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
}

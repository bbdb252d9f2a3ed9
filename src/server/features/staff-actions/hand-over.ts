import { desc, eq } from 'drizzle-orm';
import { DISQUALIFICATION_REASONS } from '#domain/underwriting/reasons';
import { decision } from '#server/db/schema/decision';
import { dmpEnrollment, docusign } from '#server/db/schema/enrollment';
import { loadPlanTerms } from '#server/application/plan-terms';
import { planHandOver } from '#domain/flow/plan-hand-over';
import { authorizedAmountOf, drawableMonthlyDraft } from '#domain/enrollment/plan-change';
import { needsLongPlanApproval } from '#domain/enrollment/counter-offer';
import {
  type ApplicationRow,
  changeStatus,
  disqualify,
  updateApplication,
} from '#server/application/application-state';
import type { Unit } from '#server/unit-of-work';

/**
 * After an offer answer, inside its transaction: when the application is in creditorReview and every offer of
 * its newest decision is answered, moves it to transfer with its DmpEnrollment, or disqualifies it with
 * allOffersDeclined. A plan longer than 60 months is not handed over before a staff approval of its length
 * (approve-long-plan.ts), which calls this again. Returns what happened; the caller decides whether a
 * transfer's partner event goes out (unit.outbox.partnerEvent).
 */
export async function handOverWhenAnswered(
  unit: Unit,
  app: ApplicationRow,
  /** Null when no one signed in answered (a silent creditor's default). */
  actorId: string | null,
  /** The agency's calendar: the hand-over records the day the letter was signed there. */
  dayOf: (at: Date) => string,
  /** Added to the audit records' after: what made the change when nobody signed in did (the silent default). */
  cause?: Record<string, unknown>,
): Promise<'transfer' | 'disqualified' | null> {
  const { tx } = unit;
  if (app.status !== 'creditorReview') return null;
  const newest = await tx.query.decision.findFirst({
    where: eq(decision.applicationId, app.id),
    orderBy: [desc(decision.createdAt)],
    with: { offers: { columns: { status: true, declinedByBorrower: true } } },
  });
  const plan = planHandOver(newest?.offers ?? []);
  if (plan.kind === 'waiting') return null;
  const before = { status: app.status };
  if (plan.kind === 'allDeclined') {
    await disqualify(tx, app, [DISQUALIFICATION_REASONS.allOffersDeclined], {
      event: 'allOffersDeclined',
      changedBy: actorId,
      viewed: 'NotQualified',
    });
    // Not a transfer: the last decline moved the application, so it is recorded with the offer answers.
    await unit.audit({
      actorId,
      action: 'offerStatus',
      entityType: 'application',
      entityId: app.id,
      applicationId: app.id,
      before,
      after: { status: app.status, reason: DISQUALIFICATION_REASONS.allOffersDeclined, ...cause },
    });
    return 'disqualified';
  }
  // The plan's terms for the accepted offers, dated from the first draft the borrower authorized. A higher
  // amount than authorized is handed over as waiting: the agency keeps drawing the authorized one.
  const { terms, authorization } = await loadPlanTerms(tx, app.id, { today: unit.today });
  // A plan over 60 months (a creditor's counter-offer can make one) waits in creditorReview for a staff
  // approval of its length; the approval runs the hand-over again.
  if (needsLongPlanApproval(terms.termInMonths, app.longPlanApprovedTerm)) return null;
  const [signed] = await tx
    .select({ at: docusign.documentSignedAt })
    .from(docusign)
    .where(eq(docusign.applicationId, app.id));
  const drawn = drawableMonthlyDraft(terms, authorizedAmountOf(authorization));
  const enrollment = {
    active: true,
    monthlyPaymentAmount: drawn.monthlyDraft,
    pendingMonthlyPaymentAmount: drawn.awaitingConfirmation,
    termInMonths: terms.termInMonths,
    firstPaymentDate: terms.firstDraftDate,
    draftDayChanges: terms.draftDayChanges,
    // The agency's day of the signature: a letter signed at 23:30 in New York was signed that day, not the
    // next, which UTC would say.
    dateSigned: signed?.at ? dayOf(signed.at) : null,
  };
  await tx
    .insert(dmpEnrollment)
    .values({ applicationId: app.id, ...enrollment })
    .onConflictDoUpdate({ target: dmpEnrollment.applicationId, set: enrollment });
  await changeStatus(tx, app, 'allOffersAnsweredWithAcceptance', actorId);
  await updateApplication(tx, app, {});
  await unit.audit({
    actorId,
    action: 'transfer',
    entityType: 'application',
    entityId: app.id,
    applicationId: app.id,
    before,
    after: { status: app.status, dmpEnrollment: enrollment, ...cause },
  });
  return 'transfer';
}

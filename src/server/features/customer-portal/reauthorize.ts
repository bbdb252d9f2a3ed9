import { ENROLLMENT_UPDATED_EVENT_TYPE } from '#server/application/partner-events';
import { eq } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { authorizedAmountOf, planChange } from '#domain/enrollment/plan-change';
import { englishOf } from '#domain/i18n/message';
import { PORTAL_REFUSAL_REFS } from '#domain/validation/messages';
import { dmpEnrollment, planAuthorization } from '#server/db/schema/enrollment';
import { planRecipients } from '#server/application/plan-recipients';
import { authorizationAddendumEmail } from '#server/email/templates';
import { formatConfirmedAt } from '#domain/enrollment/authorization-addendum';
import type { Unit } from '#server/unit-of-work';
import { renderAuthorizationAddendum } from './authorization-addendum';
import { lockedPlan } from './signed-application';

export const NOTHING_TO_CONFIRM_MESSAGE = englishOf(PORTAL_REFUSAL_REFS.nothingToConfirm);
export const TERMS_CHANGED_MESSAGE = englishOf(PORTAL_REFUSAL_REFS.termsChanged);

/**
 * POST /api/customer-portal/plan/reauthorize: the borrower confirms a higher amount drawn each month than the
 * one they authorized. The amount they saw must still be the terms' (409 otherwise). Records a
 * 'reauthorization' with the new terms on the same schedule (the letter's first draft and day), the first draft
 * it applies to (10 days' notice from today), and lets the plan handed to the agency draw it; audited. The
 * borrower gets a copy of this new authorization: an addendum to their letter (a PDF stored, sealed, with the
 * confirmation and listed on My plan), emailed to them in their language. The email, and the agency's notice
 * of a plan it already has, go out once the unit commits.
 */
export async function reauthorizePlan(
  unit: Unit,
  o: {
    /** The public address the email links to, and the agency's time zone it states the moment in. */
    config: { publicUrl: string; agencyTimeZone: string };
    dayOf: (at: Date) => string;
    userId: string;
    monthlyDraft: number;
  },
): Promise<void> {
  const { tx, today } = unit;
  const { own, plan } = await lockedPlan(unit, o.userId);
  const { terms, authorization } = plan;
  const change = planChange({
    terms,
    authorizedMonthlyDraft: authorizedAmountOf(authorization),
    announced: today,
    today,
  });
  if (!change?.needsConfirmation || !authorization)
    throw new AppError('Conflict', PORTAL_REFUSAL_REFS.nothingToConfirm);
  if (o.monthlyDraft !== terms.monthlyDraft) throw new AppError('Conflict', PORTAL_REFUSAL_REFS.termsChanged);
  // The borrower's copy is written to them: the first of the letter's signers (the borrower), in their language.
  const [person] = await planRecipients(tx, own.id);
  const language = person?.language ?? 'en';
  // One instant for the record and its copy: the addendum states the moment the row holds.
  const confirmedAt = new Date();
  const addendum = await renderAuthorizationAddendum(unit, {
    agencyTimeZone: o.config.agencyTimeZone,
    dayOf: o.dayOf,
    applicationId: own.id,
    plan,
    change,
    confirmedAt,
    language,
  });
  const [row] = await tx
    .insert(planAuthorization)
    .values({
      applicationId: own.id,
      kind: 'reauthorization',
      // The schedule stays as authorized (the letter's, with any change of day): only the amount changes,
      // from `appliesFrom`.
      draftDay: authorization.draftDay,
      firstDraftDate: authorization.firstDraftDate,
      draftDayChanges: authorization.draftDayChanges,
      monthlyDraftAmount: terms.monthlyDraft,
      setupFee: terms.setupFee,
      termInMonths: terms.termInMonths,
      appliesFrom: change.appliesFrom,
      addendumDocument: addendum.sealed,
      addendumSha256: addendum.sha256,
      createdAt: confirmedAt,
    })
    .returning({ id: planAuthorization.id });
  const handedOver = await tx
    .update(dmpEnrollment)
    .set({
      monthlyPaymentAmount: terms.monthlyDraft,
      pendingMonthlyPaymentAmount: null,
      termInMonths: terms.termInMonths,
    })
    .where(eq(dmpEnrollment.applicationId, own.id))
    .returning({ id: dmpEnrollment.id });
  await unit.audit({
    actorId: o.userId,
    action: 'planReauthorized',
    entityType: 'planAuthorization',
    entityId: row!.id,
    applicationId: own.id,
    before: { monthlyDraft: change.authorizedMonthlyDraft },
    after: {
      monthlyDraft: terms.monthlyDraft,
      appliesFrom: change.appliesFrom,
      dmpEnrollmentUpdated: handedOver.length > 0,
      addendumSha256: addendum.sha256,
    },
  });
  if (person) {
    await unit.outbox.email(
      authorizationAddendumEmail({
        ...person,
        publicUrl: o.config.publicUrl,
        figures: addendum.figures,
        confirmedAt: formatConfirmedAt(confirmedAt, language, o.config.agencyTimeZone),
        pdf: addendum.pdf,
      }),
    );
  }
  // A plan the agency already has: its CRM must draw the confirmed amount.
  if (handedOver.length > 0) unit.outbox.partnerEvent(own.id, ENROLLMENT_UPDATED_EVENT_TYPE);
}

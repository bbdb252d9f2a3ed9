import { ENROLLMENT_UPDATED_EVENT_TYPE } from '#server/application/partner-events';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { changeDraftDay } from '#domain/enrollment/draft-day-change';
import { authorizedAmountOf, draftAmountOn, drawableMonthlyDraft } from '#domain/enrollment/plan-change';
import { draftDateAt, nextDraftOnOrAfter } from '#domain/enrollment/plan-terms';
import type {
  CustomerSettingsView,
  DraftDaySetting,
  DraftDayView,
  TextMessagesSetting,
} from '#domain/enrollment/settings';
import { englishOf } from '#domain/i18n/message';
import { PORTAL_REFUSAL_REFS } from '#domain/validation/messages';
import { borrower } from '#server/db/schema/application';
import { dmpEnrollment, planAuthorization } from '#server/db/schema/enrollment';
import { planRecipients } from '#server/application/plan-recipients';
import { loadPlanTerms, type LoadedPlan } from '#server/application/plan-terms';
import { draftDayChangedEmail } from '#server/email/templates';
import type { Unit } from '#server/unit-of-work';
import { planChangeNow } from './get-plan';
import { lockedPlan, signedApplication } from './signed-application';

export const DRAFT_DAY_PREVIEW_STALE_MESSAGE = englishOf(PORTAL_REFUSAL_REFS.previewStale);

/** The plan's drafts as Settings shows them; null before the borrower authorized dated drafts. */
function draftsOf(
  plan: LoadedPlan,
  today: string,
  change: Awaited<ReturnType<typeof planChangeNow>>,
): DraftDayView | null {
  const { terms, authorization } = plan;
  const authorized = authorizedAmountOf(authorization);
  if (authorized === null || !terms.firstDraftDate || terms.creditors.length === 0) return null;
  const nextDraftDate = nextDraftOnOrAfter(terms, today);
  const upcoming = terms.draftDayChanges.at(-1);
  const monthlyDraft = draftAmountOn(terms, change, nextDraftDate);
  // The date and amount My plan states for the change (planChangeNow), when it applies after the next draft.
  const from = change && !change.needsConfirmation ? change.appliesFrom : null;
  return {
    draftDay: Number((nextDraftDate ?? terms.firstDraftDate).slice(8, 10)),
    nextDraftDate,
    monthlyDraft,
    amountChange:
      from && monthlyDraft !== terms.monthlyDraft ? { monthlyDraft: terms.monthlyDraft, from } : null,
    upcomingChange:
      upcoming && nextDraftDate && upcoming > nextDraftDate
        ? { draftDay: Number(upcoming.slice(8, 10)), firstDraftOnNewDay: upcoming }
        : null,
    schedule: {
      firstDraftDate: terms.firstDraftDate,
      termInMonths: terms.termInMonths,
      draftDayChanges: terms.draftDayChanges,
    },
    today,
  };
}

/** GET /api/customer-portal/settings: the signed-in customer's own choices. */
export async function getCustomerSettings(
  unit: Unit,
  o: {
    userId: string;
    /** The agency's day of an instant: the day a plan change was announced on. */
    dayOf: (at: Date) => string;
  },
): Promise<CustomerSettingsView> {
  const { tx, today } = unit;
  const own = await signedApplication(tx, o.userId);
  const [row] = await tx
    .select({ phoneNumber: borrower.phoneNumber, isOptedOutOfSMS: borrower.isOptedOutOfSMS })
    .from(borrower)
    .where(eq(borrower.applicationId, own.id));
  const plan = await loadPlanTerms(tx, own.id, { today });
  const change = await planChangeNow(tx, own.id, plan, today, o.dayOf);
  return {
    phoneNumberLast4: row?.phoneNumber ? row.phoneNumber.slice(-4) : null,
    receivesTextMessages: !(row?.isOptedOutOfSMS ?? false),
    drafts: draftsOf(plan, today, change),
  };
}

/**
 * PUT /api/customer-portal/settings/text-messages: the borrower opts out of texts, or back in (the same flag
 * a STOP or START text sets, so either way wins until the other is used). Alerts, reminders and contact
 * attempts then skip texts, or send them again.
 */
export async function setTextMessages(
  unit: Unit,
  o: { userId: string; input: TextMessagesSetting; dayOf: (at: Date) => string },
): Promise<CustomerSettingsView> {
  const own = await signedApplication(unit.tx, o.userId);
  await unit.tx
    .update(borrower)
    .set({ isOptedOutOfSMS: !o.input.receivesTextMessages, updatedAt: sql`now()` })
    .where(eq(borrower.applicationId, own.id));
  return getCustomerSettings(unit, o);
}

/**
 * PUT /api/customer-portal/settings/draft-day: the borrower moves the monthly draft to another day of the month
 * (docs/decisions/0095). The change starts with the first month whose draft is at least 10 days away on both
 * days (changeDraftDay); the page showed that date and it must still be so (409 otherwise). In one transaction:
 * a 'draftDayChange' authorization carrying the authorized amount, the plan handed to the agency moved with it,
 * the audit record and an email to each signer of the letter (sent, with the agency's notice of a plan it
 * already has, once the unit commits).
 */
export async function setDraftDay(
  unit: Unit,
  o: {
    /** The public address the emails link to. */
    publicUrl: string;
    dayOf: (at: Date) => string;
    userId: string;
    input: DraftDaySetting;
  },
): Promise<CustomerSettingsView> {
  const { tx, today } = unit;
  const {
    own,
    plan: { terms, authorization },
  } = await lockedPlan(unit, o.userId);
  const authorized = authorizedAmountOf(authorization);
  if (!authorization || authorized === null || terms.creditors.length === 0 || !terms.firstDraftDate)
    throw new AppError('Conflict', PORTAL_REFUSAL_REFS.planEndsFirst);
  const change = changeDraftDay(terms, o.input.draftDay, today);
  if ('refused' in change) throw new AppError('Conflict', PORTAL_REFUSAL_REFS[change.refused]);
  if (change.firstDraftOnNewDay !== o.input.firstDraftOnNewDay)
    throw new AppError('Conflict', PORTAL_REFUSAL_REFS.previewStale);
  const monthlyDraft = drawableMonthlyDraft(terms, authorized).monthlyDraft;
  const [row] = await tx
    .insert(planAuthorization)
    .values({
      applicationId: own.id,
      kind: 'draftDayChange',
      draftDay: change.draftDay,
      // The schedule keeps its first draft and its months; only the day changes, from appliesFrom.
      firstDraftDate: authorization.firstDraftDate,
      draftDayChanges: change.draftDayChanges,
      monthlyDraftAmount: authorized,
      setupFee: authorization.setupFee,
      termInMonths: authorization.termInMonths,
      appliesFrom: change.firstDraftOnNewDay,
    })
    .returning({ id: planAuthorization.id });
  const moved = await tx
    .update(dmpEnrollment)
    .set({
      firstPaymentDate: draftDateAt(
        { firstDraftDate: authorization.firstDraftDate, draftDayChanges: change.draftDayChanges },
        0,
      ),
      draftDayChanges: change.draftDayChanges,
      updatedAt: sql`now()`,
    })
    .where(eq(dmpEnrollment.applicationId, own.id))
    .returning({ id: dmpEnrollment.id });
  await unit.audit({
    actorId: o.userId,
    action: 'draftDayChanged',
    entityType: 'planAuthorization',
    entityId: row!.id,
    applicationId: own.id,
    before: { draftDay: terms.draftDay, draftDayChanges: terms.draftDayChanges },
    after: {
      draftDay: change.draftDay,
      firstDraftOnNewDay: change.firstDraftOnNewDay,
      draftDayChanges: change.draftDayChanges,
      dmpEnrollmentUpdated: moved.length > 0,
    },
  });
  for (const person of await planRecipients(tx, own.id)) {
    await unit.outbox.email(
      draftDayChangedEmail({ ...person, publicUrl: o.publicUrl, monthlyDraft, change }),
    );
  }
  // A plan the agency already has: its CRM must draft on the new day too.
  if (moved.length > 0) unit.outbox.partnerEvent(own.id, ENROLLMENT_UPDATED_EVENT_TYPE);
  return getCustomerSettings(unit, o);
}

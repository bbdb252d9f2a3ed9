import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import { debtFreeDate, projectPayoff } from '#domain/enrollment/plan-projection';
import { planTermsView } from '#domain/enrollment/plan-terms-view';
import type { PlanView } from '#domain/enrollment/views';
import { draftDateAt, nextDraftOnOrAfter } from '#domain/enrollment/plan-terms';
import { authorizedAmountOf, draftAmountOn, planChange } from '#domain/enrollment/plan-change';
import { ASSUMED_CURRENT_APR_BP } from '#domain/underwriting/constants';
import type { Transaction, Unit } from '#server/unit-of-work';
import { application } from '#server/db/schema/application';
import { planAuthorization, planChangeNotice } from '#server/db/schema/enrollment';
import { proposal } from '#server/db/schema/index';
import { agreedPaymentOf } from '#domain/enrollment/proposal-answers';
import {
  creditorNameOf,
  currentPaymentOf,
  loadPlanTerms,
  type LoadedPlan,
} from '#server/application/plan-terms';
import { last4 } from '#server/security/field-encryption';
import { signedApplication } from './signed-application';
import { raisedByOf } from './authorization-addendum';
import type { CreditorProgress } from '#domain/enrollment/plan-payments';
import { planActivity, planProgress } from './payments';

/** The date a creditor's newest answer was recorded ('yyyy-MM-dd'): when a change without a notice on file
 * (made before notices were recorded) counts as announced. */
const lastAnswerDay = (
  offers: readonly { status: string | null; updatedAt: Date }[],
  dayOf: (at: Date) => string,
): string | null => {
  const answered = offers.filter((x) => x.status !== null).map((x) => x.updatedAt.getTime());
  return answered.length > 0 ? dayOf(new Date(Math.max(...answered))) : null;
};

/**
 * What changed since the borrower authorized the plan, as My plan and Settings state it: the authorized
 * amount, the first draft the new amount applies to, and whether it waits for a confirmation; null when the
 * amount is the authorized one. Announced on the day of the newest notice (else of the newest answer).
 */
export async function planChangeNow(
  tx: Transaction,
  applicationId: string,
  plan: LoadedPlan,
  today: string,
  dayOf: (at: Date) => string,
): Promise<PlanView['change']> {
  const [notice] = await tx
    .select({ createdAt: planChangeNotice.createdAt })
    .from(planChangeNotice)
    .where(eq(planChangeNotice.applicationId, applicationId))
    .orderBy(desc(planChangeNotice.createdAt))
    .limit(1);
  const announced = (notice ? dayOf(notice.createdAt) : null) ?? lastAnswerDay(plan.offers, dayOf) ?? today;
  const found = planChange({
    terms: plan.terms,
    authorizedMonthlyDraft: authorizedAmountOf(plan.authorization),
    announced,
    today,
  });
  if (!found || found.monthlyDraft === found.authorizedMonthlyDraft) return null;
  const authorized = plan.authorization;
  return {
    authorizedMonthlyDraft: found.authorizedMonthlyDraft,
    appliesFrom: found.appliesFrom,
    needsConfirmation: found.needsConfirmation,
    // Why the amount went up: a creditor's counter-offer, never a creditor the borrower left out themselves.
    raisedBy: found.needsConfirmation ? await raisedByOf(tx, plan) : [],
    authorizedTermInMonths: authorized?.termInMonths ?? null,
    authorizedLastDraftDate:
      authorized && authorized.termInMonths > 0
        ? draftDateAt(
            { firstDraftDate: authorized.firstDraftDate, draftDayChanges: authorized.draftDayChanges },
            authorized.termInMonths - 1,
          )
        : null,
  };
}

/** A creditor's figures after the hand-over as My plan states them; null for one the plan does not pay. */
const progressOf = (p: CreditorProgress | undefined): PlanView['creditors'][number]['progress'] =>
  p
    ? { paidSoFar: p.paidSoFar, onTheWay: p.onTheWay, lastReported: p.lastReported, monthsLeft: p.monthsLeft }
    : null;

/** A creditor's proposal as My plan states it: when it was prepared, sent and answered, and what was agreed. */
const proposalLine = (
  row: typeof proposal.$inferSelect | undefined,
  planPayment: number | undefined,
  dayOf: (at: Date) => string,
): PlanView['creditors'][number]['proposal'] =>
  row
    ? {
        state: row.state,
        preparedOn: dayOf(row.preparedAt),
        sentOn: row.sentAt ? dayOf(row.sentAt) : null,
        answeredOn: row.answeredAt ? dayOf(row.answeredAt) : null,
        answer: row.answer,
        agreedPayment: agreedPaymentOf(row.answer, planPayment),
      }
    : null;

/**
 * GET /api/customer-portal/plan ('My plan'): the plan's terms (loadPlanTerms: the same figures as the offer,
 * the letter and the agency's record), each creditor's answer with what the plan pays it or what the borrower
 * keeps paying it directly, a change from the authorized amount, the payoff against the current payments, the
 * payment account and the signed letter (the alerts have their own page).
 */
export async function getPlan(
  unit: Unit,
  o: { userId: string; dayOf: (at: Date) => string },
): Promise<PlanView> {
  const { tx, cipher, today } = unit;
  const { dayOf } = o;
  const own = await signedApplication(tx, o.userId);
  const app = (await tx.query.application.findFirst({
    where: eq(application.id, own.id),
    columns: { id: true, status: true },
    with: {
      dmpEnrollment: true,
      docusign: { columns: { documentSignedAt: true, signedDocumentSha256: true } },
      paymentAccount: {
        with: { plaidAccount: { with: { plaidItem: { columns: { institutionName: true } } } } },
      },
    },
  }))!;
  const plan = await loadPlanTerms(tx, app.id, { today });
  const { terms } = plan;
  const nextDraftDate = nextDraftOnOrAfter(terms, today);
  const onPlan = new Map(terms.creditors.map((c) => [c.id, c]));
  const direct = new Map(terms.payDirectly.map((c) => [c.id, c]));
  // Only the signed-in borrower's own application's proposals: the id comes from their session, never the request.
  const proposals = new Map(
    (await tx.select().from(proposal).where(eq(proposal.applicationId, app.id))).map((p) => [p.offerId, p]),
  );
  // After the hand-over, what the agency reported: the same activity the Payments page lists.
  const progress = planProgress(plan, await planActivity(tx, app.id), today);
  const creditors = plan.offers.map((x) => {
    const account = x.debt ?? x.collection;
    const left = direct.get(x.id);
    return {
      id: x.id,
      creditorName: creditorNameOf(x),
      accountNumberLast4: last4(cipher, account?.accountNumber),
      balance: x.balance,
      status: x.declinedByBorrower ? ('leftOut' as const) : (x.status ?? ('proposed' as const)),
      currentMonthlyPayment: currentPaymentOf(x),
      newMonthlyPayment: onPlan.get(x.id)?.payment ?? 0,
      payDirectly: left ? left.currentPayment : null,
      // A creditor's counter-offer changes its rate and term: the plan's terms carry them.
      // A creditor the plan does not pay has no plan rate or term: the borrower pays it as before.
      proposedApr: onPlan.get(x.id)?.proposedAprBp ?? null,
      term: onPlan.get(x.id)?.term ?? null,
      proposal: proposalLine(proposals.get(x.id), onPlan.get(x.id)?.payment, dayOf),
      progress: progressOf(progress.byCreditor.get(x.id)),
    };
  });
  const kept = plan.offers.filter((x) => onPlan.has(x.id));
  const payoff = projectPayoff(
    kept.map((x) => ({
      balance: x.balance,
      planPayment: onPlan.get(x.id)!.payment,
      planAprBp: onPlan.get(x.id)!.proposedAprBp,
      currentPayment: currentPaymentOf(x),
      currentAprBp: x.currentApr ?? ASSUMED_CURRENT_APR_BP,
    })),
    undefined,
    { owedAfterDraft: terms.owedAfterDraft, interest: terms.planInterest },
  );
  const change = await planChangeNow(tx, app.id, plan, today, dayOf);
  const confirmed = plan.authorization?.kind === 'reauthorization' ? plan.authorization : null;
  // The copies of the confirmations (never their PDFs: those are served one at a time).
  const addenda = await tx
    .select({
      id: planAuthorization.id,
      createdAt: planAuthorization.createdAt,
      monthlyDraft: planAuthorization.monthlyDraftAmount,
    })
    .from(planAuthorization)
    .where(and(eq(planAuthorization.applicationId, app.id), isNotNull(planAuthorization.addendumSha256)))
    .orderBy(asc(planAuthorization.createdAt));
  const enrollment = app.dmpEnrollment;
  const plaid = app.paymentAccount?.plaidAccount;
  return {
    status: app.status,
    terms: planTermsView(terms),
    nextDraftDate,
    // The amount of that draft: the authorized one until a change applies (plan-change.ts, draftAmountOn).
    nextDraftAmount: draftAmountOn(terms, change, nextDraftDate),
    change,
    reauthorization:
      confirmed && confirmed.monthlyDraftAmount === terms.monthlyDraft
        ? {
            confirmedAt: confirmed.createdAt.toISOString(),
            monthlyDraft: confirmed.monthlyDraftAmount,
            appliesFrom: confirmed.appliesFrom,
          }
        : null,
    enrollment: enrollment
      ? {
          monthlyPaymentAmount: enrollment.monthlyPaymentAmount,
          pendingMonthlyPaymentAmount: enrollment.pendingMonthlyPaymentAmount,
          firstPaymentDate: enrollment.firstPaymentDate,
          termInMonths: enrollment.termInMonths,
          projectedDebtFreeDate:
            enrollment.firstPaymentDate && enrollment.termInMonths > 0
              ? debtFreeDate(enrollment.firstPaymentDate, enrollment.termInMonths)
              : null,
          dateSigned: enrollment.dateSigned,
        }
      : null,
    fees: { setupFee: terms.setupFee, monthlyFee: terms.monthlyFee },
    creditors,
    payoff: {
      points: payoff.points,
      actual: progress.actual,
      planMonths: payoff.planMonths,
      currentMonths: payoff.currentMonths,
      interestSaved: payoff.interestSaved,
      // The interest saved is not the whole story: the plan's fees are paid too, and both are stated.
      fees: terms.totalFees,
      netSaved: payoff.interestSaved - terms.totalFees,
    },
    paymentAccount: app.paymentAccount
      ? plaid
        ? { institutionName: plaid.plaidItem.institutionName, mask: plaid.mask }
        : { institutionName: null, mask: last4(cipher, app.paymentAccount.accountNumber) }
      : null,
    addenda: addenda.map((x) => ({
      id: x.id,
      confirmedOn: dayOf(x.createdAt),
      monthlyDraft: x.monthlyDraft,
    })),
    letter: app.docusign
      ? {
          // The agency's day, as stamped on the letter: a late-evening signature is not dated the next (UTC) day.
          signedOn: app.docusign.documentSignedAt ? dayOf(app.docusign.documentSignedAt) : null,
          available: Boolean(app.docusign.signedDocumentSha256),
        }
      : null,
  };
}

import { desc, eq } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { debtFreeDate, projectPayoff } from '#domain/enrollment/plan-projection';
import { planTermsView } from '#domain/enrollment/plan-terms-view';
import type { PlanView } from '#domain/enrollment/views';
import { resumeRoute } from '#domain/flow/resume';
import { isCustomerPortalStatus } from '#domain/flow/statuses';
import { nextDraftOnOrAfter } from '#domain/enrollment/plan-terms';
import { authorizedAmountOf, planChange } from '#domain/enrollment/plan-change';
import { ASSUMED_CURRENT_APR_BP } from '#domain/underwriting/constants';
import type { Db } from '#server/db/client';
import { application } from '#server/db/schema/application';
import { planChangeNotice } from '#server/db/schema/enrollment';
import { proposal } from '#server/db/schema/index';
import { agreedPaymentOf } from '#domain/enrollment/proposal-answers';
import { creditorNameOf, currentPaymentOf, loadPlanTerms } from '#server/application/plan-terms';
import { last4 } from '#server/security/field-encryption';
import type { Services } from '#server/services';

/** The customer portal is for borrowers who signed the Letter of Authorization: the signed-in borrower's
 * application, refused (with where it stands) before the letter is signed. */
export async function signedApplication(db: Db, userId: string) {
  const app = await db.query.application.findFirst({
    where: eq(application.owner, userId),
    columns: { id: true, status: true, lastViewedPage: true },
  });
  if (!app) throw new AppError('NotFound');
  if (!isCustomerPortalStatus(app.status))
    throw new AppError('Conflict', undefined, { redirect: resumeRoute(app) });
  return app;
}

/** The date a creditor's newest answer was recorded ('yyyy-MM-dd'): when a change without a notice on file
 * (made before notices were recorded) counts as announced. */
const lastAnswerDay = (
  offers: readonly { status: string | null; updatedAt: Date }[],
  dayOf: (at: Date) => string,
): string | null => {
  const answered = offers.filter((x) => x.status !== null).map((x) => x.updatedAt.getTime());
  return answered.length > 0 ? dayOf(new Date(Math.max(...answered))) : null;
};

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
export async function getPlan(o: { services: Services; userId: string; today?: string }): Promise<PlanView> {
  const { db } = o.services.database;
  const { cipher } = o.services;
  const today = o.today ?? o.services.today();
  const own = await signedApplication(db, o.userId);
  const app = (await db.query.application.findFirst({
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
  const plan = await loadPlanTerms(db, app.id, { today });
  const { terms } = plan;
  const onPlan = new Map(terms.creditors.map((c) => [c.id, c]));
  const direct = new Map(terms.payDirectly.map((c) => [c.id, c]));
  const { dayOf } = o.services;
  // Only the signed-in borrower's own application's proposals: the id comes from their session, never the request.
  const proposals = new Map(
    (await db.select().from(proposal).where(eq(proposal.applicationId, app.id))).map((p) => [p.offerId, p]),
  );
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
      proposedApr: onPlan.get(x.id)?.proposedAprBp ?? x.proposedApr,
      term: onPlan.get(x.id)?.term ?? x.term,
      proposal: proposalLine(proposals.get(x.id), onPlan.get(x.id)?.payment, dayOf),
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
  const [notice] = await db
    .select({ createdAt: planChangeNotice.createdAt })
    .from(planChangeNotice)
    .where(eq(planChangeNotice.applicationId, app.id))
    .orderBy(desc(planChangeNotice.createdAt))
    .limit(1);
  const announced = (notice ? dayOf(notice.createdAt) : null) ?? lastAnswerDay(plan.offers, dayOf) ?? today;
  const found = planChange({
    terms,
    authorizedMonthlyDraft: authorizedAmountOf(plan.authorization),
    announced,
    today,
  });
  const change =
    found && found.monthlyDraft !== found.authorizedMonthlyDraft
      ? {
          authorizedMonthlyDraft: found.authorizedMonthlyDraft,
          appliesFrom: found.appliesFrom,
          needsConfirmation: found.needsConfirmation,
        }
      : null;
  const confirmed = plan.authorization?.kind === 'reauthorization' ? plan.authorization : null;
  const enrollment = app.dmpEnrollment;
  const plaid = app.paymentAccount?.plaidAccount;
  return {
    status: app.status,
    terms: planTermsView(terms),
    nextDraftDate: nextDraftOnOrAfter(terms, today),
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
      planMonths: payoff.planMonths,
      currentMonths: payoff.currentMonths,
      interestSaved: payoff.interestSaved,
    },
    paymentAccount: app.paymentAccount
      ? plaid
        ? { institutionName: plaid.plaidItem.institutionName, mask: plaid.mask }
        : { institutionName: null, mask: last4(cipher, app.paymentAccount.accountNumber) }
      : null,
    letter: app.docusign
      ? {
          // The agency's day, as stamped on the letter: a late-evening signature is not dated the next (UTC) day.
          signedOn: app.docusign.documentSignedAt ? dayOf(app.docusign.documentSignedAt) : null,
          available: Boolean(app.docusign.signedDocumentSha256),
        }
      : null,
  };
}

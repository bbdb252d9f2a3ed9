import { desc, eq } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { debtFreeDate, projectPayoff } from '#domain/enrollment/plan-projection';
import type { PlanView } from '#domain/enrollment/views';
import { resumeRoute } from '#domain/flow/resume';
import { isCustomerPortalStatus } from '#domain/flow/statuses';
import { ASSUMED_CURRENT_APR_BP } from '#domain/underwriting/constants';
import { lenderFriendlyName } from '#domain/underwriting/lender-names';
import { estimatedCurrentMonthlyPayment } from '#domain/underwriting/payment-estimates';
import type { Db } from '#server/db/client';
import { application, borrower } from '#server/db/schema/application';
import { planFeesFor } from '#server/application/plan-fees';
import { decision } from '#server/db/schema/decision';
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

/**
 * GET /api/customer-portal/plan ('My plan'): the plan's payment, first payment and term once handed to the
 * agency (the proposed figures before), each creditor's answer with its new payment and APR, the payoff of the
 * plan against the current minimum payments, the payment account and the signed letter (the alerts have their
 * own page).
 */
export async function getPlan(o: { services: Services; userId: string }): Promise<PlanView> {
  const { db } = o.services.database;
  const { cipher } = o.services;
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
  const newest = await db.query.decision.findFirst({
    where: eq(decision.applicationId, app.id),
    orderBy: [desc(decision.createdAt)],
    with: { offers: { with: { debt: true, collection: true } } },
  });
  const offers = (newest?.isQualified ? newest.offers : []).sort((a, b) => b.balance - a.balance);
  const creditors = offers.map((x) => {
    const account = x.debt ?? x.collection;
    return {
      id: x.id,
      creditorName:
        x.debt?.lenderFriendlyName ??
        x.collection?.subscriberFriendlyName ??
        lenderFriendlyName(x.debt?.lenderName ?? x.collection?.subscriberName ?? ''),
      accountNumberLast4: last4(cipher, account?.accountNumber),
      balance: x.balance,
      status: x.status ?? ('proposed' as const),
      currentMonthlyPayment: estimatedCurrentMonthlyPayment(x.balance),
      newMonthlyPayment: x.payment,
      proposedApr: x.proposedApr,
      term: x.term,
    };
  });
  // Declined creditors stay on their current terms; everyone else is on the plan.
  const onPlan = creditors.filter((c) => c.status !== 'declined');
  const payoff = projectPayoff(
    onPlan.map((c, i) => ({
      balance: c.balance,
      planPayment: c.newMonthlyPayment,
      planAprBp: c.proposedApr ?? 0,
      currentPayment: c.currentMonthlyPayment,
      currentAprBp: offers.filter((x) => x.status !== 'declined')[i]?.currentApr ?? ASSUMED_CURRENT_APR_BP,
    })),
  );
  const borrowerRow = await db.query.borrower.findFirst({
    where: eq(borrower.applicationId, app.id),
    columns: { state: true },
  });
  // The monthly fee as the plan was made: each offer carries its share (the decision spreads it over them).
  const onPlanOffers = offers.filter((x) => x.status !== 'declined');
  const fees = {
    setupFee: onPlanOffers.length > 0 ? planFeesFor(borrowerRow?.state, onPlanOffers.length).setupFee : 0,
    monthlyFee: onPlanOffers.reduce((sum, x) => sum + (x.fee ?? 0), 0),
  };
  const enrollment = app.dmpEnrollment;
  const plaid = app.paymentAccount?.plaidAccount;
  return {
    status: app.status,
    enrollment: enrollment
      ? {
          monthlyPaymentAmount: enrollment.monthlyPaymentAmount,
          firstPaymentDate: enrollment.firstPaymentDate,
          termInMonths: enrollment.termInMonths,
          projectedDebtFreeDate: enrollment.firstPaymentDate
            ? debtFreeDate(enrollment.firstPaymentDate, enrollment.termInMonths)
            : null,
          dateSigned: enrollment.dateSigned,
        }
      : null,
    proposedMonthlyPayment: onPlan.reduce((sum, c) => sum + c.newMonthlyPayment, 0),
    proposedTermInMonths: Math.max(0, ...onPlan.map((c) => c.term)),
    fees,
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
          signedAt: app.docusign.documentSignedAt?.toISOString() ?? null,
          available: Boolean(app.docusign.signedDocumentSha256),
        }
      : null,
  };
}

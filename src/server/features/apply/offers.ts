import { eq } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import type { OffersView } from '#domain/flow/application-view';
import { PAGE_ROUTES } from '#domain/flow/pages';
import { resumeRoute } from '#domain/flow/resume';
import { sumCents } from '#domain/money/cents';
import type { PlanTerms } from '#domain/enrollment/plan-terms';
import { ASSUMED_CURRENT_APR_BP } from '#domain/underwriting/constants';
import { debtFreeDate } from '#domain/enrollment/plan-projection';
import { nextMonthStart, payoffOf } from '#domain/underwriting/payoff-comparison';
import { byBalanceDescending } from '#domain/underwriting/eligibility';
import type { Services } from '#server/services';
import { application } from '#server/db/schema/application';
import { decision } from '#server/db/schema/decision';
import { last4 } from '#server/security/field-encryption';
import { changeStatus, lockOwnApplication, updateApplication } from '#server/application/application-state';
import { creditorNameOf, currentPaymentOf, loadPlanTerms } from '#server/application/plan-terms';

/** Statuses in which the borrower has an offer to look at. */
const HAS_OFFER = new Set([
  'acceptOffer',
  'confirmPaymentAccount',
  'signContract',
  'counselorReview',
  'creditorReview',
  'transfer',
  'transferred',
]);

/**
 * GET /api/application/offers (the /offers/review page): the newest qualified decision's offers that no
 * creditor declined, largest balance first, with the plan's terms (loadPlanTerms: the same figures the letter
 * and My plan state) and the comparison with the current payments. Showing them records that the offers were
 * presented to the borrower.
 */
export async function getOffers(o: {
  services: Services;
  userId: string;
  /** 'yyyy-MM-dd'; today (UTC) when absent. */
  today?: string;
}): Promise<OffersView> {
  const { db } = o.services.database;
  const { cipher } = o.services;
  const app = await db.query.application.findFirst({ where: eq(application.owner, o.userId) });
  if (!app) throw new AppError('NotFound');
  if (!HAS_OFFER.has(app.status))
    throw new AppError('PreconditionFailed', undefined, { redirect: resumeRoute(app) });
  const plan = await loadPlanTerms(db, app.id, { today: o.today });
  if (!plan.decision?.isQualified) throw new AppError('NotFound');
  if (!plan.decision.wasPresentedToBorrower) {
    await db.update(decision).set({ wasPresentedToBorrower: true }).where(eq(decision.id, plan.decision.id));
  }
  const rows = plan.offers
    .filter((x) => x.status !== 'declined')
    .map((x) => {
      const account = x.debt ?? x.collection;
      return {
        id: x.id,
        creditorName: creditorNameOf(x),
        bureauName: x.debt?.lenderName ?? x.collection?.subscriberName ?? null,
        accountNumberLast4: last4(cipher, account?.accountNumber),
        currentBalance: x.balance,
        currentMonthlyPayment: currentPaymentOf(x),
        newMonthlyPayment: x.payment,
        term: x.term,
        currentApr: x.currentApr,
        proposedApr: x.proposedApr,
        estimatedPayoffSavings: x.estimatedPayoffSavings,
      };
    })
    .sort(byBalanceDescending);
  return {
    ...planSummary(plan.terms, rows, o.today ?? todayUtc()),
    offers: rows,
    explanation: plan.decision.explanation ?? '',
  };
}

/** The day the review is read, 'yyyy-MM-dd' in UTC: the debt-free dates count from it. */
const todayUtc = (): string => new Date().toISOString().slice(0, 10);

type SummaryRow = {
  id: string;
  currentBalance: number;
  currentMonthlyPayment: number;
  currentApr: number | null;
  estimatedPayoffSavings: number | null;
};

/**
 * The figures above the creditor table: the plan's terms as they are (the amount drawn each month, its fees,
 * term and debt-free month) beside what the same accounts cost at the current payments (docs/decisions/0049,
 * 0080).
 */
export function planSummary(terms: PlanTerms, rows: readonly SummaryRow[], today: string) {
  const onPlan = new Set(terms.creditors.map((c) => c.id));
  const kept = rows.filter((r) => onPlan.has(r.id));
  const current = payoffOf(
    kept.map((r) => ({
      balance: r.currentBalance,
      aprBp: r.currentApr ?? ASSUMED_CURRENT_APR_BP,
      payment: r.currentMonthlyPayment,
    })),
  );
  const totalBalance = sumCents(kept.map((r) => r.currentBalance));
  const totalCurrentMonthlyPayment = sumCents(kept.map((r) => r.currentMonthlyPayment));
  return {
    estimatedTotalMonthlySavings: totalCurrentMonthlyPayment - terms.monthlyDraft,
    totalCurrentMonthlyPayment,
    creditorsMonthlyPayment: terms.creditorsMonthlyPayment,
    totalNewMonthlyPayment: terms.monthlyDraft,
    // Never paid off at the current payments: no total, the page says so (0 here, currentTotalInterest null).
    currentRepaymentAmount: current.paidOff ? totalBalance + current.interest : 0,
    newRepaymentAmount: terms.totalPaid,
    termInMonths: terms.termInMonths,
    currentPayoffMonths: current.paidOff ? current.months : 0,
    totalEstimatedPayoffSavings: sumCents(kept.map((r) => r.estimatedPayoffSavings ?? 0)),
    currentTotalInterest: current.paidOff ? current.interest : null,
    accountsNeverPaidOff: current.paidOff ? 0 : current.accountsNeverPaidOff,
    planTotalInterest: terms.planInterest,
    setupFee: terms.setupFee,
    monthlyFee: terms.monthlyFee,
    planTotalFees: terms.totalFees,
    firstDraftDate: terms.firstDraftDate,
    planDebtFreeMonth: terms.lastDraftDate ? terms.lastDraftDate.slice(0, 7) : null,
    // The current payments' last month, counted from next month's payment.
    currentDebtFreeMonth:
      current.paidOff && current.months > 0 ? debtFreeDate(nextMonthStart(today), current.months) : null,
  };
}

/** Continue on /offers/review: acceptOffer → confirmPaymentAccount, /payments/next-steps. */
export async function continueFromOffers(o: {
  services: Services;
  userId: string;
}): Promise<{ next: string }> {
  const { db } = o.services.database;
  return db.transaction(async (tx) => {
    const app = await lockOwnApplication(tx, o.userId);
    if (app.status !== 'acceptOffer') {
      throw new AppError('Conflict', undefined, { redirect: resumeRoute(app) });
    }
    const latest = await tx.query.decision.findFirst({
      where: eq(decision.applicationId, app.id),
      orderBy: (d, { desc }) => [desc(d.createdAt)],
    });
    if (latest)
      await tx.update(decision).set({ wasAcceptedByBorrower: true }).where(eq(decision.id, latest.id));
    await changeStatus(tx, app, 'offersContinued', o.userId);
    await updateApplication(tx, app, {
      completed: 'Review',
      viewed: 'NextSteps',
      set: { hasSubmittedReviewPage: true },
    });
    return { next: PAGE_ROUTES.NextSteps };
  });
}

import { eq } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import type { OffersView } from '#domain/flow/application-view';
import { PAGE_ROUTES } from '#domain/flow/pages';
import { resumeRoute } from '#domain/flow/resume';
import { sumCents } from '#domain/money/cents';
import { ASSUMED_CURRENT_APR_BP, DEFAULT_PROPOSED_APR_BP } from '#domain/underwriting/constants';
import { comparePayoff, debtFreeDates } from '#domain/underwriting/payoff-comparison';
import { PLAN_FEE_SETTINGS } from '#domain/underwriting/plan-fees';
import { byBalanceDescending } from '#domain/underwriting/eligibility';
import { lenderFriendlyName } from '#domain/underwriting/lender-names';
import { estimatedCurrentMonthlyPayment } from '#domain/underwriting/payment-estimates';
import type { Services } from '#server/services';
import { application, borrower } from '#server/db/schema/application';
import { decision } from '#server/db/schema/decision';
import { last4 } from '#server/security/field-encryption';
import { changeStatus, lockOwnApplication, updateApplication } from '#server/application/application-state';
import { feeCapForState } from '#server/application/plan-fees';

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
 * GET /api/application/offers (the /offers/review page): the newest qualified decision's offers,
 * declined ones excluded, sorted by balance descending, with the savings and the comparison figures.
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
  const latest = await db.query.decision.findFirst({
    where: eq(decision.applicationId, app.id),
    orderBy: (d, { desc }) => [desc(d.createdAt)],
    with: { offers: { with: { debt: true, collection: true } } },
  });
  if (!latest?.isQualified) throw new AppError('NotFound');
  const borrowerRow = await db.query.borrower.findFirst({
    where: eq(borrower.applicationId, app.id),
    columns: { state: true },
  });
  const rows = latest.offers
    .filter((x) => x.status !== 'declined')
    .map((x) => {
      const account = x.debt ?? x.collection;
      const bureauName = x.debt?.lenderName ?? x.collection?.subscriberName ?? null;
      const creditorName =
        x.debt?.lenderFriendlyName ??
        x.collection?.subscriberFriendlyName ??
        lenderFriendlyName(bureauName ?? '');
      return {
        id: x.id,
        creditorName,
        bureauName,
        accountNumberLast4: last4(cipher, account?.accountNumber),
        currentBalance: x.balance,
        currentMonthlyPayment: estimatedCurrentMonthlyPayment(
          x.balance,
          x.currentApr ?? ASSUMED_CURRENT_APR_BP,
        ),
        newMonthlyPayment: x.payment,
        term: x.term,
        currentApr: x.currentApr,
        proposedApr: x.proposedApr,
        estimatedPayoffSavings: x.estimatedPayoffSavings,
      };
    })
    .sort(byBalanceDescending);
  const plan = planSummary(rows, borrowerRow?.state ?? null, o.today ?? todayUtc());
  return { ...plan, offers: rows, explanation: latest.explanation ?? '' };
}

/** The day the review is read, 'yyyy-MM-dd' in UTC: the debt-free dates count from it. */
const todayUtc = (): string => new Date().toISOString().slice(0, 10);

type SummaryRow = {
  currentBalance: number;
  currentMonthlyPayment: number;
  newMonthlyPayment: number;
  term: number;
  currentApr: number | null;
  proposedApr: number | null;
  estimatedPayoffSavings: number | null;
};

/**
 * The figures above the creditor table, from the offers, the borrower's state (its fee caps) and today: the
 * monthly payments (the plan's including the agency's monthly fee), the interest and fees until paid off both
 * ways, and the debt-free months (docs/decisions/0048 and 0049). /budget reads the same plan payment from here.
 */
export function planSummary(rows: readonly SummaryRow[], state: string | null, today: string) {
  const comparison = comparePayoff(
    rows.map((r) => ({
      balance: r.currentBalance,
      // An offer stores the APRs it was built with; older rows without them read as the defaults.
      currentAprBp: r.currentApr ?? ASSUMED_CURRENT_APR_BP,
      currentPayment: r.currentMonthlyPayment,
      planAprBp: r.proposedApr ?? DEFAULT_PROPOSED_APR_BP,
      planPayment: r.newMonthlyPayment,
    })),
    { fees: PLAN_FEE_SETTINGS, cap: feeCapForState(state) },
  );
  const dates = debtFreeDates(comparison, today);
  const totalBalance = sumCents(rows.map((r) => r.currentBalance));
  const totalCurrentMonthlyPayment = sumCents(rows.map((r) => r.currentMonthlyPayment));
  const creditorsMonthlyPayment = sumCents(rows.map((r) => r.newMonthlyPayment));
  const totalNewMonthlyPayment = creditorsMonthlyPayment + comparison.monthlyFee;
  const longestTerm = Math.max(0, ...rows.map((r) => r.term));
  const current = comparison.current;
  const planInterest = comparison.plan.paidOff ? comparison.plan.interest : 0;
  const planFees = comparison.totalFees ?? 0;
  return {
    estimatedTotalMonthlySavings: totalCurrentMonthlyPayment - totalNewMonthlyPayment,
    totalCurrentMonthlyPayment,
    creditorsMonthlyPayment,
    totalNewMonthlyPayment,
    // Never paid off at the current payments: no total, the page says so (0 here, currentTotalInterest null).
    currentRepaymentAmount: current.paidOff ? totalBalance + current.interest : 0,
    newRepaymentAmount: totalBalance + planInterest + planFees,
    longestTerm,
    currentPayoffMonths: current.paidOff ? current.months : 0,
    totalEstimatedPayoffSavings: sumCents(rows.map((r) => r.estimatedPayoffSavings ?? 0)),
    currentTotalInterest: current.paidOff ? current.interest : null,
    accountsNeverPaidOff: current.paidOff ? 0 : current.accountsNeverPaidOff,
    planTotalInterest: planInterest,
    setupFee: comparison.setupFee,
    monthlyFee: comparison.monthlyFee,
    planTotalFees: planFees,
    planDebtFreeMonth: dates.plan,
    currentDebtFreeMonth: dates.current,
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

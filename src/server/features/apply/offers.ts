import { eq } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import type { OffersView } from '#domain/flow/application-view';
import { PAGE_ROUTES } from '#domain/flow/pages';
import { resumeRoute } from '#domain/flow/resume';
import { monthsToPayOff, totalPaid } from '#domain/money/amortization';
import { sumCents } from '#domain/money/cents';
import { ASSUMED_CURRENT_APR_BP } from '#domain/underwriting/constants';
import { byBalanceDescending } from '#domain/underwriting/eligibility';
import { lenderFriendlyName } from '#domain/underwriting/lender-names';
import { estimatedCurrentMonthlyPayment } from '#domain/underwriting/payment-estimates';
import type { Services } from '#server/services';
import { application } from '#server/db/schema/application';
import { decision } from '#server/db/schema/decision';
import { last4 } from '#server/security/field-encryption';
import { changeStatus, lockOwnApplication, updateApplication } from '#server/application/application-state';

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
export async function getOffers(o: { services: Services; userId: string }): Promise<OffersView> {
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
        currentMonthlyPayment: estimatedCurrentMonthlyPayment(x.balance),
        newMonthlyPayment: x.payment,
        term: x.term,
        currentApr: x.currentApr,
        proposedApr: x.proposedApr,
        estimatedPayoffSavings: x.estimatedPayoffSavings,
      };
    })
    .sort(byBalanceDescending);
  const totalCurrentMonthlyPayment = sumCents(rows.map((r) => r.currentMonthlyPayment));
  const totalNewMonthlyPayment = sumCents(rows.map((r) => r.newMonthlyPayment));
  const longestTerm = Math.max(0, ...rows.map((r) => r.term));
  const currentPayoffMonths = Math.max(
    0,
    ...rows.map((r) => {
      const months = monthsToPayOff(r.currentBalance, ASSUMED_CURRENT_APR_BP, r.currentMonthlyPayment);
      return Number.isFinite(months) ? months : 0;
    }),
  );
  return {
    estimatedTotalMonthlySavings: totalCurrentMonthlyPayment - totalNewMonthlyPayment,
    totalCurrentMonthlyPayment,
    totalNewMonthlyPayment,
    currentRepaymentAmount: sumCents(
      rows.map((r) => totalPaid(r.currentBalance, ASSUMED_CURRENT_APR_BP, r.currentMonthlyPayment)),
    ),
    newRepaymentAmount: totalNewMonthlyPayment * longestTerm,
    longestTerm,
    currentPayoffMonths,
    totalEstimatedPayoffSavings: sumCents(rows.map((r) => r.estimatedPayoffSavings ?? 0)),
    offers: rows,
    explanation: latest.explanation ?? '',
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

import type { Db } from '#server/db/client';
import { creditReport, debt } from '#server/db/schema/credit';
import { decision, offer } from '#server/db/schema/decision';
import { dmpEnrollment } from '#server/db/schema/enrollment';
import { createApplication } from '#tests/factories/application';

/**
 * A plan handed to the agency, as the agency's events find it: a transferred application with its enrollment
 * and one accepted offer (the creditor the events name by offer id).
 */
export async function enrolledPlan(db: Db): Promise<{ applicationId: string; offerId: string }> {
  const { applicationId } = await createApplication(db, {
    application: { status: 'transferred' },
    borrower: { firstName: 'Rosalind', lastName: 'Quixote' },
  });
  await db.insert(dmpEnrollment).values({
    applicationId,
    active: true,
    dateSigned: '2026-10-20',
    firstPaymentDate: '2026-11-15',
    monthlyPaymentAmount: 31_200,
    termInMonths: 48,
  });
  const [report] = await db.insert(creditReport).values({ applicationId }).returning();
  const [owed] = await db
    .insert(debt)
    .values({ applicationId, creditReportId: report!.id, currentBalance: 420_000 })
    .returning();
  const [d] = await db
    .insert(decision)
    .values({
      applicationId,
      currentExpenses: 1,
      currentIncome: 2,
      eligibleDebtPayment: 3,
      ineligibleDebtPayment: 4,
      isQualified: true,
    })
    .returning();
  const [o] = await db
    .insert(offer)
    .values({
      applicationId,
      decisionId: d!.id,
      debtId: owed!.id,
      status: 'accepted',
      type: 'dmp',
      fee: 0,
      payment: 9_800,
      paymentPercentage: 200,
      term: 48,
      balance: 420_000,
      currentApr: 2_190,
      proposedApr: 800,
      currentMinimumMonthlyPrincipalPaymentPercent: 100,
      proposedMonthlyInterestPayment: 2_800,
      proposedMonthlyPrincipalPayment: 7_000,
      estimatedPayoffSavings: 100_000,
    })
    .returning();
  return { applicationId, offerId: o!.id };
}

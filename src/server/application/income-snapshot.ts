import { eq, inArray } from 'drizzle-orm';
import type { IncomePrediction } from '#domain/underwriting/income-prediction';
import type { Transaction } from '#server/db/client';
import { application } from '#server/db/schema/application';
import { incomeSnapshot, plaidTransaction } from '#server/db/schema/enrollment';

// An income snapshot is written the same way wherever income is predicted from bank transactions: when a
// borrower connects a bank, when the seed plays a borrower's history, and when the monitors refresh the data.

/** Stores a prediction as the application's newest income snapshot, dated `at` when given (else now). */
export async function storeIncomeSnapshot(
  tx: Transaction,
  o: { applicationId: string; borrowerId: string; prediction: IncomePrediction; at?: Date },
): Promise<void> {
  await tx.insert(incomeSnapshot).values({
    applicationId: o.applicationId,
    borrowerId: o.borrowerId,
    monthlyIncome: o.prediction.monthlyIncome,
    annualIncome: o.prediction.annualIncome,
    ninetyDayIncome: o.prediction.ninetyDayIncome,
    incomeTransactionIds: o.prediction.incomeTransactionIds,
    ...(o.at ? { createdAt: o.at, updatedAt: o.at } : {}),
  });
}

/**
 * Takes a prediction as the application's verified income: the snapshot, the deposits it counted marked as
 * verified income, and the application's verified monthly income set from it.
 */
export async function verifyIncome(
  tx: Transaction,
  o: { applicationId: string; borrowerId: string; prediction: IncomePrediction },
): Promise<void> {
  await storeIncomeSnapshot(tx, o);
  if (o.prediction.incomeTransactionIds.length > 0) {
    await tx
      .update(plaidTransaction)
      .set({ isVerifiedAsIncome: true })
      .where(inArray(plaidTransaction.id, o.prediction.incomeTransactionIds));
  }
  await tx
    .update(application)
    .set({ verifiedMonthlyCurrentIncome: o.prediction.monthlyIncome })
    .where(eq(application.id, o.applicationId));
}

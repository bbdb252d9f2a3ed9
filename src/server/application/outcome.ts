import { inSequence } from '#server/db/in-sequence';
import { and, asc, eq } from 'drizzle-orm';
import type { OutcomeView } from '#domain/flow/application-view';
import { ASSUMED_CURRENT_APR_BP } from '#domain/underwriting/constants';
import { lenderFriendlyName } from '#domain/underwriting/lender-names';
import { outcomesOf } from '#domain/underwriting/outcomes';
import { payoffPlan, type PayoffDebt } from '#domain/underwriting/payoff-plan';
import { estimatedCurrentMonthlyPayment } from '#domain/underwriting/payment-estimates';
import type { Reader } from '#server/db/client';
import { collection, debt } from '#server/db/schema/credit';
import { disqualificationReason } from '#server/db/schema/decision';

/**
 * What the borrower pays on a debt now: the payment the bureau reports (or the borrower told us, for a debt
 * they added) when there is one, otherwise the estimate the decision used (1% of the balance and a month's
 * interest, at least $25).
 */
const currentPayment = (balance: number, scheduled: number | null): number =>
  scheduled != null && scheduled > 0 ? scheduled : estimatedCurrentMonthlyPayment(balance);

/** The debts and collections chosen for the plan, as the do-it-yourself payoff plan reads them. */
async function chosenDebts(db: Reader, applicationId: string): Promise<PayoffDebt[]> {
  const [debts, collections] = await inSequence(
    () =>
      db
        .select()
        .from(debt)
        .where(
          and(
            eq(debt.applicationId, applicationId),
            eq(debt.isEligibleForDmp, true),
            eq(debt.selectedForDebtReduction, true),
          ),
        )
        .limit(1000),
    () =>
      db
        .select()
        .from(collection)
        .where(
          and(
            eq(collection.applicationId, applicationId),
            eq(collection.isEligibleForDmp, true),
            eq(collection.selectedForDebtReduction, true),
          ),
        )
        .limit(1000),
  );
  // Credit reports carry no interest rates: every account is taken at the rate the decision assumes.
  return [
    ...debts.map((d) => ({
      id: d.id,
      name: d.lenderFriendlyName ?? lenderFriendlyName(d.lenderName ?? ''),
      balance: d.currentBalance,
      aprBp: ASSUMED_CURRENT_APR_BP,
      payment: currentPayment(d.currentBalance, d.scheduledMonthlyPayment),
    })),
    ...collections.map((c) => ({
      id: c.id,
      name: c.subscriberFriendlyName ?? lenderFriendlyName(c.subscriberName ?? ''),
      balance: c.currentBalance,
      aprBp: ASSUMED_CURRENT_APR_BP,
      payment: currentPayment(c.currentBalance, c.scheduledMonthlyPayment),
    })),
  ];
}

/**
 * Why a disqualified application did not qualify (its stored reasons, grouped) and, when the borrower can pay
 * their debts without a plan, the avalanche payoff plan of the debts they chose.
 */
export async function readOutcome(db: Reader, applicationId: string): Promise<OutcomeView> {
  const reasons = await db
    .select({ reason: disqualificationReason.reason })
    .from(disqualificationReason)
    .where(eq(disqualificationReason.applicationId, applicationId))
    .orderBy(asc(disqualificationReason.createdAt))
    .limit(100);
  const outcomes = outcomesOf(reasons.map((r) => r.reason));
  if (!outcomes.includes('cashflowTooHigh')) return { outcomes, payoffPlan: null };
  const plan = payoffPlan(await chosenDebts(db, applicationId));
  return { outcomes, payoffPlan: { ...plan, aprAssumed: true } };
}

import { randomUUID } from 'node:crypto';
import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { alert, type AlertTrigger, type AlertType } from '#server/db/schema/service-work';
import { creditReport, debtScore, inquiry } from '#server/db/schema/credit';
import {
  incomeSnapshot,
  plaidAccount,
  plaidBalance,
  plaidItem,
  plaidTransaction,
} from '#server/db/schema/enrollment';
import type { Rng } from './random';

// Alerts come from monitoring that is not built yet (bank and credit changes after the plan starts), so the
// seed writes them, each triggered by a record the application really has: its debt score, a credit
// inquiry, or, when the bank is linked, the connection, a balance, a fee transaction or the income snapshot.

/** Share of applications with something to alert on that get alerts. */
const ALERT_SHARE = 0.45;
const MAX_ALERTS = 3;
const SEEN_SHARE = 0.3;
const FEE_DOLLARS = { overdraftTransaction: 35, insufficientFundsTransaction: 34 } as const;
const FEE_NAMES = {
  overdraftTransaction: 'OVERDRAFT FEE',
  insufficientFundsTransaction: 'NSF RETURNED ITEM FEE',
};

type Candidate = { type: AlertType; trigger: () => Promise<AlertTrigger> };

export async function addAlerts(db: Db, o: { applicationId: string; rng: Rng }): Promise<number> {
  const { rng } = o;
  if (!rng.chance(ALERT_SHARE)) return 0;
  const [score] = await db
    .select({ id: debtScore.id })
    .from(debtScore)
    .where(eq(debtScore.applicationId, o.applicationId))
    .orderBy(desc(debtScore.createdAt))
    .limit(1);
  const reports = await db
    .select({ id: creditReport.id })
    .from(creditReport)
    .where(eq(creditReport.applicationId, o.applicationId));
  const [newestInquiry] =
    reports.length === 0
      ? []
      : await db
          .select({ id: inquiry.id })
          .from(inquiry)
          .where(
            inArray(
              inquiry.creditReportId,
              reports.map((r) => r.id),
            ),
          )
          .orderBy(desc(inquiry.date))
          .limit(1);
  const [bank] = await db
    .select({ itemId: plaidItem.id, accountId: plaidAccount.id })
    .from(plaidItem)
    .innerJoin(plaidAccount, eq(plaidAccount.plaidItemId, plaidItem.id))
    .where(eq(plaidItem.applicationId, o.applicationId))
    .limit(1);

  const candidates: Candidate[] = [];
  if (score)
    candidates.push({
      type: 'debtScore30DayDecrease',
      trigger: async () => ({ id: score.id, type: 'debtScore' }),
    });
  if (newestInquiry) {
    candidates.push({
      type: 'newCreditInquiry',
      trigger: async () => ({ id: newestInquiry.id, type: 'inquiry' }),
    });
  }
  if (bank) {
    candidates.push(
      {
        type: 'bankAccountDisconnected',
        trigger: async () => {
          await db.update(plaidItem).set({ isConnected: false }).where(eq(plaidItem.id, bank.itemId));
          return { id: bank.itemId, type: 'plaidItem' };
        },
      },
      {
        type: 'balanceBelowDMPPayment',
        trigger: async () => {
          const low = rng.int(5, 90) * 100;
          const [row] = await db
            .insert(plaidBalance)
            .values({ plaidAccountId: bank.accountId, available: low, current: low })
            .returning({ id: plaidBalance.id });
          return { id: row!.id, type: 'plaidBalance' };
        },
      },
      ...(['overdraftTransaction', 'insufficientFundsTransaction'] as const).map((type) => ({
        type,
        trigger: async (): Promise<AlertTrigger> => {
          const [row] = await db
            .insert(plaidTransaction)
            .values({
              plaidAccountId: bank.accountId,
              providerTransactionId: `txn-sandbox-${randomUUID()}`,
              amount: FEE_DOLLARS[type] * 100,
              date: new Date().toISOString().slice(0, 10),
              name: FEE_NAMES[type],
            })
            .returning({ id: plaidTransaction.id });
          return { id: row!.id, type: 'plaidTransaction' };
        },
      })),
      {
        type: 'monthlyIncomeDecrease',
        trigger: async () => {
          const [snapshot] = await db
            .select({ id: incomeSnapshot.id })
            .from(incomeSnapshot)
            .where(eq(incomeSnapshot.applicationId, o.applicationId))
            .limit(1);
          return { id: snapshot!.id, type: 'incomeSnapshot' };
        },
      },
    );
  }
  if (candidates.length === 0) return 0;
  const chosen = rng.shuffle(candidates).slice(0, rng.int(1, Math.min(MAX_ALERTS, candidates.length)));
  for (const c of chosen) {
    await db.insert(alert).values({
      applicationId: o.applicationId,
      type: c.type,
      triggeredBy: [await c.trigger()],
      hasBeenSeenByCustomerServiceRepresentative: rng.chance(SEEN_SHARE),
    });
  }
  return chosen.length;
}

import { and, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { dayIn, daysBetween } from '#domain/calendar';
import { predictIncome } from '#domain/underwriting/income-prediction';
import { debtScore as scoreDebt } from '#domain/underwriting/scores';
import type { TransactionUpdates } from '#providers/bank-link/sync';
import { incomeTransactions, storeTransactionUpdates } from '#server/application/bank-history';
import { storeIncomeSnapshot } from '#server/application/income-snapshot';
import { borrower } from '#server/db/schema/application';
import { creditReport, debtScore, riskScore } from '#server/db/schema/credit';
import { incomeSnapshot, plaidAccount, plaidBalance, plaidItem } from '#server/db/schema/enrollment';
import type { Transaction, Unit } from '#server/unit-of-work';

// The data refresh's side inside a unit of work: what the banks answered (read by refresh-data.ts outside any
// unit) is stored here, under the application's lock, with the snapshot and the debt score that follow from it.

export type RefreshSettings = {
  /**
   * Days between two income snapshots. Four weeks: a whole number of weekly and every-other-week pay cycles,
   * so two snapshots count the same number of paydays and a steady income reads the same (a 90-day window
   * holds 6 or 7 biweekly paychecks depending on the day it ends; see docs/decisions/0059).
   */
  snapshotDays: number;
};

export const DEFAULT_REFRESH_SETTINGS: RefreshSettings = { snapshotDays: 28 };

/** One item's news as the bank link answered it: its accounts' balances and its transactions since the cursor. */
export type ItemRead = {
  itemId: string;
  accounts: { accountId: string; balances: { available: number | null; current: number | null } }[];
  updates: TransactionUpdates;
  /** Whether the item's history was all read before (a new one's may still be arriving). */
  finishedBefore: boolean;
};

/** A connected item to read, its access token opened. */
export type ItemToRead = {
  id: string;
  accessToken: string;
  cursor: string | null;
  finished: boolean;
  webhookUrl: string | null;
};

/** The application's connected items linked by `asOf`, their access tokens opened with the unit's cipher. */
export async function itemsToRead(unit: Unit, applicationId: string, asOf: Date): Promise<ItemToRead[]> {
  const rows = await unit.tx
    .select({
      id: plaidItem.id,
      accessToken: plaidItem.accessToken,
      cursor: plaidItem.transactionsCursor,
      finished: plaidItem.isFinishedHistoricalUpdate,
      webhookUrl: plaidItem.webhookUrl,
    })
    .from(plaidItem)
    .where(
      and(
        eq(plaidItem.applicationId, applicationId),
        eq(plaidItem.isConnected, true),
        isNotNull(plaidItem.accessToken),
        lte(plaidItem.createdAt, asOf),
      ),
    );
  return rows.map((row) => ({ ...row, accessToken: unit.cipher.decrypt(row.accessToken!) }));
}

/** Stores an item's balances (one reading per account per day) and new transactions, and moves its cursor. */
async function storeItem(tx: Transaction, read: ItemRead, asOf: Date, timeZone: string) {
  const accounts = await tx
    .select({ id: plaidAccount.id, providerAccountId: plaidAccount.providerAccountId })
    .from(plaidAccount)
    .where(eq(plaidAccount.plaidItemId, read.itemId));
  const byProvider = new Map(accounts.map((a) => [a.providerAccountId, a.id]));
  const today = dayIn(asOf, timeZone);
  for (const account of read.accounts) {
    const id = byProvider.get(account.accountId);
    if (!id) continue;
    // A second run on the same day (a retry) keeps the day's first reading.
    const [already] = await tx
      .select({ id: plaidBalance.id })
      .from(plaidBalance)
      .where(
        and(
          eq(plaidBalance.plaidAccountId, id),
          sql`(${plaidBalance.createdAt} at time zone ${timeZone})::date = ${today}::date`,
        ),
      )
      .limit(1);
    if (already) continue;
    await tx.insert(plaidBalance).values({
      plaidAccountId: id,
      available: account.balances.available,
      current: account.balances.current,
      createdAt: asOf,
    });
  }
  // New transactions stored, changed ones updated in place, removed ones deleted.
  await storeTransactionUpdates(tx, read.itemId, read.updates, asOf);
  const { updates } = read;
  await tx
    .update(plaidItem)
    .set({
      transactionsCursor: updates.cursor,
      updatedAt: asOf,
      // A history that finished arriving since the item was linked (its webhook was missed).
      ...(updates.reachedEnd && updates.historyComplete ? { isFinishedHistoricalUpdate: true } : {}),
    })
    .where(eq(plaidItem.id, read.itemId));
}

/** Whether every item read has its whole history: an income predicted from part of one would read low. */
const historiesComplete = (reads: readonly ItemRead[]) =>
  reads.every((r) => r.finishedBefore || (r.updates.reachedEnd && r.updates.historyComplete));

/**
 * A new debt score as of `asOf`, computed as the application's decision computed its score: the newest risk
 * scores of the borrower (and spouse), the budget the plan was decided on (its expenses and unsecured debt
 * payments, kept from the newest score), and the newest income snapshot's monthly income. Nothing without an
 * earlier score (no decision was scored: there is no budget to score against).
 */
export async function recordDebtScore(tx: Transaction, o: { applicationId: string; asOf: Date }) {
  const [previous] = await tx
    .select()
    .from(debtScore)
    .where(and(eq(debtScore.applicationId, o.applicationId), lte(debtScore.createdAt, o.asOf)))
    .orderBy(desc(debtScore.createdAt))
    .limit(1);
  if (!previous) return null;
  const newestRisk = async (who: 'borrower' | 'spouse') => {
    const [row] = await tx
      .select({ id: riskScore.id, value: riskScore.value })
      .from(riskScore)
      .innerJoin(creditReport, eq(creditReport.id, riskScore.creditReportId))
      .where(
        and(
          eq(creditReport.applicationId, o.applicationId),
          isNotNull(who === 'borrower' ? creditReport.borrowerId : creditReport.spouseId),
          lte(riskScore.createdAt, o.asOf),
        ),
      )
      .orderBy(desc(riskScore.createdAt))
      .limit(1);
    return row;
  };
  const borrowerRisk = await newestRisk('borrower');
  if (!borrowerRisk) return null;
  const spouseRisk = previous.spouseRiskScoreId ? await newestRisk('spouse') : undefined;
  const [snapshot] = await tx
    .select({ monthlyIncome: incomeSnapshot.monthlyIncome })
    .from(incomeSnapshot)
    .where(and(eq(incomeSnapshot.applicationId, o.applicationId), lte(incomeSnapshot.createdAt, o.asOf)))
    .orderBy(desc(incomeSnapshot.createdAt))
    .limit(1);
  const monthlyIncome = snapshot?.monthlyIncome ?? previous.monthlyIncome ?? 0;
  const monthlyExpense = previous.monthlyExpense ?? 0;
  const monthlyUnsecuredDebt = previous.monthlyUnsecuredDebt ?? 0;
  const score = scoreDebt({
    borrowerRiskScore: borrowerRisk.value,
    spouseRiskScore: spouseRisk?.value ?? null,
    monthlyIncome,
    monthlyExpense,
    monthlyUnsecuredDebt,
  });
  const [row] = await tx
    .insert(debtScore)
    .values({
      applicationId: o.applicationId,
      borrowerId: previous.borrowerId,
      borrowerRiskScoreId: borrowerRisk.id,
      spouseRiskScoreId: spouseRisk?.id ?? null,
      owner: previous.owner,
      value: score.value,
      discount: score.discount,
      monthlyExpense,
      monthlyIncome,
      monthlyUnsecuredDebt,
      riskScore: score.riskScore,
      version: score.version,
      createdAt: o.asOf,
    })
    .returning({ id: debtScore.id, value: debtScore.value });
  return row!;
}

/** Whether the newest snapshot is at least `snapshotDays` old on `asOf` (or there is none). */
async function snapshotDue(
  tx: Transaction,
  applicationId: string,
  asOf: Date,
  settings: RefreshSettings,
  timeZone: string,
) {
  const [newest] = await tx
    .select({ createdAt: incomeSnapshot.createdAt })
    .from(incomeSnapshot)
    .where(and(eq(incomeSnapshot.applicationId, applicationId), lte(incomeSnapshot.createdAt, asOf)))
    .orderBy(desc(incomeSnapshot.createdAt))
    .limit(1);
  return (
    !newest || daysBetween(dayIn(newest.createdAt, timeZone), dayIn(asOf, timeZone)) >= settings.snapshotDays
  );
}

/**
 * The income snapshot as the application flow takes it (predictIncome over every stored transaction of the
 * application's banks, as of `asOf`).
 */
async function recordIncomeSnapshot(
  tx: Transaction,
  applicationId: string,
  borrowerId: string,
  asOf: Date,
  timeZone: string,
) {
  const day = dayIn(asOf, timeZone);
  const prediction = predictIncome(await incomeTransactions(tx, { applicationId, upTo: day }), day);
  await storeIncomeSnapshot(tx, { applicationId, borrowerId, prediction, at: asOf });
}

/**
 * Stores what one application's banks answered, under the application's lock: the items that asked the
 * customer to sign in again marked disconnected, each read item's balances and transactions; then, when every
 * connected bank was read whole and the snapshot is due, a new income snapshot and a new debt score.
 */
export async function storeRefresh(
  unit: Unit,
  o: {
    applicationId: string;
    asOf: Date;
    timeZone: string;
    settings: RefreshSettings;
    reads: readonly ItemRead[];
    /** Items whose bank wants the customer to sign in again. */
    lost: readonly string[];
    /** Whether some bank failed otherwise (down, timing out): no snapshot is taken from part of the data. */
    failed: boolean;
  },
): Promise<void> {
  const { tx } = unit;
  // One writer per application (a retried job beside a slow first attempt).
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`refresh:${o.applicationId}`}))`);
  if (o.lost.length > 0) {
    await tx
      .update(plaidItem)
      .set({ isConnected: false, updatedAt: o.asOf })
      .where(and(inArray(plaidItem.id, [...o.lost]), eq(plaidItem.isConnected, true)));
  }
  for (const read of o.reads) await storeItem(tx, read, o.asOf, o.timeZone);
  if (o.failed || o.lost.length > 0 || o.reads.length === 0 || !historiesComplete(o.reads)) return;
  if (!(await snapshotDue(tx, o.applicationId, o.asOf, o.settings, o.timeZone))) return;
  const [owner] = await tx
    .select({ id: borrower.id })
    .from(borrower)
    .where(eq(borrower.applicationId, o.applicationId))
    .limit(1);
  if (!owner) return;
  await recordIncomeSnapshot(tx, o.applicationId, owner.id, o.asOf, o.timeZone);
  await recordDebtScore(tx, { applicationId: o.applicationId, asOf: o.asOf });
}

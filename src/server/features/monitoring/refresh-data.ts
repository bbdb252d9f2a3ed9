import { and, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { dayIn, daysBetween } from '#domain/calendar';
import { predictIncome } from '#domain/underwriting/income-prediction';
import { storeIncomeSnapshot } from '#server/application/income-snapshot';
import { debtScore as scoreDebt } from '#domain/underwriting/scores';
import { type BankAccount, type BankLink, BankLinkLoginRequiredError } from '#providers/bank-link/port';
import { readTransactionUpdates, type TransactionUpdates } from '#providers/bank-link/sync';
import { ensureItemWebhook, storeTransactionUpdates } from '#server/application/bank-history';
import { type Db, inTransaction, type Tx } from '#server/db/client';
import { borrower } from '#server/db/schema/application';
import { creditReport, debtScore, riskScore } from '#server/db/schema/credit';
import {
  incomeSnapshot,
  plaidAccount,
  plaidBalance,
  plaidItem,
  plaidTransaction,
} from '#server/db/schema/enrollment';
import type { FieldCipher } from '#server/security/field-encryption';

/** A bank with a long backlog is read in pages; this bounds one item's reading per run. */
const MAX_SYNC_PAGES = 50;

export type RefreshSettings = {
  /**
   * Days between two income snapshots. Four weeks: a whole number of weekly and every-other-week pay cycles,
   * so two snapshots count the same number of paydays and a steady income reads the same (a 90-day window
   * holds 6 or 7 biweekly paychecks depending on the day it ends; see docs/decisions/0059).
   */
  snapshotDays: number;
};

export const DEFAULT_REFRESH_SETTINGS: RefreshSettings = { snapshotDays: 28 };

export type RefreshDeps = {
  db: Db;
  bankLink: BankLink;
  cipher: FieldCipher;
  log?: FastifyBaseLogger;
  /**
   * The app's bank-link webhook URL: an item linked without it (before it was configured, or under another
   * PUBLIC_URL) is told it at its next refresh, so its notices reach the app. None: items are left as they are.
   */
  webhookUrl?: string;
};

export type RefreshOutcome = 'refreshed' | 'disconnected' | 'failed' | 'none';

type ItemRead = {
  itemId: string;
  accounts: BankAccount[];
  updates: TransactionUpdates;
  /** Whether the item's history was all read before (a new one's may still be arriving). */
  finishedBefore: boolean;
};

/**
 * One item's news since its stored cursor, as of `asOf`, read from the provider (no transaction open). A
 * change between pages of the reading restarts it from the stored cursor (readTransactionUpdates).
 */
async function readItem(
  bankLink: BankLink,
  item: { id: string; accessToken: string; cursor: string | null; finished: boolean },
  asOf: Date,
): Promise<ItemRead> {
  const accounts = await bankLink.getAccounts(item.accessToken, { asOf });
  const updates = await readTransactionUpdates(bankLink, item.accessToken, item.cursor || null, {
    maxPages: MAX_SYNC_PAGES,
    asOf,
  });
  return { itemId: item.id, accounts, updates, finishedBefore: item.finished };
}

/** Stores an item's balances (one reading per account per day) and new transactions, and moves its cursor. */
async function storeItem(tx: Tx, read: ItemRead, asOf: Date, timeZone: string) {
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
  await inTransaction(tx, (t) => storeTransactionUpdates(t, read.itemId, read.updates, asOf));
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
const historiesComplete = (reads: ItemRead[]) =>
  reads.every((r) => r.finishedBefore || (r.updates.reachedEnd && r.updates.historyComplete));

/**
 * A new debt score as of `asOf`, computed as the application's decision computed its score: the newest risk
 * scores of the borrower (and spouse), the budget the plan was decided on (its expenses and unsecured debt
 * payments, kept from the newest score), and the newest income snapshot's monthly income. Nothing without an
 * earlier score (no decision was scored: there is no budget to score against).
 */
export async function recordDebtScore(tx: Tx, o: { applicationId: string; asOf: Date }) {
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
  tx: Tx,
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
  tx: Tx,
  applicationId: string,
  borrowerId: string,
  asOf: Date,
  timeZone: string,
) {
  const transactions = await tx
    .select({
      id: plaidTransaction.id,
      amount: plaidTransaction.amount,
      date: plaidTransaction.date,
      name: plaidTransaction.name,
      accountSubtype: plaidAccount.subType,
    })
    .from(plaidTransaction)
    .innerJoin(plaidAccount, eq(plaidAccount.id, plaidTransaction.plaidAccountId))
    .innerJoin(plaidItem, eq(plaidItem.id, plaidAccount.plaidItemId))
    .where(
      and(eq(plaidItem.applicationId, applicationId), lte(plaidTransaction.date, dayIn(asOf, timeZone))),
    );
  const prediction = predictIncome(
    transactions.map((t) => ({ ...t, name: t.name ?? '' })),
    dayIn(asOf, timeZone),
  );
  await inTransaction(tx, (t) => storeIncomeSnapshot(t, { applicationId, borrowerId, prediction, at: asOf }));
}

/**
 * The data refresh of one application as of `asOf`: for each connected bank, the accounts' balances and the
 * transactions posted since the stored cursor (changed ones updated, removed ones deleted); then, every
 * `snapshotDays`, a new income snapshot and a new debt score, once every bank's whole history is in. An item
 * linked without the app's webhook URL is told it first (`webhookUrl`). A bank that asks the customer to sign in again marks its item disconnected (the alert rules
 * raise bankAccountDisconnected from it). Safe to run again for the same day: balances are kept once a day,
 * transactions once by their provider id, and the snapshot is not due again.
 *
 * A provider that fails otherwise (down, timing out) is logged and skipped: tomorrow's run reads on from the
 * same cursor. No snapshot is taken unless every connected bank was read, so stale data never reads as a
 * fall in income.
 */
export async function refreshApplication(
  deps: RefreshDeps,
  o: {
    applicationId: string;
    asOf: Date;
    /** The agency's time zone (AGENCY_TIME_ZONE): a day's balance and a snapshot's age are counted in its days. */
    timeZone: string;
    settings?: RefreshSettings;
  },
): Promise<RefreshOutcome> {
  const settings = o.settings ?? DEFAULT_REFRESH_SETTINGS;
  const items = await deps.db
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
        eq(plaidItem.applicationId, o.applicationId),
        eq(plaidItem.isConnected, true),
        isNotNull(plaidItem.accessToken),
        lte(plaidItem.createdAt, o.asOf),
      ),
    );
  if (items.length === 0) return 'none';
  const reads: ItemRead[] = [];
  const lost: string[] = [];
  let failed = false;
  for (const item of items) {
    try {
      const accessToken = deps.cipher.decrypt(item.accessToken!);
      if (deps.webhookUrl) {
        await ensureItemWebhook(
          {
            db: deps.db,
            bankLink: deps.bankLink,
            cipher: deps.cipher,
            webhookUrl: deps.webhookUrl,
            log: deps.log,
          },
          { id: item.id, accessToken, webhookUrl: item.webhookUrl },
        );
      }
      reads.push(
        await readItem(
          deps.bankLink,
          { id: item.id, accessToken, cursor: item.cursor, finished: item.finished },
          o.asOf,
        ),
      );
    } catch (error) {
      if (error instanceof BankLinkLoginRequiredError) lost.push(item.id);
      else {
        failed = true;
        deps.log?.warn(
          { err: error, applicationId: o.applicationId, itemId: item.id },
          'bank refresh failed; the next run reads on from the same cursor',
        );
      }
    }
  }
  await deps.db.transaction(async (tx) => {
    // One writer per application (a retried job beside a slow first attempt).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`refresh:${o.applicationId}`}))`);
    if (lost.length > 0) {
      await tx
        .update(plaidItem)
        .set({ isConnected: false, updatedAt: o.asOf })
        .where(and(inArray(plaidItem.id, lost), eq(plaidItem.isConnected, true)));
    }
    for (const read of reads) await storeItem(tx, read, o.asOf, o.timeZone);
    if (failed || lost.length > 0 || reads.length === 0 || !historiesComplete(reads)) return;
    if (!(await snapshotDue(tx, o.applicationId, o.asOf, settings, o.timeZone))) return;
    const [owner] = await tx
      .select({ id: borrower.id })
      .from(borrower)
      .where(eq(borrower.applicationId, o.applicationId))
      .limit(1);
    if (!owner) return;
    await recordIncomeSnapshot(tx, o.applicationId, owner.id, o.asOf, o.timeZone);
    await recordDebtScore(tx, { applicationId: o.applicationId, asOf: o.asOf });
  });
  return lost.length > 0 ? 'disconnected' : failed ? 'failed' : 'refreshed';
}

import { and, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { predictIncome, type IncomeTransaction } from '#domain/underwriting/income-prediction';
import { BankLinkLoginRequiredError, type BankLink, type BankTransaction } from '#providers/bank-link/port';
import { readTransactionUpdates, type TransactionUpdates } from '#providers/bank-link/sync';
import type { Db, Reader, Transaction } from '#server/db/client';
import { application, borrower } from '#server/db/schema/application';
import { plaidAccount, plaidItem, plaidTransaction } from '#server/db/schema/enrollment';
import type { FieldCipher } from '#server/security/field-encryption';
import type { OpenUnit } from '#server/unit-of-work';
import { verifyIncome } from './income-snapshot';

// A connected bank's transaction history arrives after the connection: the provider reads it from the bank in
// the background (Plaid: nothing for the first seconds, then the last 30 days, then the whole history) and
// says so with a webhook and with each sync's status. Until it is all in, the item is "reading"
// (plaid_item.is_finished_historical_update false) and no income is predicted from it; the moment it is,
// the income is predicted once from the item's whole history. The connection, the provider's webhook, the
// income page's polling and the daily refresh all store what they read through here.

/** The route the provider's webhooks are received at; its URL is PUBLIC_URL's origin and this path. */
export const BANK_LINK_WEBHOOK_PATH = '/api/webhooks/bank-link';
export const bankLinkWebhookUrl = (publicUrl: string): string => `${publicUrl}${BANK_LINK_WEBHOOK_PATH}`;

/** Pages read at once for one item (a webhook, a poll): the rest waits for the next notice or the refresh. */
export const MAX_SYNC_PAGES = 50;

/**
 * The statuses in which a bank's history verifies the application's income (the income step, and the payment
 * pages, where a bank may be connected first): afterwards the monitors' snapshots take over.
 */
const VERIFYING_STATUSES = new Set(['inProgress', 'confirmPaymentAccount']);

/**
 * The stored transactions income is predicted from, as predictIncome takes them: one bank's whole history
 * (the application flow, once that bank's history is in), or every bank of an application up to a day (the
 * monitors' snapshot as of that day).
 */
export async function incomeTransactions(
  db: Reader,
  of: { itemId: string } | { applicationId: string; upTo: string },
): Promise<IncomeTransaction[]> {
  const rows = await db
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
      'itemId' in of
        ? eq(plaidAccount.plaidItemId, of.itemId)
        : and(eq(plaidItem.applicationId, of.applicationId), lte(plaidTransaction.date, of.upTo)),
    );
  return rows.map((t) => ({ ...t, name: t.name ?? '' }));
}

/** Stores one reading: new transactions, changed ones updated in place, removed ones deleted. */
export async function storeTransactionUpdates(
  tx: Transaction,
  itemId: string,
  updates: Pick<TransactionUpdates, 'added' | 'modified' | 'removed'>,
  createdAt?: Date,
): Promise<void> {
  const accounts = await tx
    .select({ id: plaidAccount.id, providerAccountId: plaidAccount.providerAccountId })
    .from(plaidAccount)
    .where(eq(plaidAccount.plaidItemId, itemId));
  const byProvider = new Map(accounts.map((a) => [a.providerAccountId, a.id]));
  const row = (t: BankTransaction) => ({
    plaidAccountId: byProvider.get(t.accountId)!,
    providerTransactionId: t.transactionId,
    amount: t.amount,
    date: t.date,
    name: t.name,
    ...(createdAt ? { createdAt } : {}),
  });
  // A transaction of an account the borrower did not share is not kept.
  const added = updates.added.filter((t) => byProvider.has(t.accountId)).map(row);
  // Batches keep each statement well under the database's parameter limit.
  for (let i = 0; i < added.length; i += 500) {
    await tx
      .insert(plaidTransaction)
      .values(added.slice(i, i + 500))
      .onConflictDoNothing({ target: plaidTransaction.providerTransactionId });
  }
  for (const t of updates.modified) {
    const accountId = byProvider.get(t.accountId);
    if (!accountId) continue;
    // In place: the row keeps its id, which an income snapshot may list among its deposits.
    const changed = await tx
      .update(plaidTransaction)
      .set({ plaidAccountId: accountId, amount: t.amount, date: t.date, name: t.name })
      .where(eq(plaidTransaction.providerTransactionId, t.transactionId))
      .returning({ id: plaidTransaction.id });
    // A change to one never stored (read before this item was kept): it is new to us.
    if (changed.length === 0) await tx.insert(plaidTransaction).values(row(t)).onConflictDoNothing();
  }
  for (let i = 0; i < updates.removed.length; i += 500) {
    await tx
      .delete(plaidTransaction)
      .where(inArray(plaidTransaction.providerTransactionId, updates.removed.slice(i, i + 500)));
  }
}

/**
 * The item's whole history is in: marks it so and, while the application is still being enrolled, predicts
 * the income from the item's transactions and takes it as the application's verified income. Answers the
 * predicted monthly income (null when none was predicted: the application is past enrollment).
 */
export async function completeHistory(
  tx: Transaction,
  o: { itemId: string; applicationId: string; today: string },
): Promise<number | null> {
  await tx.update(plaidItem).set({ isFinishedHistoricalUpdate: true }).where(eq(plaidItem.id, o.itemId));
  const [app] = await tx
    .select({ status: application.status, borrowerId: borrower.id })
    .from(application)
    .innerJoin(borrower, eq(borrower.applicationId, application.id))
    .where(eq(application.id, o.applicationId))
    .limit(1);
  if (!app || !VERIFYING_STATUSES.has(app.status)) return null;
  const prediction = predictIncome(await incomeTransactions(tx, { itemId: o.itemId }), o.today);
  await verifyIncome(tx, { applicationId: o.applicationId, borrowerId: app.borrowerId, prediction });
  return prediction.monthlyIncome;
}

export type BankHistoryDeps = {
  db: Db;
  bankLink: BankLink;
  cipher: FieldCipher;
  /** Where the provider should send the item's webhooks (PUBLIC_URL's webhook route). */
  webhookUrl: string;
  log?: FastifyBaseLogger;
};

/**
 * Tells the provider the webhook URL of an item that was linked without it (or with another): without it the
 * item's notices (its history read, a lost connection) never reach the app. Best effort: a failure is logged
 * and tried again at the item's next reading.
 */
export async function ensureItemWebhook(
  deps: BankHistoryDeps,
  item: { id: string; accessToken: string; webhookUrl: string | null },
): Promise<void> {
  await tellItemWebhook(deps, item, () =>
    deps.db.update(plaidItem).set({ webhookUrl: deps.webhookUrl }).where(eq(plaidItem.id, item.id)),
  );
}

/**
 * ensureItemWebhook for a caller on units of work: the provider is told outside any unit, and the URL the item
 * now has is stored in a unit of its own afterwards.
 */
export async function ensureItemWebhookOutsideUnits(
  deps: Pick<BankHistoryDeps, 'bankLink' | 'webhookUrl' | 'log'> & { openUnit: OpenUnit },
  item: { id: string; accessToken: string; webhookUrl: string | null },
): Promise<void> {
  await tellItemWebhook(deps, item, () =>
    deps.openUnit(({ tx }) =>
      tx.update(plaidItem).set({ webhookUrl: deps.webhookUrl }).where(eq(plaidItem.id, item.id)),
    ),
  );
}

/** ensureItemWebhook's steps: the provider told first, then `remember` stores the URL the item now has. */
async function tellItemWebhook(
  deps: Pick<BankHistoryDeps, 'bankLink' | 'webhookUrl' | 'log'>,
  item: { id: string; accessToken: string; webhookUrl: string | null },
  remember: () => Promise<unknown>,
): Promise<void> {
  if (item.webhookUrl === deps.webhookUrl) return;
  try {
    await deps.bankLink.updateItemWebhook(item.accessToken, deps.webhookUrl);
    await remember();
  } catch (error) {
    deps.log?.warn({ err: error, itemId: item.id }, 'bank link: the item webhook could not be updated');
  }
}

/**
 * What syncItem is given: the door to units of work (it reads and stores in units, and asks the provider
 * between them, outside any) and the provider.
 */
export type SyncItemDeps = Omit<BankHistoryDeps, 'db' | 'cipher'> & { openUnit: OpenUnit };

/**
 * Reads an item's transactions since its stored cursor and stores them; when the history is complete (the
 * provider's last page says so, or its webhook did: `historyComplete`) for the first time, predicts the income
 * from it (as of the agency's today, the storing unit's). Answers the item's state after the reading. A
 * reading that another one overtook (the cursor moved meanwhile) is dropped: the other stored the same news.
 * The provider is asked between units, never inside one: the item is read in a first unit and the reading
 * stored in a later one, which checks the cursor again under the item's lock.
 */
export async function syncItem(
  deps: SyncItemDeps,
  o: { itemId: string; historyComplete?: boolean },
): Promise<{ finished: boolean; stored: number } | null> {
  const item = await deps.openUnit(async ({ tx, cipher }) => {
    const row = await tx.query.plaidItem.findFirst({
      where: eq(plaidItem.id, o.itemId),
      columns: {
        id: true,
        applicationId: true,
        accessToken: true,
        transactionsCursor: true,
        isConnected: true,
        webhookUrl: true,
      },
    });
    if (!row?.accessToken || !row.isConnected) return null;
    return { ...row, accessToken: cipher.decrypt(row.accessToken) };
  });
  if (!item) return null;
  const { accessToken } = item;
  await ensureItemWebhookOutsideUnits(deps, item);
  const start = item.transactionsCursor || null;
  let updates: TransactionUpdates;
  try {
    updates = await readTransactionUpdates(deps.bankLink, accessToken, start, { maxPages: MAX_SYNC_PAGES });
  } catch (error) {
    if (!(error instanceof BankLinkLoginRequiredError)) throw error;
    // The bank wants the customer to sign in again: the item is disconnected (the alert offers to reconnect).
    await deps.openUnit(({ tx }) =>
      tx.update(plaidItem).set({ isConnected: false }).where(eq(plaidItem.id, item.id)),
    );
    return null;
  }
  return deps.openUnit(async ({ tx, today }) => {
    const [locked] = await tx
      .select({
        cursor: plaidItem.transactionsCursor,
        finished: plaidItem.isFinishedHistoricalUpdate,
      })
      .from(plaidItem)
      .where(eq(plaidItem.id, item.id))
      .for('update');
    if (!locked) return null;
    if ((locked.cursor || null) !== start) return { finished: locked.finished, stored: 0 };
    await storeTransactionUpdates(tx, item.id, updates);
    await tx
      .update(plaidItem)
      .set({ transactionsCursor: updates.cursor, updatedAt: new Date() })
      .where(eq(plaidItem.id, item.id));
    const complete = updates.reachedEnd && (updates.historyComplete || o.historyComplete === true);
    if (complete && !locked.finished) {
      await completeHistory(tx, { itemId: item.id, applicationId: item.applicationId, today });
    }
    return { finished: locked.finished || complete, stored: updates.added.length };
  });
}

/** The item of a provider's item id (a webhook names it so). */
export async function itemByProviderId(db: Reader, providerItemId: string) {
  const [row] = await db
    .select({ id: plaidItem.id })
    .from(plaidItem)
    .where(eq(plaidItem.providerItemId, providerItemId))
    .limit(1);
  return row ?? null;
}

import { and, desc, eq, gt } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { checkingAccounts } from '#domain/enrollment/bank-accounts';
import { canSavePage } from '#domain/flow/page-order';
import { PAGE_ROUTES } from '#domain/flow/pages';
import { resumeRoute } from '#domain/flow/resume';
import { predictIncome } from '#domain/underwriting/income-prediction';
import { verifyIncome } from '#server/application/income-snapshot';
import { noCheckingAccountMessage } from '#domain/validation/messages';
import type { BankAccount, BankItem, BankTransaction } from '#providers/bank-link/port';
import {
  lockOwnApplication,
  updateApplication,
  type ApplicationRow,
} from '#server/application/application-state';
import type { Tx } from '#server/db/client';
import { application, borrower } from '#server/db/schema/application';
import {
  bankLinkToken,
  plaidAccount,
  plaidBalance,
  plaidItem,
  plaidTransaction,
} from '#server/db/schema/enrollment';
import type { Services } from '#server/services';

/** A bank with years of history is read in pages; this bounds one connection's reading. */
const MAX_SYNC_PAGES = 50;
/** How many of the application's newest unexpired link sessions a public token is tried against. */
const LINK_SESSIONS_TRIED = 5;

export type Connection = {
  accessToken: string;
  item: BankItem;
  accounts: BankAccount[];
  transactions: BankTransaction[];
  cursor: string;
};

/** Every transaction of the item, from the start of its history (the provider pages them). */
async function readAllTransactions(services: Services, accessToken: string) {
  const byId = new Map<string, BankTransaction>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_SYNC_PAGES; page++) {
    const answer = await services.bankLink.syncTransactions(accessToken, cursor);
    for (const t of [...answer.added, ...answer.modified]) byId.set(t.transactionId, t);
    for (const id of answer.removed) byId.delete(id);
    cursor = answer.nextCursor;
    if (!answer.hasMore) break;
  }
  return { transactions: [...byId.values()], cursor: cursor ?? '' };
}

/** Exchanges the public token against this application's own link sessions, newest first. */
async function exchange(services: Services, applicationId: string, publicToken: string) {
  const { db } = services.database;
  const sessions = await db
    .select({ linkToken: bankLinkToken.linkToken })
    .from(bankLinkToken)
    .where(and(eq(bankLinkToken.applicationId, applicationId), gt(bankLinkToken.expiresAt, new Date())))
    .orderBy(desc(bankLinkToken.createdAt))
    .limit(LINK_SESSIONS_TRIED);
  for (const { linkToken } of sessions) {
    try {
      return await services.bankLink.exchangePublicToken({ publicToken, linkToken });
    } catch {
      // Not from this session: try the next one of the application's sessions.
    }
  }
  // Not issued for this application (or expired): never tell which.
  throw new AppError('NotFound', 'This bank connection could not be found. Please connect your bank again.');
}

/** Exchanges the widget's public token and reads the item, its accounts and its transactions. */
export async function readConnection(services: Services, applicationId: string, publicToken: string) {
  const { accessToken } = await exchange(services, applicationId, publicToken);
  try {
    const [item, accounts, sync] = await Promise.all([
      services.bankLink.getItem(accessToken),
      services.bankLink.getAccounts(accessToken),
      readAllTransactions(services, accessToken),
    ]);
    return { accessToken, item, accounts, ...sync } satisfies Connection;
  } catch (cause) {
    throw new AppError('ProviderError', undefined, { cause });
  }
}

/** Stores the item, its accounts, today's balances and its transactions; answers the stored accounts' ids. */
async function storeConnection(tx: Tx, services: Services, app: ApplicationRow, c: Connection) {
  const [item] = await tx
    .insert(plaidItem)
    .values({
      applicationId: app.id,
      providerItemId: c.item.itemId,
      accessToken: services.cipher.encrypt(c.accessToken),
      institutionId: c.item.institutionId,
      institutionName: c.item.institutionName,
      isConnected: true,
      isFinishedHistoricalUpdate: true,
      transactionsCursor: c.cursor,
    })
    .returning({ id: plaidItem.id });
  const accountIds = new Map<string, string>();
  for (const account of c.accounts) {
    const [row] = await tx
      .insert(plaidAccount)
      .values({
        plaidItemId: item!.id,
        providerAccountId: account.accountId,
        mask: account.mask,
        name: account.name,
        officialName: account.officialName,
        subType: account.subtype,
        verificationStatus: account.verificationStatus,
      })
      .returning({ id: plaidAccount.id });
    accountIds.set(account.accountId, row!.id);
    await tx.insert(plaidBalance).values({
      plaidAccountId: row!.id,
      available: account.balances.available,
      current: account.balances.current,
    });
  }
  const transactionRows = c.transactions
    .filter((t) => accountIds.has(t.accountId))
    .map((t) => ({
      plaidAccountId: accountIds.get(t.accountId)!,
      providerTransactionId: t.transactionId,
      amount: t.amount,
      date: t.date,
      name: t.name,
    }));
  const stored = new Map<string, string>();
  // Batches keep each statement well under the database's parameter limit.
  for (let i = 0; i < transactionRows.length; i += 500) {
    const rows = await tx
      .insert(plaidTransaction)
      .values(transactionRows.slice(i, i + 500))
      .onConflictDoNothing({ target: plaidTransaction.providerTransactionId })
      .returning({ id: plaidTransaction.id, providerId: plaidTransaction.providerTransactionId });
    for (const row of rows) stored.set(row.providerId!, row.id);
  }
  return { itemId: item!.id, transactionIds: stored };
}

/**
 * Predicts the household's income from the connection's deposits (an IncomeSnapshot), marks the deposits it
 * counted as verified income, and sets the application's verified monthly income from the newest snapshot.
 */
async function recordIncomeSnapshot(
  tx: Tx,
  app: ApplicationRow,
  c: Connection,
  transactionIds: Map<string, string>,
  today: string,
) {
  const subtypeOf = new Map(c.accounts.map((a) => [a.accountId, a.subtype]));
  const prediction = predictIncome(
    c.transactions
      .filter((t) => transactionIds.has(t.transactionId))
      .map((t) => ({
        id: transactionIds.get(t.transactionId)!,
        amount: t.amount,
        date: t.date,
        name: t.name,
        accountSubtype: subtypeOf.get(t.accountId) ?? null,
      })),
    today,
  );
  const [owner] = await tx
    .select({ id: borrower.id })
    .from(borrower)
    .where(eq(borrower.applicationId, app.id));
  if (!owner) return prediction.monthlyIncome;
  await verifyIncome(tx, { applicationId: app.id, borrowerId: owner.id, prediction });
  return prediction.monthlyIncome;
}

/**
 * Where a bank may be connected: at the income step (once the eligible debts are reviewed, while the
 * application is in progress), to verify the income; and on the payment pages, for the plan's payment account.
 * A bank connected at the income step is reused by the payment pages.
 */
export type ConnectionStep = 'income' | 'payments';

/** Refuses a connection the application's state does not allow now, saying where it stands. */
export function assertCanConnect(
  app: Pick<ApplicationRow, 'status' | 'lastCompletedPage' | 'lastViewedPage'>,
  step: ConnectionStep,
): void {
  if (step === 'payments' && app.status === 'confirmPaymentAccount') return;
  if (step === 'income' && app.status === 'inProgress') {
    if (canSavePage(app.lastCompletedPage, 'ProvideMonthlyIncome')) return;
    throw new AppError('PreconditionFailed', undefined, { redirect: resumeRoute(app) });
  }
  throw new AppError('Conflict', undefined, { redirect: resumeRoute(app) });
}

/**
 * The widget connected a bank. The connection must include a checking account (the plan's one monthly payment
 * is drawn from it): without one nothing is kept and the borrower is asked for the bank that holds their
 * primary checking account. Otherwise the item, accounts, balances and transactions are stored with an income
 * prediction. On the payment pages the borrower chooses the payment account next; at the income step the
 * predicted income is answered for the income page to offer.
 */
export async function connectBank(o: {
  services: Services;
  userId: string;
  publicToken: string;
  step: ConnectionStep;
  today?: string;
}): Promise<{ next: string; institutionName: string; predictedMonthlyIncome: number }> {
  const { db } = o.services.database;
  const found = await db.query.application.findFirst({
    where: eq(application.owner, o.userId),
    columns: { id: true, status: true, lastCompletedPage: true, lastViewedPage: true },
  });
  if (!found) throw new AppError('NotFound');
  assertCanConnect(found, o.step);
  // The provider is called outside the transaction: a slow bank never holds the application's lock.
  const connection = await readConnection(o.services, found.id, o.publicToken);
  if (checkingAccounts(connection.accounts).length === 0) {
    throw new AppError('NoCheckingAccount', noCheckingAccountMessage(connection.item.institutionName));
  }
  return db.transaction(async (tx) => {
    const app = await lockOwnApplication(tx, o.userId);
    assertCanConnect(app, o.step);
    const { transactionIds } = await storeConnection(tx, o.services, app, connection);
    const predictedMonthlyIncome = await recordIncomeSnapshot(
      tx,
      app,
      connection,
      transactionIds,
      o.today ?? o.services.today(),
    );
    const institutionName = connection.item.institutionName;
    if (o.step === 'income') {
      return { next: PAGE_ROUTES.ProvideMonthlyIncome, institutionName, predictedMonthlyIncome };
    }
    await updateApplication(tx, app, {
      completed: 'PaymentAccountOptions',
      viewed: 'ConfirmPaymentAccount',
    });
    return { next: PAGE_ROUTES.ConfirmPaymentAccount, institutionName, predictedMonthlyIncome };
  });
}

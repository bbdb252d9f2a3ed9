import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { checkingAccounts } from '#domain/enrollment/bank-accounts';
import { canSavePage } from '#domain/flow/page-order';
import { PAGE_ROUTES } from '#domain/flow/pages';
import { resumeRoute } from '#domain/flow/resume';
import { BANK_LINK_SESSION_EXPIRED, MESSAGE_REFS, noCheckingAccountRef } from '#domain/validation/messages';
import { BankLinkLoginRequiredError, type BankAccount, type BankItem } from '#providers/bank-link/port';
import { readTransactionUpdates, type TransactionUpdates } from '#providers/bank-link/sync';
import {
  bankLinkWebhookUrl,
  completeHistory,
  MAX_SYNC_PAGES,
  storeTransactionUpdates,
} from '#server/application/bank-history';
import {
  lockOwnApplication,
  updateApplication,
  type ApplicationRow,
} from '#server/application/application-state';
import type { Tx } from '#server/db/client';
import type { Language } from '#domain/i18n/language';
import { borrower } from '#server/db/schema/application';
import type { Db } from '#server/db/client';
import { languageOrDefault } from '#server/i18n';
import { bankLinkToken, plaidAccount, plaidBalance, plaidItem } from '#server/db/schema/enrollment';
import type { Services } from '#server/services';
import { ownCurrentApplication } from '#server/application/own-application';

/** The language the borrower reads ('en' unless they chose Spanish): the bank-link widget's. */
export async function borrowerLanguage(db: Db, applicationId: string): Promise<Language> {
  const [row] = await db
    .select({ language: borrower.preferredLanguage })
    .from(borrower)
    .where(eq(borrower.applicationId, applicationId))
    .limit(1);
  return languageOrDefault(row?.language);
}

/** How many of the application's newest unused, unexpired link tokens a public token is tried against. */
const LINK_SESSIONS_TRIED = 5;

export type Connection = {
  accessToken: string;
  item: BankItem;
  accounts: BankAccount[];
  /** The first reading of the transactions: for a bank connected seconds ago, usually nothing yet. */
  transactions: TransactionUpdates;
};

/** No link token of ours to exchange against: never issued for this application, expired, or used already. */
export const NO_LINK_SESSION_MESSAGE = BANK_LINK_SESSION_EXPIRED;

/**
 * Exchanges the widget's public token, bound to a link token this server issued to the application: the
 * application must hold an unexpired link token not used yet, and the one the exchange succeeds with is
 * marked used (claimed before the exchange, so two exchanges at once cannot both use it; released when the
 * exchange fails). Newest first: the sandbox, whose public tokens name their link token, refuses the wrong
 * one; Plaid cannot tell and the newest is the session the page just opened.
 */
async function exchange(services: Services, applicationId: string, publicToken: string) {
  const { db } = services.database;
  const sessions = await db
    .select({ id: bankLinkToken.id, linkToken: bankLinkToken.linkToken })
    .from(bankLinkToken)
    .where(
      and(
        eq(bankLinkToken.applicationId, applicationId),
        gt(bankLinkToken.expiresAt, new Date()),
        isNull(bankLinkToken.usedAt),
      ),
    )
    .orderBy(desc(bankLinkToken.createdAt))
    .limit(LINK_SESSIONS_TRIED);
  let failure: unknown = null;
  for (const session of sessions) {
    const [claimed] = await db
      .update(bankLinkToken)
      .set({ usedAt: new Date() })
      .where(and(eq(bankLinkToken.id, session.id), isNull(bankLinkToken.usedAt)))
      .returning({ id: bankLinkToken.id });
    if (!claimed) continue;
    try {
      return await services.bankLink.exchangePublicToken({ publicToken, linkToken: session.linkToken });
    } catch (error) {
      failure = error;
      await db.update(bankLinkToken).set({ usedAt: null }).where(eq(bankLinkToken.id, session.id));
    }
  }
  // Not one session to exchange against: the page must open the widget again (a new link token).
  if (sessions.length === 0) throw new AppError('Conflict', MESSAGE_REFS.bankLinkSessionExpired);
  // The provider refused the public token (made up, expired, from another session): never tell which.
  throw new AppError('NotFound', MESSAGE_REFS.bankLinkSessionExpired, { cause: failure });
}

/**
 * Exchanges the widget's public token and reads the item, its accounts and a first reading of its
 * transactions. The reading does not wait for the history: a bank connected seconds ago has none yet (the
 * provider reads it in the background and says when it is in), and a failed reading is simply read again
 * later (the webhook, the income page's polling, the daily refresh).
 */
export async function readConnection(services: Services, applicationId: string, publicToken: string) {
  const { accessToken } = await exchange(services, applicationId, publicToken);
  const firstReading = readTransactionUpdates(services.bankLink, accessToken, null, {
    maxPages: MAX_SYNC_PAGES,
  }).catch((error: unknown): TransactionUpdates => {
    if (error instanceof BankLinkLoginRequiredError) throw error;
    return { added: [], modified: [], removed: [], cursor: null, historyComplete: false, reachedEnd: false };
  });
  try {
    const [item, accounts, transactions] = await Promise.all([
      services.bankLink.getItem(accessToken),
      services.bankLink.getAccounts(accessToken),
      firstReading,
    ]);
    return { accessToken, item, accounts, transactions } satisfies Connection;
  } catch (cause) {
    throw new AppError('ProviderError', undefined, { cause });
  }
}

/** Stores the item, its accounts, today's balances and the transactions read so far. */
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
      // Marked finished by completeHistory, which predicts the income from it.
      isFinishedHistoricalUpdate: false,
      transactionsCursor: c.transactions.cursor,
      webhookUrl: bankLinkWebhookUrl(services.config.publicUrl),
    })
    .returning({ id: plaidItem.id });
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
    await tx.insert(plaidBalance).values({
      plaidAccountId: row!.id,
      available: account.balances.available,
      current: account.balances.current,
    });
  }
  await storeTransactionUpdates(tx, item!.id, c.transactions);
  return item!.id;
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
 * primary checking account. Otherwise the item, accounts and balances are stored at once (the payment pages
 * list the accounts without waiting for the transactions), with what the first reading of the transactions
 * gave. The income is predicted only from the whole history: at once when it is already there (the sandbox),
 * else once the provider has read it (historyStatus 'reading'; GET /api/application/income/bank-history
 * tells the income page when it is 'ready').
 */
export async function connectBank(o: {
  services: Services;
  userId: string;
  publicToken: string;
  step: ConnectionStep;
  today?: string;
}): Promise<{
  next: string;
  institutionName: string;
  historyStatus: 'reading' | 'ready';
  predictedMonthlyIncome: number | null;
}> {
  const { db } = o.services.database;
  const found = await db.query.application.findFirst({
    where: ownCurrentApplication(o.userId),
    columns: { id: true, status: true, lastCompletedPage: true, lastViewedPage: true },
  });
  if (!found) throw new AppError('NotFound');
  assertCanConnect(found, o.step);
  // The provider is called outside the transaction: a slow bank never holds the application's lock.
  const connection = await readConnection(o.services, found.id, o.publicToken);
  if (checkingAccounts(connection.accounts).length === 0) {
    throw new AppError('NoCheckingAccount', noCheckingAccountRef(connection.item.institutionName));
  }
  return db.transaction(async (tx) => {
    const app = await lockOwnApplication(tx, o.userId);
    assertCanConnect(app, o.step);
    const itemId = await storeConnection(tx, o.services, app, connection);
    const complete = connection.transactions.reachedEnd && connection.transactions.historyComplete;
    const predictedMonthlyIncome = complete
      ? await completeHistory(tx, { itemId, applicationId: app.id, today: o.today ?? o.services.today() })
      : null;
    const historyStatus = complete ? ('ready' as const) : ('reading' as const);
    const institutionName = connection.item.institutionName;
    if (o.step === 'income') {
      return {
        next: PAGE_ROUTES.ProvideMonthlyIncome,
        institutionName,
        historyStatus,
        predictedMonthlyIncome,
      };
    }
    await updateApplication(tx, app, {
      completed: 'PaymentAccountOptions',
      viewed: 'ConfirmPaymentAccount',
    });
    return {
      next: PAGE_ROUTES.ConfirmPaymentAccount,
      institutionName,
      historyStatus,
      predictedMonthlyIncome,
    };
  });
}

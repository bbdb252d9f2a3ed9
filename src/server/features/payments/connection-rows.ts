import { eq } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { canSavePage } from '#domain/flow/page-order';
import { resumeRoute } from '#domain/flow/resume';
import type { Language } from '#domain/i18n/language';
import { completeHistory, storeTransactionUpdates } from '#server/application/bank-history';
import {
  lockOwnApplication,
  updateApplication,
  type ApplicationRow,
} from '#server/application/application-state';
import { ownCurrentApplication } from '#server/application/own-application';
import { borrower } from '#server/db/schema/application';
import { plaidAccount, plaidBalance, plaidItem } from '#server/db/schema/enrollment';
import { languageOrDefault } from '#server/i18n';
import type { Transaction, Unit } from '#server/unit-of-work';
import type { Connection } from './connection';

// Our rows of a bank connection, read and written in units of work; the provider is asked between them
// (connect-bank.ts).

/** The language the borrower reads ('en' unless they chose Spanish): the bank-link widget's. */
export async function borrowerLanguage(tx: Transaction, applicationId: string): Promise<Language> {
  const [row] = await tx
    .select({ language: borrower.preferredLanguage })
    .from(borrower)
    .where(eq(borrower.applicationId, applicationId))
    .limit(1);
  return languageOrDefault(row?.language);
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

/** The borrower's application a bank may be connected to at this step now; answers its id. */
export async function applicationToConnect(
  { tx }: Unit,
  o: { userId: string; step: ConnectionStep },
): Promise<string> {
  const found = await tx.query.application.findFirst({
    where: ownCurrentApplication(o.userId),
    columns: { id: true, status: true, lastCompletedPage: true, lastViewedPage: true },
  });
  if (!found) throw new AppError('NotFound');
  assertCanConnect(found, o.step);
  return found.id;
}

/** Stores the item, its accounts, today's balances and the transactions read so far. */
async function storeConnection(unit: Unit, app: ApplicationRow, c: Connection, webhookUrl: string) {
  const { tx } = unit;
  const [item] = await tx
    .insert(plaidItem)
    .values({
      applicationId: app.id,
      providerItemId: c.item.itemId,
      accessToken: unit.cipher.encrypt(c.accessToken),
      institutionId: c.item.institutionId,
      institutionName: c.item.institutionName,
      isConnected: true,
      // Marked finished by completeHistory, which predicts the income from it.
      isFinishedHistoricalUpdate: false,
      transactionsCursor: c.transactions.cursor,
      webhookUrl,
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
 * Keeps a connection the provider answered: the application, locked, must still allow it at this step; the
 * income is predicted at once when the whole history came with it. On the payment pages the borrower goes on
 * to choose the account.
 */
export async function saveConnection(
  unit: Unit,
  o: { userId: string; step: ConnectionStep; connection: Connection; webhookUrl: string },
): Promise<{ historyStatus: 'reading' | 'ready'; predictedMonthlyIncome: number | null }> {
  const { tx } = unit;
  const app = await lockOwnApplication(tx, o.userId);
  assertCanConnect(app, o.step);
  const itemId = await storeConnection(unit, app, o.connection, o.webhookUrl);
  const { transactions } = o.connection;
  const complete = transactions.reachedEnd && transactions.historyComplete;
  const predictedMonthlyIncome = complete
    ? await completeHistory(tx, { itemId, applicationId: app.id, today: unit.today })
    : null;
  if (o.step === 'payments') {
    await updateApplication(tx, app, {
      completed: 'PaymentAccountOptions',
      viewed: 'ConfirmPaymentAccount',
    });
  }
  return { historyStatus: complete ? 'ready' : 'reading', predictedMonthlyIncome };
}

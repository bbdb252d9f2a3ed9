import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { checkingAccounts } from '#domain/enrollment/bank-accounts';
import { PAGE_ROUTES } from '#domain/flow/pages';
import { BANK_LINK_SESSION_EXPIRED, MESSAGE_REFS, noCheckingAccountRef } from '#domain/validation/messages';
import { BankLinkLoginRequiredError } from '#providers/bank-link/port';
import { readTransactionUpdates, type TransactionUpdates } from '#providers/bank-link/sync';
import { bankLinkWebhookUrl, MAX_SYNC_PAGES } from '#server/application/bank-history';
import { bankLinkToken } from '#server/db/schema/enrollment';
import type { Connection } from './connection';
import { applicationToConnect, saveConnection, type ConnectionStep } from './connection-rows';
import type { PaymentsDeps } from './deps';

// Connecting a bank: the provider is asked outside any unit of work (a slow bank never holds a connection or
// the application's lock), between the units that read and write our rows (connection-rows.ts).

/** How many of the application's newest unused, unexpired link tokens a public token is tried against. */
const LINK_SESSIONS_TRIED = 5;

/** No link token of ours to exchange against: never issued for this application, expired, or used already. */
export const NO_LINK_SESSION_MESSAGE = BANK_LINK_SESSION_EXPIRED;

type BankLinkDeps = Pick<PaymentsDeps, 'openUnit' | 'bankLink'>;

/**
 * Exchanges the widget's public token, bound to a link token this server issued to the application: the
 * application must hold an unexpired link token not used yet, and the one the exchange succeeds with is
 * marked used (claimed, in a unit of its own, before the exchange, so two exchanges at once cannot both use
 * it; released in another when the exchange fails). Newest first: the sandbox, whose public tokens name their
 * link token, refuses the wrong one; Plaid cannot tell and the newest is the session the page just opened.
 */
async function exchange(deps: BankLinkDeps, applicationId: string, publicToken: string) {
  const sessions = await deps.openUnit(({ tx }) =>
    tx
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
      .limit(LINK_SESSIONS_TRIED),
  );
  let failure: unknown = null;
  for (const session of sessions) {
    const [claimed] = await deps.openUnit(({ tx }) =>
      tx
        .update(bankLinkToken)
        .set({ usedAt: new Date() })
        .where(and(eq(bankLinkToken.id, session.id), isNull(bankLinkToken.usedAt)))
        .returning({ id: bankLinkToken.id }),
    );
    if (!claimed) continue;
    try {
      return await deps.bankLink.exchangePublicToken({ publicToken, linkToken: session.linkToken });
    } catch (error) {
      failure = error;
      await deps.openUnit(({ tx }) =>
        tx.update(bankLinkToken).set({ usedAt: null }).where(eq(bankLinkToken.id, session.id)),
      );
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
export async function readConnection(
  deps: BankLinkDeps,
  applicationId: string,
  publicToken: string,
): Promise<Connection> {
  const { accessToken } = await exchange(deps, applicationId, publicToken);
  const firstReading = readTransactionUpdates(deps.bankLink, accessToken, null, {
    maxPages: MAX_SYNC_PAGES,
  }).catch((error: unknown): TransactionUpdates => {
    if (error instanceof BankLinkLoginRequiredError) throw error;
    return { added: [], modified: [], removed: [], cursor: null, historyComplete: false, reachedEnd: false };
  });
  try {
    const [item, accounts, transactions] = await Promise.all([
      deps.bankLink.getItem(accessToken),
      deps.bankLink.getAccounts(accessToken),
      firstReading,
    ]);
    return { accessToken, item, accounts, transactions };
  } catch (cause) {
    throw new AppError('ProviderError', undefined, { cause });
  }
}

/**
 * The widget connected a bank. The connection must include a checking account (the plan's one monthly payment
 * is drawn from it): without one nothing is kept and the borrower is asked for the bank that holds their
 * primary checking account. Otherwise the item, accounts and balances are stored at once (the payment pages
 * list the accounts without waiting for the transactions), with what the first reading of the transactions
 * gave. The income is predicted only from the whole history: at once when it is already there (the sandbox),
 * else once the provider has read it (historyStatus 'reading'; GET /api/application/income/bank-history
 * tells the income page when it is 'ready'). The application is checked again under its lock in the unit
 * that stores the connection: the first unit's look at it is over by then.
 */
export async function connectBank(
  deps: BankLinkDeps & Pick<PaymentsDeps, 'config'>,
  o: { userId: string; publicToken: string; step: ConnectionStep },
): Promise<{
  next: string;
  institutionName: string;
  historyStatus: 'reading' | 'ready';
  predictedMonthlyIncome: number | null;
}> {
  const applicationId = await deps.openUnit((unit) => applicationToConnect(unit, o));
  const connection = await readConnection(deps, applicationId, o.publicToken);
  if (checkingAccounts(connection.accounts).length === 0) {
    throw new AppError('NoCheckingAccount', noCheckingAccountRef(connection.item.institutionName));
  }
  const webhookUrl = bankLinkWebhookUrl(deps.config.publicUrl);
  const saved = await deps.openUnit((unit) => saveConnection(unit, { ...o, connection, webhookUrl }));
  const next = o.step === 'income' ? PAGE_ROUTES.ProvideMonthlyIncome : PAGE_ROUTES.ConfirmPaymentAccount;
  return { next, institutionName: connection.item.institutionName, ...saved };
}

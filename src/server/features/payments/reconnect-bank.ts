import { and, eq, isNull, max, sql } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import type { LinkTokenView } from '#domain/enrollment/views';
import { isCustomerPortalStatus } from '#domain/flow/statuses';
import { resumeRoute } from '#domain/flow/resume';
import { MESSAGE_REFS, reconnectOtherBankRef } from '#domain/validation/messages';
import type { Db } from '#server/db/client';
import { application } from '#server/db/schema/application';
import {
  bankLinkToken,
  plaidAccount,
  plaidBalance,
  plaidItem,
  plaidTransaction,
} from '#server/db/schema/enrollment';
import { alert } from '#server/db/schema/service-work';
import type { Services } from '#server/services';
import { bankLinkWebhookUrl } from '#server/application/bank-history';
import { borrowerLanguage, readConnection } from './connect-bank';
import { ownCurrentApplication } from '#server/application/own-application';

// A customer's bank connection that stopped (a changed password, access the bank revoked) is connected again
// from the customer portal: the bank-link widget opens for that item, the customer signs in to the same bank,
// and the new access token replaces the old one on the same item. The accounts stay (the plan's payment
// account among them), and the disconnection alert is cleared.

/** The signed-in customer's item; another borrower's (or a made-up id) is simply not found. */
async function ownItem(db: Db, userId: string, itemId: string) {
  const [row] = await db
    .select({
      applicationId: application.id,
      status: application.status,
      lastViewedPage: application.lastViewedPage,
      itemId: plaidItem.id,
      institutionId: plaidItem.institutionId,
      institutionName: plaidItem.institutionName,
      isConnected: plaidItem.isConnected,
      accessToken: plaidItem.accessToken,
    })
    .from(plaidItem)
    .innerJoin(application, eq(application.id, plaidItem.applicationId))
    .where(and(eq(plaidItem.id, itemId), ownCurrentApplication(userId)));
  if (!row) throw new AppError('NotFound');
  // Reconnecting is the customer portal's: before the letter is signed the bank is connected on the
  // application's own pages.
  if (!isCustomerPortalStatus(row.status)) {
    throw new AppError('Conflict', undefined, { redirect: resumeRoute(row) });
  }
  if (row.isConnected) throw new AppError('Conflict', MESSAGE_REFS.bankAlreadyConnected);
  return row;
}

/**
 * POST /api/bank-link/items/:id/link-token: a link session to reconnect this item, remembered like every
 * session (the public token it yields is exchanged only against this application's sessions). The provider's
 * widget opens in update mode for the item where it has one.
 */
export async function createReconnectLinkToken(o: {
  services: Services;
  userId: string;
  itemId: string;
}): Promise<LinkTokenView> {
  const { db } = o.services.database;
  const item = await ownItem(db, o.userId, o.itemId);
  const token = await o.services.bankLink.createLinkToken({
    applicationId: item.applicationId,
    accessToken: item.accessToken ? o.services.cipher.decrypt(item.accessToken) : undefined,
    webhookUrl: bankLinkWebhookUrl(o.services.config.publicUrl),
    language: await borrowerLanguage(db, item.applicationId),
  });
  await db.insert(bankLinkToken).values({
    applicationId: item.applicationId,
    linkToken: token.linkToken,
    expiresAt: new Date(token.expiration),
  });
  return { ...token, sandbox: o.services.bankLinkSandbox !== null };
}

/** How an account is recognised again in a new connection: the provider may give it a new id. */
const accountKey = (a: { subtype: string | null; name: string | null }) =>
  `${a.subtype ?? ''}\u0001${(a.name ?? '').trim().toLowerCase()}`;

/**
 * POST /api/bank-link/items/:id/reconnection: exchanges the public token of the new link, checks it is the
 * same bank, and in one transaction stores the new access token on the existing item (connected again), points
 * its accounts at the provider's ids for them, records today's balances and the transactions made while the
 * connection was down, and clears the item's disconnection alerts.
 */
export async function reconnectBank(o: {
  services: Services;
  userId: string;
  itemId: string;
  publicToken: string;
  now?: Date;
}): Promise<{ institutionName: string; clearedAlerts: number }> {
  const { db } = o.services.database;
  const item = await ownItem(db, o.userId, o.itemId);
  // The provider is called outside the transaction: a slow bank never holds a lock.
  const connection = await readConnection(o.services, item.applicationId, o.publicToken);
  if (connection.item.institutionId !== item.institutionId) {
    throw new AppError('ValidationError', reconnectOtherBankRef(item.institutionName));
  }
  const now = o.now ?? new Date();
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ isConnected: plaidItem.isConnected })
      .from(plaidItem)
      .where(eq(plaidItem.id, item.itemId))
      .for('update');
    if (!locked || locked.isConnected) throw new AppError('Conflict', MESSAGE_REFS.bankAlreadyConnected);

    const stored = await tx
      .select({ id: plaidAccount.id, name: plaidAccount.name, subtype: plaidAccount.subType })
      .from(plaidAccount)
      .where(eq(plaidAccount.plaidItemId, item.itemId));
    const storedByKey = new Map(stored.map((a) => [accountKey(a), a.id]));
    // The provider's account id → our account, for the accounts the customer shared again.
    const ours = new Map<string, string>();
    for (const account of connection.accounts) {
      const id = storedByKey.get(accountKey(account));
      if (!id) continue;
      storedByKey.delete(accountKey(account));
      ours.set(account.accountId, id);
      await tx
        .update(plaidAccount)
        .set({ providerAccountId: account.accountId, mask: account.mask })
        .where(eq(plaidAccount.id, id));
      await tx.insert(plaidBalance).values({
        plaidAccountId: id,
        available: account.balances.available,
        current: account.balances.current,
        createdAt: now,
      });
    }

    // What happened while the connection was down: the transactions after the newest one already kept.
    const [newest] = await tx
      .select({ date: max(plaidTransaction.date) })
      .from(plaidTransaction)
      .innerJoin(plaidAccount, eq(plaidAccount.id, plaidTransaction.plaidAccountId))
      .where(eq(plaidAccount.plaidItemId, item.itemId));
    const since = newest?.date ?? null;
    const missed = connection.transactions.added
      .filter((t) => ours.has(t.accountId) && (since === null || t.date > since))
      .map((t) => ({
        plaidAccountId: ours.get(t.accountId)!,
        providerTransactionId: t.transactionId,
        amount: t.amount,
        date: t.date,
        name: t.name,
      }));
    for (let i = 0; i < missed.length; i += 500) {
      await tx
        .insert(plaidTransaction)
        .values(missed.slice(i, i + 500))
        .onConflictDoNothing({ target: plaidTransaction.providerTransactionId });
    }

    await tx
      .update(plaidItem)
      .set({
        accessToken: o.services.cipher.encrypt(connection.accessToken),
        providerItemId: connection.item.itemId,
        isConnected: true,
        transactionsCursor: connection.transactions.cursor,
        webhookUrl: bankLinkWebhookUrl(o.services.config.publicUrl),
      })
      .where(eq(plaidItem.id, item.itemId));

    const cleared = await tx
      .update(alert)
      .set({ clearedAt: now })
      .where(
        and(
          eq(alert.applicationId, item.applicationId),
          eq(alert.type, 'bankAccountDisconnected'),
          isNull(alert.clearedAt),
          sql`${alert.triggeredBy} @> ${JSON.stringify([{ id: item.itemId, type: 'plaidItem' }])}::jsonb`,
        ),
      )
      .returning({ id: alert.id });
    return { institutionName: item.institutionName, clearedAlerts: cleared.length };
  });
}

import { and, eq, isNull, max, sql } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { isCustomerPortalStatus } from '#domain/flow/statuses';
import { resumeRoute } from '#domain/flow/resume';
import { MESSAGE_REFS } from '#domain/validation/messages';
import { application } from '#server/db/schema/application';
import { plaidAccount, plaidBalance, plaidItem, plaidTransaction } from '#server/db/schema/enrollment';
import { alert } from '#server/db/schema/service-work';
import { ownCurrentApplication } from '#server/application/own-application';
import type { Unit } from '#server/unit-of-work';
import type { Connection } from './connection';
import { borrowerLanguage } from './connection-rows';

// A customer's bank connection that stopped (a changed password, access the bank revoked) is connected again
// from the customer portal: the bank-link widget opens for that item, the customer signs in to the same bank,
// and the new access token replaces the old one on the same item. The accounts stay (the plan's payment
// account among them), and the disconnection alert is cleared. These are its rows, read and written in units
// of work; the provider is asked between them (reconnect-bank.ts).

/** The signed-in customer's item; another borrower's (or a made-up id) is simply not found. */
export async function ownItem({ tx, cipher }: Unit, o: { userId: string; itemId: string }) {
  const [row] = await tx
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
    .where(and(eq(plaidItem.id, o.itemId), ownCurrentApplication(o.userId)));
  if (!row) throw new AppError('NotFound');
  // Reconnecting is the customer portal's: before the letter is signed the bank is connected on the
  // application's own pages.
  if (!isCustomerPortalStatus(row.status)) {
    throw new AppError('Conflict', undefined, { redirect: resumeRoute(row) });
  }
  if (row.isConnected) throw new AppError('Conflict', MESSAGE_REFS.bankAlreadyConnected);
  return {
    applicationId: row.applicationId,
    itemId: row.itemId,
    institutionId: row.institutionId,
    institutionName: row.institutionName,
    // The item's old credential, for the provider's update mode; opened here, in the unit that read it.
    accessToken: row.accessToken ? cipher.decrypt(row.accessToken) : undefined,
    language: await borrowerLanguage(tx, row.applicationId),
  };
}

export type OwnItem = Awaited<ReturnType<typeof ownItem>>;

/** How an account is recognised again in a new connection: the provider may give it a new id. */
const accountKey = (a: { subtype: string | null; name: string | null }) =>
  `${a.subtype ?? ''}\u0001${(a.name ?? '').trim().toLowerCase()}`;

/**
 * The provider answered the reconnection (reconnect-bank.ts): in one unit, checks under the item's lock that it
 * is still disconnected, and stores the new access token on the existing item (connected again), points
 * its accounts at the provider's ids for them, records today's balances and the transactions made while the
 * connection was down, and clears the item's disconnection alerts.
 */
export async function saveReconnection(
  unit: Unit,
  o: { item: OwnItem; connection: Connection; webhookUrl: string; now: Date },
): Promise<{ institutionName: string; clearedAlerts: number }> {
  const { tx } = unit;
  const { item, connection, now } = o;
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
      accessToken: unit.cipher.encrypt(connection.accessToken),
      providerItemId: connection.item.itemId,
      isConnected: true,
      transactionsCursor: connection.transactions.cursor,
      webhookUrl: o.webhookUrl,
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
}

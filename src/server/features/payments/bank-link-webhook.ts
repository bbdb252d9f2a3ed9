import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { plaidItem, plaidTransaction } from '#server/db/schema/enrollment';
import type { Services } from '#server/services';

/** Pages read for one webhook's new transactions; the rest waits for the provider's next notice. */
const MAX_SYNC_PAGES = 20;

/** Item webhook codes after which the bank connection no longer works until the borrower reconnects. */
const DISCONNECTED_CODES = new Set([
  'ERROR',
  'PENDING_EXPIRATION',
  'PENDING_DISCONNECT',
  'USER_PERMISSION_REVOKED',
]);

/**
 * Reads the transactions posted since the item's stored cursor and stores the new ones (a transaction already
 * stored is skipped, so a repeated notice changes nothing).
 */
export async function syncItemTransactions(o: {
  services: Services;
  providerItemId: string;
  log: FastifyBaseLogger;
}) {
  const { db } = o.services.database;
  const item = await db.query.plaidItem.findFirst({
    where: eq(plaidItem.providerItemId, o.providerItemId),
    with: { accounts: { columns: { id: true, providerAccountId: true } } },
  });
  if (!item?.accessToken) return 0;
  const accessToken = o.services.cipher.decrypt(item.accessToken);
  const accountIds = new Map(item.accounts.map((a) => [a.providerAccountId, a.id]));
  let cursor = item.transactionsCursor ?? undefined;
  let stored = 0;
  for (let page = 0; page < MAX_SYNC_PAGES; page++) {
    const answer = await o.services.bankLink.syncTransactions(accessToken, cursor);
    const rows = answer.added
      .filter((t) => accountIds.has(t.accountId))
      .map((t) => ({
        plaidAccountId: accountIds.get(t.accountId)!,
        providerTransactionId: t.transactionId,
        amount: t.amount,
        date: t.date,
        name: t.name,
      }));
    await db.transaction(async (tx) => {
      if (rows.length > 0) {
        const inserted = await tx
          .insert(plaidTransaction)
          .values(rows)
          .onConflictDoNothing({ target: plaidTransaction.providerTransactionId })
          .returning({ id: plaidTransaction.id });
        stored += inserted.length;
      }
      if (answer.removed.length > 0) {
        await tx
          .delete(plaidTransaction)
          .where(inArray(plaidTransaction.providerTransactionId, answer.removed));
      }
      await tx
        .update(plaidItem)
        .set({ transactionsCursor: answer.nextCursor })
        .where(eq(plaidItem.id, item.id));
    });
    cursor = answer.nextCursor;
    if (!answer.hasMore) break;
  }
  o.log.info({ itemId: item.id, stored }, 'bank transactions synced');
  return stored;
}

/**
 * POST /api/webhooks/bank-link: the bank-link provider's notices, verified by its signature over the exact
 * body (a forged or altered call is refused with 401). New transactions are read at once; an item that lost
 * its connection is marked disconnected.
 */
export const bankLinkWebhookRoutes: FastifyPluginAsync<{ services: Services }> = async (
  app,
  { services },
) => {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  app.post('/api/webhooks/bank-link', { config: { role: 'public' } }, async (request, reply) => {
    const rawBody = typeof request.body === 'string' ? request.body : '';
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]),
    );
    const notice = await services.bankLink.verifyWebhook({ rawBody, headers });
    if (!notice) return reply.status(401).send({ code: 'NotAuthenticated', message: 'Invalid signature.' });
    if (notice.itemId) {
      if (notice.webhookType === 'TRANSACTIONS') {
        await syncItemTransactions({ services, providerItemId: notice.itemId, log: request.log });
      } else if (notice.webhookType === 'ITEM' && DISCONNECTED_CODES.has(notice.webhookCode)) {
        await services.database.db
          .update(plaidItem)
          .set({ isConnected: false })
          .where(eq(plaidItem.providerItemId, notice.itemId));
      }
    }
    return reply.status(200).send({ received: true });
  });
};

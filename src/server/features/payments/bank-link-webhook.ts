import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { BankLinkWebhook } from '#providers/bank-link/port';
import {
  BANK_LINK_WEBHOOK_PATH,
  bankLinkWebhookUrl,
  itemByProviderId,
  syncItem,
} from '#server/application/bank-history';
import { plaidItem } from '#server/db/schema/enrollment';
import type { PaymentsDeps } from './deps';

/**
 * What an item notice means for the connection. The bank wants the customer to sign in again (an ERROR whose
 * code is ITEM_LOGIN_REQUIRED), the customer's consent is about to expire (PENDING_EXPIRATION, PENDING_DISCONNECT)
 * or they revoked it at the bank (USER_PERMISSION_REVOKED): the item stops working until they reconnect, so
 * it is marked disconnected, and the alert rules raise the disconnection alert (an email offering to
 * reconnect). Other item errors (an institution down for a while) are the provider's to retry: only logged.
 */
export function disconnects(notice: BankLinkWebhook): boolean {
  if (notice.webhookType !== 'ITEM') return false;
  if (notice.webhookCode === 'ERROR') return notice.errorCode === 'ITEM_LOGIN_REQUIRED';
  return ['PENDING_EXPIRATION', 'PENDING_DISCONNECT', 'USER_PERMISSION_REVOKED'].includes(notice.webhookCode);
}

/**
 * POST /api/webhooks/bank-link: the bank-link provider's notices, verified by its signature over the exact
 * body (a forged or altered call is refused with 401). New transactions (SYNC_UPDATES_AVAILABLE, which also
 * says when the whole history is in) are read at once, and a history read for the first time predicts the
 * income; an item that lost its connection is marked disconnected. A notice about an item we do not hold is
 * acknowledged and ignored. The signature's check and the reading of the transactions ask the provider: they
 * run outside any unit of work, and our rows are read and written in units around them.
 */
export const bankLinkWebhookRoutes: FastifyPluginAsync<
  Pick<PaymentsDeps, 'openUnit' | 'config' | 'bankLink'>
> = async (app, { openUnit, config, bankLink }) => {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(BANK_LINK_WEBHOOK_PATH, { config: { role: 'public' } }, async (request, reply) => {
    const rawBody = typeof request.body === 'string' ? request.body : '';
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]),
    );
    const notice = await bankLink.verifyWebhook({ rawBody, headers });
    if (!notice) return reply.status(401).send({ code: 'NotAuthenticated', message: 'Invalid signature.' });
    const { itemId } = notice;
    const item = itemId ? await openUnit(({ tx }) => itemByProviderId(tx, itemId)) : null;
    if (!item) return reply.status(200).send({ received: true });
    if (notice.webhookType === 'TRANSACTIONS') {
      const synced = await syncItem(
        { openUnit, bankLink, webhookUrl: bankLinkWebhookUrl(config.publicUrl), log: request.log },
        { itemId: item.id, historyComplete: notice.historicalUpdateComplete === true },
      );
      request.log.info(
        { itemId: item.id, stored: synced?.stored ?? 0, historyRead: synced?.finished ?? false },
        'bank transactions synced',
      );
    } else if (disconnects(notice)) {
      await openUnit(({ tx }) =>
        tx.update(plaidItem).set({ isConnected: false }).where(eq(plaidItem.id, item.id)),
      );
      request.log.info({ itemId: item.id, code: notice.webhookCode }, 'bank connection lost');
    } else if (notice.webhookType === 'ITEM' && notice.webhookCode === 'ERROR') {
      request.log.warn({ itemId: item.id, errorCode: notice.errorCode }, 'bank item error');
    }
    return reply.status(200).send({ received: true });
  });
};

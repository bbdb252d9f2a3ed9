import { AppError } from '#domain/errors';
import type { LinkTokenView } from '#domain/enrollment/views';
import { reconnectOtherBankRef } from '#domain/validation/messages';
import { bankLinkWebhookUrl } from '#server/application/bank-history';
import { readConnection } from './connect-bank';
import type { PaymentsDeps } from './deps';
import { openLinkSession } from './link-token';
import { ownItem, saveReconnection } from './reconnection-rows';

// Reconnecting a customer's bank from the customer portal (reconnection-rows.ts says what is kept): the
// provider is asked outside any unit of work, between the units that read the item and store the answer.

/**
 * POST /api/bank-link/items/:id/link-token: a link session to reconnect this item, remembered like every
 * session (the public token it yields is exchanged only against this application's sessions). The provider's
 * widget opens in update mode for the item where it has one.
 */
export async function createReconnectLinkToken(
  deps: Pick<PaymentsDeps, 'openUnit' | 'config' | 'bankLink' | 'bankLinkSandbox'>,
  o: { userId: string; itemId: string },
): Promise<LinkTokenView> {
  const item = await deps.openUnit((unit) => ownItem(unit, o));
  return openLinkSession(deps, {
    applicationId: item.applicationId,
    accessToken: item.accessToken,
    language: item.language,
  });
}

/**
 * POST /api/bank-link/items/:id/reconnection: exchanges the public token of the new link and checks it is the
 * same bank (outside any unit), then stores the new connection on the existing item in one unit, which finds
 * the item still disconnected under its lock (saveReconnection).
 */
export async function reconnectBank(
  deps: Pick<PaymentsDeps, 'openUnit' | 'config' | 'bankLink'>,
  o: { userId: string; itemId: string; publicToken: string },
): Promise<{ institutionName: string; clearedAlerts: number }> {
  const item = await deps.openUnit((unit) => ownItem(unit, o));
  const connection = await readConnection(deps, item.applicationId, o.publicToken);
  if (connection.item.institutionId !== item.institutionId) {
    throw new AppError('ValidationError', reconnectOtherBankRef(item.institutionName));
  }
  const webhookUrl = bankLinkWebhookUrl(deps.config.publicUrl);
  return deps.openUnit((unit) => saveReconnection(unit, { item, connection, webhookUrl, now: new Date() }));
}

import { AppError } from '#domain/errors';
import type { LinkTokenView } from '#domain/enrollment/views';
import { bankLinkToken } from '#server/db/schema/enrollment';
import type { Services } from '#server/services';
import { bankLinkWebhookUrl } from '#server/application/bank-history';
import { assertCanConnect, borrowerLanguage } from './connect-bank';
import { ownCurrentApplication } from '#server/application/own-application';

/**
 * POST /api/bank-link/link-token: opens a bank-link session for the borrower's application (at the income step
 * or on the payment pages). The session is remembered with its expiry: the public token the widget hands
 * back is exchanged only for an application holding an unexpired, unused session of ours (connect-bank.ts).
 */
export async function createLinkToken(o: { services: Services; userId: string }): Promise<LinkTokenView> {
  const { db } = o.services.database;
  const app = await db.query.application.findFirst({
    where: ownCurrentApplication(o.userId),
    columns: { id: true, status: true, lastCompletedPage: true, lastViewedPage: true },
  });
  if (!app) throw new AppError('NotFound');
  assertCanConnect(app, app.status === 'inProgress' ? 'income' : 'payments');
  // The provider's webhooks tell when the history is read and when the connection stops; the widget speaks
  // the borrower's language.
  const token = await o.services.bankLink.createLinkToken({
    applicationId: app.id,
    webhookUrl: bankLinkWebhookUrl(o.services.config.publicUrl),
    language: await borrowerLanguage(db, app.id),
  });
  await db.insert(bankLinkToken).values({
    applicationId: app.id,
    linkToken: token.linkToken,
    expiresAt: new Date(token.expiration),
  });
  return { ...token, sandbox: o.services.bankLinkSandbox !== null };
}

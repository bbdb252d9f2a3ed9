import { AppError } from '#domain/errors';
import type { LinkTokenView } from '#domain/enrollment/views';
import { bankLinkWebhookUrl } from '#server/application/bank-history';
import { ownCurrentApplication } from '#server/application/own-application';
import { bankLinkToken } from '#server/db/schema/enrollment';
import { assertCanConnect, borrowerLanguage } from './connection-rows';
import type { PaymentsDeps } from './deps';

/**
 * POST /api/bank-link/link-token: opens a bank-link session for the borrower's application (at the income step
 * or on the payment pages). The session is remembered with its expiry: the public token the widget hands
 * back is exchanged only for an application holding an unexpired, unused session of ours (connect-bank.ts).
 * The provider is asked between two units: the first reads the application, the second remembers the session.
 */
export async function createLinkToken(
  deps: Pick<PaymentsDeps, 'openUnit' | 'config' | 'bankLink' | 'bankLinkSandbox'>,
  o: { userId: string },
): Promise<LinkTokenView> {
  const app = await deps.openUnit(async ({ tx }) => {
    const found = await tx.query.application.findFirst({
      where: ownCurrentApplication(o.userId),
      columns: { id: true, status: true, lastCompletedPage: true, lastViewedPage: true },
    });
    if (!found) throw new AppError('NotFound');
    assertCanConnect(found, found.status === 'inProgress' ? 'income' : 'payments');
    return { id: found.id, language: await borrowerLanguage(tx, found.id) };
  });
  return openLinkSession(deps, { applicationId: app.id, language: app.language });
}

/**
 * Asks the provider for a link session, outside any unit (its webhooks tell when the history is read and when
 * the connection stops; its widget speaks the borrower's language, and opens in update mode for an item when
 * given the item's access token), then remembers the session with its expiry in a unit of its own.
 */
export async function openLinkSession(
  deps: Pick<PaymentsDeps, 'openUnit' | 'config' | 'bankLink' | 'bankLinkSandbox'>,
  o: { applicationId: string; language: Awaited<ReturnType<typeof borrowerLanguage>>; accessToken?: string },
): Promise<LinkTokenView> {
  const token = await deps.bankLink.createLinkToken({
    applicationId: o.applicationId,
    ...(o.accessToken === undefined ? {} : { accessToken: o.accessToken }),
    webhookUrl: bankLinkWebhookUrl(deps.config.publicUrl),
    language: o.language,
  });
  await deps.openUnit(({ tx }) =>
    tx.insert(bankLinkToken).values({
      applicationId: o.applicationId,
      linkToken: token.linkToken,
      expiresAt: new Date(token.expiration),
    }),
  );
  return { ...token, sandbox: deps.bankLinkSandbox !== null };
}

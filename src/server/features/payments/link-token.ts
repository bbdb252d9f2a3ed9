import { eq } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import type { LinkTokenView } from '#domain/enrollment/views';
import { application } from '#server/db/schema/application';
import { bankLinkToken } from '#server/db/schema/enrollment';
import type { Services } from '#server/services';
import { assertCanConnect } from './connect-bank';

/**
 * POST /api/bank-link/link-token: opens a bank-link session for the borrower's application (at the income step
 * or on the payment pages). The session is
 * remembered, because the public token the widget hands back is accepted only from a session of this
 * application.
 */
export async function createLinkToken(o: { services: Services; userId: string }): Promise<LinkTokenView> {
  const { db } = o.services.database;
  const app = await db.query.application.findFirst({
    where: eq(application.owner, o.userId),
    columns: { id: true, status: true, lastCompletedPage: true, lastViewedPage: true },
  });
  if (!app) throw new AppError('NotFound');
  assertCanConnect(app, app.status === 'inProgress' ? 'income' : 'payments');
  const token = await o.services.bankLink.createLinkToken({ applicationId: app.id });
  await db.insert(bankLinkToken).values({
    applicationId: app.id,
    linkToken: token.linkToken,
    expiresAt: new Date(token.expiration),
  });
  return { ...token, sandbox: o.services.bankLinkSandbox !== null };
}

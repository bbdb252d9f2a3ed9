import { AppError } from '#domain/errors';
import { resumeRoute } from '#domain/flow/resume';
import { isCustomerPortalStatus } from '#domain/flow/statuses';
import type { Transaction } from '#server/unit-of-work';
import { ownCurrentApplication } from '#server/application/own-application';

/** The customer portal is for borrowers who signed the Letter of Authorization: the signed-in borrower's
 * application, refused (with where it stands) before the letter is signed. */
export async function signedApplication(tx: Transaction, userId: string) {
  const app = await tx.query.application.findFirst({
    where: ownCurrentApplication(userId),
    columns: { id: true, status: true, lastViewedPage: true },
  });
  if (!app) throw new AppError('NotFound');
  if (!isCustomerPortalStatus(app.status))
    throw new AppError('Conflict', undefined, { redirect: resumeRoute(app) });
  return app;
}

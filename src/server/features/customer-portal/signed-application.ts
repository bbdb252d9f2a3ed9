import { AppError } from '#domain/errors';
import { resumeRoute } from '#domain/flow/resume';
import { isCustomerPortalStatus } from '#domain/flow/statuses';
import type { Transaction, Unit } from '#server/unit-of-work';
import { lockApplication } from '#server/application/application-state';
import { ownCurrentApplication } from '#server/application/own-application';
import { loadPlanTerms } from '#server/application/plan-terms';

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

/**
 * The signed-in borrower's plan, for a change to it: their signed application, locked until the unit ends (two
 * changes at once are made one after the other, the second reading what the first wrote), and the plan's terms
 * as of the unit's day.
 */
export async function lockedPlan(unit: Unit, userId: string) {
  const own = await signedApplication(unit.tx, userId);
  await lockApplication(unit.tx, own.id);
  return { own, plan: await loadPlanTerms(unit.tx, own.id, { today: unit.today }) };
}

import { eq } from 'drizzle-orm';
import type { GuardedPage } from '#domain/flow/page-order';
import { application } from '#server/db/schema/application';
import { assertCanSave, lockOwnApplication } from '#server/application/application-state';
import type { Unit } from '#server/unit-of-work';

/**
 * PUT /api/application/viewed-page: the borrower opened a page of the application's first part, so a later
 * sign-in resumes there rather than on the page after their last save. Refused like that page's answers would
 * be (past inProgress, or before its prerequisite). Only the page is written: the version staff edits compare
 * stays as it is, since nothing the borrower answered changed.
 */
export async function recordViewedPage(unit: Unit, o: { userId: string; page: GuardedPage }) {
  const app = await lockOwnApplication(unit.tx, o.userId);
  assertCanSave(app, o.page);
  if (app.lastViewedPage === o.page) return;
  await unit.tx.update(application).set({ lastViewedPage: o.page }).where(eq(application.id, app.id));
}

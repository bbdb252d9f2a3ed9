import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { canSavePage, furthestCompleted, hasCompleted } from '#domain/flow/page-order';
import { PAGE_ROUTES } from '#domain/flow/pages';
import { HARDSHIP_KEYS, type Hardships } from '#domain/validation/application';
import { application, hardship } from '#server/db/schema/application';
import { assertInProgress } from '#server/application/application-state';
import { ownCurrentApplication } from '#server/application/own-application';
import type { Unit } from '#server/unit-of-work';
import { moveOnUnchanged } from './unchanged-save';

/**
 * Saves /hardships: in the unit, writes only the hardship rows whose
 * value changed (a key never saved is appended), marks Hardships completed without moving progress back,
 * and sends the borrower to /household. The same answers sent again for a completed page write nothing
 * (moveOnUnchanged).
 */
export async function saveHardships(
  unit: Unit,
  o: { userId: string; hardships: Hardships },
): Promise<{ next: string }> {
  const next = PAGE_ROUTES.Household;
  const { tx } = unit;
  // Locks the application so a concurrent save or status change waits for this one.
  const [app] = await tx
    .select({
      id: application.id,
      status: application.status,
      lastCompletedPage: application.lastCompletedPage,
      lastViewedPage: application.lastViewedPage,
    })
    .from(application)
    .where(ownCurrentApplication(o.userId))
    .for('update');
  if (!app) throw new AppError('NotFound');
  assertInProgress(app);
  if (!canSavePage(app.lastCompletedPage, 'Hardships')) throw new AppError('PreconditionFailed');

  const rows = await tx
    .select({ key: hardship.key, value: hardship.value })
    .from(hardship)
    .where(eq(hardship.applicationId, app.id));
  const stored = new Map(rows.map((row) => [row.key, row.value]));

  const missing = HARDSHIP_KEYS.filter((key) => !stored.has(key));
  const differing = HARDSHIP_KEYS.filter((key) => stored.has(key) && stored.get(key) !== o.hardships[key]);
  if (missing.length === 0 && differing.length === 0 && hasCompleted(app.lastCompletedPage, 'Hardships')) {
    await moveOnUnchanged(tx, app, 'Household');
    return { next };
  }
  if (missing.length > 0) {
    await tx
      .insert(hardship)
      .values(missing.map((key) => ({ applicationId: app.id, key, value: o.hardships[key] })));
  }
  for (const key of differing) {
    await tx
      .update(hardship)
      .set({ value: o.hardships[key] })
      .where(and(eq(hardship.applicationId, app.id), eq(hardship.key, key)));
  }

  await tx
    .update(application)
    .set({
      lastCompletedPage: furthestCompleted(app.lastCompletedPage, 'Hardships'),
      lastViewedPage: 'Household',
      version: sql`${application.version} + 1`,
    })
    .where(eq(application.id, app.id));
  return { next };
}

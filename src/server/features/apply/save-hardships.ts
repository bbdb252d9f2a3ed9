import { sql } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { canSavePage, hasCompleted } from '#domain/flow/page-order';
import { PAGE_ROUTES } from '#domain/flow/pages';
import { HARDSHIP_KEYS, type Hardships } from '#domain/validation/application';
import { application, hardship } from '#server/db/schema/application';
import { assertInProgress, updateApplication } from '#server/application/application-state';
import { builtOnce } from '#server/db/built-once';
import { ownCurrentApplication } from '#server/application/own-application';
import type { Transaction, Unit } from '#server/unit-of-work';
import { moveOnUnchanged } from './unchanged-save';

/** The application's few columns this save needs, locked: built once (built-once.ts), not at every save. */
const lockForHardships = builtOnce((tx: Transaction) =>
  tx
    .select({
      id: application.id,
      status: application.status,
      lastCompletedPage: application.lastCompletedPage,
      lastViewedPage: application.lastViewedPage,
    })
    .from(application)
    .where(ownCurrentApplication(sql.placeholder('owner')))
    .for('update')
    .prepare('lock_own_application_for_hardships'),
);

/**
 * Saves /hardships: in the unit, writes only the hardship rows whose
 * value changed (a key never saved is appended), in one statement, marks Hardships completed without moving progress back,
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
  const [app] = await lockForHardships(tx).execute({ owner: o.userId });
  if (!app) throw new AppError('NotFound');
  assertInProgress(app);
  if (!canSavePage(app.lastCompletedPage, 'Hardships')) throw new AppError('PreconditionFailed');

  // One statement writes what changed: a key never saved is inserted, a stored value that differs is
  // updated, an equal one is left as it is (the update's condition). Only the rows written come back.
  const written = await tx
    .insert(hardship)
    .values(HARDSHIP_KEYS.map((key) => ({ applicationId: app.id, key, value: o.hardships[key] })))
    .onConflictDoUpdate({
      target: [hardship.applicationId, hardship.key],
      set: { value: sql.raw('excluded.value'), updatedAt: new Date() },
      setWhere: sql`${hardship.value} is distinct from excluded.value`,
    })
    .returning({ id: hardship.id });
  if (written.length === 0 && hasCompleted(app.lastCompletedPage, 'Hardships')) {
    await moveOnUnchanged(tx, app, 'Household');
    return { next };
  }

  await updateApplication(tx, app, { completed: 'Hardships', viewed: 'Household' });
  return { next };
}

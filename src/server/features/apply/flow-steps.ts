import { eq, sql } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { canSavePage, furthestCompleted, type GuardedPage } from '#domain/flow/page-order';
import type { Page } from '#domain/flow/pages';
import { type ApplicationEvent, transition } from '#domain/flow/transition';
import type { Tx } from '../../db/client';
import { application, applicationStatusChange, disqualificationReason } from '../../db/schema/application';
import { assertInProgress } from './queries';

// The steps every page save is made of, inside its one transaction: lock the borrower's application, check the
// page may be saved now, move the pages forward, move the status only through transition() (DESIGN section 4).

export type ApplicationRow = typeof application.$inferSelect;

/** The borrower's application, locked until the transaction ends so concurrent saves queue up. */
export async function lockOwnApplication(tx: Tx, userId: string): Promise<ApplicationRow> {
  const [app] = await tx.select().from(application).where(eq(application.owner, userId)).for('update');
  if (!app) throw new AppError('NotFound');
  return app;
}

/** Refuses a page's answers while the application is past inProgress or before the page's prerequisite. */
export function assertCanSave(app: ApplicationRow, page: GuardedPage): void {
  assertInProgress(app);
  if (!canSavePage(app.lastCompletedPage, page)) throw new AppError('PreconditionFailed');
}

type ApplicationPatch = Partial<Omit<typeof application.$inferInsert, 'id' | 'owner' | 'version'>>;

/**
 * Writes the application's changed columns with the pages: `completed` moves lastCompletedPage forward
 * (never back), `viewed` is where the borrower goes next. Bumps the version so staff edits notice.
 */
export async function updateApplication(
  tx: Tx,
  app: ApplicationRow,
  o: { completed?: Page; viewed?: Page; set?: ApplicationPatch },
): Promise<void> {
  await tx
    .update(application)
    .set({
      ...o.set,
      ...(o.completed ? { lastCompletedPage: furthestCompleted(app.lastCompletedPage, o.completed) } : {}),
      ...(o.viewed ? { lastViewedPage: o.viewed } : {}),
      version: sql`${application.version} + 1`,
    })
    .where(eq(application.id, app.id));
}

/** Moves the status by an event of the lifecycle table and records the StatusChange. */
export async function changeStatus(
  tx: Tx,
  app: ApplicationRow,
  event: ApplicationEvent,
  changedBy: string | null,
): Promise<ApplicationRow['status']> {
  const to = transition(app.status, event);
  await tx
    .update(application)
    .set({ status: to, version: sql`${application.version} + 1` })
    .where(eq(application.id, app.id));
  await tx.insert(applicationStatusChange).values({ applicationId: app.id, from: app.status, to, changedBy });
  app.status = to;
  return to;
}

/**
 * Disqualifies the application with its reasons (spec doc 1 section 4.2: recorded, then the status moves).
 * Reasons a decision gave carry its id.
 */
export async function disqualify(
  tx: Tx,
  app: ApplicationRow,
  reasons: readonly string[],
  o: { changedBy: string | null; decisionId?: string; viewed: Page },
): Promise<void> {
  if (reasons.length > 0 && !o.decisionId) {
    await tx
      .insert(disqualificationReason)
      .values(reasons.map((reason) => ({ applicationId: app.id, reason })));
  }
  await changeStatus(tx, app, 'disqualified', o.changedBy);
  await updateApplication(tx, app, { viewed: o.viewed });
}

import { eq, sql } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { canSavePage, furthestCompleted, type GuardedPage } from '#domain/flow/page-order';
import type { Page } from '#domain/flow/pages';
import { resumeRoute } from '#domain/flow/resume';
import type { ApplicationStatus } from '#domain/flow/statuses';
import { type ApplicationEvent, transition } from '#domain/flow/transition';
import type { Transaction } from '../db/client';
import { application, applicationStatusChange } from '#server/db/schema/application';
import { disqualificationReason } from '#server/db/schema/decision';
import { ownCurrentApplication } from '#server/application/own-application';

// The one place that changes an application's status, pages and disqualification reasons, for the borrower's
// flow, the enrollment steps and staff actions alike. Every change happens inside the caller's transaction on a
// locked row, and the status moves only through transition() (the lifecycle table in src/domain/flow).

export type ApplicationRow = typeof application.$inferSelect;

/** Said when a borrower sends answers for a page the application has moved past. */
export const NOT_EDITABLE_MESSAGE =
  'Your application has moved past this step, so these answers can no longer be changed.';

/** The borrower's application, locked until the transaction ends so concurrent saves queue up. */
export async function lockOwnApplication(tx: Transaction, userId: string): Promise<ApplicationRow> {
  const [app] = await tx.select().from(application).where(ownCurrentApplication(userId)).for('update');
  if (!app) throw new AppError('NotFound');
  return app;
}

/**
 * The application a staff action works on, locked until the transaction ends: two counsellors acting on
 * one application queue up, and each sees what the other committed.
 */
export async function lockApplication(tx: Transaction, id: string): Promise<ApplicationRow> {
  const [app] = await tx.select().from(application).where(eq(application.id, id)).for('update');
  if (!app) throw new AppError('NotFound');
  return app;
}

/**
 * A borrower's answers can change only while the application is inProgress; after that the status
 * decides. The client is told where the application stands.
 */
export function assertInProgress(app: { status: ApplicationStatus; lastViewedPage: Page | null }): void {
  if (app.status !== 'inProgress') {
    throw new AppError('Conflict', NOT_EDITABLE_MESSAGE, { redirect: resumeRoute(app) });
  }
}

/** Refuses a page's answers while the application is past inProgress or before the page's prerequisite. */
export function assertCanSave(app: ApplicationRow, page: GuardedPage): void {
  assertInProgress(app);
  if (!canSavePage(app.lastCompletedPage, page)) throw new AppError('PreconditionFailed');
}

/**
 * Refuses a step the application's status does not allow now (409). A borrower is told where the application
 * stands (`redirect`); staff get `message`.
 */
export function assertStatus(
  app: ApplicationRow,
  allowed: ApplicationStatus,
  message?: string,
  o: { redirect?: boolean } = {},
): void {
  if (app.status === allowed) return;
  throw new AppError(
    'Conflict',
    message ?? NOT_EDITABLE_MESSAGE,
    o.redirect ? { redirect: resumeRoute(app) } : undefined,
  );
}

type ApplicationPatch = Partial<Omit<typeof application.$inferInsert, 'id' | 'owner' | 'version'>>;

/**
 * Writes the application's changed columns with the pages: `completed` moves lastCompletedPage forward
 * (never back), `viewed` is where the borrower goes next. Bumps the version so staff edits notice.
 */
export async function updateApplication(
  tx: Transaction,
  app: ApplicationRow,
  o: { completed?: Page; viewed?: Page; set?: ApplicationPatch },
): Promise<void> {
  const completed = o.completed ? furthestCompleted(app.lastCompletedPage, o.completed) : undefined;
  await tx
    .update(application)
    .set({
      ...o.set,
      ...(completed ? { lastCompletedPage: completed } : {}),
      ...(o.viewed ? { lastViewedPage: o.viewed } : {}),
      version: sql`${application.version} + 1`,
    })
    .where(eq(application.id, app.id));
}

/** Moves the status by an event of the lifecycle table and records the StatusChange. */
export async function changeStatus(
  tx: Transaction,
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
 * Disqualifies the application: the reasons are recorded, then the status moves by `event` (the flow's
 * 'disqualified', or a staff event such as a failed quality control or every offer declined), and the
 * borrower's next visit lands on `viewed`. Reasons a decision gave are already stored with the decision's id.
 */
export async function disqualify(
  tx: Transaction,
  app: ApplicationRow,
  reasons: readonly string[],
  o: {
    changedBy: string | null;
    event?: Extract<
      ApplicationEvent,
      'disqualified' | 'qualityControlFailed' | 'allOffersDeclined' | 'offersLeftOut'
    >;
    decisionId?: string;
    viewed: Page;
  },
): Promise<void> {
  if (reasons.length > 0 && !o.decisionId) {
    await tx
      .insert(disqualificationReason)
      .values(reasons.map((reason) => ({ applicationId: app.id, reason })));
  }
  await changeStatus(tx, app, o.event ?? 'disqualified', o.changedBy);
  await updateApplication(tx, app, { viewed: o.viewed });
}

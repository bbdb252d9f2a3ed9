import { eq, getTableColumns, is, sql, SQL } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { AppError } from '#domain/errors';
import { MESSAGE_REFS } from '#domain/validation/messages';
import { canSavePage, furthestCompleted, type GuardedPage } from '#domain/flow/page-order';
import type { Page } from '#domain/flow/pages';
import { resumeRoute } from '#domain/flow/resume';
import type { ApplicationStatus } from '#domain/flow/statuses';
import { type ApplicationEvent, transition } from '#domain/flow/transition';
import type { Transaction } from '../db/client';
import { builtOnce, builtOncePerShape } from '../db/built-once';
import type { Write } from '../db/writes-as-one';
import { application, applicationStatusChange } from '#server/db/schema/application';
import { disqualificationReason } from '#server/db/schema/decision';
import { ownCurrentApplication } from '#server/application/own-application';

// The one place that changes an application's status, pages and disqualification reasons, for the borrower's
// flow, the enrollment steps and staff actions alike. Every change happens inside the caller's transaction on a
// locked row, and the status moves only through transition() (the lifecycle table in src/domain/flow).

export type ApplicationRow = typeof application.$inferSelect;

// Every save of the borrower's pages and every staff action starts with one of these two: built once
// (built-once.ts), not at every request.
const ownApplicationForUpdate = builtOnce((tx: Transaction) =>
  tx
    .select()
    .from(application)
    .where(ownCurrentApplication(sql.placeholder('owner')))
    .for('update')
    .prepare('lock_own_application'),
);
const applicationForUpdate = builtOnce((tx: Transaction) =>
  tx
    .select()
    .from(application)
    .where(eq(application.id, sql.placeholder('id')))
    .for('update')
    .prepare('lock_application'),
);

/** The borrower's application, locked until the transaction ends so concurrent saves queue up. */
export async function lockOwnApplication(tx: Transaction, userId: string): Promise<ApplicationRow> {
  const [app] = await ownApplicationForUpdate(tx).execute({ owner: userId });
  if (!app) throw new AppError('NotFound');
  return app;
}

/**
 * The application a staff action works on, locked until the transaction ends: two counsellors acting on
 * one application queue up, and each sees what the other committed.
 */
export async function lockApplication(tx: Transaction, id: string): Promise<ApplicationRow> {
  const [app] = await applicationForUpdate(tx).execute({ id });
  if (!app) throw new AppError('NotFound');
  return app;
}

/**
 * A borrower's answers can change only while the application is inProgress; after that the status
 * decides. The client is told where the application stands.
 */
export function assertInProgress(app: { status: ApplicationStatus; lastViewedPage: Page | null }): void {
  if (app.status !== 'inProgress') {
    throw new AppError('Conflict', MESSAGE_REFS.applicationNotEditable, { redirect: resumeRoute(app) });
  }
}

/** Refuses a page's answers while the application is past inProgress or before the page's prerequisite. */
export function assertCanSave(app: ApplicationRow, page: GuardedPage): void {
  assertInProgress(app);
  if (!canSavePage(app.lastCompletedPage, page)) throw new AppError('PreconditionFailed');
}

/**
 * Refuses a borrower's step the application's status does not allow now (409), telling where the application
 * stands (`redirect`).
 */
export function assertStatus(app: ApplicationRow, allowed: ApplicationStatus): void {
  if (app.status === allowed) return;
  throw new AppError('Conflict', MESSAGE_REFS.applicationNotEditable, { redirect: resumeRoute(app) });
}

/** The same for a staff action: the refusal says `staffMessage`, in English as the service portal is. */
export function assertStaffStatus(
  app: ApplicationRow,
  allowed: ApplicationStatus,
  staffMessage: string,
): void {
  if (app.status === allowed) return;
  throw new AppError('Conflict', staffMessage);
}

type ApplicationPatch = Partial<Omit<typeof application.$inferInsert, 'id' | 'owner' | 'version'>>;

/** What a save writes on the application row besides its status: the pages, and any other changed columns. */
export type ApplicationWrite = {
  completed?: Page;
  viewed?: Page;
  set?: ApplicationPatch;
  /**
   * Other rows the same save writes and nobody reads back, sent in the row's statement (writes-as-one.ts says
   * what such writes may not do): changeStatus only.
   */
  alongside?: readonly Write[];
};

/** The columns a write sets: lastCompletedPage moves forward only (never back). The version is bumped besides. */
function columnsOf(app: Pick<ApplicationRow, 'lastCompletedPage'>, o: ApplicationWrite): ApplicationPatch {
  const completed = o.completed ? furthestCompleted(app.lastCompletedPage, o.completed) : undefined;
  return {
    ...o.set,
    ...(completed ? { lastCompletedPage: completed } : {}),
    ...(o.viewed ? { lastViewedPage: o.viewed } : {}),
  };
}

const applicationColumns = getTableColumns(application);
type ColumnKey = keyof typeof applicationColumns;

/** Each column set from a placeholder of its name, and the version bumped: the two statements below. */
const setFromPlaceholders = (columns: readonly ColumnKey[]) => ({
  ...Object.fromEntries(columns.map((c) => [c, sql`${sql.placeholder(c)}`])),
  version: sql`${application.version} + 1`,
});

/**
 * The update that ends each save and status change, built once per set of columns it writes (a page writes
 * its own few; about a dozen sets in all), its values as placeholders: built at every save, it cost drizzle
 * about 73 µs of CPU, ten times per applicant. The values are mapped to the database's form here, as drizzle
 * does when it builds (`mapToDriverValue`, null left as null), since a placeholder is filled as it is given.
 * updated_at is one of the placeholders: drizzle fills it from the column's $onUpdate when it builds, which
 * would be the time of the first build for every later save.
 */
const applicationUpdate = builtOncePerShape({
  prefix: 'update_application',
  max: 48,
  build: (tx: Transaction, columns: readonly ColumnKey[], name: string) =>
    tx
      .update(application)
      .set(setFromPlaceholders(columns))
      .where(eq(application.id, sql.placeholder('whereId')))
      .prepare(name),
});

/**
 * A status change: the row's update with the change's record riding in it as a CTE, one statement where two
 * were sent (PostgreSQL runs a CTE that writes whether or not the statement reads it, on the row the caller
 * has locked). Built once per set of columns, as applicationUpdate.
 */
const statusChangeUpdate = builtOncePerShape({
  prefix: 'change_status',
  max: 48,
  build: (tx: Transaction, columns: readonly ColumnKey[], name: string) =>
    tx
      .with(
        statusChangeRecord(tx, {
          applicationId: sql.placeholder('whereId'),
          from: sql.placeholder('changeFrom'),
          to: sql.placeholder('changeTo'),
          changedBy: sql.placeholder('changedBy'),
        }),
      )
      .update(application)
      .set(setFromPlaceholders(columns))
      .where(eq(application.id, sql.placeholder('whereId')))
      .prepare(name),
});

type StatusChange = { from: ApplicationStatus; to: ApplicationStatus; changedBy: string | null };

/** The change's record as a CTE of the row's update. */
function statusChangeRecord(tx: Transaction, values: PgInsertValue<typeof applicationStatusChange>) {
  // getSQL: a builder put in a sql template comes out in parentheses, which a CTE's body may not have.
  return tx
    .$with('status_change_recorded', {})
    .as(tx.insert(applicationStatusChange).values(values).getSQL());
}

/**
 * Writes `patch` and the version's bump on the application row, with a statement built once for its columns;
 * with `change`, the status change's record in the same statement.
 */
async function writeApplication(
  tx: Transaction,
  id: string,
  patch: ApplicationPatch & { status?: ApplicationStatus },
  change?: StatusChange,
) {
  const values: Record<string, unknown> = { updatedAt: new Date(), ...patch };
  const columns = (Object.keys(values) as ColumnKey[]).filter((c) => values[c] !== undefined).sort();
  // A value drizzle writes as SQL (an expression) has no placeholder: such a write is built as it comes.
  if (columns.some((c) => is(values[c], SQL))) {
    if (change) return changeWithWrites(tx, id, patch, change, []);
    await tx
      .update(application)
      .set({ ...patch, version: sql`${application.version} + 1` })
      .where(eq(application.id, id));
    return;
  }
  const filled: Record<string, unknown> = { whereId: id };
  for (const c of columns) {
    const value = values[c];
    filled[c] = value === null ? null : applicationColumns[c].mapToDriverValue(value as never);
  }
  const key = columns.join(',');
  if (!change) return void (await applicationUpdate(tx, key, columns).execute(filled));
  await statusChangeUpdate(tx, key, columns).execute({
    ...filled,
    changeFrom: change.from,
    changeTo: change.to,
    changedBy: change.changedBy,
  });
}

/**
 * A status change with other rows the same save writes and nobody reads back (`alongside`, writes-as-one.ts),
 * all in the row's statement: its shape varies with those writes, so it is built as it comes.
 */
async function changeWithWrites(
  tx: Transaction,
  id: string,
  patch: ApplicationPatch,
  change: StatusChange,
  alongside: readonly Write[],
) {
  const recorded = statusChangeRecord(tx, { applicationId: id, ...change });
  const writes = alongside.map((write, i) => tx.$with(`alongside_${i}`, {}).as(write.getSQL()));
  await tx
    .with(recorded, ...writes)
    .update(application)
    .set({ ...patch, status: change.to, version: sql`${application.version} + 1` })
    .where(eq(application.id, id));
}

/**
 * Writes the application's changed columns with the pages: `completed` moves lastCompletedPage forward
 * (never back), `viewed` is where the borrower goes next. Bumps the version so staff edits notice.
 */
export async function updateApplication(
  tx: Transaction,
  app: Pick<ApplicationRow, 'id' | 'lastCompletedPage'>,
  o: ApplicationWrite,
): Promise<void> {
  await writeApplication(tx, app.id, columnsOf(app, o));
}

/**
 * Moves the status by an event of the lifecycle table and records the StatusChange. `also` is written on the
 * row in the same statement (the pages a save moves to, its other columns): a request that changes the status
 * and its pages writes the row once, not once for each (each write is a statement sent and built).
 */
export async function changeStatus(
  tx: Transaction,
  app: ApplicationRow,
  event: ApplicationEvent,
  changedBy: string | null,
  also: ApplicationWrite = {},
): Promise<ApplicationRow['status']> {
  const to = transition(app.status, event);
  const change = { from: app.status, to, changedBy };
  if (also.alongside?.length)
    await changeWithWrites(tx, app.id, columnsOf(app, also), change, also.alongside);
  else await writeApplication(tx, app.id, { ...columnsOf(app, also), status: to }, change);
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
    /** A page the same request completed, written with the rest (one write of the row). */
    completed?: Page;
  },
): Promise<void> {
  if (reasons.length > 0 && !o.decisionId) {
    await tx
      .insert(disqualificationReason)
      .values(reasons.map((reason) => ({ applicationId: app.id, reason })));
  }
  await changeStatus(tx, app, o.event ?? 'disqualified', o.changedBy, {
    viewed: o.viewed,
    completed: o.completed,
  });
}

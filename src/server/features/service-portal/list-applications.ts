import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { resolveDateRange } from '#domain/service-portal/date-range';
import type { SummaryQuery } from '#domain/service-portal/filters';
import type { ApplicationStatus } from '#domain/flow/statuses';
import type { SummaryListView } from '#domain/flow/staff-views';
import { e164ToPhone } from '#domain/validation/format';
import type { Db } from '#server/db/client';
import { application } from '#server/db/schema/application';
import { alertViews } from './alert-dates';
import { staffDisplayName } from './staff-names';

/** Rows per status (the service portal list's limit). */
export const SUMMARY_LIST_LIMIT = 1000;
/** Alerts per application. */
export const ALERTS_LIMIT = 100;

/** Who the list is narrowed to by its claim filters (a placeholder of the prepared read). */
type ClaimFilter = 'all' | 'claimed' | 'unclaimed';

/**
 * One status of the /summary list, newest first within the date window and bounded, so it walks the
 * (status, created_at) index. A named prepared statement: the relational query is built once per database
 * and planned once per connection; the filters are its parameters (an unused filter is a parameter that
 * turns its condition off).
 */
function prepareStatusRead(db: Db) {
  const assignedTo = sql.placeholder('assignedTo');
  const claim = sql.placeholder('claim');
  return db.query.application
    .findMany({
      where: and(
        eq(application.status, sql.placeholder('status')),
        gte(application.createdAt, sql.placeholder('from')),
        lt(application.createdAt, sql.placeholder('to')),
        sql`(${assignedTo}::text is null or ${application.assignedTo} = ${assignedTo}::text)`,
        sql`(${claim}::text = 'all' or (${claim}::text = 'claimed') = (${application.assignedTo} is not null))`,
      ),
      orderBy: [desc(application.createdAt)],
      limit: SUMMARY_LIST_LIMIT,
      columns: { id: true, status: true, createdAt: true },
      with: {
        assignedToUser: { columns: { id: true, name: true } },
        borrower: {
          columns: { id: true, firstName: true, lastName: true, email: true, phoneNumber: true },
        },
        alerts: { orderBy: (t, { desc: down }) => [down(t.createdAt)], limit: ALERTS_LIMIT },
      },
    })
    .prepare('summary_list_status');
}
const preparedReads = new WeakMap<Db, ReturnType<typeof prepareStatusRead>>();

/** The /summary list: each selected status read on its own (see prepareStatusRead), merged newest first. */
export async function listApplications(o: {
  db: Db;
  viewerId: string;
  query: SummaryQuery;
  now?: Date;
}): Promise<SummaryListView> {
  const { query } = o;
  const window = resolveDateRange({
    startDate: query.startDate,
    endDate: query.endDate,
    now: o.now ?? new Date(),
  });
  const claimed = query.claimedStatus.includes('claimed');
  const unclaimed = query.claimedStatus.includes('unclaimed');
  const claim: ClaimFilter = claimed === unclaimed ? 'all' : claimed ? 'claimed' : 'unclaimed';
  let read = preparedReads.get(o.db);
  if (!read) preparedReads.set(o.db, (read = prepareStatusRead(o.db)));
  const byStatus = await Promise.all(
    query.applicationStatus.map((status: ApplicationStatus) =>
      read.execute({
        status,
        from: window.from,
        to: window.to,
        assignedTo: query.assignedToMe ? o.viewerId : null,
        claim,
      }),
    ),
  );
  const rows = byStatus.flat().sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const alerts = await alertViews(
    o.db,
    rows.flatMap((r) => r.alerts),
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      assignedTo: r.assignedToUser
        ? { id: r.assignedToUser.id, name: staffDisplayName(r.assignedToUser.name) }
        : null,
      borrower: r.borrower
        ? { ...r.borrower, phoneNumber: r.borrower.phoneNumber ? e164ToPhone(r.borrower.phoneNumber) : null }
        : null,
      alerts: r.alerts.map((a) => alerts.get(a.id)!),
    })),
    limit: SUMMARY_LIST_LIMIT,
    truncatedStatuses: query.applicationStatus.filter((_, i) => byStatus[i]!.length === SUMMARY_LIST_LIMIT),
    window: { from: window.from.toISOString(), to: window.to.toISOString() },
  };
}

import { and, desc, eq, gte, isNotNull, isNull, lt, type SQL } from 'drizzle-orm';
import { resolveDateRange } from '#domain/service-portal/date-range';
import type { SummaryQuery } from '#domain/service-portal/filters';
import type { ApplicationStatus } from '#domain/flow/statuses';
import type { SummaryListView } from '#domain/flow/staff-views';
import { e164ToPhone } from '#domain/validation/format';
import type { Tx } from '#server/db/client';
import { application } from '#server/db/schema/application';
import { alertViews } from './alert-dates';
import { staffDisplayName } from './staff-names';

/** Rows per status (the service portal list's limit). */
export const SUMMARY_LIST_LIMIT = 1000;
/** Alerts per application. */
export const ALERTS_LIMIT = 100;

/**
 * The /summary list: fetched once per selected status, each newest first within the date
 * window and bounded, so every query walks the (status, created_at) index.
 */
export async function listApplications(o: {
  db: Tx;
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
  const common: (SQL | undefined)[] = [
    gte(application.createdAt, window.from),
    lt(application.createdAt, window.to),
    query.assignedToMe ? eq(application.assignedTo, o.viewerId) : undefined,
    claimed && !unclaimed ? isNotNull(application.assignedTo) : undefined,
    unclaimed && !claimed ? isNull(application.assignedTo) : undefined,
  ];

  const byStatus = await Promise.all(
    query.applicationStatus.map((status: ApplicationStatus) =>
      o.db.query.application.findMany({
        where: and(eq(application.status, status), ...common),
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

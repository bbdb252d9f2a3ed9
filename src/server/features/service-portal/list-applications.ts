import { eq, sql } from 'drizzle-orm';
import { resolveDateRange } from '#domain/service-portal/date-range';
import type { SummaryQuery } from '#domain/service-portal/filters';
import { pageCount, SUMMARY_LIST_LIMIT, SUMMARY_PAGE_SIZE } from '#domain/service-portal/pagination';
import type { ApplicationStatus } from '#domain/flow/statuses';
import type { AlertView, SummaryListView } from '#domain/flow/staff-views';
import { e164ToPhone } from '#domain/validation/format';
import type { Db } from '#server/db/client';
import { application, borrower } from '#server/db/schema/application';
import { user } from '#server/db/schema/auth';
import { alert, type AlertTrigger, type AlertType } from '#server/db/schema/service-work';
import { alertViews } from '#server/alerts/alert-views';
import { ReadCache } from '#server/plugins/read-cache';
import { borrowerLanguageOf, languageFilterIsOpen } from '#domain/service-portal/filters';
import { hasSpanishBorrower } from './language-filter';
import { staffDisplayName } from './staff-names';

export { SUMMARY_LIST_LIMIT };
/** Alerts per application. */
export const ALERTS_LIMIT = 100;

/** Who the list is narrowed to by its claim filters (a parameter of the prepared reads). */
type ClaimFilter = 'all' | 'claimed' | 'unclaimed';
/** Who the list is narrowed to by the language filter (a parameter too). */
type LanguageFilter = 'all' | 'en' | 'es';

/**
 * The applications a status lists, as SQL over the alias `a` of application, for the status `s.status` of the
 * surrounding statement: in the date window, narrowed by the claim filters (an unused filter is a parameter
 * that turns its condition off).
 */
const listedInStatus = sql`a.status = s.status
  and a.created_at >= ${sql.placeholder('from')} and a.created_at < ${sql.placeholder('to')}
  and (${sql.placeholder('assignedTo')}::text is null or a.assigned_to = ${sql.placeholder('assignedTo')}::text)
  and (${sql.placeholder('claim')}::text = 'all'
    or (${sql.placeholder('claim')}::text = 'claimed') = (a.assigned_to is not null))
  and (${sql.placeholder('language')}::text = 'all'
    or (${sql.placeholder('language')}::text = 'es') = ${hasSpanishBorrower(sql`a.id`)})`;

/**
 * The list's three reads, each one named prepared statement (built once per database, planned once per
 * connection) whatever the number of statuses ticked:
 * - keys: the page's ids. Each status gives its newest `n` ids (n = the pages up to this one, never more than
 *   the limit) through the (status, created_at) index; they are merged newest first and the page is cut;
 * - counts: how many each status lists, counted up to one past the limit and no further, so a busy window
 *   never costs more than the limit's worth of index entries;
 * - rows: the page's applications with their borrower, assignee and alerts.
 */
function prepareReads(db: Db) {
  const statuses = sql`unnest(${sql.placeholder('statuses')}::text[]) as s(status)`;
  return {
    keys: db
      .select({ id: sql<string>`k.id`, createdAt: sql<Date>`k.created_at`.mapWith(application.createdAt) })
      .from(
        sql`${statuses} cross join lateral (
          select a.id, a.created_at from ${application} a where ${listedInStatus}
          order by a.created_at desc, a.id desc limit ${sql.placeholder('n')}
        ) k`,
      )
      .orderBy(sql`k.created_at desc, k.id desc`)
      .offset(sql.placeholder('offset'))
      .limit(SUMMARY_PAGE_SIZE)
      .prepare('summary_page_keys'),
    counts: db
      .select({
        status: sql<ApplicationStatus>`s.status`,
        listed: sql<number>`(select count(*) from (
          select 1 from ${application} a where ${listedInStatus} limit ${SUMMARY_LIST_LIMIT + 1}
        ) c)`.mapWith(Number),
      })
      .from(statuses)
      .prepare('summary_status_counts'),
    // Plain joined rows rather than a relational query: nothing is built as JSON in the database.
    rows: db
      .select({
        id: application.id,
        status: application.status,
        createdAt: application.createdAt,
        assigneeId: user.id,
        assigneeName: user.name,
        borrowerId: borrower.id,
        firstName: borrower.firstName,
        lastName: borrower.lastName,
        email: borrower.email,
        phoneNumber: borrower.phoneNumber,
        preferredLanguage: borrower.preferredLanguage,
      })
      .from(application)
      .leftJoin(user, eq(user.id, application.assignedTo))
      .leftJoin(borrower, eq(borrower.applicationId, application.id))
      .where(sql`${application.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare('summary_rows'),
    // Each application's newest ALERTS_LIMIT alerts, newest first.
    alerts: db
      .select({
        id: sql<string>`x.id`,
        applicationId: sql<string>`x.application_id`,
        type: sql<AlertType>`x.type`,
        createdAt: sql<Date>`x.created_at`.mapWith(alert.createdAt),
        clearedAt: sql<Date | null>`x.cleared_at`.mapWith(alert.clearedAt),
        hasBeenSeenByBorrower: sql<boolean>`x.has_been_seen_by_borrower`,
        hasBeenSeenByCustomerServiceRepresentative: sql<boolean>`x.has_been_seen_by_customer_service_representative`,
        triggeredBy: sql<AlertTrigger[]>`x.triggered_by`,
      })
      .from(
        sql`(select a.*, row_number() over (partition by a.application_id order by a.created_at desc) as n
          from ${alert} a where a.application_id = any(${sql.placeholder('ids')}::uuid[])) x`,
      )
      .where(sql`x.n <= ${ALERTS_LIMIT}`)
      .orderBy(sql`x.created_at desc`)
      .prepare('summary_alerts'),
  };
}
const preparedReads = new WeakMap<Db, ReturnType<typeof prepareReads>>();

/**
 * The counts by status, kept for a few seconds per set of filters: they are the same for every page and every
 * counsellor looking at the same filters, counting them is most of the list's cost, and a count a few seconds
 * old is as good as a fresh one for "how many are waiting". The page's rows are always read fresh.
 */
const COUNTS_TTL_MS = 10_000;
const countsKept = new WeakMap<Db, ReadCache<Map<string, number>>>();
function keptCounts(db: Db) {
  let cache = countsKept.get(db);
  if (!cache) {
    countsKept.set(db, (cache = new ReadCache({ maxEntries: 1_000, ttlMs: COUNTS_TTL_MS })));
    cache.enabled = true;
  }
  return cache;
}

/** Newest first; equal times by id, descending, as the database orders them. */
const newestFirst = (a: { id: string; createdAt: Date }, b: { id: string; createdAt: Date }) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * One page of the /summary list. Each selected status lists its newest SUMMARY_LIST_LIMIT applications of the
 * window; the statuses are merged newest first and cut into pages. Page p needs at most p pages' worth of each
 * status, so each status reads that many keys (never more than the limit), and only the page's rows are read
 * whole.
 */
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
  // Both languages ticked (the default) lists everyone; one lists its speakers (null counts as English).
  const languages = query.language ?? [];
  const language: LanguageFilter = languageFilterIsOpen(languages)
    ? 'all'
    : languages.includes('es')
      ? 'es'
      : 'en';
  let reads = preparedReads.get(o.db);
  if (!reads) preparedReads.set(o.db, (reads = prepareReads(o.db)));
  const statuses = query.applicationStatus;
  const filters = {
    statuses,
    from: window.from,
    to: window.to,
    assignedTo: query.assignedToMe ? o.viewerId : null,
    claim,
    language,
  };
  // The default window moves with the clock; an explicit one is fixed by its dates.
  const countsKey = JSON.stringify([
    statuses,
    query.startDate ?? null,
    query.endDate ?? null,
    filters.assignedTo,
    claim,
    language,
  ]);
  const counts = keptCounts(o.db);
  const ticket = counts.ticket();
  const [pageKeys, listed] = await Promise.all([
    reads.keys.execute({
      ...filters,
      n: Math.min(query.page * SUMMARY_PAGE_SIZE, SUMMARY_LIST_LIMIT),
      offset: (query.page - 1) * SUMMARY_PAGE_SIZE,
    }),
    counts.get(countsKey) ??
      reads.counts.execute(filters).then((rows) => {
        const read = new Map<string, number>(rows.map((c) => [c.status, c.listed]));
        counts.set(countsKey, read, { ticket, labels: [] });
        return read;
      }),
  ]);
  const byStatus = statuses.map((status) => ({
    status,
    count: Math.min(listed.get(status) ?? 0, SUMMARY_LIST_LIMIT),
  }));
  const total = byStatus.reduce((sum, c) => sum + c.count, 0);
  const ids = pageKeys.map((k) => k.id);
  const [rows, alertRows] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([reads.rows.execute({ ids }), reads.alerts.execute({ ids })]);
  rows.sort(newestFirst);
  const alerts = await alertViews(o.db, alertRows);
  const alertsOf = new Map<string, AlertView[]>();
  for (const a of alertRows) {
    const list = alertsOf.get(a.applicationId) ?? [];
    list.push(alerts.get(a.id)!);
    alertsOf.set(a.applicationId, list);
  }
  return {
    items: rows.map((r) => ({
      id: r.id,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      assignedTo: r.assigneeId ? { id: r.assigneeId, name: staffDisplayName(r.assigneeName) } : null,
      borrower: r.borrowerId
        ? {
            id: r.borrowerId,
            firstName: r.firstName,
            lastName: r.lastName,
            email: r.email,
            phoneNumber: r.phoneNumber ? e164ToPhone(r.phoneNumber) : null,
            preferredLanguage: borrowerLanguageOf(r.preferredLanguage),
          }
        : null,
      alerts: alertsOf.get(r.id) ?? [],
    })),
    page: query.page,
    pageSize: SUMMARY_PAGE_SIZE,
    pageCount: pageCount(total, SUMMARY_PAGE_SIZE),
    total,
    counts: byStatus,
    limit: SUMMARY_LIST_LIMIT,
    truncatedStatuses: statuses.filter((status) => (listed.get(status) ?? 0) > SUMMARY_LIST_LIMIT),
    window: { from: window.from.toISOString(), to: window.to.toISOString() },
  };
}

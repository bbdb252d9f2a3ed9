import {
  and,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AlertType, QueueTileAlerts, QueueView } from '#domain/flow/staff-views';
import { mostSevereAlertType } from '#domain/monitoring/alert-severity';
import { resolveDateRange } from '#domain/service-portal/date-range';
import {
  ACCOUNT_TYPE_CODES,
  ACCOUNT_TYPE_FILTERS,
  BALANCE_ABOVE_100_CENTS,
  type DebtFilters,
  type ContactInformationField,
  debtFiltersAreOpen,
  effectiveDebtDetail,
  PORTFOLIO_TYPES,
  type QueueQuery,
} from '#domain/service-portal/filters';
import { pageCount, QUEUE_COUNT_CAP, QUEUE_PAGE_SIZE } from '#domain/service-portal/pagination';
import { containsPattern, escapeLikePattern, searchTerms } from '#domain/service-portal/search';
import { e164ToPhone } from '#domain/validation/format';
import { MESSAGES } from '#domain/validation/messages';
import type { Tx } from '#server/db/client';
import { application, borrower } from '#server/db/schema/application';
import { collection, debt } from '#server/db/schema/credit';
import { user } from '#server/db/schema/auth';
import { alert } from '#server/db/schema/service-work';
import { staffDisplayName } from './staff-names';

/** A whole US phone number: stored as +1 and these ten digits, so it is looked up, not searched for. */
const PHONE_DIGITS = 10;
/** A uuid's beginning as typed: hex digits and dashes. */
const ID_PREFIX = /^[0-9a-f-]+$/i;

/**
 * The search over the ticked contact fields: ids by their beginning, names, email and phone anywhere in them;
 * ILIKE with every wildcard escaped. Written as "the application is one of these": the borrower's fields and
 * the application's id are each searched on their own table through its own indexes (the names, email and
 * phone through trigram indexes, the ids through text-pattern indexes), instead of one OR across a join that
 * no index can answer.
 */
function searchCondition(
  raw: string | undefined,
  fields: readonly ContactInformationField[],
): SQL | undefined {
  const terms = searchTerms(raw);
  if (!terms) return undefined;
  const pattern = containsPattern(terms.text);
  const on = new Set(fields);
  // Ids are stored lower-case; LIKE (not ILIKE) on a lower-cased prefix uses the text-pattern index.
  const idPrefix =
    on.has('id') && ID_PREFIX.test(terms.text)
      ? `${escapeLikePattern(terms.text.toLowerCase())}%`
      : undefined;
  // A whole phone number typed (ten digits, however punctuated) is looked up as one, among phones (and ids):
  // searching names and emails for its digits would find nothing a counsellor meant and read a large part of
  // the trigram index (every digit run is common across a million emails).
  const wholePhone = on.has('phone') && terms.phoneDigits?.length === PHONE_DIGITS;
  const text = (field: ContactInformationField) => on.has(field) && !wholePhone;
  // Every name and email field ticked (the default): one lower-cased text and its one trigram index
  // (borrower_search_text_trgm_idx, migration 0014), the same matches as the four conditions below.
  const wholeText =
    text('firstName') && text('lastName') && text('email')
      ? like(
          sql`lower(coalesce(${borrower.firstName}, '') || ' ' || coalesce(${borrower.lastName}, '') || chr(1) || coalesce(${borrower.email}, ''))`,
          sql`lower(${pattern})`,
        )
      : undefined;
  const byBorrower = or(
    idPrefix ? like(sql`${borrower.id}::text`, idPrefix) : undefined,
    wholeText,
    !wholeText && text('firstName') ? ilike(borrower.firstName, pattern) : undefined,
    !wholeText && text('lastName') ? ilike(borrower.lastName, pattern) : undefined,
    // 'Pat Doe': the same expression as the trigram index borrower_full_name_trgm_idx (migration 0003).
    !wholeText && text('firstName') && text('lastName')
      ? ilike(
          sql`(coalesce(${borrower.firstName}, '') || ' ' || coalesce(${borrower.lastName}, ''))`,
          pattern,
        )
      : undefined,
    !wholeText && text('email') ? ilike(borrower.email, pattern) : undefined,
    // Phones are stored as +1 and ten digits: match the digits typed, however they were written.
    on.has('phone') && terms.phoneDigits
      ? terms.phoneDigits.length === PHONE_DIGITS
        ? eq(borrower.phoneNumber, `+1${terms.phoneDigits}`)
        : like(borrower.phoneNumber, containsPattern(terms.phoneDigits))
      : undefined,
  );
  const matches = [
    byBorrower ? sql`select ${borrower.applicationId} from ${borrower} where ${byBorrower}` : undefined,
    idPrefix
      ? sql`select ${application.id} from ${application} where ${application.id}::text like ${idPrefix}`
      : undefined,
  ].filter((m): m is SQL => m !== undefined);
  // Nothing ticked can match: the filter refuses an empty list before this runs.
  if (matches.length === 0) return sql`false`;
  return sql`${application.id} in (${sql.join(matches, sql` union all `)})`;
}

/** One debt (or collection) row matching the debt filters; the SQL twin of debtMatches in the domain. */
function debtRowCondition(t: typeof debt | typeof collection, f: DebtFilters): SQL | undefined {
  const late =
    t === debt
      ? sql`coalesce(${debt.late30DaysTotal}, 0) + coalesce(${debt.late60DaysTotal}, 0) + coalesce(${debt.late90DaysTotal}, 0) > 0 or coalesce(${debt.pastDue}, 0) > 0`
      : sql`coalesce(${t.pastDue}, 0) > 0`;
  const details = effectiveDebtDetail(f).map((detail) =>
    detail === 'hasBalance'
      ? gt(t.currentBalance, 0)
      : detail === 'hasBalanceAbove100'
        ? gte(t.currentBalance, BALANCE_ABOVE_100_CENTS)
        : sql`(${late})`,
  );
  const byStatus = or(
    f.debtStatus.includes('open') ? and(isNull(t.dateClosed), ...details) : undefined,
    f.debtStatus.includes('closed') ? isNotNull(t.dateClosed) : undefined,
  );
  const byPortfolio = PORTFOLIO_TYPES.every((p) => f.portfolioType.includes(p))
    ? undefined
    : inArray(t.portfolioType, f.portfolioType);
  const code = sql`upper(trim(${t.accountType}))`;
  const listed = f.accountType.filter((a) => a !== 'other');
  const byAccountType = ACCOUNT_TYPE_FILTERS.every((a) => f.accountType.includes(a))
    ? undefined
    : or(
        listed.length > 0 ? inArray(code, listed) : undefined,
        f.accountType.includes('other')
          ? or(
              isNull(t.accountType),
              sql`${code} not in (${sql.join(
                ACCOUNT_TYPE_CODES.map((c) => sql`${c}`),
                sql`, `,
              )})`,
            )
          : undefined,
      );
  return and(byStatus, byPortfolio, byAccountType);
}

/** A borrower matches the debt filters when one of their debts or collections does. */
function debtCondition(f: DebtFilters): SQL | undefined {
  if (debtFiltersAreOpen(f)) return undefined;
  return or(
    sql`exists (select 1 from ${debt} where ${debt.applicationId} = ${application.id} and ${debtRowCondition(debt, f)})`,
    sql`exists (select 1 from ${collection} where ${collection.applicationId} = ${application.id} and ${debtRowCondition(collection, f)})`,
  );
}

/**
 * The /borrower-queue: the rep's panel and one page of borrower tiles, newest first, with the total for the
 * pagination control. Every filter is a condition of one query; the page is bounded.
 */
export async function searchQueue(o: {
  db: Tx;
  viewerId: string;
  query: QueueQuery;
  now?: Date;
}): Promise<QueueView> {
  const { db, query } = o;
  const claimed = query.claimedStatus.includes('claimed');
  const unclaimed = query.claimedStatus.includes('unclaimed');
  // The queue searches every date unless a range is chosen.
  const window =
    query.startDate !== undefined || query.endDate !== undefined
      ? resolveDateRange({ startDate: query.startDate, endDate: query.endDate, now: o.now ?? new Date() })
      : undefined;
  const where = and(
    inArray(application.status, query.applicationStatus),
    claimed && !unclaimed ? isNotNull(application.assignedTo) : undefined,
    unclaimed && !claimed ? isNull(application.assignedTo) : undefined,
    query.assignedToMe ? eq(application.assignedTo, o.viewerId) : undefined,
    window ? gte(application.createdAt, window.from) : undefined,
    window ? lt(application.createdAt, window.to) : undefined,
    searchCondition(query.searchValue, query.contactInformation),
    debtCondition(query),
  );

  const [rows, totals, mine, me] = await Promise.all([
    db
      .select({
        applicationId: application.id,
        createdAt: application.createdAt,
        status: application.status,
        assignedTo: application.assignedTo,
        assigneeName: user.name,
        borrowerId: borrower.id,
        firstName: borrower.firstName,
        lastName: borrower.lastName,
        phoneNumber: borrower.phoneNumber,
      })
      .from(application)
      .leftJoin(borrower, eq(borrower.applicationId, application.id))
      .leftJoin(user, eq(user.id, application.assignedTo))
      .where(where)
      .orderBy(desc(application.createdAt), desc(application.id))
      .limit(QUEUE_PAGE_SIZE)
      .offset((query.page - 1) * QUEUE_PAGE_SIZE),
    // Counted up to the cap and no further (QUEUE_COUNT_CAP): the count stays bounded at any size.
    db.select({ total: count() }).from(
      db
        .select({ one: sql`1` })
        .from(application)
        .where(where)
        .limit(QUEUE_COUNT_CAP + 1)
        .as('matching'),
    ),
    db.select({ total: count() }).from(application).where(eq(application.assignedTo, o.viewerId)),
    db
      .select({ name: user.name, email: user.email, phoneNumber: user.phoneNumber })
      .from(user)
      .where(eq(user.id, o.viewerId)),
  ]);
  const alertsOf = await tileAlerts(
    db,
    rows.map((r) => r.applicationId),
  );
  const counted = Number(totals[0]?.total ?? 0);
  const total = Math.min(counted, QUEUE_COUNT_CAP);
  return {
    rep: {
      assignedCount: Number(mine[0]?.total ?? 0),
      name: staffDisplayName(me[0]?.name),
      email: me[0]?.email ?? '',
      phoneNumber: me[0]?.phoneNumber ? e164ToPhone(me[0].phoneNumber) : null,
    },
    page: query.page,
    pageSize: QUEUE_PAGE_SIZE,
    pageCount: pageCount(total),
    total,
    totalIsCapped: counted > QUEUE_COUNT_CAP,
    tiles: rows.map((r) => ({
      applicationId: r.applicationId,
      borrowerId: r.borrowerId,
      name: [r.firstName, r.lastName].filter(Boolean).join(' ') || MESSAGES.nameUnavailable,
      createdAt: r.createdAt.toISOString(),
      phoneNumber: r.phoneNumber ? e164ToPhone(r.phoneNumber) : null,
      status: r.status,
      assignedTo: r.assignedTo
        ? { id: r.assignedTo, name: staffDisplayName(r.assigneeName), isMe: r.assignedTo === o.viewerId }
        : null,
      alerts: alertsOf.get(r.applicationId) ?? NO_ALERTS,
    })),
  };
}

const NO_ALERTS: QueueTileAlerts = { count: 0, unseen: 0, mostSevere: null };

/**
 * The page's alerts that still hold, counted per application and type (through the alert table's
 * application index, one page of ids at a time): each tile's count, unseen count and most severe type.
 */
async function tileAlerts(db: Tx, applicationIds: string[]): Promise<Map<string, QueueTileAlerts>> {
  if (applicationIds.length === 0) return new Map();
  const counts = await db
    .select({
      applicationId: alert.applicationId,
      type: alert.type,
      count: count(),
      unseen:
        sql<number>`count(*) filter (where not ${alert.hasBeenSeenByCustomerServiceRepresentative})`.mapWith(
          Number,
        ),
    })
    .from(alert)
    .where(and(inArray(alert.applicationId, applicationIds), isNull(alert.clearedAt)))
    .groupBy(alert.applicationId, alert.type);
  const byApplication = new Map<string, { count: number; unseen: number; types: AlertType[] }>();
  for (const row of counts) {
    const entry = byApplication.get(row.applicationId) ?? { count: 0, unseen: 0, types: [] };
    entry.count += Number(row.count);
    entry.unseen += row.unseen;
    entry.types.push(row.type);
    byApplication.set(row.applicationId, entry);
  }
  return new Map(
    [...byApplication].map(([id, e]) => [
      id,
      { count: e.count, unseen: e.unseen, mostSevere: mostSevereAlertType(e.types) },
    ]),
  );
}

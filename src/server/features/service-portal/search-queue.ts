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
import { APPLICATION_STATUSES, type ApplicationStatus } from '#domain/flow/statuses';
import { mostSevereAlertType } from '#domain/monitoring/alert-severity';
import { dayIn, DEFAULT_AGENCY_TIME_ZONE } from '#domain/calendar';
import { resolveDateRange } from '#domain/service-portal/date-range';
import {
  ACCOUNT_TYPE_CODES,
  ACCOUNT_TYPE_FILTERS,
  BALANCE_ABOVE_100_CENTS,
  type DebtFilters,
  type ContactInformationField,
  debtFiltersAreOpen,
  effectiveDebtDetail,
  borrowerLanguageOf,
  languageFilterIsOpen,
  PORTFOLIO_TYPES,
  type QueueQuery,
} from '#domain/service-portal/filters';
import { pageCount, QUEUE_COUNT_CAP, QUEUE_PAGE_SIZE } from '#domain/service-portal/pagination';
import { containsPattern, escapeLikePattern, searchTerms } from '#domain/service-portal/search';
import { e164ToPhone } from '#domain/validation/format';
import { MESSAGES } from '#domain/validation/messages';
import type { Db, Reader } from '#server/db/client';
import { application, borrower } from '#server/db/schema/application';
import { collection, debt } from '#server/db/schema/credit';
import { user } from '#server/db/schema/auth';
import { alert } from '#server/db/schema/service-work';
import { ReadCache } from '#server/plugins/read-cache';
import { languageCondition } from './language-filter';
import { ledgerConditions } from './ledger-filter';
import { staffDisplayName } from './staff-names';

/** A whole US phone number: stored as +1 and these ten digits, so it is looked up, not searched for. */
const PHONE_DIGITS = 10;
/** A uuid's beginning as typed: hex digits and dashes. */
const ID_PREFIX = /^[0-9a-f-]+$/i;

/**
 * A search over the ticked contact fields, in two equivalent forms:
 * - `matches`: the applications whose ids, names, email or phone match, each read through its own table's
 *   indexes (names and email by trigram, ids by text-pattern indexes, a whole phone number by btree): the fast
 *   way when few match;
 * - `walk`: the same test as a condition on an application row and its borrower, which no index answers, so
 *   the queue's newest-first page walks the applications by date and stops at the tenth match: the fast way
 *   when a term is common (a frequent surname matches one borrower in a hundred, and reading all its matches
 *   to keep the newest ten costs far more than walking a thousand applications).
 * Ids by their beginning, names, email and phone anywhere in them, case-insensitively, every LIKE wildcard
 * escaped. `key` names the search for the memory of common terms.
 */
type Search = { key: string; matches: SQL; walk: SQL };

function searchOf(
  raw: string | undefined,
  fields: readonly ContactInformationField[],
): Search | 'nothing' | undefined {
  const terms = searchTerms(raw);
  if (!terms) return undefined;
  const pattern = containsPattern(terms.text);
  const lowered = terms.text.toLowerCase();
  const contains = (text: SQL) => sql`strpos(lower(${text}), ${lowered}) > 0`;
  const on = new Set(fields);
  // Ids are stored lower-case; LIKE (not ILIKE) on a lower-cased prefix uses the text-pattern index.
  const idPrefix = on.has('id') && ID_PREFIX.test(terms.text) ? lowered : undefined;
  const idPattern = idPrefix ? `${escapeLikePattern(idPrefix)}%` : undefined;
  // A whole phone number typed (ten digits, however punctuated) is looked up as one, among phones (and ids):
  // searching names and emails for its digits would find nothing a counsellor meant and read a large part of
  // the trigram index (every digit run is common across a million emails).
  const wholePhone = on.has('phone') && terms.phoneDigits?.length === PHONE_DIGITS;
  const text = (field: ContactInformationField) => on.has(field) && !wholePhone;
  // Every name and email field ticked (the default): one lower-cased text and its one trigram index
  // (borrower_search_text_trgm_idx, migration 0014), the same matches as the separate conditions below.
  const searchText = sql`coalesce(${borrower.firstName}, '') || ' ' || coalesce(${borrower.lastName}, '') || chr(1) || coalesce(${borrower.email}, '')`;
  // 'Pat Doe': the same expression as the trigram index borrower_full_name_trgm_idx (migration 0003).
  const fullName = sql`(coalesce(${borrower.firstName}, '') || ' ' || coalesce(${borrower.lastName}, ''))`;
  const wholeText = text('firstName') && text('lastName') && text('email');
  const phone = on.has('phone') ? terms.phoneDigits : null;
  const byBorrower = {
    matches: or(
      idPattern ? like(sql`${borrower.id}::text`, idPattern) : undefined,
      wholeText ? like(sql`lower(${searchText})`, sql`lower(${pattern})`) : undefined,
      !wholeText && text('firstName') ? ilike(borrower.firstName, pattern) : undefined,
      !wholeText && text('lastName') ? ilike(borrower.lastName, pattern) : undefined,
      !wholeText && text('firstName') && text('lastName') ? ilike(fullName, pattern) : undefined,
      !wholeText && text('email') ? ilike(borrower.email, pattern) : undefined,
      // Phones are stored as +1 and ten digits: match the digits typed, however they were written.
      phone
        ? phone.length === PHONE_DIGITS
          ? eq(borrower.phoneNumber, `+1${phone}`)
          : like(borrower.phoneNumber, containsPattern(phone))
        : undefined,
    ),
    walk: or(
      idPrefix ? sql`starts_with(${borrower.id}::text, ${idPrefix})` : undefined,
      wholeText ? contains(searchText) : undefined,
      !wholeText && text('firstName') ? contains(sql`${borrower.firstName}`) : undefined,
      !wholeText && text('lastName') ? contains(sql`${borrower.lastName}`) : undefined,
      !wholeText && text('firstName') && text('lastName') ? contains(fullName) : undefined,
      !wholeText && text('email') ? contains(sql`${borrower.email}`) : undefined,
      phone
        ? phone.length === PHONE_DIGITS
          ? eq(borrower.phoneNumber, `+1${phone}`)
          : sql`strpos(${borrower.phoneNumber}, ${phone}) > 0`
        : undefined,
    ),
  };
  // A whole name typed ('Mary Smith', every name and email field ticked, nothing a phone or an id could be):
  // looked up by where it can be, not through the trigram index.
  const wholeName = wholeText && !phone && !idPattern && isWholeNameTerm(terms.text);
  const matches = [
    wholeName
      ? wholeNameMatches(terms.text)
      : byBorrower.matches
        ? sql`select ${borrower.applicationId} from ${borrower} where ${byBorrower.matches}`
        : undefined,
    idPattern
      ? sql`select ${application.id} from ${application} where ${application.id}::text like ${idPattern}`
      : undefined,
  ].filter((m): m is SQL => m !== undefined);
  // Nothing ticked can match: the filter refuses an empty list before this runs.
  if (matches.length === 0) return 'nothing';
  return {
    key: JSON.stringify([lowered, [...on].sort()]),
    matches: sql.join(matches, sql` union all `),
    walk: or(byBorrower.walk, idPrefix ? sql`starts_with(${application.id}::text, ${idPrefix})` : undefined)!,
  };
}

/** The separator of the searched text (see migration 0014): a term holding it is never a name. */
const SEARCH_TEXT_SEPARATOR = '\u0001';

/** A term with a space in it, as searchTerms leaves it (trimmed, spaces single). */
const isWholeNameTerm = (text: string): boolean =>
  text.includes(' ') && !text.includes(SEARCH_TEXT_SEPARATOR);

/**
 * The borrowers whose "first last", email included, contains a term with a space in it, found without the
 * trigram index of every name and email (a few milliseconds of database time per term at a million
 * borrowers). The searched text is "first last", a separator, then the email, so a term holding a space is
 * found in one of three disjoint ways, each read through a small index range (migration 0022):
 * 1. the full name starts with it ('mary smith' in Mary Smith, Mary Smithson);
 * 2. for a term with one space, where nobody's names or email hold a space themselves (then the only space is
 *    the one between the names): a first name longer than the part before the space and ending with it, and a
 *    last name starting with the part after it ('mary smith' in Rosemary Smith; the first names exactly
 *    equal are case 1's);
 * 3. where a name or the email holds a space (Mary Ann, De La Cruz, few): anywhere, as the trigram search
 *    finds it, through a trigram index of those few rows only, unless case 1 found it.
 * Lower-casing and reversing are done by the database, as the searched index was built.
 */
function wholeNameMatches(term: string): SQL {
  const first = sql`coalesce(${borrower.firstName}, '')`;
  const fullName = sql`lower(${first} || ' ' || coalesce(${borrower.lastName}, ''))`;
  const searchText = sql`lower(${first} || ' ' || coalesce(${borrower.lastName}, '') || chr(1) || coalesce(${borrower.email}, ''))`;
  // Exactly the predicate of the partial index borrower_spaced_search_text_trgm_idx.
  const spaced = sql`(${borrower.firstName} like '% %' or ${borrower.lastName} like '% %' or ${borrower.email} like '% %')`;
  const startsTheFullName = sql`starts_with(${fullName}, lower(${term}))`;
  const parts = [sql`select ${borrower.applicationId} from ${borrower} where ${startsTheFullName}`];
  const space = term.indexOf(' ');
  if (term.lastIndexOf(' ') === space) {
    const reversedFirst = sql`reverse(lower(${first}))`;
    const before = sql`reverse(lower(${term.slice(0, space)}))`;
    parts.push(
      sql`select ${borrower.applicationId} from ${borrower}
        where starts_with(${reversedFirst}, ${before}) and ${reversedFirst} ~>~ ${before}
          and starts_with(lower(coalesce(${borrower.lastName}, '')), lower(${term.slice(space + 1)}))
          and not coalesce(${spaced}, false)`,
    );
  }
  parts.push(
    sql`select ${borrower.applicationId} from ${borrower}
      where ${spaced} and ${searchText} like lower(${containsPattern(term)}) and not ${startsTheFullName}`,
  );
  return sql.join(parts, sql` union all `);
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

/** How many pages of a common term's results are found by walking the applications newest first. */
const WALK_PAGES = 10;
/**
 * Searches found to match more than the count cap, remembered for a while so the next page or the next
 * counsellor walks at once instead of first reading the matches. Only the way of finding is remembered, never
 * a result: both ways answer the same rows.
 */
const COMMON_TERMS_TTL_MS = 10 * 60_000;
const commonTerms = new ReadCache<true>({ maxEntries: 10_000, ttlMs: COMMON_TERMS_TTL_MS });
commonTerms.enabled = true;
/**
 * A common term's count under the same filters, kept ten seconds (as the summary list keeps its counts): it
 * is the same for every page, counting up to the cap reads a thousand matches, and a count seconds old is as
 * good as a fresh one for "how many are there". The tiles are always read fresh.
 */
const COMMON_COUNT_TTL_MS = 10_000;
const commonCounts = new ReadCache<number>({ maxEntries: 10_000, ttlMs: COMMON_COUNT_TTL_MS });
commonCounts.enabled = true;

const tileColumns = {
  applicationId: application.id,
  createdAt: application.createdAt,
  status: application.status,
  assignedTo: application.assignedTo,
  assigneeName: user.name,
  borrowerId: borrower.id,
  firstName: borrower.firstName,
  lastName: borrower.lastName,
  phoneNumber: borrower.phoneNumber,
  preferredLanguage: borrower.preferredLanguage,
  planFitLeft: application.planFitLeft,
};
type TileRow = {
  applicationId: string;
  createdAt: Date;
  status: ApplicationStatus;
  assignedTo: string | null;
  assigneeName: string | null;
  borrowerId: string | null;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  preferredLanguage: string | null;
  planFitLeft: number | null;
};
type Found = { rows: TileRow[]; counted: number };

/** The matches counted up to one past the cap and no further: the count stays bounded at any size. */
async function countUpToCap(db: Reader, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(
    db
      .select({ one: sql`1` })
      .from(application)
      .where(where)
      .limit(QUEUE_COUNT_CAP + 1)
      .as('matching'),
  );
  return Number(row?.total ?? 0);
}

/**
 * A page of tiles newest first, and the matches counted (QUEUE_COUNT_CAP), the two side by side: on the
 * connection pool (Db), where each runs on a connection of its own. A transaction would be one connection,
 * which runs one query at a time, so it is not accepted here.
 */
function pageAndCount(db: Db, where: SQL | undefined, offset: number): Promise<Found> {
  return Promise.all([
    db
      .select(tileColumns)
      .from(application)
      .leftJoin(borrower, eq(borrower.applicationId, application.id))
      .leftJoin(user, eq(user.id, application.assignedTo))
      .where(where)
      .orderBy(desc(application.createdAt), desc(application.id))
      .limit(QUEUE_PAGE_SIZE)
      .offset(offset),
    countUpToCap(db, where),
  ]).then(([rows, counted]) => ({ rows, counted }));
}

/**
 * The applications a term matched, kept ten seconds per instance: the next page, another filter or another
 * counsellor's same search reads its page from them instead of reading the trigram indexes again (a few
 * milliseconds of database time at a million borrowers). Only which borrowers matched the term is kept: the
 * page reads their applications, names and claims fresh, so a borrower who has just started an application,
 * or been renamed, is found or dropped by the term at most ten seconds later
 * (docs/decisions/0069-a-search-term-matches-kept-ten-seconds.md).
 */
const MATCHES_TTL_MS = 10_000;
const keptMatches = new ReadCache<string[]>({ maxEntries: 2_000, ttlMs: MATCHES_TTL_MS });
keptMatches.enabled = true;

/**
 * A searched page when few match: the matches are read once through the indexes (at most one past the cap),
 * and the page and its count come from them in the same statement; only the page's ten applications are
 * joined to their borrower and assignee. Answers null when more than the cap match, as the matches read are
 * then not all of them.
 */
async function fewMatches(
  db: Db,
  search: Search,
  filters: SQL | undefined,
  offset: number,
): Promise<Found | null> {
  const kept = keptMatches.get(search.key);
  const ticket = keptMatches.ticket();
  const matches = kept
    ? sql`select unnest(${`{${kept.join(',')}}`}::uuid[]) as id`
    : sql`select id from (${search.matches}) m(id) limit ${QUEUE_COUNT_CAP + 1}`;
  const page = sql`with matched as materialized (${matches}),
    page as (
      select ${application.id} as application_id, ${application.createdAt} as created_at,
        ${application.status} as status, ${application.assignedTo} as assigned_to,
        ${application.planFitLeft} as plan_fit_left, count(*) over () as listed,
        row_number() over (order by ${application.createdAt} desc, ${application.id} desc) as place
      from ${application}
      where ${application.id} in (select id from matched) and ${filters ?? sql`true`}
      order by ${application.createdAt} desc, ${application.id} desc
      limit ${QUEUE_PAGE_SIZE} offset ${offset}
    )
    -- One row at least, so that how many matched is known even when the page is empty; the matches' ids,
    -- to be kept, ride on the first row only.
    select c.matched, case when p.place is null or p.place = 1 then c.ids end as ids, p.*, ${user.name} as assignee_name, ${borrower.id} as borrower_id,
      ${borrower.firstName} as first_name, ${borrower.lastName} as last_name,
      ${borrower.phoneNumber} as phone_number, ${borrower.preferredLanguage} as preferred_language
    from (select count(distinct id) as matched, ${kept ? sql`null` : sql`array_agg(distinct id)`} as ids
      from matched) c
    left join page p on true
    left join ${borrower} on ${borrower.applicationId} = p.application_id
    left join ${user} on ${user.id} = p.assigned_to`;
  const read = await db
    .select({
      applicationId: sql<string | null>`r.application_id`,
      createdAt: sql<Date>`r.created_at`.mapWith(application.createdAt),
      status: sql<ApplicationStatus>`r.status`,
      assignedTo: sql<string | null>`r.assigned_to`,
      assigneeName: sql<string | null>`r.assignee_name`,
      borrowerId: sql<string | null>`r.borrower_id`,
      firstName: sql<string | null>`r.first_name`,
      lastName: sql<string | null>`r.last_name`,
      phoneNumber: sql<string | null>`r.phone_number`,
      preferredLanguage: sql<string | null>`r.preferred_language`,
      planFitLeft: sql<number | null>`r.plan_fit_left`,
      listed: sql<number>`r.listed`.mapWith(Number),
      matched: sql<number>`r.matched`.mapWith(Number),
      ids: sql<string[] | null>`r.ids::text[]`,
    })
    .from(sql`(${page}) r`)
    .orderBy(sql`r.created_at desc, r.application_id desc`);
  const matched = read[0]?.matched ?? 0;
  if (matched > QUEUE_COUNT_CAP) return null;
  const ids = read[0]?.ids;
  if (!kept && ids) keptMatches.set(search.key, ids, { ticket, labels: [] });
  const rows = read.filter((r): r is typeof r & { applicationId: string } => r.applicationId !== null);
  if (rows.length === 0) {
    // Past the last page the window count has no row to ride on: count the few matches on their own.
    if (offset === 0 || matched === 0) return { rows: [], counted: 0 };
    return pageAndCount(
      db,
      and(filters, sql`${application.id} in (select id from (${matches}) m(id))`),
      offset,
    );
  }
  return {
    rows: rows.map(({ listed: _l, matched: _m, ids: _i, ...row }) => row),
    counted: rows[0]!.listed,
  };
}

/**
 * The /borrower-queue: the rep's panel and one page of borrower tiles, newest first, with the total for the
 * pagination control. Every filter is a condition of one query; the page is bounded.
 */
export async function searchQueue(o: {
  /** The connection pool, not a transaction: the page, the count and the panel are read side by side. */
  db: Db;
  viewerId: string;
  query: QueueQuery;
  now?: Date;
  /** The agency's day (Services.today()): which payments are past the posting window. */
  today?: string;
}): Promise<QueueView> {
  const { db, query } = o;
  const claimed = query.claimedStatus.includes('claimed');
  const unclaimed = query.claimedStatus.includes('unclaimed');
  // The queue searches every date unless a range is chosen.
  const window =
    query.startDate !== undefined || query.endDate !== undefined
      ? resolveDateRange({ startDate: query.startDate, endDate: query.endDate, now: o.now ?? new Date() })
      : undefined;
  const filters = and(
    inArray(application.status, query.applicationStatus),
    claimed && !unclaimed ? isNotNull(application.assignedTo) : undefined,
    unclaimed && !claimed ? isNull(application.assignedTo) : undefined,
    query.assignedToMe ? eq(application.assignedTo, o.viewerId) : undefined,
    // The figure stored when the plan last changed, read through its partial index (a few plans fall short).
    // Written as the index's own predicate (a literal 0, not a parameter), so the planner always matches it.
    query.planNoLongerFits ? sql`${application.planFitLeft} < 0` : undefined,
    window ? gte(application.createdAt, window.from) : undefined,
    window ? lt(application.createdAt, window.to) : undefined,
    debtCondition(query),
    languageCondition(query.language, sql`${application.id}`),
    ...ledgerConditions(
      query,
      sql`${application.id}`,
      o.today ?? dayIn(o.now ?? new Date(), DEFAULT_AGENCY_TIME_ZONE),
    ),
  );
  // Every application passes these filters: a search's matches are then the queue's.
  const unfiltered =
    APPLICATION_STATUSES.every((s) => query.applicationStatus.includes(s)) &&
    claimed === unclaimed &&
    !query.assignedToMe &&
    !query.planNoLongerFits &&
    !query.returnedDrafts &&
    !query.unpostedPayments &&
    !window &&
    debtFiltersAreOpen(query) &&
    languageFilterIsOpen(query.language);
  const offset = (query.page - 1) * QUEUE_PAGE_SIZE;
  const search = searchOf(query.searchValue, query.contactInformation);

  const find = async (): Promise<Found> => {
    if (search === undefined) return pageAndCount(db, filters, offset);
    if (search === 'nothing') return { rows: [], counted: 0 };
    const indexed = and(filters, sql`${application.id} in (${search.matches})`);
    const common = commonTerms.get(search.key) === true;
    if (!common) {
      const found = await fewMatches(db, search, filters, offset);
      if (found) return found;
      commonTerms.set(search.key, true, { ticket: commonTerms.ticket(), labels: [] });
    }
    if (query.page > WALK_PAGES) return pageAndCount(db, indexed, offset);
    const countKey = JSON.stringify({ ...query, page: 0, viewer: query.assignedToMe ? o.viewerId : null });
    const commonCount = async () => {
      const kept = commonCounts.get(countKey);
      if (kept !== undefined) return kept;
      const ticket = commonCounts.ticket();
      const counted = await countUpToCap(db, indexed);
      commonCounts.set(countKey, counted, { ticket, labels: [] });
      return counted;
    };
    const [rows, counted] = await Promise.all([
      db
        .select(tileColumns)
        .from(application)
        .leftJoin(borrower, eq(borrower.applicationId, application.id))
        .leftJoin(user, eq(user.id, application.assignedTo))
        .where(and(filters, search.walk))
        .orderBy(desc(application.createdAt), desc(application.id))
        .limit(QUEUE_PAGE_SIZE)
        .offset(offset),
      // More than the cap match, and with no filter every match is listed: the count is '1000+' already.
      unfiltered ? QUEUE_COUNT_CAP + 1 : commonCount(),
    ]);
    return { rows, counted };
  };

  const [{ rows, counted }, mine, me] = await Promise.all([
    find(),
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
      preferredLanguage: borrowerLanguageOf(r.preferredLanguage),
      status: r.status,
      assignedTo: r.assignedTo
        ? { id: r.assignedTo, name: staffDisplayName(r.assigneeName), isMe: r.assignedTo === o.viewerId }
        : null,
      alerts: alertsOf.get(r.applicationId) ?? NO_ALERTS,
      planFitLeft: r.planFitLeft,
    })),
  };
}

const NO_ALERTS: QueueTileAlerts = { count: 0, unseen: 0, mostSevere: null };

/**
 * The page's alerts that still hold, counted per application and type (through the alert table's
 * application index, one page of ids at a time): each tile's count, unseen count and most severe type.
 */
async function tileAlerts(db: Reader, applicationIds: string[]): Promise<Map<string, QueueTileAlerts>> {
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

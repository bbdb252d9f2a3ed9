import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { ContactSummaryView } from '#domain/flow/staff-views';
import { resolveDateRange } from '#domain/service-portal/date-range';
import {
  CONTACT_SUMMARY_LIMIT,
  CONTACT_SUMMARY_PAGE_SIZE,
  type ContactSummaryQuery,
} from '#domain/service-portal/filters';
import { pageCount } from '#domain/service-portal/pagination';
import { MESSAGES } from '#domain/validation/messages';
import { readContactOutcome } from '#domain/validation/staff';
import type { Db } from '#server/db/client';
import { borrower } from '#server/db/schema/application';
import { contactAttempt, contactAttemptReason } from '#server/db/schema/service-work';
import { staffMembers } from './staff-names';

/**
 * The two reads of a contact summary page: the page's attempts, and how many attempts the window holds,
 * counted up to one past the limit and no further, so the count never reads more than the limit's worth of
 * rows however busy the window. Named prepared statements, built once per database and planned once per
 * connection. Everyone and one staff member are two statements rather than one with an "unless null"
 * condition: a plan made for both could not use an index on the staff member for the one and not the other.
 */
function prepareReads(db: Db, byStaff: boolean) {
  const suffix = byStaff ? '_by_staff' : '';
  const where = and(
    gte(contactAttempt.createdAt, sql.placeholder('from')),
    lt(contactAttempt.createdAt, sql.placeholder('to')),
    byStaff ? eq(contactAttempt.contactedBy, sql.placeholder('contactedBy')) : undefined,
  );
  const page = db
    .select({
      id: contactAttempt.id,
      applicationId: contactAttempt.applicationId,
      createdAt: contactAttempt.createdAt,
      method: contactAttempt.method,
      outcome: contactAttempt.outcome,
      didTheBorrowerReceiveAnOffer: contactAttempt.didTheBorrowerReceiveAnOffer,
      contactedBy: contactAttempt.contactedBy,
      firstName: borrower.firstName,
      lastName: borrower.lastName,
    })
    .from(contactAttempt)
    .leftJoin(borrower, eq(borrower.applicationId, contactAttempt.applicationId))
    .where(where)
    // The id breaks ties between attempts made at the same instant, so a row never shows on two pages.
    .orderBy(desc(contactAttempt.createdAt), desc(contactAttempt.id))
    .limit(CONTACT_SUMMARY_PAGE_SIZE)
    .offset(sql.placeholder('offset'))
    .prepare(`contact_summary_page${suffix}`);
  const total = db
    .select({ total: count() })
    .from(
      db
        .select({ one: sql`1` })
        .from(contactAttempt)
        .where(where)
        .limit(CONTACT_SUMMARY_LIMIT + 1)
        .as('matching'),
    )
    .prepare(`contact_summary_count${suffix}`);
  return { page, total };
}
type Reads = ReturnType<typeof prepareReads>;
const preparedReads = new WeakMap<Db, { everyone: Reads; byStaff: Reads }>();

function readsOf(db: Db) {
  let reads = preparedReads.get(db);
  if (!reads) {
    reads = { everyone: prepareReads(db, false), byStaff: prepareReads(db, true) };
    preparedReads.set(db, reads);
  }
  return reads;
}

/**
 * The contact history across borrowers (/contact-summary), in the date window, optionally by one staff member:
 * one page of it, with the count for the pagination control. Only the newest CONTACT_SUMMARY_LIMIT attempts are
 * listed; the answer says when the window holds more.
 */
export async function contactSummary(o: {
  db: Db;
  query: ContactSummaryQuery;
  now?: Date;
}): Promise<ContactSummaryView> {
  const { query } = o;
  const window = resolveDateRange({
    startDate: query.startDate,
    endDate: query.endDate,
    now: o.now ?? new Date(),
  });
  const reads = readsOf(o.db);
  const read = query.contactedBy ? reads.byStaff : reads.everyone;
  const params = { from: window.from, to: window.to, contactedBy: query.contactedBy ?? null };
  const [rows, totals] = await Promise.all([
    read.page.execute({ ...params, offset: (query.page - 1) * CONTACT_SUMMARY_PAGE_SIZE }),
    read.total.execute(params),
  ]);
  const counted = Number(totals[0]?.total ?? 0);
  const total = Math.min(counted, CONTACT_SUMMARY_LIMIT);

  // Reasons and staff names for the page's attempts only.
  const [reasons, staff] = await Promise.all([
    rows.length === 0
      ? []
      : o.db
          .select({
            contactAttemptId: contactAttemptReason.contactAttemptId,
            key: contactAttemptReason.key,
            value: contactAttemptReason.value,
          })
          .from(contactAttemptReason)
          .where(
            inArray(
              contactAttemptReason.contactAttemptId,
              rows.map((r) => r.id),
            ),
          ),
    staffMembers(
      o.db,
      rows.map((r) => r.contactedBy),
    ),
  ]);
  const reasonsOf = new Map<string, { key: string; value: boolean }[]>();
  for (const x of reasons) {
    const list = reasonsOf.get(x.contactAttemptId) ?? [];
    list.push({ key: x.key, value: x.value });
    reasonsOf.set(x.contactAttemptId, list);
  }
  return {
    items: rows.map((r) => ({
      id: r.id,
      applicationId: r.applicationId,
      borrowerName: [r.firstName, r.lastName].filter(Boolean).join(' ') || MESSAGES.nameUnavailable,
      createdAt: r.createdAt.toISOString(),
      method: r.method,
      ...readContactOutcome(r.outcome),
      didTheBorrowerReceiveAnOffer: r.didTheBorrowerReceiveAnOffer,
      contactedBy: staff(r.contactedBy)!,
      reasons: reasonsOf.get(r.id) ?? [],
    })),
    page: query.page,
    pageSize: CONTACT_SUMMARY_PAGE_SIZE,
    pageCount: pageCount(total, CONTACT_SUMMARY_PAGE_SIZE),
    total,
    totalIsCapped: counted > CONTACT_SUMMARY_LIMIT,
    limit: CONTACT_SUMMARY_LIMIT,
    window: { from: window.from.toISOString(), to: window.to.toISOString() },
  };
}

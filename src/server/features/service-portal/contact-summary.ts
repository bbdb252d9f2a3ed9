import { and, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { ContactSummaryView } from '#domain/flow/staff-views';
import { resolveDateRange } from '#domain/service-portal/date-range';
import type { ContactSummaryQuery } from '#domain/service-portal/filters';
import { MESSAGES } from '#domain/validation/messages';
import type { Tx } from '#server/db/client';
import { borrower } from '#server/db/schema/application';
import { contactAttempt, contactAttemptReason } from '#server/db/schema/service-work';
import { staffMembers } from './staff-names';

/** Attempts listed at most, newest first. */
export const CONTACT_SUMMARY_LIMIT = 1000;

/** The contact history across borrowers (/contact-summary), in the date window, optionally by one staff member. */
export async function contactSummary(o: {
  db: Tx;
  query: ContactSummaryQuery;
  now?: Date;
}): Promise<ContactSummaryView> {
  const window = resolveDateRange({
    startDate: o.query.startDate,
    endDate: o.query.endDate,
    now: o.now ?? new Date(),
  });
  const rows = await o.db
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
    .where(
      and(
        gte(contactAttempt.createdAt, window.from),
        lt(contactAttempt.createdAt, window.to),
        o.query.contactedBy ? eq(contactAttempt.contactedBy, o.query.contactedBy) : undefined,
      ),
    )
    .orderBy(desc(contactAttempt.createdAt))
    .limit(CONTACT_SUMMARY_LIMIT);
  const reasons =
    rows.length === 0
      ? []
      : await o.db
          .select()
          .from(contactAttemptReason)
          .where(
            inArray(
              contactAttemptReason.contactAttemptId,
              rows.map((r) => r.id),
            ),
          );
  const reasonsOf = new Map<string, { key: string; value: boolean }[]>();
  for (const x of reasons) {
    const list = reasonsOf.get(x.contactAttemptId) ?? [];
    list.push({ key: x.key, value: x.value });
    reasonsOf.set(x.contactAttemptId, list);
  }
  const staff = await staffMembers(
    o.db,
    rows.map((r) => r.contactedBy),
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      applicationId: r.applicationId,
      borrowerName: [r.firstName, r.lastName].filter(Boolean).join(' ') || MESSAGES.nameUnavailable,
      createdAt: r.createdAt.toISOString(),
      method: r.method,
      outcome: r.outcome,
      didTheBorrowerReceiveAnOffer: r.didTheBorrowerReceiveAnOffer,
      contactedBy: staff(r.contactedBy)!,
      reasons: reasonsOf.get(r.id) ?? [],
    })),
    limit: CONTACT_SUMMARY_LIMIT,
    window: { from: window.from.toISOString(), to: window.to.toISOString() },
  };
}

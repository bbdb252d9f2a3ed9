import { and, asc, eq, gt, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import {
  type AnswerCount,
  creditorAnswerStats,
  daysWaiting,
  DEFAULT_RESPONSE_DAYS,
  overdueBefore,
} from '#domain/enrollment/proposal-stats';
import type { ProposalAnswer } from '#domain/enrollment/proposal-answers';
import type { OverdueProposalsQuery, OverdueProposalsView } from '#domain/validation/proposals';
import type { Db } from '#server/db/client';
import { creditor, proposal } from '#server/db/schema/index';

/** How the list names offers made on the default programme (no creditor of the agency's own). */
export const DEFAULT_PROGRAMME_NAME = 'Other creditors (default programme)';

/**
 * Still waiting for an answer past the answer time: prepared or sent, and gone out (sent, else prepared) before
 * the cutoff; or already marked as never answered. The cutoff on prepared_at is implied by the other (a proposal
 * is sent after it is prepared) and lets the (state, prepared_at) index find the rows.
 */
const overdueWhere = (cutoff: Date): SQL =>
  or(
    eq(proposal.state, 'noAnswer'),
    and(
      inArray(proposal.state, ['prepared', 'sent']),
      lt(proposal.preparedAt, cutoff),
      sql`coalesce(${proposal.sentAt}, ${proposal.preparedAt}) < ${cutoff}`,
    ),
  )!;

/**
 * GET /api/staff/proposals. Every creditor uses the same answer time (DEFAULT_RESPONSE_DAYS) until the agency
 * records one per creditor. One page of overdue proposals, oldest first, with the overdue count and the answer
 * statistics of each creditor on the page; statistics come from counts the database makes by creditor, answer and
 * whole days, never from the proposals one by one.
 */
export async function overdueProposals(
  db: Db,
  o: OverdueProposalsQuery & { now: Date },
): Promise<OverdueProposalsView> {
  const cutoff = overdueBefore(o.now, DEFAULT_RESPONSE_DAYS);
  let afterWhere: SQL | undefined;
  if (o.after) {
    const [from] = await db
      .select({ preparedAt: proposal.preparedAt })
      .from(proposal)
      .where(eq(proposal.id, o.after));
    if (!from) throw new AppError('ValidationError', 'invalid', { fieldErrors: { after: 'invalid' } });
    afterWhere = or(
      gt(proposal.preparedAt, from.preparedAt),
      and(eq(proposal.preparedAt, from.preparedAt), gt(proposal.id, o.after)),
    );
  }
  const rows = await db
    .select()
    .from(proposal)
    .where(and(overdueWhere(cutoff), afterWhere))
    .orderBy(asc(proposal.preparedAt), asc(proposal.id))
    .limit(o.limit + 1);
  const page = rows.slice(0, o.limit);
  const creditorIds = [...new Set(page.map((r) => r.creditorId))];
  const named = creditorIds.filter((id): id is string => id !== null);
  const byCreditor = (column: typeof proposal.creditorId) =>
    named.length > 0 && creditorIds.includes(null)
      ? or(inArray(column, named), sql`${column} is null`)
      : named.length > 0
        ? inArray(column, named)
        : sql`${column} is null`;

  const [names, overdueCounts, answerCounts] =
    page.length === 0
      ? [[], [], []]
      : await Promise.all([
          named.length > 0
            ? db
                .select({ id: creditor.id, name: creditor.name })
                .from(creditor)
                .where(inArray(creditor.id, named))
            : Promise.resolve([]),
          db
            .select({ creditorId: proposal.creditorId, count: sql<number>`count(*)::int` })
            .from(proposal)
            .where(and(overdueWhere(cutoff), byCreditor(proposal.creditorId)))
            .groupBy(proposal.creditorId),
          db
            .select({
              creditorId: proposal.creditorId,
              answer: proposal.answer,
              // Whole days from going out to the answer; an answer entered before a late "sent" counts as 0.
              days: sql<number>`greatest(0, floor(extract(epoch from (${proposal.answeredAt} - coalesce(${proposal.sentAt}, ${proposal.preparedAt}))) / 86400))::int`,
              count: sql<number>`count(*)::int`,
            })
            .from(proposal)
            .where(
              and(
                eq(proposal.state, 'answered'),
                isNotNull(proposal.answer),
                isNotNull(proposal.answeredAt),
                byCreditor(proposal.creditorId),
              ),
            )
            .groupBy(sql`1, 2, 3`),
        ]);

  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  const creditors = creditorIds
    .map((creditorId) => {
      const counts: AnswerCount[] = answerCounts
        .filter((c) => c.creditorId === creditorId && c.answer !== null)
        .map((c) => ({ answer: c.answer as ProposalAnswer, days: c.days, count: c.count }));
      return {
        creditorId,
        creditorName: creditorId === null ? DEFAULT_PROGRAMME_NAME : (nameOf.get(creditorId) ?? creditorId),
        overdue: overdueCounts.find((c) => c.creditorId === creditorId)?.count ?? 0,
        ...creditorAnswerStats(counts),
      };
    })
    .sort((a, b) => a.creditorName.localeCompare(b.creditorName));

  return {
    responseDays: DEFAULT_RESPONSE_DAYS,
    creditors,
    proposals: page.map((r) => ({
      id: r.id,
      applicationId: r.applicationId,
      offerId: r.offerId,
      creditorId: r.creditorId,
      state: r.state,
      preparedAt: r.preparedAt.toISOString(),
      sentAt: r.sentAt?.toISOString() ?? null,
      channel: r.channel,
      daysWaiting: daysWaiting(r.sentAt ?? r.preparedAt, o.now),
    })),
    nextAfter: rows.length > o.limit ? page.at(-1)!.id : null,
  };
}

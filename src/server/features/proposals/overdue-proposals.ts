import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import {
  type AnswerCount,
  creditorAnswerStats,
  daysWaiting,
  DEFAULT_RESPONSE_DAYS,
  MIN_RESPONSE_DAYS,
  overdueBefore,
} from '#domain/enrollment/proposal-stats';
import { proposalBatchStatus } from './proposal-batch';
import { withdrawProposalsOffThePlan } from './withdraw-proposals';
import type { ProposalAnswer } from '#domain/enrollment/proposal-answers';
import type { OverdueProposalsQuery, OverdueProposalsView } from '#domain/validation/proposals';
import { inSequence } from '#server/db/in-sequence';
import { collection, creditor, debt, offer, proposal } from '#server/db/schema/index';
import { type FieldCipher, last4 } from '#server/security/field-encryption';
import type { Transaction, Unit } from '#server/unit-of-work';

/** How the list names offers made on the default programme (no creditor of the agency's own). */
export const DEFAULT_PROGRAMME_NAME = 'Other creditors (default programme)';

/**
 * Still waiting for an answer past its creditor's answer time (the creditor's usual response days, else
 * DEFAULT_RESPONSE_DAYS): prepared or sent, and gone out (sent, else prepared) more than that many days before
 * now; or already marked as never answered. The query joins the proposal's creditor (left: the default
 * programme names none). The cutoff on prepared_at, at the shortest answer time a creditor may have, is implied
 * by the other (a proposal is sent after it is prepared) and lets the (state, prepared_at) index skip the
 * proposals made today.
 */
const overdueWhere = (now: Date): SQL =>
  or(
    eq(proposal.state, 'noAnswer'),
    and(
      inArray(proposal.state, ['prepared', 'sent']),
      lt(proposal.preparedAt, overdueBefore(now, MIN_RESPONSE_DAYS)),
      sql`coalesce(${proposal.sentAt}, ${proposal.preparedAt}) < ${now.toISOString()}::timestamptz - make_interval(days => coalesce(${creditor.responseDays}, ${DEFAULT_RESPONSE_DAYS}))`,
    ),
  )!;

/**
 * GET /api/staff/proposals. Each creditor's answer time is its own usual response days (DEFAULT_RESPONSE_DAYS
 * when the agency recorded none, and for the default programme). One page of overdue proposals, oldest first, with the overdue count and the answer
 * statistics of each creditor on the page; statistics come from counts the database makes by creditor, answer and
 * whole days, never from the proposals one by one.
 */
export async function overdueProposals(
  unit: Unit,
  o: OverdueProposalsQuery & { now: Date; agencyDay: string },
): Promise<OverdueProposalsView> {
  const { tx, cipher } = unit;
  let afterWhere: SQL | undefined;
  if (o.after) {
    const [from] = await tx
      .select({ preparedAt: proposal.preparedAt })
      .from(proposal)
      .where(eq(proposal.id, o.after));
    if (!from) throw new AppError('ValidationError', 'invalid', { fieldErrors: { after: 'invalid' } });
    afterWhere = or(
      gt(proposal.preparedAt, from.preparedAt),
      and(eq(proposal.preparedAt, from.preparedAt), gt(proposal.id, o.after)),
    );
  }
  // The lists below are of proposals still to send: one whose offer left the plan is withdrawn first, so it is
  // shown as withdrawn (with why) instead of waiting to be mailed. Only the proposals this read is about to list
  // are checked (a page of each list, at most), so a read costs the same however many proposals wait.
  const pageIds = await tx
    .select({ id: proposal.id })
    .from(proposal)
    .leftJoin(creditor, eq(creditor.id, proposal.creditorId))
    .where(and(overdueWhere(o.now), afterWhere))
    .orderBy(asc(proposal.preparedAt), asc(proposal.id))
    .limit(o.limit + 1);
  const toMailIds = await tx
    .select({ id: proposal.id })
    .from(proposal)
    .where(toMailWhere)
    .orderBy(asc(proposal.preparedAt), asc(proposal.id))
    .limit(TO_MAIL_LIMIT);
  await withdrawProposalsOffThePlan(unit, {
    now: o.now,
    proposalIds: [...new Set([...pageIds, ...toMailIds].map((r) => r.id))],
  });
  const rows = await tx
    .select({ proposal, responseDays: creditor.responseDays })
    .from(proposal)
    .leftJoin(creditor, eq(creditor.id, proposal.creditorId))
    .where(and(overdueWhere(o.now), afterWhere))
    .orderBy(asc(proposal.preparedAt), asc(proposal.id))
    .limit(o.limit + 1);
  const page = rows.slice(0, o.limit).map((r) => ({
    ...r.proposal,
    responseDays: r.responseDays ?? DEFAULT_RESPONSE_DAYS,
  }));
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
      : await inSequence(
          () =>
            named.length > 0
              ? tx
                  .select({ id: creditor.id, name: creditor.name })
                  .from(creditor)
                  .where(inArray(creditor.id, named))
              : Promise.resolve([]),
          () =>
            tx
              .select({ creditorId: proposal.creditorId, count: sql<number>`count(*)::int` })
              .from(proposal)
              .leftJoin(creditor, eq(creditor.id, proposal.creditorId))
              .where(and(overdueWhere(o.now), byCreditor(proposal.creditorId)))
              .groupBy(proposal.creditorId),
          () =>
            tx
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
        );

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
      responseDays: r.responseDays,
      silentDefault: r.state === 'noAnswer' ? (r.answer ?? null) : null,
    })),
    nextAfter: rows.length > o.limit ? page.at(-1)!.id : null,
    toMail: await proposalsToMail(tx, cipher, o.now),
    withdrawn: await recentlyWithdrawn(tx, o.now),
    batch: await proposalBatchStatus(tx, o.agencyDay),
  };
}

/** The most proposals the screen lists as waiting to be mailed, oldest first. */
export const TO_MAIL_LIMIT = 100;

const toMailWhere = and(eq(proposal.state, 'prepared'), eq(proposal.channel, 'mail'));

/**
 * Proposals to creditors that take them by mail (or have no channel on file), prepared and not mailed yet. Each
 * names the account's last four digits, as its printed letter does: two accounts at one creditor in one
 * application are then told apart when staff tick the letters they posted.
 */
async function proposalsToMail(
  tx: Transaction,
  cipher: FieldCipher,
  now: Date,
): Promise<OverdueProposalsView['toMail']> {
  const rows = await tx
    .select({
      id: proposal.id,
      applicationId: proposal.applicationId,
      offerId: proposal.offerId,
      creditorId: proposal.creditorId,
      creditorName: creditor.name,
      preparedAt: proposal.preparedAt,
      accountNumber: sql<string | null>`coalesce(${debt.accountNumber}, ${collection.accountNumber})`,
    })
    .from(proposal)
    .innerJoin(offer, eq(offer.id, proposal.offerId))
    .leftJoin(debt, eq(debt.id, offer.debtId))
    .leftJoin(collection, eq(collection.id, offer.collectionId))
    .leftJoin(creditor, eq(creditor.id, proposal.creditorId))
    .where(toMailWhere)
    .orderBy(asc(proposal.preparedAt), asc(proposal.id))
    .limit(TO_MAIL_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    applicationId: r.applicationId,
    offerId: r.offerId,
    creditorId: r.creditorId,
    creditorName: r.creditorName ?? DEFAULT_PROGRAMME_NAME,
    accountLast4: last4(cipher, r.accountNumber),
    preparedAt: r.preparedAt.toISOString(),
    daysWaiting: daysWaiting(r.preparedAt, now),
  }));
}

/** How long a withdrawn proposal stays on the screen's alert, in days, and the most it lists. */
export const WITHDRAWN_SHOWN_DAYS = 30;
export const WITHDRAWN_LIMIT = 100;

/**
 * Proposals withdrawn in the last WITHDRAWN_SHOWN_DAYS days, newest first: each was waiting for the batch file
 * or the post when its offer left the plan. Staff see them so a printed letter is not mailed after all.
 */
async function recentlyWithdrawn(tx: Transaction, now: Date): Promise<OverdueProposalsView['withdrawn']> {
  const rows = await tx
    .select({
      id: proposal.id,
      applicationId: proposal.applicationId,
      offerId: proposal.offerId,
      creditorId: proposal.creditorId,
      creditorName: creditor.name,
      channel: proposal.channel,
      withdrawnAt: proposal.withdrawnAt,
      reason: proposal.withdrawnReason,
    })
    .from(proposal)
    .leftJoin(creditor, eq(creditor.id, proposal.creditorId))
    .where(
      and(
        eq(proposal.state, 'withdrawn'),
        gte(proposal.withdrawnAt, overdueBefore(now, WITHDRAWN_SHOWN_DAYS)),
      ),
    )
    .orderBy(desc(proposal.withdrawnAt), asc(proposal.id))
    .limit(WITHDRAWN_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    applicationId: r.applicationId,
    offerId: r.offerId,
    creditorId: r.creditorId,
    creditorName: r.creditorName ?? DEFAULT_PROGRAMME_NAME,
    channel: r.channel,
    withdrawnAt: (r.withdrawnAt ?? now).toISOString(),
    reason: r.reason ?? 'applicationClosed',
  }));
}

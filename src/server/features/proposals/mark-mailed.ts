import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { proposal } from '#server/db/schema/proposal';
import type { OpenUnit, Unit } from '#server/unit-of-work';
import { withdrawProposalsOffThePlan } from './withdraw-proposals';

export const WITHDRAWN_MESSAGE =
  'A proposal you chose was withdrawn: its offer is no longer on the plan. Do not mail it; reload the list.';
export const NOT_TO_MAIL_MESSAGE =
  'Only proposals waiting to be mailed can be marked mailed. Reload the list and try again.';

/**
 * Marks proposals staff printed and mailed as sent (channel 'mail', now, by whom), all or none, in one unit,
 * each recorded in its application's history. An unknown id is 404; one that is not waiting to be mailed (sent
 * already, answered, or another channel's) is 409, so a second click or a stale list marks nothing twice.
 *
 * Two units: one whose offer left the plan since the list was read is withdrawn in a unit of its own, which
 * commits, and the whole request is refused (409) so staff see the list again: the letter in hand must not go
 * out. Refused in the marking's unit, the withdrawal would be rolled back with it.
 */
export async function markProposalsMailed(
  openUnit: OpenUnit,
  o: { actorId: string; proposalIds: readonly string[]; now: Date },
): Promise<{ mailed: number; sentAt: string }> {
  const withdrawn = await openUnit((unit) =>
    withdrawProposalsOffThePlan(unit, { now: o.now, proposalIds: o.proposalIds }),
  );
  if (withdrawn.length > 0) throw new AppError('Conflict', WITHDRAWN_MESSAGE);
  return openUnit((unit) => markMailed(unit, o));
}

/** The marking itself, under the proposals' row locks. */
async function markMailed(
  unit: Unit,
  o: { actorId: string; proposalIds: readonly string[]; now: Date },
): Promise<{ mailed: number; sentAt: string }> {
  const { tx } = unit;
  const rows = await tx
    .select({
      id: proposal.id,
      applicationId: proposal.applicationId,
      state: proposal.state,
      channel: proposal.channel,
    })
    .from(proposal)
    .where(inArray(proposal.id, [...o.proposalIds]))
    .for('update');
  if (rows.length !== o.proposalIds.length) throw new AppError('NotFound');

  if (rows.some((r) => r.state !== 'prepared' || r.channel !== 'mail')) {
    throw new AppError('Conflict', NOT_TO_MAIL_MESSAGE);
  }
  await tx
    .update(proposal)
    .set({ state: 'sent', sentAt: o.now, sentBy: o.actorId, updatedAt: o.now })
    .where(and(inArray(proposal.id, [...o.proposalIds]), eq(proposal.state, 'prepared')));
  for (const r of rows) {
    await unit.audit({
      actorId: o.actorId,
      action: 'proposalMailed',
      entityType: 'proposal',
      entityId: r.id,
      applicationId: r.applicationId,
      before: { state: 'prepared' },
      after: { state: 'sent', channel: 'mail' },
    });
  }
  return { mailed: rows.length, sentAt: o.now.toISOString() };
}

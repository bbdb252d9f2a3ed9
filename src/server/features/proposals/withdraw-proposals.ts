import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ProposalWithdrawalReason } from '#domain/enrollment/proposal-answers';
import { application } from '#server/db/schema/application';
import { decision, offer } from '#server/db/schema/decision';
import { proposal } from '#server/db/schema/proposal';
import type { Unit } from '#server/unit-of-work';

// A proposal to a creditor that takes a batch file, or the post, waits in state 'prepared' until the day's file
// is made or staff mark it mailed. If its offer leaves the plan meanwhile, there is nothing left to propose:
// sending it would ask a creditor to accept terms the plan no longer has. Such a proposal is withdrawn (with
// the reason) by whoever is about to send it: the day's batch file, the "mark mailed" step, and the proposals
// screen before it lists what to mail (docs/decisions/0126-creditor-relations-loose-ends.md).

/**
 * Why the offer is no longer on the plan, as SQL over the proposal's offer and application; null while it still
 * is. The plan's terms (loadPlanTerms) are made of the newest decision's offers the borrower kept and no
 * creditor declined, while the application is in creditor review; each way out is one reason, the first that
 * holds.
 */
const reasonSql: SQL<ProposalWithdrawalReason | null> = sql`case
  when ${application.status} <> 'creditorReview' then 'applicationClosed'
  when ${offer.decisionId} is distinct from (
    select ${decision.id} from ${decision}
    where ${decision.applicationId} = ${offer.applicationId}
    order by ${decision.createdAt} desc limit 1
  ) then 'replaced'
  when ${offer.status} = 'declined' then 'declined'
  when ${offer.declinedByBorrower} then 'leftOut'
end`;

export type WithdrawnProposal = {
  id: string;
  applicationId: string;
  reason: ProposalWithdrawalReason;
};

/**
 * Withdraws every proposal still waiting to go out (state 'prepared') whose offer left the plan, optionally only
 * among the given proposals, in the caller's unit; each is recorded in its application's history. Answers the
 * ones withdrawn. Nobody signed in decides it: the plan did, so the audit record names no actor.
 */
export async function withdrawProposalsOffThePlan(
  unit: Unit,
  o: { now: Date; proposalIds?: readonly string[] },
): Promise<WithdrawnProposal[]> {
  if (o.proposalIds?.length === 0) return [];
  const { tx } = unit;
  const found = await tx
    .select({ id: proposal.id, applicationId: proposal.applicationId, reason: reasonSql })
    .from(proposal)
    .innerJoin(offer, eq(offer.id, proposal.offerId))
    .innerJoin(application, eq(application.id, proposal.applicationId))
    .where(
      and(
        eq(proposal.state, 'prepared'),
        o.proposalIds ? inArray(proposal.id, [...o.proposalIds]) : undefined,
      ),
    )
    .for('update', { of: proposal });
  const withdrawn = found.flatMap((r) =>
    r.reason === null ? [] : [{ id: r.id, applicationId: r.applicationId, reason: r.reason }],
  );
  for (const w of withdrawn) {
    await tx
      .update(proposal)
      .set({ state: 'withdrawn', withdrawnAt: o.now, withdrawnReason: w.reason, updatedAt: o.now })
      .where(and(eq(proposal.id, w.id), eq(proposal.state, 'prepared')));
    await unit.audit({
      actorId: null,
      action: 'proposalWithdrawn',
      entityType: 'proposal',
      entityId: w.id,
      applicationId: w.applicationId,
      before: { state: 'prepared' },
      after: { state: 'withdrawn', reason: w.reason },
    });
  }
  return withdrawn;
}

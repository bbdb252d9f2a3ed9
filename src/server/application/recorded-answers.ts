import { inArray } from 'drizzle-orm';
import type { RecordedAnswer } from '#domain/enrollment/plan-change';
import { DEFAULT_PROPOSED_APR_BP } from '#domain/underwriting/constants';
import type { Reader } from '#server/db/client';
import { concessionProgramme } from '#server/db/schema/creditors';
import { offerDisqualificationReason } from '#server/db/schema/decision';
import { proposal } from '#server/db/schema/proposal';
import type { PlanOfferRow } from './plan-terms';

/**
 * Each answered offer's answer as recorded: what the plan proposed to its creditor, whether it countered,
 * the reasons ticked for a decline, and whether it is a silent creditor's programme default (with its days).
 */
export async function recordedAnswers(
  tx: Reader,
  offers: readonly PlanOfferRow[],
): Promise<RecordedAnswer[]> {
  const answered = offers.filter((x) => x.status !== null && !x.declinedByBorrower);
  if (answered.length === 0) return [];
  const ids = answered.map((x) => x.id);
  const reasons = await tx
    .select({ offerId: offerDisqualificationReason.offerId, reason: offerDisqualificationReason.reason })
    .from(offerDisqualificationReason)
    .where(inArray(offerDisqualificationReason.offerId, ids));
  const silent = new Set(
    (
      await tx
        .select({ offerId: proposal.offerId, state: proposal.state })
        .from(proposal)
        .where(inArray(proposal.offerId, ids))
    )
      .filter((p) => p.state === 'noAnswer')
      .map((p) => p.offerId),
  );
  const programmeIds = [
    ...new Set(answered.map((x) => x.lenderConcessionId).filter((id): id is string => id !== null)),
  ];
  const days = new Map(
    programmeIds.length === 0
      ? []
      : (
          await tx
            .select({ id: concessionProgramme.id, days: concessionProgramme.silentAfterDays })
            .from(concessionProgramme)
            .where(inArray(concessionProgramme.id, programmeIds))
        ).map((r) => [r.id, r.days]),
  );
  return answered.map((x) => ({
    id: x.id,
    proposedPayment: x.payment,
    proposedAprBp: x.proposedApr ?? DEFAULT_PROPOSED_APR_BP,
    counterOffer: x.counterPayment != null || x.counterApr != null,
    declineReasons: reasons.filter((r) => r.offerId === x.id).map((r) => r.reason),
    silent: silent.has(x.id),
    silentAfterDays: (x.lenderConcessionId && days.get(x.lenderConcessionId)) || null,
  }));
}

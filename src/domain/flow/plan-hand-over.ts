import type { OfferAnswer } from '../validation/staff';

// What the creditors' answers lead to once quality control passed. Only the offers the borrower kept are sent
// to creditors, so only they wait for an answer: nothing happens while one is unanswered; every one declined →
// the application is disqualified; otherwise the plan goes to the agency (transfer), its amounts being the
// plan's terms for the accepted offers (src/domain/enrollment/plan-terms.ts).

export type HandOverPlan = { kind: 'waiting' } | { kind: 'transfer' } | { kind: 'allDeclined' };

export function planHandOver(
  offers: readonly { status: OfferAnswer | null; declinedByBorrower?: boolean }[],
): HandOverPlan {
  const sent = offers.filter((x) => !x.declinedByBorrower);
  if (sent.length === 0 || sent.some((x) => x.status == null)) return { kind: 'waiting' };
  if (!sent.some((x) => x.status === 'accepted')) return { kind: 'allDeclined' };
  return { kind: 'transfer' };
}

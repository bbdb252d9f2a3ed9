import type { OfferAnswer } from '../validation/staff';

// What the creditors' answers lead to once quality control passed: nothing while an offer is unanswered;
// every offer declined → the application is disqualified; otherwise the plan goes to the agency (transfer)
// paying the sum of the accepted offers' payments over the longest accepted term.

export type HandOverPlan =
  | { kind: 'waiting' }
  | { kind: 'transfer'; monthlyPaymentAmount: number; termInMonths: number }
  | { kind: 'allDeclined' };

export function planHandOver(
  offers: readonly { status: OfferAnswer | null; payment: number; term: number }[],
): HandOverPlan {
  if (offers.length === 0 || offers.some((x) => x.status == null)) return { kind: 'waiting' };
  const accepted = offers.filter((x) => x.status === 'accepted');
  if (accepted.length === 0) return { kind: 'allDeclined' };
  return {
    kind: 'transfer',
    monthlyPaymentAmount: accepted.reduce((sum, x) => sum + x.payment, 0),
    termInMonths: Math.max(...accepted.map((x) => x.term)),
  };
}

import {
  OFFER_DECLINE_REASON_LABELS,
  type OfferDeclineReason,
  type OfferStatusAnswer,
} from '#domain/validation/staff';

/** Where a proposal stands: made and stored, sent to the creditor, answered, or left unanswered too long. */
export const PROPOSAL_STATES = ['prepared', 'sent', 'answered', 'noAnswer'] as const;
export type ProposalState = (typeof PROPOSAL_STATES)[number];

/** A creditor's answer to a proposal: its terms taken, taken with a payment of its own, or refused. */
export const PROPOSAL_ANSWERS = ['accepted', 'countered', 'declined'] as const;
export type ProposalAnswer = (typeof PROPOSAL_ANSWERS)[number];

/** What a proposal row records of an answer staff entered in the offer's modal. */
export interface ProposalAnswerFields {
  answer: ProposalAnswer;
  answerPayment: number | null;
  answerNote: string | null;
}

/**
 * The offer's answer as the proposal keeps it. A counter-offer keeps the creditor's payment (none when only the
 * rate was countered); a decline keeps the ticked reasons in words, so the proposal reads on its own.
 */
export function proposalAnswerOf(answer: OfferStatusAnswer): ProposalAnswerFields {
  switch (answer.status) {
    case 'accepted':
      return { answer: 'accepted', answerPayment: null, answerNote: null };
    case 'counterOffer':
      return { answer: 'countered', answerPayment: answer.counterPayment ?? null, answerNote: null };
    case 'declined':
      return {
        answer: 'declined',
        answerPayment: null,
        answerNote: answer.reasons.map((r: OfferDeclineReason) => OFFER_DECLINE_REASON_LABELS[r]).join('; '),
      };
  }
}

/**
 * What was agreed with a creditor, as the borrower reads it: after an acceptance or a counter-offer, what the plan
 * pays that creditor each month (the plan's terms already carry a counter-offer's payment, so My plan's table
 * and this line show one figure); nothing before an answer or after a decline.
 */
export const agreedPaymentOf = (
  answer: ProposalAnswer | null,
  planPayment: number | undefined,
): number | null =>
  (answer === 'accepted' || answer === 'countered') && planPayment !== undefined ? planPayment : null;

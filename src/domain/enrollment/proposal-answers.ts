import {
  OFFER_DECLINE_REASON_LABELS,
  type OfferDeclineReason,
  type OfferStatusAnswer,
} from '#domain/validation/staff';

/**
 * Where a proposal stands: made and stored, sent to the creditor, answered, left unanswered too long, or
 * withdrawn before it went out because its offer left the plan.
 */
export const PROPOSAL_STATES = ['prepared', 'sent', 'answered', 'noAnswer', 'withdrawn'] as const;
export type ProposalState = (typeof PROPOSAL_STATES)[number];

/**
 * Why a proposal still waiting for the batch file or the post was withdrawn: its offer is no longer on the plan,
 * so there is nothing to propose to that creditor. The application left creditor review (disqualified, handed
 * over or closed); a newer decision replaced the offers; the creditor declined; the borrower left the debt out.
 */
export const PROPOSAL_WITHDRAWAL_REASONS = ['applicationClosed', 'replaced', 'declined', 'leftOut'] as const;
export type ProposalWithdrawalReason = (typeof PROPOSAL_WITHDRAWAL_REASONS)[number];

/** The reasons in words, as staff read them on the proposals screen. */
export const PROPOSAL_WITHDRAWAL_REASON_LABELS = {
  applicationClosed: 'The application is no longer in creditor review',
  replaced: 'A newer decision replaced the offers',
  declined: 'The creditor declined the offer',
  leftOut: 'Left out by the borrower',
} as const satisfies Record<ProposalWithdrawalReason, string>;

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

/**
 * What the proposal keeps, and the borrower summary's history repeats, as the reason an offer was answered
 * without its creditor: the silent-creditor default.
 */
export const silentDefaultNote = (days: number, answer: 'accepted' | 'declined'): string =>
  `No answer within ${days} days: the programme's default (${answer}) was applied.`;

/**
 * Who made a change the silent-creditor default made, where the service portal names who changed a status:
 * nobody signed in; the creditor's silence did. The days are the programme's (unknown on records written before
 * they were kept).
 */
export const silentDefaultBy = (days: number | null): string =>
  days === null
    ? 'Automatic: the creditor did not answer in time'
    : `Automatic: the creditor did not answer within ${days} ${days === 1 ? 'day' : 'days'}`;

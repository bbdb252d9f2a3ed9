import { offerFigures, type CounterOffer } from '#domain/enrollment/counter-offer';
import { DEFAULT_PROPOSED_APR_BP } from '#domain/underwriting/constants';
import { AppError } from '#domain/errors';
import type { OfferStatusAnswer } from '#domain/validation/staff';
import type { offer } from '#server/db/schema/decision';

/**
 * The counter-offer an answer records on the offer: the creditor's figures for a counter-offer, checked against
 * the offer's balance (400 with the field's message when the payment is above the balance or never covers the
 * interest); none for a plain acceptance or a decline, which clear an earlier counter-offer.
 */
export function counterOfferOf(current: typeof offer.$inferSelect, answer: OfferStatusAnswer): CounterOffer {
  if (answer.status !== 'counterOffer') return { payment: null, aprBp: null };
  const counter = { payment: answer.counterPayment, aprBp: answer.counterApr };
  const checked = offerFigures({
    balance: current.balance,
    payment: current.payment,
    aprBp: current.proposedApr ?? DEFAULT_PROPOSED_APR_BP,
    term: current.term,
    counter,
  });
  if (!checked.ok) {
    throw new AppError('ValidationError', checked.message, {
      fieldErrors: { [checked.field]: checked.message },
    });
  }
  return counter;
}

/** A counter-offer is stored as the creditor's acceptance (the offer statuses are accepted and declined). */
export const storedStatusOf = (answer: OfferStatusAnswer): 'accepted' | 'declined' =>
  answer.status === 'declined' ? 'declined' : 'accepted';

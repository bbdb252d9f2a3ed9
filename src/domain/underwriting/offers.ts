import { monthlyInterest, monthsToPayOff, paymentForTerm, totalInterest } from '../money/amortization';
import { BASIS_POINTS_PER_WHOLE, type Cents } from '../money/cents';
import { concessionFor, type Concession, type ConcessionTable } from './concessions';
import {
  ASSUMED_CURRENT_APR_BP,
  MAX_PLAN_TERM_MONTHS,
  MINIMUM_PRINCIPAL_SHARE_BP,
  PLAN_FEE,
} from './constants';
import { estimatedCurrentMonthlyPayment } from './payment-estimates';

// One creditor's offer on a plan. docs/decisions/0012.

/** A debt or collection the borrower selected for the plan. */
export type OfferInput = {
  itemId: string;
  kind: 'debt' | 'collection';
  creditorName: string;
  balance: Cents;
  /** The card's APR when the bureau reports it; otherwise 21.9% is assumed. */
  currentAprBp?: number | null;
};

/** The offer before it is stored. Money in cents, rates and shares in basis points, terms in months. */
export type OfferDraft = {
  itemId: string;
  kind: 'debt' | 'collection';
  balance: Cents;
  payment: Cents;
  /** The payment as a share of the balance. */
  paymentPercentage: number;
  term: number;
  currentApr: number;
  proposedApr: number;
  currentMinimumMonthlyPrincipalPaymentPercent: number;
  /** First month's interest under the plan. */
  proposedMonthlyInterestPayment: Cents;
  /** First month's principal under the plan. */
  proposedMonthlyPrincipalPayment: Cents;
  /** Interest paying the current estimate until paid off, minus interest under the plan (never negative). */
  estimatedPayoffSavings: Cents;
  fee: Cents;
  type: 'dmp';
  lenderConcessionId: string;
  /** The estimated current monthly payment on the account. */
  currentMonthlyPayment: Cents;
};

/**
 * The longest an offer to this creditor runs: the creditor's maximum term, never beyond the plan's 60 months
 * (a creditor allowing longer does not make the plan longer).
 */
export const termLimitOf = (concession: Pick<Concession, 'maxTermMonths'>): number =>
  Math.min(concession.maxTermMonths, MAX_PLAN_TERM_MONTHS);

/**
 * payment = max(creditor minimum, balance × payment share), rounded up to the cent; term = months to pay off
 * at the proposed APR; a term over the creditor's maximum (at most 60 months) raises the payment to pay off
 * within it, so an offer never asks a creditor for longer than it grants.
 */
export function buildOffer(
  i: OfferInput,
  o: { hasHardship: boolean; concessions: ConcessionTable },
): OfferDraft {
  const concession = concessionFor(o.concessions, i.creditorName, o);
  const currentApr = i.currentAprBp ?? ASSUMED_CURRENT_APR_BP;
  const proposedApr = concession.proposedAprBp;
  const balance = Math.max(0, i.balance);
  const currentMonthlyPayment = estimatedCurrentMonthlyPayment(balance, currentApr);

  let payment = 0;
  let term = 0;
  if (balance > 0) {
    const share = Math.ceil((balance * concession.paymentBp) / BASIS_POINTS_PER_WHOLE);
    payment = Math.max(concession.minimumPayment, share);
    term = monthsToPayOff(balance, proposedApr, payment);
    const limit = termLimitOf(concession);
    if (term > limit) {
      payment = paymentForTerm(balance, proposedApr, limit);
      term = monthsToPayOff(balance, proposedApr, payment);
    }
  }

  const interest = monthlyInterest(balance, proposedApr);
  const currentInterest = totalInterest(balance, currentApr, currentMonthlyPayment);
  const planInterest = balance > 0 ? totalInterest(balance, proposedApr, payment) : 0;
  const savings = Number.isFinite(currentInterest) ? Math.max(0, currentInterest - planInterest) : 0;

  return {
    itemId: i.itemId,
    kind: i.kind,
    balance,
    payment,
    paymentPercentage: balance > 0 ? Math.round((payment * BASIS_POINTS_PER_WHOLE) / balance) : 0,
    term,
    currentApr,
    proposedApr,
    currentMinimumMonthlyPrincipalPaymentPercent: MINIMUM_PRINCIPAL_SHARE_BP,
    proposedMonthlyInterestPayment: interest,
    proposedMonthlyPrincipalPayment: Math.max(0, Math.min(payment, balance + interest) - interest),
    estimatedPayoffSavings: savings,
    fee: PLAN_FEE,
    type: 'dmp',
    lenderConcessionId: concession.id,
    currentMonthlyPayment,
  };
}

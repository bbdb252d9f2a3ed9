import { monthlyInterest, monthsToPayOff } from '../money/amortization';
import { CENTS_PER_DOLLAR, type Cents } from '../money/cents';
import { MAX_PLAN_TERM_MONTHS } from '../underwriting/constants';
import { COUNTER_OFFER_LABELS } from '../validation/staff';
import { formatUsd } from './letter-of-authorization';

// A creditor's counter-offer: it takes the account on the plan on its own terms, a different monthly payment,
// a different plan APR, or both. The offer as we made it stays stored; the plan pays the countered figures,
// and that creditor's term follows from its balance, rate and payment like any card's.

/** What a creditor countered with; a figure it left as offered is null. */
export type CounterOffer = { payment: Cents | null; aprBp: number | null };

/** The figures the plan pays a creditor: its payment, its rate and the months they take. */
export type OfferFigures = { payment: Cents; aprBp: number; term: number };

/** 800 basis points → '8%', 1250 → '12.5%'. */
const percent = (bp: number): string => `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

export const counterPaymentOverBalanceMessage = (balance: Cents): string =>
  `${COUNTER_OFFER_LABELS.counterPayment} cannot be more than the balance (${formatUsd(balance)})`;

export const interestNotCoveredMessage = (interest: Cents, aprBp: number): string =>
  `This payment does not cover the monthly interest (${formatUsd(interest)} at ${percent(aprBp)}): ` +
  'enter a higher payment or a lower APR';

/**
 * The figures of an offer with its counter-offer: the countered payment and rate where the creditor changed
 * them, the offer's own elsewhere, and the term recomputed from the balance. Without a counter-offer the
 * offer's figures stand as they were worked out (its term included). Refused, with the field to blame and a
 * message: a payment above the balance, or one that never pays the account off (it does not cover the first
 * month's interest).
 */
export function offerFigures(o: {
  balance: Cents;
  payment: Cents;
  aprBp: number;
  term: number;
  counter: CounterOffer;
}): ({ ok: true } & OfferFigures) | { ok: false; field: 'counterPayment' | 'counterApr'; message: string } {
  const { counter } = o;
  if (counter.payment == null && counter.aprBp == null) {
    return { ok: true, payment: o.payment, aprBp: o.aprBp, term: o.term };
  }
  const payment = counter.payment ?? o.payment;
  const aprBp = counter.aprBp ?? o.aprBp;
  if (counter.payment != null && counter.payment > o.balance) {
    return { ok: false, field: 'counterPayment', message: counterPaymentOverBalanceMessage(o.balance) };
  }
  const term = monthsToPayOff(o.balance, aprBp, payment);
  if (!Number.isFinite(term)) {
    // The payment is what the creditor asked for, unless only the rate changed: then the rate is to blame.
    const field = counter.payment != null ? 'counterPayment' : 'counterApr';
    return { ok: false, field, message: interestNotCoveredMessage(monthlyInterest(o.balance, aprBp), aprBp) };
  }
  return { ok: true, payment, aprBp, term };
}

// ------------------------------------------------------------------ the modal's inputs

const DOLLARS = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;
const PERCENT = /^(\d{1,3})(?:\.(\d{1,2}))?\s*%?$/;

/**
 * Typed dollars → cents: '$1,234.5' → 123450; '' → null (not countered); undefined for anything else. The
 * largest figure kept is what the database stores, so a huge typed amount is refused here too.
 */
export function parseDollarsToCents(text: string): Cents | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const m = DOLLARS.exec(trimmed);
  if (!m) return undefined;
  const cents =
    Number(m[1]!.replaceAll(',', '')) * CENTS_PER_DOLLAR + Number((m[2] ?? '').padEnd(2, '0') || '0');
  return Number.isSafeInteger(cents) && cents <= MAX_STORED_CENTS ? cents : undefined;
}

/** Typed percent → basis points: '12.5' or '12.5%' → 1250; '' → null (not countered); undefined otherwise. */
export function parsePercentToBp(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const m = PERCENT.exec(trimmed);
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0') || '0');
}

/** PostgreSQL's integer: the largest amount a cents column holds. */
export const MAX_STORED_CENTS = 2_147_483_647;

// ------------------------------------------------------------------ plans over 60 months

/**
 * A plan longer than 60 months is not handed to the agency without a staff approval of that length: an
 * approval covers the term it was given for, and a later change that lengthens the plan needs a new one.
 */
export function needsLongPlanApproval(termInMonths: number, approvedTermInMonths: number | null): boolean {
  if (termInMonths <= MAX_PLAN_TERM_MONTHS) return false;
  return approvedTermInMonths == null || approvedTermInMonths < termInMonths;
}

export const longPlanNotice = (termInMonths: number): string =>
  `This plan runs ${termInMonths} months, over ${MAX_PLAN_TERM_MONTHS}: it needs approval`;

import type { MessageRef } from '../i18n/message';
import { sumCents, type Cents } from '../money/cents';
import {
  ASSUMED_CURRENT_APR_BP,
  DEFAULT_PROPOSED_APR_BP,
  LAST_DRAFT_DAY_OF_MONTH,
} from '../underwriting/constants';
import { requiredReductionOf } from '../underwriting/budget-room';
import { nextMonthStart, payoffOf } from '../underwriting/payoff-comparison';
import { PLAN_FEE_SETTINGS, type PlanFeeSettings, type StateFeeCap } from '../underwriting/plan-fees';
import { fitOnRoom, type PlanFit } from './plan-fit';
import { planNarrative, type BudgetFigures } from './plan-narrative';
import { debtFreeDate } from './plan-projection';
import { firstDraftDate, isDraftDay, planTerms, type PlanTerms } from './plan-terms';

// /offers/review: the borrower keeps or leaves out each creditor's offer and picks the day of the month the
// plan is drawn; the page recomputes the plan's terms at once with the same function the server uses
// (plan-terms.ts), from what the server sent. The server computes its own answer the same way, so the figures
// the borrower accepts are the figures stored, put in the letter and shown on My plan.

/** An offer as the review page has it (the server's view of each offer). */
export type ReviewOffer = {
  id: string;
  creditorName: string;
  currentBalance: Cents;
  currentMonthlyPayment: Cents;
  newMonthlyPayment: Cents;
  term: number;
  currentApr: number | null;
  proposedApr: number | null;
  estimatedPayoffSavings: Cents | null;
};

/** The plan's terms for the offers kept, with the first draft on the chosen day counted from `today`. */
export function reviewTerms(o: {
  offers: readonly ReviewOffer[];
  leftOut: ReadonlySet<string>;
  cap: StateFeeCap;
  today: string;
  draftDay: number | null;
  fees?: PlanFeeSettings;
}): PlanTerms {
  return planTerms({
    offers: o.offers.map((r) => ({
      id: r.id,
      creditorName: r.creditorName,
      balance: r.currentBalance,
      payment: r.newMonthlyPayment,
      term: r.term,
      proposedAprBp: r.proposedApr ?? DEFAULT_PROPOSED_APR_BP,
      currentAprBp: r.currentApr ?? ASSUMED_CURRENT_APR_BP,
      currentPayment: r.currentMonthlyPayment,
      leftOutByBorrower: o.leftOut.has(r.id),
      creditorAnswer: 'pending',
    })),
    fees: o.fees ?? PLAN_FEE_SETTINGS,
    cap: o.cap,
    firstDraftDate: firstDraftDate(o.today, o.draftDay),
  });
}

/**
 * The figures above the creditor table: the plan's terms (the amount drawn each month, its fees, term and
 * debt-free month) beside what the same accounts cost at the current payments (docs/decisions/0049, 0078).
 */
export function offerSummary(
  terms: PlanTerms,
  rows: readonly Pick<
    ReviewOffer,
    'id' | 'currentBalance' | 'currentMonthlyPayment' | 'currentApr' | 'estimatedPayoffSavings'
  >[],
  today: string,
) {
  const onPlan = new Set(terms.creditors.map((c) => c.id));
  const kept = rows.filter((r) => onPlan.has(r.id));
  const current = payoffOf(
    kept.map((r) => ({
      balance: r.currentBalance,
      aprBp: r.currentApr ?? ASSUMED_CURRENT_APR_BP,
      payment: r.currentMonthlyPayment,
    })),
  );
  const totalBalance = sumCents(kept.map((r) => r.currentBalance));
  const totalCurrentMonthlyPayment = sumCents(kept.map((r) => r.currentMonthlyPayment));
  return {
    estimatedTotalMonthlySavings: totalCurrentMonthlyPayment - terms.monthlyDraft,
    totalCurrentMonthlyPayment,
    creditorsMonthlyPayment: terms.creditorsMonthlyPayment,
    totalNewMonthlyPayment: terms.monthlyDraft,
    // Never paid off at the current payments: no total, the page says so (0 here, currentTotalInterest null).
    currentRepaymentAmount: current.paidOff ? totalBalance + current.interest : 0,
    newRepaymentAmount: terms.totalPaid,
    termInMonths: terms.termInMonths,
    currentPayoffMonths: current.paidOff ? current.months : 0,
    totalEstimatedPayoffSavings: sumCents(kept.map((r) => r.estimatedPayoffSavings ?? 0)),
    currentTotalInterest: current.paidOff ? current.interest : null,
    accountsNeverPaidOff: current.paidOff ? 0 : current.accountsNeverPaidOff,
    planTotalInterest: terms.planInterest,
    setupFee: terms.setupFee,
    monthlyFee: terms.monthlyFee,
    planTotalFees: terms.totalFees,
    firstDraftDate: terms.firstDraftDate,
    planDebtFreeMonth: terms.lastDraftDate ? terms.lastDraftDate.slice(0, 7) : null,
    // The current payments' last month, counted from next month's payment.
    currentDebtFreeMonth:
      current.paidOff && current.months > 0 ? debtFreeDate(nextMonthStart(today), current.months) : null,
  };
}

export type OfferSummary = ReturnType<typeof offerSummary>;

/**
 * The borrower's usual payday: the day of the month most income deposits of a connected bank fell on (the
 * earliest on a tie). Null with fewer than two deposits.
 */
export function usualPayday(depositDates: readonly string[]): number | null {
  if (depositDates.length < 2) return null;
  const counts = new Map<number, number>();
  for (const date of depositDates) {
    const day = Number(date.slice(8, 10));
    if (day >= 1 && day <= 31) counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  let best: number | null = null;
  for (const [day, count] of counts) {
    const bestCount = best === null ? 0 : counts.get(best)!;
    if (count > bestCount || (count === bestCount && best !== null && day < best)) best = day;
  }
  return best;
}

/** The draft day after a payday: the next day, or the 1st for a payday on the 28th or later (every month has it). */
export function draftDayAfterPayday(payday: number): number {
  const next = payday + 1;
  return isDraftDay(next) && next <= LAST_DRAFT_DAY_OF_MONTH ? next : 1;
}

/**
 * The draft day to suggest: the day after the borrower's usual payday, read from the income deposits of a
 * connected bank. Null with fewer than two deposits.
 */
export function suggestedDraftDay(depositDates: readonly string[]): number | null {
  const payday = usualPayday(depositDates);
  return payday === null ? null : draftDayAfterPayday(payday);
}

/**
 * A bank connected after the borrower chose the draft day may show a payday that day does not follow: offer to
 * move the drafts to the day after it. Null when there is no payday to read or the chosen day already follows it.
 */
export function draftDayProposal(
  depositDates: readonly string[],
  chosenDraftDay: number,
): { payday: number; suggestedDraftDay: number; chosenDraftDay: number } | null {
  const payday = usualPayday(depositDates);
  if (payday === null) return null;
  const suggested = draftDayAfterPayday(payday);
  return suggested === chosenDraftDay ? null : { payday, suggestedDraftDay: suggested, chosenDraftDay };
}

/**
 * The budget check on the plan as chosen on the page (planFit's rule): what the budget leaves each month
 * (`room`, the server's figure) against the plan's draft, the current payments of the offers left out, and
 * what the borrower pays the creditors that declined (`declinedPayments`, not among the offers sent).
 */
export function reviewFit(
  room: Cents,
  terms: Pick<PlanTerms, 'monthlyDraft' | 'payDirectly'>,
  declinedPayments: Cents,
): PlanFit {
  const leftOut = terms.payDirectly.filter((c) => c.why === 'leftOutByBorrower');
  return fitOnRoom(
    room,
    terms.monthlyDraft,
    sumCents(leftOut.map((c) => c.currentPayment)) + declinedPayments,
  );
}

/**
 * Whether the page warns before the borrower accepts: an offer she left out leaves the plan short of her
 * budget, or under the cushion it advises keeping. A plan as offered is not warned about here: the decision
 * already checked it against her budget.
 */
export const leaveOutWarning = (
  fit: PlanFit,
  terms: Pick<PlanTerms, 'payDirectly'>,
): 'short' | 'thin' | null =>
  terms.payDirectly.some((c) => c.why === 'leftOutByBorrower')
    ? !fit.fits
      ? 'short'
      : fit.thin
        ? 'thin'
        : null
    : null;

/** What the page's budget (reviewBudgetFigures) leaves each month before the plan and the creditors paid directly. */
export const reviewRoomOf = (budget: BudgetFigures): Cents =>
  budget.monthlyIncome - budget.expenses - budget.ineligibleDebtPayment;

/**
 * The page's paragraph and its budget check, from one budget (the server's `budget`, reviewBudgetFigures): what
 * the paragraph says the budget leaves and how short the plan falls is the warning's figure too. Creditors
 * that declined are not among the offers sent: what she pays them counts with her other debts.
 */
export function reviewBudget(
  terms: PlanTerms,
  budget: BudgetFigures & { declinedPayments: Cents },
): { explanation: string; explanationRefs: MessageRef[]; fit: PlanFit } {
  const { declinedPayments, ...figures } = budget;
  const narrative = planNarrative(terms, {
    ...figures,
    ineligibleDebtPayment: figures.ineligibleDebtPayment + declinedPayments,
  });
  return {
    explanation: narrative.explanation,
    explanationRefs: narrative.explanationRefs,
    fit: reviewFit(reviewRoomOf(figures), terms, declinedPayments),
  };
}

/** How much a plan that no longer fits is short each month, rounded up to a whole dollar as the paragraph states it. */
export const shortfallOf = (fit: Pick<PlanFit, 'left'>): Cents => requiredReductionOf(-fit.left);

import { englishOf, messageRef, type MessageRef } from '../i18n/message';
import { APPLY_REFUSALS } from '../i18n/validation-messages';
import { ceilToDollar, formatDollars, roundToDollar, sumCents, type Cents } from '../money/cents';
import { CASHFLOW_TOO_HIGH_MARGIN } from './constants';

// The room a budget leaves for the plan, and what the borrower is told before a save that would end the
// application or approve a budget with next to nothing to spare (docs/decisions/0076).

/**
 * The least a budget should leave each month after the plan payment: a bill a little higher than usual or a
 * prescription must not make the borrower miss a plan payment. A flat sum, since the households that reach
 * this point are tight whatever they earn; small enough that flexible lines can usually make room for it.
 */
export const MONTHLY_CUSHION: Cents = 5000;

/** What is left each month: income − expenses − payments on debts outside the plan − the plan payment. */
export function leftEachMonth(o: {
  monthlyIncome: Cents;
  expenses: Cents;
  otherDebtPayments: Cents;
  planPayment: Cents;
}): Cents {
  return o.monthlyIncome - o.expenses - o.otherDebtPayments - o.planPayment;
}

/** The plan's monthly payment from its offers: each creditor's payment plus its share of the monthly fee. */
export const planPaymentOf = (offers: readonly { payment: Cents; fee?: Cents | null }[]): Cents =>
  sumCents(offers.map((o) => o.payment + (o.fee ?? 0)));

/**
 * The reduction /budget asks for, in whole dollars as the borrower types the cuts: the gap rounded up once,
 * so the one figure the page shows is also the one the cuts are checked against and the proposal's cuts add
 * up to. Never more than the flexible lines can give (`reducible`), which may hold cents.
 */
export function requiredReductionOf(gap: Cents | null | undefined, reducible = Infinity): Cents {
  return Math.min(ceilToDollar(Math.max(0, gap ?? 0)), Math.max(0, reducible));
}

/**
 * Before a save that would disqualify for lack of room: the plan payment and what the budget leaves for it
 * (income − expenses − other debt payments), and what the flexible expenses could still free. As its message
 * and figures, so the server words it in the borrower's language.
 */
export function wouldDisqualifyRef(o: {
  planPayment: Cents;
  room: Cents;
  reducible: Cents | null;
}): MessageRef {
  const need = formatDollars(ceilToDollar(o.planPayment));
  const needs =
    o.room > 0
      ? messageRef(APPLY_REFUSALS.wouldDisqualifyRoom, {
          need,
          room: formatDollars(Math.floor(o.room / 100) * 100),
        })
      : messageRef(APPLY_REFUSALS.wouldDisqualifyNoRoom, { need, over: formatDollars(-o.room) });
  if (!(o.reducible && o.reducible > 0)) return needs;
  const cuts = messageRef(APPLY_REFUSALS.wouldDisqualifyCuts, { amount: formatDollars(o.reducible) });
  return messageRef(APPLY_REFUSALS.wouldDisqualifyWithCuts, { needs, cuts });
}

/** The same, in English. */
export const wouldDisqualifyMessage = (o: Parameters<typeof wouldDisqualifyRef>[0]): string =>
  englishOf(wouldDisqualifyRef(o));

export const WOULD_DISQUALIFY_TITLE = 'The plan does not fit this budget';
export const WOULD_DISQUALIFY_HELP =
  'If an amount is higher than what you really spend, or your income is missing something, correct it and ' +
  'save again. If the figures are right, you can finish here: we will explain what you can do instead.';

const floorToDollar = (c: Cents): Cents => Math.floor(c / 100) * 100;

/**
 * Before a save that would disqualify because no plan is needed (the budget pays the debts as they are, with
 * the margin to spare): what the budget leaves, the estimated payments on these debts now, and what would
 * change the result, in whole dollars a borrower can check: the amount the budget would have to leave less
 * for a plan to be offered. `room` is income − expenses − other debt payments.
 */
export function planNotNeededRef(o: { room: Cents; currentPayment: Cents }): MessageRef {
  // Whole dollars rounded so that the sentence stays true: a budget leaving less than `below` gets a plan.
  const below = floorToDollar(o.currentPayment + CASHFLOW_TOO_HIGH_MARGIN);
  const less = ceilToDollar(o.room - below + 1);
  return messageRef(APPLY_REFUSALS.planNotNeeded, {
    room: formatDollars(floorToDollar(o.room)),
    current: formatDollars(o.currentPayment),
    spare: formatDollars(o.room - o.currentPayment),
    below: formatDollars(below),
    less: formatDollars(less),
  });
}

/** The same, in English. */
export const planNotNeededMessage = (o: { room: Cents; currentPayment: Cents }): string =>
  englishOf(planNotNeededRef(o));

export const PLAN_NOT_NEEDED_TITLE = 'You may not need a plan';
export const PLAN_NOT_NEEDED_HELP =
  'If an expense is missing, an amount is lower than what you really spend, or your income is lower than ' +
  'you entered, correct it and save again. If the figures are right, you can finish here: we will show you ' +
  'how to pay these debts off on your own.';

/** When the budget would leave less than the cushion after the plan payment. */
export function thinBudgetRef(left: Cents): MessageRef {
  const cushion = formatDollars(MONTHLY_CUSHION);
  // The same whole dollars the page shows beside it: 90 cents is '$1', not 'nothing'.
  return roundToDollar(left) > 0
    ? messageRef(APPLY_REFUSALS.thinSome, { amount: formatDollars(left), cushion })
    : messageRef(APPLY_REFUSALS.thinNothing, { cushion });
}

/** The same, in English. */
export const thinBudgetMessage = (left: Cents): string => englishOf(thinBudgetRef(left));

export const THIN_BUDGET_TITLE = 'Very little left each month';

/** True when what is left after the plan payment is under the cushion. */
export const isThin = (left: Cents): boolean => left < MONTHLY_CUSHION;

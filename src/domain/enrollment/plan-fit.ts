import { sumCents, type Cents } from '../money/cents';
import { MONTHLY_CUSHION } from '../underwriting/budget-room';
import type { PlanTerms } from './plan-terms';

// Whether the plan still fits the borrower's budget after a choice or an answer changed it
// (docs/decisions/0154). The budget was checked against the plan as first offered; leaving an offer out, a
// creditor's decline or a counter-offer changes what the borrower pays each month: the plan's draft, and
// the creditors they keep paying themselves. The same check runs again on the plan as it now stands.

/** What the agreed budget leaves each month before the plan: income − expenses − other debt payments. */
export type BudgetRoom = {
  monthlyIncome: Cents;
  /** The expenses as the budget settled them (the agreed cuts applied). */
  expenses: Cents;
  /** Payments on debts outside the plan that were never offered a place on it (mortgage, car). */
  otherDebtPayments: Cents;
  /** The borrower has agreed a budget on /budget (its cuts are in `expenses`); false before. */
  agreed?: boolean;
};

export type PlanFit = {
  /** What the budget leaves for the plan and the creditors paid directly. */
  room: Cents;
  /** The plan's monthly draft. */
  monthlyDraft: Cents;
  /** What the borrower keeps paying, each month, the creditors not on the plan (left out or declined). */
  payDirectly: Cents;
  /** The draft and the direct payments together: what the plan's creditors cost the borrower each month. */
  monthlyTotal: Cents;
  /** What is left each month once all of it is paid; negative when the plan no longer fits. */
  left: Cents;
  /** The budget still covers the draft and the direct payments. */
  fits: boolean;
  /** It fits, but leaves less than the cushion the budget page advises keeping. */
  thin: boolean;
};

export const roomOf = (b: BudgetRoom): Cents => b.monthlyIncome - b.expenses - b.otherDebtPayments;

/**
 * The budget's month from its rows: each expense line at the value an agreed budget settled on (`agreed`,
 * by expense id), else as entered or estimated.
 */
export function budgetRoomFrom(o: {
  monthlyIncome: Cents;
  otherDebtPayments: Cents;
  expenses: readonly { id: string; selfReportedValue: Cents | null; estimatedValue: Cents | null }[];
  agreed: ReadonlyMap<string, Cents>;
}): BudgetRoom {
  return {
    monthlyIncome: o.monthlyIncome,
    expenses: sumCents(
      o.expenses.map((e) => o.agreed.get(e.id) ?? e.selfReportedValue ?? e.estimatedValue ?? 0),
    ),
    otherDebtPayments: o.otherDebtPayments,
  };
}

/** The budget check on the plan's terms as they now stand. */
export function planFit(budget: BudgetRoom, terms: Pick<PlanTerms, 'monthlyDraft' | 'payDirectly'>): PlanFit {
  return fitOnRoom(
    roomOf(budget),
    terms.monthlyDraft,
    sumCents(terms.payDirectly.map((c) => c.currentPayment)),
  );
}

/** The same check from what the budget leaves, the draft and what is paid directly, already summed. */
export function fitOnRoom(room: Cents, monthlyDraft: Cents, payDirectly: Cents): PlanFit {
  const monthlyTotal = monthlyDraft + payDirectly;
  const left = room - monthlyTotal;
  return {
    room,
    monthlyDraft,
    payDirectly,
    monthlyTotal,
    left,
    fits: left >= 0,
    thin: left >= 0 && left < MONTHLY_CUSHION,
  };
}

/**
 * How the plan stands against the budget, from what is left each month (the figure stored on the application
 * when the plan changes, so the counsellors' queue reads it without working the plan out again): 'short' when
 * the plan no longer fits, 'thin' when it fits with less than the cushion, 'fits' otherwise; null when the
 * check has not run (no plan accepted yet).
 */
export type PlanFitState = 'fits' | 'thin' | 'short';
export function planFitStateOf(left: Cents | null): PlanFitState | null {
  if (left === null) return null;
  if (left < 0) return 'short';
  return left < MONTHLY_CUSHION ? 'thin' : 'fits';
}

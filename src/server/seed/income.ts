import { inSequence } from '#server/db/in-sequence';
import { and, eq } from 'drizzle-orm';
import { CENTS_PER_DOLLAR, type Cents } from '#domain/money/cents';
import { CASHFLOW_TOO_HIGH_MARGIN } from '#domain/underwriting/constants';
import { decide, type DecisionInput } from '#domain/underwriting/decision';
import { ineligibleDebtPayments } from '#domain/underwriting/expense-estimates';
import { DISQUALIFICATION_REASONS } from '#domain/underwriting/reasons';
import type { Reader } from '#server/db/client';
import { application, borrower, hardship } from '#server/db/schema/application';
import { planFeesFor } from '#server/application/plan-fees';
import { concessionsInForce } from '#server/application/concessions';
import { collection, debt } from '#server/db/schema/credit';
import { expense } from '#server/db/schema/budget';
import type { Rng } from './random';

// The seed picks each borrower's income so the live decision comes out as planned: it reads the figures the
// decision will use (as run-decision reads them) and asks the domain's decide() which income gives what.

export type DecisionOutcome = 'qualified' | 'budget' | 'cashflowTooHigh' | 'insufficientIncome';

/** Monthly income given on the first pass, in whole dollars: what a household in distress often earns. */
export const FIRST_INCOME_DOLLARS = { min: 2800, max: 7800 } as const;
/** Incomes stay whole dollars (the form takes whole dollars) and at least this many. */
const MIN_INCOME_DOLLARS = 300;
/** Extra dollars beyond a boundary, so rounding never lands on the other side. */
const BEYOND_DOLLARS = { min: 40, max: 900 } as const;

/** The decision's inputs for an application and a candidate income, read as runDecision reads them. */
export async function decisionInputs(
  tx: Reader,
  applicationId: string,
): Promise<Omit<DecisionInput, 'monthlyIncome'>> {
  const [app] = await tx
    .select({ isHomeowner: application.isHomeowner })
    .from(application)
    .where(eq(application.id, applicationId));
  const [home] = await tx
    .select({ state: borrower.state })
    .from(borrower)
    .where(eq(borrower.applicationId, applicationId));
  const [expenses, tradelines, collections, ticked, concessions] = await inSequence(
    () => tx.select().from(expense).where(eq(expense.applicationId, applicationId)),
    () => tx.select().from(debt).where(eq(debt.applicationId, applicationId)),
    () =>
      tx
        .select()
        .from(collection)
        .where(
          and(
            eq(collection.applicationId, applicationId),
            eq(collection.isEligibleForDmp, true),
            eq(collection.selectedForDebtReduction, true),
          ),
        ),
    () =>
      tx
        .select({ id: hardship.id })
        .from(hardship)
        .where(and(eq(hardship.applicationId, applicationId), eq(hardship.value, true)))
        .limit(1),
    () => concessionsInForce(tx, new Date()),
  );
  const selected = tradelines.filter((d) => d.isEligibleForDmp && d.selectedForDebtReduction);
  return {
    concessions,
    // The agency's monthly fee, capped by the borrower's state, as runDecision adds it (decision 0048).
    monthlyFee: planFeesFor(home?.state ?? null, selected.length + collections.length).monthlyFee,
    expenses: expenses.map((e) => ({
      category: e.category,
      subCategory: e.subCategory,
      value: e.selfReportedValue ?? e.estimatedValue ?? 0,
      estimatedValue: e.estimatedValue,
    })),
    ineligibleDebtPayment: ineligibleDebtPayments(
      tradelines.map((t) => ({
        accountType: t.accountType ?? '',
        scheduledMonthlyPayment: t.scheduledMonthlyPayment ?? 0,
        currentBalance: t.currentBalance,
        dateClosed: t.dateClosed,
      })),
      { isHomeowner: app?.isHomeowner ?? false },
    ),
    selectedItems: [
      ...selected.map((d) => ({
        itemId: d.id,
        kind: 'debt' as const,
        creditorName: d.lenderFriendlyName ?? d.lenderName ?? '',
        balance: d.currentBalance,
      })),
      ...collections.map((c) => ({
        itemId: c.id,
        kind: 'collection' as const,
        creditorName: c.subscriberFriendlyName ?? c.subscriberName ?? '',
        balance: c.currentBalance,
      })),
    ],
    hasHardship: ticked.length > 0,
  };
}

/** What decide() makes of an income. */
export function outcomeOf(
  inputs: Omit<DecisionInput, 'monthlyIncome'>,
  income: Cents,
): DecisionOutcome | 'other' {
  const result = decide({ ...inputs, monthlyIncome: income });
  if (result.isQualified) return result.proposedBudget ? 'budget' : 'qualified';
  const [reason] = result.disqualificationReasons;
  if (reason === DISQUALIFICATION_REASONS.cashflowTooHigh) return 'cashflowTooHigh';
  if (reason === DISQUALIFICATION_REASONS.insufficientIncome) return 'insufficientIncome';
  return 'other';
}

const toDollars = (c: Cents, round: (n: number) => number) => round(c / CENTS_PER_DOLLAR) * CENTS_PER_DOLLAR;

/**
 * An income (whole dollars) that gives `wanted`, or undefined when none does for these debts and expenses
 * (no room to cut for a budget, for example). With cashflow = income − expenses − other debt payments:
 * too high from current payments + $500; qualified from the plan payment; a budget from the plan payment
 * less what flexible expenses can give up; insufficient below that.
 */
export function incomeFor(
  inputs: Omit<DecisionInput, 'monthlyIncome'>,
  wanted: DecisionOutcome,
  rng: Rng,
): Cents | undefined {
  const fixed = decide({ ...inputs, monthlyIncome: 0 });
  const base = fixed.currentExpenses + fixed.ineligibleDebtPayment;
  // The plan payment the budget must hold: the creditors' payments and the agency's monthly fee.
  const plan =
    fixed.offers.reduce((sum, o) => sum + o.payment, 0) +
    (fixed.offers.length > 0 ? (inputs.monthlyFee ?? 0) : 0);
  const current = fixed.eligibleDebtPayment;
  const reducible =
    inputs.expenses.length > 0 ? (decide({ ...inputs, monthlyIncome: base }).reducibleExpenseAmount ?? 0) : 0;
  const beyond = () => rng.int(BEYOND_DOLLARS.min, BEYOND_DOLLARS.max) * CENTS_PER_DOLLAR;
  const between = (low: Cents, high: Cents) => low + Math.round((high - low) * (0.15 + 0.7 * rng.next()));

  const cashflow: Record<DecisionOutcome, () => Cents> = {
    cashflowTooHigh: () => current + CASHFLOW_TOO_HIGH_MARGIN + beyond(),
    qualified: () => between(plan, current + CASHFLOW_TOO_HIGH_MARGIN),
    budget: () => between(plan - Math.min(reducible, plan), plan),
    insufficientIncome: () => plan - reducible - beyond(),
  };
  const income = Math.max(
    MIN_INCOME_DOLLARS * CENTS_PER_DOLLAR,
    toDollars(
      base + cashflow[wanted](),
      wanted === 'budget' || wanted === 'insufficientIncome' ? Math.floor : Math.ceil,
    ),
  );
  return outcomeOf(inputs, income) === wanted ? income : undefined;
}

import { formatDollars, sumCents, type Cents } from '../money/cents';
import type { ExpenseLineKey } from '../i18n/expense-labels';
import { isReducibleLine, reducibleFloor, type BudgetLine } from './expense-estimates';

// The cuts of a proposed budget, as the borrower may move them on /budget (docs/decisions/0013 for the
// proposal). The underwriting proposes cuts to the flexible lines that close the gap between what the
// household has left each month and the plan payment. The borrower may spread those cuts differently: any
// flexible line may be lowered, never below its floor (the least the underwriting allows for that line) and
// never raised above what the borrower spends now, as long as the cuts together still cover the gap.

/** A flexible line the borrower may lower, with its current value and its floor. */
export type FlexibleLine = {
  category: BudgetLine['category'];
  subCategory: string;
  /** The key of the line's label message, by which a refusal names it in the reader's language. */
  labelKey: ExpenseLineKey | null;
  /** The label in English, as the refusal's English names it. */
  label: string;
  currentValue: Cents;
  floor: Cents;
};

/** A line's new value, as the borrower set it. */
export type ProposedLine = { category: string; subCategory: string; proposedValue: Cents };

export const lineKeyOf = (l: { category: string; subCategory: string }): string =>
  `${l.category}:${l.subCategory}`;

/** The flexible lines among the borrower's expenses that can give something up (value above the floor). */
export function flexibleLines(
  expenses: readonly (BudgetLine & Pick<FlexibleLine, 'labelKey' | 'label'>)[],
): FlexibleLine[] {
  return expenses
    .filter((e) => isReducibleLine(e))
    .map((e) => ({
      category: e.category,
      subCategory: e.subCategory,
      labelKey: e.labelKey,
      label: e.label,
      currentValue: e.value,
      floor: reducibleFloor(e),
    }))
    .filter((l) => l.currentValue > l.floor);
}

export const BUDGET_CUT_MESSAGES = {
  belowFloor: (label: string, floor: Cents) => `${label} cannot go below ${formatDollars(floor)}.`,
  aboveCurrent: (label: string, current: Cents) =>
    `${label} cannot go above what you spend now (${formatDollars(current)}).`,
  notAdjustable: 'This expense cannot be adjusted in the budget.',
  repeated: 'This expense is listed twice.',
  notCovered: (stillToCover: Cents, required: Cents) =>
    `These cuts leave ${formatDollars(stillToCover)} a month still to cover. Together they must lower your ` +
    `expenses by at least ${formatDollars(required)}.`,
} as const;

/**
 * What is wrong, with what its sentence names, so the validation layer can word it by its message id
 * (budgetProblemRef in src/domain/validation/application.ts) while `message` keeps the English.
 */
export type BudgetCutReason =
  | { kind: 'notAdjustable' }
  | { kind: 'repeated' }
  | { kind: 'belowFloor'; line: FlexibleLine; amount: Cents }
  | { kind: 'aboveCurrent'; line: FlexibleLine; amount: Cents }
  | { kind: 'notCovered'; stillToCover: Cents; required: Cents };

export type BudgetCutProblem = {
  /** The index of the line in the proposal, or null for a problem of the whole set (the gap not covered). */
  index: number | null;
  message: string;
  reason: BudgetCutReason;
};

export type BudgetCutCheck = {
  /** What the cuts lower the expenses by in all (lines left out keep their value). */
  savings: Cents;
  /** What the gap still needs beyond the cuts; 0 when covered. */
  stillToCover: Cents;
  problems: BudgetCutProblem[];
};

/**
 * Checks a set of new values against the flexible lines and the gap to cover (`required`): each line must be
 * a flexible line, listed once, at or above its floor and at or below its current value; the cuts together
 * must cover `required`. A flexible line left out keeps its current value.
 */
export function checkBudgetCuts(
  lines: readonly FlexibleLine[],
  required: Cents,
  proposed: readonly ProposedLine[],
): BudgetCutCheck {
  const byKey = new Map(lines.map((l) => [lineKeyOf(l), l]));
  const seen = new Set<string>();
  const problems: BudgetCutProblem[] = [];
  const cuts: Cents[] = [];
  proposed.forEach((p, index) => {
    const key = lineKeyOf(p);
    const line = byKey.get(key);
    if (!line)
      return problems.push({
        index,
        message: BUDGET_CUT_MESSAGES.notAdjustable,
        reason: { kind: 'notAdjustable' },
      });
    if (seen.has(key))
      return problems.push({ index, message: BUDGET_CUT_MESSAGES.repeated, reason: { kind: 'repeated' } });
    seen.add(key);
    if (p.proposedValue < line.floor) {
      problems.push({
        index,
        message: BUDGET_CUT_MESSAGES.belowFloor(line.label, line.floor),
        reason: { kind: 'belowFloor', line, amount: line.floor },
      });
    } else if (p.proposedValue > line.currentValue) {
      problems.push({
        index,
        message: BUDGET_CUT_MESSAGES.aboveCurrent(line.label, line.currentValue),
        reason: { kind: 'aboveCurrent', line, amount: line.currentValue },
      });
    } else {
      cuts.push(line.currentValue - p.proposedValue);
    }
  });
  const savings = sumCents(cuts);
  const stillToCover = Math.max(0, required - savings);
  if (stillToCover > 0 && problems.length === 0) {
    problems.push({
      index: null,
      message: BUDGET_CUT_MESSAGES.notCovered(stillToCover, required),
      reason: { kind: 'notCovered', stillToCover, required },
    });
  }
  return { savings, stillToCover, problems };
}

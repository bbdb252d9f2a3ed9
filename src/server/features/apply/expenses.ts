import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '#domain/errors';
import type { ExpensesView } from '#domain/flow/application-view';
import { hasCompleted } from '#domain/flow/page-order';
import { PAGE_ROUTES } from '#domain/flow/pages';
import { resumeRoute } from '#domain/flow/resume';
import { sumCents } from '#domain/money/cents';
import { EXPENSE_BENCHMARK_SOURCE } from '#domain/underwriting/expense-estimates';
import {
  EXPENSE_GROUPS,
  expenseLineKey,
  expenseLineLabel,
  expenseLineOrder,
  type SaveExpenses,
} from '#domain/validation/expenses';
import { LABELS } from '#domain/i18n/validation-messages';
import { invalidRef } from '#domain/validation/messages';
import type { Config } from '#server/env';
import { expense } from '#server/db/schema/budget';
import { assertCanSave, lockOwnApplication, updateApplication } from '#server/application/application-state';
import { DECISION_PEOPLE, runDecision } from './run-decision';
import { application } from '#server/db/schema/application';
import { moveOnUnchanged } from './unchanged-save';
import { ownCurrentApplication } from '#server/application/own-application';
import { builtOnce } from '#server/db/built-once';
import type { ReadUnit, Reader, Transaction, Unit } from '#server/unit-of-work';

type ExpenseRow = typeof expense.$inferSelect;

const lineKey = (category: string, subCategory: string) => `${category}.${subCategory}`;

/** The expense rows grouped as /expenses shows them, with group and grand totals. */
export function expensesView(
  rows: readonly ExpenseRow[],
  isHomeowner: boolean,
): Omit<ExpensesView, 'monthlyIncome'> {
  const sorted = [...rows].sort(
    (a, b) =>
      expenseLineOrder(a.category, a.subCategory, isHomeowner) -
      expenseLineOrder(b.category, b.subCategory, isHomeowner),
  );
  const groups: ExpensesView['groups'] = [];
  for (const row of sorted) {
    let group = groups.find((g) => g.category === row.category);
    if (!group) {
      const definition = EXPENSE_GROUPS.find((g) => g.category === row.category);
      group = { category: row.category, label: definition?.label ?? row.category, lines: [], total: 0 };
      groups.push(group);
    }
    const value = row.selfReportedValue ?? row.estimatedValue ?? 0;
    group.lines.push({
      category: row.category,
      subCategory: row.subCategory,
      labelKey: expenseLineKey(row.category, row.subCategory, isHomeowner),
      label: expenseLineLabel(row.category, row.subCategory, isHomeowner),
      estimatedValue: row.estimatedValue,
      selfReportedValue: value,
      lastSubmittedValue: row.lastSubmittedValue,
    });
    group.total += value;
  }
  return {
    isHomeowner,
    groups,
    total: sumCents(groups.map((g) => g.total)),
    benchmarkSource: EXPENSE_BENCHMARK_SOURCE,
  };
}

/** The borrower's application with its expense lines: the page's one read, built once (built-once.ts). */
const ownExpenses = builtOnce((db: Reader) =>
  db.query.application
    .findFirst({ where: ownCurrentApplication(sql.placeholder('owner')), with: { expenses: true } })
    .prepare('own_expenses'),
);

/**
 * GET /api/application/expenses: once the income is provided (the estimates exist from then on). Read with no
 * transaction (a read-only unit): the income's save writes the lines in the commit that completes its page,
 * so once the application says so, the lines are there.
 */
export async function getExpenses(unit: ReadUnit, o: { userId: string }): Promise<ExpensesView> {
  // The application with its lines, in one statement (a read of each made two).
  const found = await ownExpenses(unit.db).execute({ owner: o.userId });
  if (!found) throw new AppError('NotFound');
  const { expenses: rows, ...app } = found;
  if (!hasCompleted(app.lastCompletedPage, 'ProvideMonthlyIncome') || rows.length === 0) {
    throw new AppError('PreconditionFailed', undefined, { redirect: resumeRoute(app) });
  }
  return {
    ...expensesView(rows, app.isHomeowner ?? false),
    monthlyIncome: app.selfReportedMonthlyCurrentIncome ?? 0,
  };
}

/**
 * Writes the submitted values of the lines that changed; every line must be one of the application's. Tells
 * whether any line was written, and answers the application's expense rows as they now stand (for the
 * decision, which would otherwise read them again).
 */
async function saveLines(
  tx: Transaction,
  applicationId: string,
  /** The application's expense rows, read under its lock. */
  rows: ExpenseRow[],
  lines: SaveExpenses['lines'],
): Promise<{ written: boolean; rows: ExpenseRow[] }> {
  const byKey = new Map(rows.map((row) => [lineKey(row.category, row.subCategory), row]));
  for (const [index, line] of lines.entries()) {
    if (!byKey.has(lineKey(line.category, line.subCategory))) {
      const message = invalidRef(LABELS.expense);
      throw new AppError('ValidationError', message, { fieldErrors: { [`lines.${index}`]: message } });
    }
  }
  // Each changed line's value by its row (a line sent twice: its last changed value, as one update after
  // another would leave it).
  const changed = new Map<string, number>();
  for (const line of lines) {
    const row = byKey.get(lineKey(line.category, line.subCategory))!;
    if (row.selfReportedValue === line.selfReportedValue && row.lastSubmittedValue === line.selfReportedValue)
      continue;
    changed.set(row.id, line.selfReportedValue);
  }
  if (changed.size === 0) return { written: false, rows };
  // One statement for all the changed lines, not one per line: a page holds about forty lines, and each
  // statement is a round trip to the database and a query built, which made this save the costliest request
  // of an application in the server's CPU.
  const value = sql<number>`v.value`;
  await tx
    .update(expense)
    .set({ selfReportedValue: value, lastSubmittedValue: value })
    .from(
      sql`unnest(${sql.param([...changed.keys()])}::uuid[], ${sql.param([...changed.values()])}::integer[]) as v(id, value)`,
    )
    .where(and(eq(expense.id, sql`v.id`), eq(expense.applicationId, applicationId)));
  // The rows as the update left them (their updated_at aside, which nothing after reads).
  const after = rows.map((row) => {
    const value = changed.get(row.id);
    return value === undefined ? row : { ...row, selfReportedValue: value, lastSubmittedValue: value };
  });
  return { written: true, rows: after };
}

/**
 * Save and Continue on /expenses: the lines are saved, then (with a credit
 * report present) the risk scores, the debt score and the decision are made (unless the decision waiting on
 * /budget was made on the very same inputs: it stands, and nothing is written but the next page), in the same unit, and
 * the borrower goes to /offers/review, /budget or /offers/not-qualified. A budget with no room for the plan,
 * one that needs no plan, or one that leaves less than the monthly cushion, is warned of first (runDecision): nothing is saved until
 * the borrower sends it again confirmed.
 */
export async function saveExpenses(
  unit: Unit,
  o: { config: Config; userId: string; input: SaveExpenses; log: FastifyBaseLogger },
): Promise<{ next: string; smsId?: string; emailId?: string }> {
  const { tx } = unit;
  const app = await lockOwnApplication(tx, o.userId);
  assertCanSave(app, 'Expenses');
  if (app.selfReportedMonthlyCurrentIncome == null) throw new AppError('PreconditionFailed');
  // The expense rows with what the decision reads of the people (the borrower, the credit reports with their
  // inquiries), in one statement under the lock: the lines written below change neither.
  const found = await tx.query.application.findFirst({
    where: eq(application.id, app.id),
    columns: { id: true },
    with: { expenses: true, ...DECISION_PEOPLE },
  });
  const { written, rows } = await saveLines(tx, app.id, found?.expenses ?? [], o.input.lines);
  // The page is recorded as completed by the decision's own write of the application row (its status and the
  // next page): one write of the row in this request, not one here and more after it.
  const completed = written || !hasCompleted(app.lastCompletedPage, 'Expenses') ? 'Expenses' : undefined;
  const outcome = await runDecision(unit, {
    config: o.config,
    app,
    userId: o.userId,
    log: o.log,
    expenses: rows,
    people: found,
    confirmDisqualification: o.input.confirmDisqualification,
    acceptThinBudget: o.input.acceptThinBudget,
    completed,
  });
  // The decision made on these same inputs stands (it waits on /budget): nothing but the page the borrower
  // goes to next is recorded, as for any save that changed nothing, unless lines were written.
  if (outcome.kept) {
    if (completed) await updateApplication(tx, app, { completed, viewed: outcome.viewed });
    else await moveOnUnchanged(tx, app, outcome.viewed);
  }
  return { next: PAGE_ROUTES[outcome.viewed], smsId: outcome.smsId, emailId: outcome.emailId };
}

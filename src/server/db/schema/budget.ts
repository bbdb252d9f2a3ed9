import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import {
  EXPENSE_CATEGORIES,
  EXPENSE_SUB_CATEGORIES,
  type ExpenseCategory,
} from '#domain/validation/expenses';
import { user } from './auth';
import { cents, createdAt, updatedAt } from './columns';
import { applicationId, borrower } from './application';

export type { ExpenseCategory };

// Expenses against the benchmarks, and the proposed budget.

/**
 * An expense line's group and line name are closed lists of the domain (src/domain/validation/expenses.ts),
 * stored as enums: 4 bytes a value in the table and its indexes instead of the word. Adding a line means a
 * migration that adds its name (ALTER TYPE … ADD VALUE); src/server/db/schema.test.ts checks the lists agree.
 */
export const expenseCategoryEnum = pgEnum('expense_category', EXPENSE_CATEGORIES);
export const expenseSubCategoryEnum = pgEnum('expense_sub_category', EXPENSE_SUB_CATEGORIES);

/** A statistical expense benchmark (spend by category and income range), loaded from the shipped data. */
export const expenseBenchmark = pgTable(
  'expense_benchmark',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    category: text('category').$type<ExpenseCategory>().notNull(),
    /** Null when the benchmark covers the whole category. */
    subCategory: text('sub_category'),
    /** Label of the income bracket, as the source names it. */
    incomeRange: text('income_range').notNull(),
    year: integer('year').notNull(),
    /** Monthly amount. */
    value: cents('value').notNull(),
    source: text('source'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('expense_benchmark_line_key')
      .on(t.category, t.subCategory, t.incomeRange, t.year)
      .nullsNotDistinct(),
  ],
);

/** One row per expense line (category, subCategory) of an application. */
export const expense = pgTable(
  'expense',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: applicationId(),
    owner: text('owner')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    category: expenseCategoryEnum('category').notNull(),
    subCategory: expenseSubCategoryEnum('sub_category').$type<string>().notNull(),
    estimatedValue: cents('estimated_value'),
    selfReportedValue: cents('self_reported_value'),
    lastSubmittedValue: cents('last_submitted_value'),
    expenseBenchmarkId: uuid('expense_benchmark_id').references(() => expenseBenchmark.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('expense_application_id_line_key').on(t.applicationId, t.category, t.subCategory),
    // Only for the foreign key (a benchmark deleted sets its expenses' link to null): most lines link to none.
    index('expense_expense_benchmark_id_idx')
      .on(t.expenseBenchmarkId)
      .where(sql`${t.expenseBenchmarkId} is not null`),
  ],
);

/** A proposed budget; its lines propose new values for some expenses. */
export const budget = pgTable(
  'budget',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: applicationId(),
    borrowerId: uuid('borrower_id')
      .notNull()
      .references(() => borrower.id, { onDelete: 'cascade' }),
    agreedTo: boolean('agreed_to').notNull().default(false),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('budget_application_id_created_at_idx').on(t.applicationId, t.createdAt)],
);

export const budgetExpense = pgTable(
  'budget_expense',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    budgetId: uuid('budget_id')
      .notNull()
      .references(() => budget.id, { onDelete: 'cascade' }),
    expenseId: uuid('expense_id')
      .notNull()
      .references(() => expense.id, { onDelete: 'cascade' }),
    proposedValue: cents('proposed_value').notNull(),
    budgetCategory: expenseCategoryEnum('budget_category').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('budget_expense_budget_id_expense_id_key').on(t.budgetId, t.expenseId),
    index('budget_expense_expense_id_idx').on(t.expenseId),
  ],
);

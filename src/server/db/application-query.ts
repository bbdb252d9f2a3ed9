import { sql } from 'drizzle-orm';
import type { BuildQueryResult, DBQueryConfig, ExtractTablesWithRelations } from 'drizzle-orm';
import type * as schema from './schema/index';

// The whole application in one query. It reads the schema's every table and relation, so it sits above the
// schema (which it is not part of) rather than in the application's table file.

/** The tables and their relations, as Drizzle's relational queries see them. */
export type RelationalSchema = ExtractTablesWithRelations<typeof schema>;
export type ApplicationQueryWith = NonNullable<
  DBQueryConfig<'many', true, RelationalSchema, RelationalSchema['application']>['with']
>;

/**
 * Every relation of an application, nested, for
 * `db.query.application.findFirst({ where, with: applicationWithEverything })`: one SQL statement.
 * Lists come in the order the screens show them; bank balances cover the last 6 months.
 */
export const applicationWithEverything = {
  borrower: true,
  spouse: true,
  alerts: { orderBy: (t, { desc }) => [desc(t.createdAt)] },
  budgets: {
    orderBy: (t, { desc }) => [desc(t.createdAt)],
    with: { budgetExpenses: true },
  },
  contactAttempts: {
    orderBy: (t, { desc }) => [desc(t.createdAt)],
    with: { reasons: true },
  },
  creditReports: {
    orderBy: (t, { desc }) => [desc(t.createdAt)],
    with: { inquiries: true, riskScores: true },
  },
  debts: {
    orderBy: (t, { desc }) => [desc(t.currentBalance)],
    with: { creditorAccount: true },
  },
  collections: {
    orderBy: (t, { desc }) => [desc(t.currentBalance)],
    with: { creditorAccount: true },
  },
  debtScores: { orderBy: (t, { desc }) => [desc(t.createdAt)] },
  decisions: {
    orderBy: (t, { desc }) => [desc(t.createdAt)],
    with: {
      disqualificationReasons: true,
      offers: {
        orderBy: (t, { desc }) => [desc(t.balance)],
        with: {
          disqualificationReasons: true,
          statusChanges: { orderBy: (t, { asc }) => [asc(t.createdAt)] },
        },
      },
    },
  },
  disqualificationReasons: { orderBy: (t, { asc }) => [asc(t.createdAt)] },
  dmpEnrollment: true,
  // The signed PDF itself is read only where it is downloaded.
  docusign: { columns: { signedDocument: false }, with: { signers: true } },
  planAuthorizations: { orderBy: (t, { desc }) => [desc(t.createdAt)] },
  planChangeNotices: { orderBy: (t, { desc }) => [desc(t.createdAt)] },
  expenses: {
    // Enums sort in their lists' order (src/domain/validation/expenses.ts), groups as the expenses page shows them.
    orderBy: (t, { asc }) => [asc(t.category), asc(t.subCategory)],
    with: { benchmark: true, budgetExpenses: true },
  },
  hardships: true,
  incomeSnapshots: { orderBy: (t, { desc }) => [desc(t.createdAt)] },
  paymentAccount: true,
  plaidItems: {
    orderBy: (t, { asc }) => [asc(t.createdAt)],
    with: {
      accounts: {
        with: {
          balances: {
            where: (t, { gte }) => gte(t.createdAt, sql`now() - interval '6 months'`),
            orderBy: (t, { desc }) => [desc(t.createdAt)],
          },
          transactions: { orderBy: (t, { desc }) => [desc(t.date)] },
        },
      },
    },
  },
  statusChanges: { orderBy: (t, { asc }) => [asc(t.createdAt)] },
} satisfies ApplicationQueryWith;

/** What `findFirst({ with: applicationWithEverything })` returns. */
export type ApplicationWithEverything = BuildQueryResult<
  RelationalSchema,
  RelationalSchema['application'],
  { with: typeof applicationWithEverything }
>;

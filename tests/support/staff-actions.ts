import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ApplicationStatus } from '#domain/flow/statuses';
import { sumCents } from '#domain/money/cents';
import { ineligibleDebtPayments } from '#domain/underwriting/expense-estimates';
import type { TestApp } from '#tests/setup/test-app';
import { application } from '#server/db/schema/application';
import { debt } from '#server/db/schema/credit';
import { decision } from '#server/db/schema/decision';
import { session } from '#server/db/schema/auth';
import { createStaff } from '#server/features/accounts/create-staff';
import { expenseLines, newBorrower, put, toExpenses, uniqueEmail } from './borrower-flow';

// Seeds for the staff-action tests: a signed-in counsellor, and borrowers driven through the flow's API to a
// qualified decision with offers, then put in the status under test directly (the payment and signing steps
// that lead there belong to another issue).

export const STAFF_PASSWORD = 'Better#Pass1';

/** The quality-control checklist of a pass: every item checked. */
export const EVERY_ITEM_CHECKED = {
  consumerIdentity: true,
  income: true,
  expenses: true,
  proposedBudget: true,
} as const;

/** A staff account, not signed in (as `npm run staff:create` makes one). */
export const newStaffAccount = (t: TestApp, o: Parameters<typeof createStaff>[1]) => createStaff(t.db, o);

export async function signedInStaff(
  t: TestApp,
  name = 'Sam Staff',
  o: { creditorRelations?: boolean; supervisor?: boolean } = {},
) {
  const staff = await createStaff(t.db, {
    email: uniqueEmail('staff'),
    name,
    mustChangePassword: false,
    password: STAFF_PASSWORD,
    ...(o.creditorRelations ? { creditorRelations: true } : {}),
    ...(o.supervisor ? { supervisor: true } : {}),
  });
  const client = t.client();
  const res = await client.post('/api/auth/sign-in', { username: staff.email, password: STAFF_PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  // The second factor has its own tests (two-factor.test.ts); here the session is marked as having passed it.
  await t.db.update(session).set({ twoFactorVerified: true }).where(eq(session.userId, staff.userId));
  return { client, userId: staff.userId, email: staff.email };
}

/** A borrower at /offers/review (acceptOffer) with a qualified decision: cashflow covers the plan. */
export async function qualifiedBorrower(
  t: TestApp,
  lastName = 'Doe',
  o: {
    /** Called just before the expenses are saved (the save that qualifies), with the application's id. */
    beforeExpenses?: (applicationId: string) => Promise<void>;
  } = {},
) {
  const b = await newBorrower(t, lastName);
  await toExpenses(b, 500_000);
  const total = ((await b.client.get('/api/application/expenses')).json() as { total: number }).total;
  const debts = await t.db.select().from(debt).where(eq(debt.applicationId, b.applicationId));
  const ineligible = ineligibleDebtPayments(
    debts.map((d) => ({
      accountType: d.accountType ?? '',
      scheduledMonthlyPayment: d.scheduledMonthlyPayment ?? 0,
      currentBalance: d.currentBalance,
      dateClosed: d.dateClosed,
    })),
    { isHomeowner: false },
  );
  const items = (await b.client.get('/api/application/eligible-debts')).json().items as {
    estimatedMonthlyPayment: number;
  }[];
  const current = sumCents(items.map((i) => i.estimatedMonthlyPayment));
  const income = Math.round((total + ineligible + current + 10_000) / 100) * 100;
  await t.db
    .update(application)
    .set({ selfReportedMonthlyCurrentIncome: income })
    .where(eq(application.id, b.applicationId));
  const lines = await expenseLines(b);
  await o.beforeExpenses?.(b.applicationId);
  const res = await put(b.client, '/api/application/expenses', { lines });
  expect(res.json()).toEqual({ next: '/offers/review' });
  return b;
}

/** A qualified borrower whose application is set to `status`, with the offers of its decision. */
export async function applicationIn(t: TestApp, status: ApplicationStatus, lastName = 'Doe') {
  const b = await qualifiedBorrower(t, lastName);
  await t.db
    .update(application)
    .set({ status, lastViewedPage: 'Submitted' })
    .where(eq(application.id, b.applicationId));
  const d = await t.db.query.decision.findFirst({
    where: eq(decision.applicationId, b.applicationId),
    orderBy: [desc(decision.createdAt)],
    with: { offers: { orderBy: (o, { desc: descending }) => [descending(o.balance)] } },
  });
  expect(d?.offers.length).toBeGreaterThan(1);
  return { ...b, offers: d!.offers };
}

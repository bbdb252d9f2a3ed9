import { PLAN_DISCLOSURES_VERSION } from '#domain/enrollment/plan-disclosures';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '#tests/setup/test-app';
import { application } from '#server/db/schema/application';
import { user } from '#server/db/schema/auth';

// Drives a borrower through the flow's API for the flow tests: each step is what the page would send.

export type Client = ReturnType<TestApp['client']>;

let counter = 0;
export const uniqueEmail = (name = 'pat') => `${name}.${Date.now()}.${++counter}@example.com`;

export const put = (client: Client, url: string, payload: unknown) => client.send('PUT', url, payload);

/** A borrower straight from the lead form: signed in, application inProgress, Lead completed. */
export async function newBorrower(t: TestApp, lastName = 'Doe') {
  const email = uniqueEmail(lastName.toLowerCase());
  const client = t.client();
  const res = await client.post('/api/lead', {
    firstName: 'Pat',
    lastName,
    email,
    phoneNumber: '415-555-0123',
    agreedToTerms: true,
  });
  expect(res.statusCode).toBe(201);
  const owner = await t.db.query.user.findFirst({ where: eq(user.email, email), columns: { id: true } });
  const app = await t.db.query.application.findFirst({ where: eq(application.owner, owner!.id) });
  return { client, applicationId: app!.id, userId: owner!.id, email, lastName };
}

export const householdBody = (lastName: string, overrides: Record<string, unknown> = {}) => ({
  hasDependents: true,
  numberOfDependentsInHousehold: 2,
  isHomeowner: false,
  hasMortgageEscrow: null,
  monthlyRentOrMortgageAmount: 150_000,
  isCarOwner: true,
  borrower: {
    firstName: 'Pat',
    lastName,
    phoneNumber: '415-555-0123',
    addressLine1: '123 Main St',
    city: 'Springfield',
    state: 'IL',
    zipCode: '62701',
    dateOfBirth: '04-12-1985',
  },
  hasSpouse: false,
  spouse: null,
  ...overrides,
});

export const applicationRow = async (t: TestApp, id: string) =>
  (await t.db.query.application.findFirst({ where: eq(application.id, id) }))!;

type Borrower = Awaited<ReturnType<typeof newBorrower>>;

async function ok(res: Awaited<ReturnType<Client['send']>>, next?: string) {
  expect(res.statusCode, res.body).toBe(200);
  if (next) expect(res.json()).toEqual({ next });
  return res;
}

/** Hardships and household saved: the borrower stands on /credit. */
export async function toCredit(b: Borrower, household: Record<string, unknown> = {}) {
  await ok(await put(b.client, '/api/application/hardships', { hasReductionInIncome: true }), '/household');
  await ok(
    await put(b.client, '/api/application/household', householdBody(b.lastName, household)),
    '/credit',
  );
}

/** Credit pulled (the persona must have a file): the borrower stands on /eligible-debts. */
export async function toEligibleDebts(b: Borrower, household: Record<string, unknown> = {}) {
  await toCredit(b, household);
  await ok(
    await put(b.client, '/api/application/credit', { consentedToCreditPolicy: true }),
    '/eligible-debts',
  );
}

/** Every eligible item kept: the borrower stands on /income/provide-monthly-income. */
export async function toIncome(b: Borrower, household: Record<string, unknown> = {}) {
  await toEligibleDebts(b, household);
  const items = (await b.client.get('/api/application/eligible-debts')).json().items as { id: string }[];
  await ok(
    await put(b.client, '/api/application/eligible-debts', { selectedIds: items.map((i) => i.id) }),
    '/income/provide-monthly-income',
  );
}

/** Income given (confirmed when asked): the borrower stands on /expenses. */
export async function toExpenses(b: Borrower, incomeCents: number, household: Record<string, unknown> = {}) {
  await toIncome(b, household);
  const res = await ok(
    await put(b.client, '/api/application/income', { selfReportedMonthlyCurrentIncome: incomeCents }),
  );
  if (res.json().next === '/income/confirm-income') {
    await ok(await put(b.client, '/api/application/confirm-income', { isIncomeCorrect: true }), '/expenses');
  } else {
    expect(res.json()).toEqual({ next: '/expenses' });
  }
}

/** The expense lines as the page sends them on Save and Continue, with optional new values. */
export async function expenseLines(b: Borrower, changes: Record<string, number> = {}) {
  const view = (await b.client.get('/api/application/expenses')).json() as {
    groups: { lines: { category: string; subCategory: string; selfReportedValue: number }[] }[];
  };
  return view.groups.flatMap((g) =>
    g.lines.map((l) => ({
      category: l.category,
      subCategory: l.subCategory,
      selfReportedValue: changes[`${l.category}.${l.subCategory}`] ?? l.selfReportedValue,
    })),
  );
}

/**
 * Accepts the plan on /offers/review as the page sends it: the offers left out (none by default), the day of
 * the month to draw (the 1st by default) and the explicit agreement to the disclosures' current version.
 */
export function acceptPlan(client: Client, o: { leftOut?: string[]; draftDay?: number } = {}) {
  return client.post('/api/application/offers/accept', {
    leftOut: o.leftOut ?? [],
    draftDay: o.draftDay ?? 1,
    disclosuresVersion: PLAN_DISCLOSURES_VERSION,
    agreed: true,
  });
}

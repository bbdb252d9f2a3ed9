import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPglite } from '#server/db/client';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { createTestPglite } from '#tests/setup/test-database';
import { acceptPlan, householdBody, newBorrower, put, uniqueEmail } from '#tests/support/borrower-flow';
import { qualifiedBorrower } from '#tests/support/staff-actions';
import { countingStatements } from '#tests/support/statement-count';

// The first pages' saves and reads send few statements: each one costs the server CPU to build, send and
// parse, and these requests run for every applicant. Reads that one statement can make (a row with its
// children) are one; a save reads under its lock only what it needs, once. A count that grows here is a read
// come back (decision 0212).

let t: TestApp | undefined;
let counter: ReturnType<typeof countingStatements> | undefined;
beforeAll(async () => {
  const client = await createTestPglite();
  if (!client) return; // The PostgreSQL pass: its pool is not counted here.
  counter = countingStatements(client);
  const database = fromPglite(counter.client);
  t = await createTestApp({}, { database });
});
afterAll(async () => t?.close());

/** The statements `request` sent, and its answer. */
async function counted<T>(request: () => Promise<T>): Promise<{ statements: number; answer: T }> {
  counter!.reset();
  const answer = await request();
  return { statements: counter!.count(), answer };
}

describe('statements per request of the borrower flow', () => {
  it('counts each save and read of the borrower flow from the hardships to the expenses', async (context) => {
    if (!t) return context.skip();
    const b = await newBorrower(t, 'Counted');
    // As the page does first: the session is read here, and its copy kept for the saves below.
    expect((await b.client.get('/api/application')).statusCode).toBe(200);
    const sent: Record<string, number> = {};
    const step = async (name: string, request: () => Promise<{ statusCode: number; body: string }>) => {
      const { statements, answer } = await counted(request);
      expect(answer.statusCode, answer.body).toBe(200);
      sent[name] = statements;
      return answer;
    };
    await step('PUT hardships', () =>
      put(b.client, '/api/application/hardships', { hasReductionInIncome: true }),
    );
    await step('PUT household', () => put(b.client, '/api/application/household', householdBody(b.lastName)));
    await step('PUT credit', () =>
      put(b.client, '/api/application/credit', { consentedToCreditPolicy: true }),
    );
    const items = await step('GET eligible-debts', () => b.client.get('/api/application/eligible-debts'));
    const selectedIds = (JSON.parse(items.body) as { items: { id: string }[] }).items.map((i) => i.id);
    await step('PUT eligible-debts', () => put(b.client, '/api/application/eligible-debts', { selectedIds }));
    await step('PUT income', () =>
      put(b.client, '/api/application/income', { selfReportedMonthlyCurrentIncome: 500_000 }),
    );
    await step('GET expenses', () => b.client.get('/api/application/expenses'));
    // Each save: BEGIN, the application locked, its reads, its writes, COMMIT. The credit save is two units
    // around the bureau's call; the income's first save estimates the expenses in a savepoint.
    expect(sent).toEqual({
      'PUT hardships': 5, // the answers written in one upsert: what changed only
      'PUT household': 7, // the stored phone read before the unit, then borrower and spouse in one read
      'PUT credit': 11, // the report with its tradelines, collections and inquiries in one statement
      'GET eligible-debts': 1, // the application with its eligible debts and collections
      'PUT eligible-debts': 5,
      'PUT income': 8, // expenses, tradelines and selected balances in one read
      'GET expenses': 1, // the application with its expense lines
    });
  });

  it('counts the decision, the offers, the acceptance and the next steps', async (context) => {
    if (!t) return context.skip();
    // The expenses' save (the decision) is the last request of qualifiedBorrower: counted from just before it.
    const b = await qualifiedBorrower(t, 'Counted', { beforeExpenses: async () => counter!.reset() });
    const sent: Record<string, number> = { 'PUT expenses': counter!.count() };
    const step = async (name: string, request: () => Promise<{ statusCode: number; body: string }>) => {
      const { statements, answer } = await counted(request);
      expect(answer.statusCode, answer.body).toBe(200);
      sent[name] = statements;
    };
    await step('GET offers', () => b.client.get('/api/application/offers'));
    await step('POST accept', () => acceptPlan(b.client));
    await step('POST next-steps', () => b.client.post('/api/application/payments/next-steps'));
    expect(sent).toEqual({
      // The status change's record rides in the application's update (one statement) in both saves below.
      // The expense lines read with the borrower and the credit reports; the decision's rows (risk score, debt
      // score, decision, offers) in one statement; no job queue here: the text's job is not sent.
      'PUT expenses': 12,
      'GET offers': 3, // the plan's rows with the application's row, one read
      'POST accept': 8, // the plan's rows, the expense lines and the agreed budget in one read under the lock
      'POST next-steps': 5,
    });
  });

  it('counts the lead', async (context) => {
    if (!t) return context.skip();
    const client = t.client();
    const body = { firstName: 'Pat', lastName: 'Counted', phoneNumber: '415-555-0123', agreedToTerms: true };
    const { statements, answer } = await counted(() =>
      client.post('/api/lead', { ...body, email: uniqueEmail('counted') }),
    );
    expect(answer.statusCode, answer.body).toBe(201);
    // The rate limit's count; the address checked; BEGIN; the user; the application; the borrower with the
    // status change; the credential, the reset request and the code (four statements once); the email; COMMIT;
    // the session. (No job queue here: the email's job is not sent.)
    expect(statements).toBe(10);
  });
});

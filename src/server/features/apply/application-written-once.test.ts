import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { acceptPlan, applicationRow } from '#tests/support/borrower-flow';
import { qualifiedBorrower } from '#tests/support/staff-actions';

// A save that moves the application's status and its pages writes the application row once: each write is a
// statement sent to the database and built by the ORM, and these requests are the costliest of an applicant.
// Every write raises the row's version by one, so the version counts the writes.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('the application row is written once per request', () => {
  it('by the expenses save that qualifies (the page completed, the status and the next page)', async () => {
    const versions: number[] = [];
    const b = await qualifiedBorrower(t, 'Once', {
      beforeExpenses: async (applicationId) => {
        versions.push((await applicationRow(t, applicationId)).version);
      },
    });
    const after = await applicationRow(t, b.applicationId);
    expect(after).toMatchObject({
      status: 'acceptOffer',
      lastCompletedPage: 'Expenses',
      lastViewedPage: 'Review',
    });
    expect(after.version).toBe(versions[0]! + 1);
  });

  it('by the acceptance (the budget check, the status and the pages)', async () => {
    const b = await qualifiedBorrower(t, 'Accepts');
    const before = await applicationRow(t, b.applicationId);
    expect((await acceptPlan(b.client)).statusCode).toBe(200);
    const after = await applicationRow(t, b.applicationId);
    expect(after).toMatchObject({
      status: 'confirmPaymentAccount',
      lastCompletedPage: 'Review',
      lastViewedPage: 'NextSteps',
      hasSubmittedReviewPage: true,
    });
    expect(after.planFitLeft).not.toBeNull();
    expect(after.version).toBe(before.version + 1);
  });
});

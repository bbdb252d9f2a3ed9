import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxCreditBureau } from '#providers/credit-bureau/sandbox';
import { createSandboxPhoneLookup } from '#providers/phone-lookup/sandbox';
import { application, borrower } from '#server/db/schema/application';
import { creditReport } from '#server/db/schema/credit';
import { isInsideUnit } from '#server/unit-of-work';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { householdBody, newBorrower, put, toCredit } from '#tests/support/borrower-flow';

// The flow's vendors (the credit bureau, the phone lookup) are asked outside any unit of work: while one of
// them takes its time, no transaction is open for the save, and another save of the same application, which
// locks its row, goes through at once.

const bureau = createSandboxCreditBureau();
const phones = createSandboxPhoneLookup();
/** Whether each vendor call ran inside a unit, in the order they came. */
const calledInsideUnit: boolean[] = [];
let hold: Promise<void> | null = null;
let pulls = 0;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      creditBureau: {
        async pull(applicant, o) {
          calledInsideUnit.push(isInsideUnit());
          pulls += 1;
          if (hold) await hold;
          return bureau.pull(applicant, o);
        },
      },
      phoneLookup: {
        async verify(phone) {
          calledInsideUnit.push(isInsideUnit());
          return phones.verify(phone);
        },
      },
    },
  );
});
afterAll(async () => t?.close());

describe('the credit bureau and the phone lookup', () => {
  it('are asked outside any unit of work', async () => {
    const b = await newBorrower(t, 'Outsideunits');
    // From here on: the lead's own lookup of the phone is not the flow's.
    calledInsideUnit.length = 0;
    await put(b.client, '/api/application/hardships', { hasReductionInIncome: true });
    const changedPhone = householdBody(b.lastName, {
      borrower: { ...householdBody(b.lastName).borrower, phoneNumber: '212-555-0177' },
    });
    expect((await put(b.client, '/api/application/household', changedPhone)).statusCode).toBe(200);
    const credit = await put(b.client, '/api/application/credit', { consentedToCreditPolicy: true });
    expect(credit.json()).toEqual({ next: '/eligible-debts' });
    // One lookup (the phone changed), one pull (the borrower's file): neither inside a unit.
    expect(calledInsideUnit).toEqual([false, false]);
  });

  it('a slow pull holds no lock: another save of the application goes through meanwhile', async () => {
    const b = await newBorrower(t, 'Slowbureau');
    await toCredit(b);
    let release!: () => void;
    hold = new Promise<void>((resolve) => (release = resolve));
    const before = pulls;
    const credit = put(b.client, '/api/application/credit', { consentedToCreditPolicy: true });
    await expect.poll(() => pulls).toBe(before + 1);
    // The page the borrower opened is recorded on the locked application row while the bureau is held.
    const viewed = await put(b.client, '/api/application/viewed-page', { page: 'Household' });
    expect(viewed.statusCode, viewed.body).toBe(204);
    const [row] = await t.db
      .select({ viewed: application.lastViewedPage, pulled: application.hasPulledCredit })
      .from(application)
      .where(eq(application.id, b.applicationId));
    // The first unit has committed: the pull is under way, its report not stored yet.
    expect(row).toEqual({ viewed: 'Household', pulled: false });

    release();
    hold = null;
    const answered = await credit;
    expect(answered.json()).toEqual({ next: '/eligible-debts' });
    const reports = await t.db
      .select()
      .from(creditReport)
      .where(eq(creditReport.applicationId, b.applicationId));
    expect(reports).toHaveLength(1);
    const person = await t.db.query.borrower.findFirst({
      where: eq(borrower.applicationId, b.applicationId),
    });
    expect(reports[0]!.borrowerId).toBe(person!.id);
  });
});

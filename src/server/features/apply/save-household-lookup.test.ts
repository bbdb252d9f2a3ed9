import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { createSandboxPhoneLookup } from '#providers/phone-lookup/sandbox';
import { householdBody, newBorrower, put } from '#tests/support/borrower-flow';
import { borrower } from '#server/db/schema/application';

// A changed phone is looked up (up to seconds) before the household save's transaction: while one save waits
// on the lookup, another save of the same application goes through at once, and the first then completes.

const sandbox = createSandboxPhoneLookup();
let hold: Promise<void> | null = null;
let lookups = 0;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      phoneLookup: {
        async verify(phone) {
          lookups += 1;
          if (hold) await hold;
          return sandbox.verify(phone);
        },
      },
    },
  );
});
afterAll(async () => t?.close());

describe('PUT /api/application/household with a changed phone', () => {
  it('looks the phone up outside the transaction: a slow lookup does not hold back another save', async () => {
    const b = await newBorrower(t, 'Slowlookup');
    await put(b.client, '/api/application/hardships', { hasReductionInIncome: true });
    let release!: () => void;
    hold = new Promise<void>((resolve) => (release = resolve));

    // The first save changes the phone: its lookup is held.
    const changed = put(
      b.client,
      '/api/application/household',
      householdBody(b.lastName, {
        borrower: { ...householdBody(b.lastName).borrower, phoneNumber: '212-555-0188' },
      }),
    );
    await expect.poll(() => lookups).toBe(1);
    // Meanwhile a save with the stored phone (no lookup) is answered: it waits on no lock.
    const other = await put(
      b.client,
      '/api/application/household',
      householdBody(b.lastName, { isCarOwner: false }),
    );
    expect(other.statusCode, other.body).toBe(200);

    release();
    hold = null;
    const first = await changed;
    expect(first.statusCode, first.body).toBe(200);
    const row = await t.db.query.borrower.findFirst({ where: eq(borrower.applicationId, b.applicationId) });
    expect(row!.phoneNumber).toBe('+12125550188');
  });

  it('refuses a number the lookup finds invalid with the field message, and saves nothing', async () => {
    const b = await newBorrower(t, 'Badlookup');
    await put(b.client, '/api/application/hardships', { hasReductionInIncome: true });
    const res = await put(
      b.client,
      '/api/application/household',
      householdBody(b.lastName, {
        borrower: { ...householdBody(b.lastName).borrower, phoneNumber: '999-555-0123' },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty(['borrower.phoneNumber']);
    const row = await t.db.query.borrower.findFirst({ where: eq(borrower.applicationId, b.applicationId) });
    expect(row!.phoneNumber).toBe('+14155550123');
  });
});

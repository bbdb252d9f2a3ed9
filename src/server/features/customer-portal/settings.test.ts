import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { disconnectedCustomer } from '#tests/support/alerts';
import { atPaymentOptions } from '#tests/support/enrollment';
import { put } from '#tests/support/borrower-flow';
import { borrower } from '#server/db/schema/application';

// The customer portal's settings: the borrower opts out of text messages and back in; only their own.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const optedOut = async (applicationId: string) =>
  (await t.db.query.borrower.findFirst({ where: eq(borrower.applicationId, applicationId) }))!
    .isOptedOutOfSMS;

describe('GET /api/customer-portal/settings and PUT …/settings/text-messages', () => {
  it('reads the choice, opts out and back in, and changes only the signed-in borrower', async () => {
    const c = await disconnectedCustomer(t, 'Settingstexts');
    const other = await disconnectedCustomer(t, 'Othersettings');
    const read = await c.client.get('/api/customer-portal/settings');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      phoneNumberLast4: expect.stringMatching(/^\d{4}$/),
      receivesTextMessages: true,
      // No letter on file in this set-up: no dated drafts to move (draft-day.test.ts covers them).
      drafts: null,
    });

    const out = await put(c.client, '/api/customer-portal/settings/text-messages', {
      receivesTextMessages: false,
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ receivesTextMessages: false });
    expect(await optedOut(c.applicationId)).toBe(true);
    expect(await optedOut(other.applicationId)).toBe(false);
    expect((await c.client.get('/api/customer-portal/settings')).json().receivesTextMessages).toBe(false);

    const back = await put(c.client, '/api/customer-portal/settings/text-messages', {
      receivesTextMessages: true,
    });
    expect(back.json()).toMatchObject({ receivesTextMessages: true });
    expect(await optedOut(c.applicationId)).toBe(false);
  });

  it.each([
    [{}],
    [{ receivesTextMessages: 'no' }],
    [{ receivesTextMessages: true, applicationId: '00000000-0000-0000-0000-000000000000' }],
    [{ receivesTextMessages: '\u0000' }],
  ])('refuses %j with 400 and changes nothing', async (body) => {
    const c = await disconnectedCustomer(t, 'Settingsbad');
    const res = await put(c.client, '/api/customer-portal/settings/text-messages', body);
    expect(res.statusCode).toBe(400);
    expect(await optedOut(c.applicationId)).toBe(false);
  });

  it('sends a borrower who has not signed yet where the application stands', async () => {
    const b = await atPaymentOptions(t, 'Settingsunsigned');
    const res = await put(b.client, '/api/customer-portal/settings/text-messages', {
      receivesTextMessages: false,
    });
    expect(res.statusCode).toBe(409);
    expect(await optedOut(b.applicationId)).toBe(false);
  });
});

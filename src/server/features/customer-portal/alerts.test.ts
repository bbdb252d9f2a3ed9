import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { disconnectedCustomer } from '#tests/support/alerts';
import { atPaymentOptions } from '#tests/support/enrollment';
import { alert } from '#server/db/schema/service-work';

// The customer portal's alerts: those that still hold, newest first, a disconnection offering to reconnect;
// marking one seen, and never another borrower's.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/customer-portal/alerts and marking one seen', () => {
  it("lists the customer's alerts that hold, newest first, offering to reconnect; marks one seen", async () => {
    const c = await disconnectedCustomer(t, 'Portalalerts');
    const [older] = await t.db
      .insert(alert)
      .values({
        applicationId: c.applicationId,
        type: 'newCreditInquiry',
        createdAt: new Date('2026-01-02T09:00:00.000Z'),
        hasBeenSeenByBorrower: true,
      })
      .returning();
    await t.db.insert(alert).values({
      applicationId: c.applicationId,
      type: 'overdraftTransaction',
      clearedAt: new Date(),
    });
    const res = await c.client.get('/api/customer-portal/alerts');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      alerts: [
        {
          id: c.alert.id,
          type: 'bankAccountDisconnected',
          date: expect.any(String),
          hasBeenSeenByBorrower: false,
          reconnect: { plaidItemId: c.item.id, institutionName: c.item.institutionName },
        },
        {
          id: older!.id,
          type: 'newCreditInquiry',
          date: '2026-01-02T09:00:00.000Z',
          hasBeenSeenByBorrower: true,
          reconnect: null,
        },
      ],
      unseen: 1,
    });

    expect((await c.client.post(`/api/customer-portal/alerts/${c.alert.id}/seen`, {})).statusCode).toBe(204);
    const [row] = await t.db.select().from(alert).where(eq(alert.id, c.alert.id));
    expect(row).toMatchObject({
      hasBeenSeenByBorrower: true,
      hasBeenSeenByCustomerServiceRepresentative: false,
    });
    expect((await c.client.get('/api/customer-portal/alerts')).json().unseen).toBe(0);

    // Another borrower's alert is not found, and stays unseen.
    const other = await disconnectedCustomer(t, 'Otheralerts');
    expect((await c.client.post(`/api/customer-portal/alerts/${other.alert.id}/seen`, {})).statusCode).toBe(
      404,
    );
    const [theirs] = await t.db
      .select()
      .from(alert)
      .where(and(eq(alert.id, other.alert.id), eq(alert.hasBeenSeenByBorrower, false)));
    expect(theirs).toBeDefined();
    expect((await c.client.post('/api/customer-portal/alerts/not-a-uuid/seen', {})).statusCode).toBe(400);
  });

  it('sends a borrower who has not signed yet where the application stands', async () => {
    const b = await atPaymentOptions(t, 'Notsigned');
    const res = await b.client.get('/api/customer-portal/alerts');
    expect(res.statusCode).toBe(409);
    expect(res.json().redirect).toBeTruthy();
  });
});

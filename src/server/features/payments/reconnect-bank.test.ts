import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_ALREADY_CONNECTED, BANK_LINK_SESSION_EXPIRED } from '#domain/validation/messages';
import {
  SANDBOX_BANK_INSTITUTION_IDS,
  SANDBOX_BANK_PASSWORD,
  SANDBOX_BANK_USERS,
} from '#providers/bank-link/sandbox';
import { application } from '#server/db/schema/application';
import {
  paymentAccount,
  plaidAccount,
  plaidBalance,
  plaidItem,
  plaidTransaction,
} from '#server/db/schema/enrollment';
import { alert } from '#server/db/schema/service-work';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { disconnectedCustomer, reconnectToken } from '#tests/support/alerts';
import { signInStaff } from '#tests/support/service-portal';

// Reconnecting a customer's bank from the customer portal: a link session for the disconnected item, the
// sandbox widget's public token, the new access token stored on the same item, the disconnection cleared.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/bank-link/items/:id/reconnection', () => {
  it('stores the new access token on the same item, keeps its accounts and clears the disconnection', async () => {
    const c = await disconnectedCustomer(t, 'Reconnected');
    const before = await t.db
      .select()
      .from(plaidTransaction)
      .innerJoin(plaidAccount, eq(plaidAccount.id, plaidTransaction.plaidAccountId))
      .where(eq(plaidAccount.plaidItemId, c.item.id));
    const publicToken = await reconnectToken(c.client, c.item.id);
    const res = await c.client.post(`/api/bank-link/items/${c.item.id}/reconnection`, { publicToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ institutionName: c.item.institutionName, clearedAlerts: 1 });

    const [item] = await t.db.select().from(plaidItem).where(eq(plaidItem.applicationId, c.applicationId));
    expect(item!.id).toBe(c.item.id);
    expect(item!.isConnected).toBe(true);
    expect(item!.accessToken).not.toBe(c.item.accessToken);
    expect(item!.accessToken).not.toMatch(/^access-/);
    // The same accounts, found again by the bank's new ids; the payment account still points at its own.
    const accounts = await t.db.select().from(plaidAccount).where(eq(plaidAccount.plaidItemId, item!.id));
    expect(accounts.map((a) => a.id).sort()).toEqual(c.accounts.map((a) => a.id).sort());
    const [payment] = await t.db
      .select()
      .from(paymentAccount)
      .where(eq(paymentAccount.applicationId, c.applicationId));
    expect(payment!.plaidAccountId).toBe(c.checking.id);
    const balances = await t.db
      .select()
      .from(plaidBalance)
      .where(eq(plaidBalance.plaidAccountId, c.checking.id));
    expect(balances).toHaveLength(2);
    // The history already kept is not written twice.
    const after = await t.db
      .select()
      .from(plaidTransaction)
      .innerJoin(plaidAccount, eq(plaidAccount.id, plaidTransaction.plaidAccountId))
      .where(eq(plaidAccount.plaidItemId, c.item.id));
    expect(after.length).toBe(before.length);

    const [cleared] = await t.db.select().from(alert).where(eq(alert.id, c.alert.id));
    expect(cleared!.clearedAt).toBeInstanceOf(Date);
    // It leaves the customer's list and shows as cleared to the counsellor.
    expect((await c.client.get('/api/customer-portal/alerts')).json()).toEqual({ alerts: [], unseen: 0 });
    const staff = await signInStaff(t, 'Rita Reconnect');
    const summary = (await staff.client.get(`/api/staff/applications/${c.applicationId}`)).json();
    expect(summary.alerts).toEqual([
      expect.objectContaining({ id: c.alert.id, clearedAt: cleared!.clearedAt!.toISOString() }),
    ]);

    // Connected now: nothing left to reconnect.
    const again = await c.client.post(`/api/bank-link/items/${c.item.id}/link-token`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(BANK_ALREADY_CONNECTED);
  });

  it('refuses another bank than the one whose connection stopped, with a message, and changes nothing', async () => {
    const c = await disconnectedCustomer(t, 'Otherbank');
    // The link session is the provider's update mode for this item: its widget signs in only at the item's
    // bank (the sandbox says so, as Plaid's update mode opens at the item's institution).
    const session = await c.client.post(`/api/bank-link/items/${c.item.id}/link-token`);
    const { linkToken } = session.json() as { linkToken: string };
    const signIn = await c.client.post('/api/bank-link/sandbox/sign-in', {
      linkToken,
      institutionId: SANDBOX_BANK_INSTITUTION_IDS.tartan,
      username: SANDBOX_BANK_USERS.good,
      password: SANDBOX_BANK_PASSWORD,
    });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json().message).toContain(c.item.institutionName);
    const [item] = await t.db.select().from(plaidItem).where(eq(plaidItem.id, c.item.id));
    expect(item).toMatchObject({ isConnected: false, accessToken: c.item.accessToken });
    const [kept] = await t.db.select().from(alert).where(eq(alert.id, c.alert.id));
    expect(kept!.clearedAt).toBeNull();
  });

  it("answers 404 for another borrower's item, a made-up item and a public token from no session of theirs", async () => {
    const mine = await disconnectedCustomer(t, 'Mineitem');
    const theirs = await disconnectedCustomer(t, 'Theiritem');
    expect((await mine.client.post(`/api/bank-link/items/${theirs.item.id}/link-token`)).statusCode).toBe(
      404,
    );
    const theirToken = await reconnectToken(theirs.client, theirs.item.id);
    const stolen = await mine.client.post(`/api/bank-link/items/${theirs.item.id}/reconnection`, {
      publicToken: theirToken,
    });
    expect(stolen.statusCode).toBe(404);
    // Their public token on my own item, before I opened any session: no link token of mine to exchange it
    // against (409, asking to connect again).
    const crossed = await mine.client.post(`/api/bank-link/items/${mine.item.id}/reconnection`, {
      publicToken: theirToken,
    });
    expect(crossed.statusCode).toBe(409);
    expect(crossed.json().message).toBe(BANK_LINK_SESSION_EXPIRED);
    // With a session of mine open: the sandbox's public token names its own session, not mine (404).
    await mine.client.post(`/api/bank-link/items/${mine.item.id}/link-token`);
    const crossedAgain = await mine.client.post(`/api/bank-link/items/${mine.item.id}/reconnection`, {
      publicToken: theirToken,
    });
    expect(crossedAgain.statusCode).toBe(404);
    expect((await mine.client.post(`/api/bank-link/items/${randomUUID()}/link-token`)).statusCode).toBe(404);
    const [still] = await t.db.select().from(plaidItem).where(eq(plaidItem.id, theirs.item.id));
    expect(still!.isConnected).toBe(false);
  });

  it('refuses bad input with 400 and a borrower who has not signed yet with 409', async () => {
    const c = await disconnectedCustomer(t, 'Badinput');
    expect((await c.client.post('/api/bank-link/items/not-a-uuid/link-token')).statusCode).toBe(400);
    for (const body of [
      {},
      { publicToken: '' },
      { publicToken: 'x'.repeat(2001) },
      { publicToken: 'p', extra: 1 },
    ]) {
      const res = await c.client.post(`/api/bank-link/items/${c.item.id}/reconnection`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    await t.db.update(application).set({ status: 'signContract' }).where(eq(application.id, c.applicationId));
    const res = await c.client.post(`/api/bank-link/items/${c.item.id}/link-token`);
    expect(res.statusCode).toBe(409);
    expect(res.json().redirect).toBeTruthy();
  });
});

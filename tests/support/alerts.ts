import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  SANDBOX_BANK_INSTITUTION_IDS,
  SANDBOX_BANK_PASSWORD,
  SANDBOX_BANK_USERS,
} from '#providers/bank-link/sandbox';
import { application } from '#server/db/schema/application';
import { paymentAccount, plaidAccount, plaidItem } from '#server/db/schema/enrollment';
import { alert } from '#server/db/schema/service-work';
import type { TestApp } from '#tests/setup/test-app';
import type { Client } from './borrower-flow';
import { atPaymentOptions, sandboxPublicToken } from './enrollment';

// An enrolled customer whose bank connection stopped, and the sandbox widget's steps to connect it again.

/**
 * A customer whose letter is signed (counsellor review), paying from a First Platypus checking account whose
 * connection stopped, with the disconnection alert the monitors raise.
 */
export async function disconnectedCustomer(t: TestApp, lastName: string) {
  const b = await atPaymentOptions(t, lastName);
  const publicToken = await sandboxPublicToken(b.client);
  const connected = await b.client.post('/api/application/bank-connections', { publicToken });
  expect(connected.statusCode, connected.body).toBe(200);
  const [item] = await t.db.select().from(plaidItem).where(eq(plaidItem.applicationId, b.applicationId));
  const accounts = await t.db.select().from(plaidAccount).where(eq(plaidAccount.plaidItemId, item!.id));
  const checking = accounts.find((a) => a.subType === 'checking')!;
  await t.db.insert(paymentAccount).values({ applicationId: b.applicationId, plaidAccountId: checking.id });
  // The signing and the counsellor's review are other features' work; the portal needs only the status.
  await t.db
    .update(application)
    .set({ status: 'counselorReview' })
    .where(eq(application.id, b.applicationId));
  await t.db.update(plaidItem).set({ isConnected: false }).where(eq(plaidItem.id, item!.id));
  const [raised] = await t.db
    .insert(alert)
    .values({
      applicationId: b.applicationId,
      type: 'bankAccountDisconnected',
      triggeredBy: [{ id: item!.id, type: 'plaidItem' }],
    })
    .returning();
  return { ...b, item: item!, accounts, checking, alert: raised! };
}

/** The sandbox widget's steps in a reconnection's link session: sign in, share every account. */
export async function reconnectToken(
  client: Client,
  itemId: string,
  institutionId: string = SANDBOX_BANK_INSTITUTION_IDS.firstPlatypus,
) {
  const session = await client.post(`/api/bank-link/items/${itemId}/link-token`);
  expect(session.statusCode, session.body).toBe(200);
  const { linkToken, sandbox } = session.json() as { linkToken: string; sandbox: boolean };
  expect(sandbox).toBe(true);
  const username = SANDBOX_BANK_USERS.good;
  const signIn = await client.post('/api/bank-link/sandbox/sign-in', {
    linkToken,
    institutionId,
    username,
    password: SANDBOX_BANK_PASSWORD,
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  const accountIds = (signIn.json().accounts as { accountId: string }[]).map((a) => a.accountId);
  const res = await client.post('/api/bank-link/sandbox/public-token', {
    linkToken,
    institutionId,
    username,
    accountIds,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().publicToken as string;
}

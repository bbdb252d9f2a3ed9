import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_HISTORY_WAIT_MS } from '#domain/enrollment/views';
import { BANK_LINK_SESSION_EXPIRED } from '#domain/validation/messages';
import { createPlaidBankLink } from '#providers/bank-link/plaid';
import { application, borrower } from '#server/db/schema/application';
import {
  bankLinkToken,
  incomeSnapshot,
  plaidAccount,
  plaidItem,
  plaidTransaction,
} from '#server/db/schema/enrollment';
import { startPlaidFake, type PlaidFake } from '#tests/fakes/plaid-fake';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { newBorrower, toIncome } from '#tests/support/borrower-flow';
import { atPaymentOptions } from '#tests/support/enrollment';

// The API with the Plaid adapter on the local fake of Plaid, which behaves as Plaid documents: Link's onSuccess
// hands the page a public token that /link/token/get does not list (not a Hosted Link session), and the
// item's transactions arrive after the connection (an empty NOT_READY sync first, then Plaid's pulls, each
// announced by a SYNC_UPDATES_AVAILABLE webhook).

type Borrower = Awaited<ReturnType<typeof newBorrower>>;

let t: TestApp;
let fake: PlaidFake;
const WEBHOOK_URL = 'https://dmp.example.org/api/webhooks/bank-link';

beforeAll(async () => {
  fake = await startPlaidFake();
  const bankLink = createPlaidBankLink({
    clientId: fake.clientId,
    secret: fake.secret,
    env: 'sandbox',
    basePath: fake.basePath,
  });
  t = await createTestApp({ PUBLIC_URL: 'https://dmp.example.org' }, { bankLink });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** The page's part: a link token from our API, the borrower completing Plaid Link with it. */
async function linkAtPlaid(b: Borrower) {
  const res = await b.client.post('/api/bank-link/link-token');
  expect(res.statusCode, res.body).toBe(200);
  const { linkToken, sandbox } = res.json() as { linkToken: string; sandbox: boolean };
  expect(sandbox).toBe(false);
  return { linkToken, publicToken: fake.completeLink(linkToken) };
}

const webhook = (body: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/bank-link',
    headers: { 'content-type': 'application/json', ...fake.signWebhook(body) },
    payload: body,
  });

async function itemOf(applicationId: string) {
  const [item] = await t.db.select().from(plaidItem).where(eq(plaidItem.applicationId, applicationId));
  return item!;
}

const storedTransactions = async (itemId: string) =>
  t.db
    .select({ providerId: plaidTransaction.providerTransactionId, amount: plaidTransaction.amount })
    .from(plaidTransaction)
    .innerJoin(plaidAccount, eq(plaidAccount.id, plaidTransaction.plaidAccountId))
    .where(eq(plaidAccount.plaidItemId, itemId));

/** A borrower at the income step with a bank connected through Plaid (its history still being read). */
async function connectedAtIncome(name: string) {
  const b = await newBorrower(t, name);
  await toIncome(b);
  const { publicToken } = await linkAtPlaid(b);
  const res = await b.client.post('/api/application/income/bank-connections', { publicToken });
  expect(res.statusCode, res.body).toBe(200);
  const item = await itemOf(b.applicationId);
  return { b, item, answer: res.json(), fakeItemId: item.providerItemId! };
}

describe('connecting a bank through Plaid at the income step', () => {
  it('asks Plaid for a link token with our webhook URL, in the borrower’s language', async () => {
    const b = await newBorrower(t, 'Plaidlang');
    await toIncome(b);
    await linkAtPlaid(b);
    expect(fake.requests.filter((r) => r.path === '/link/token/create').at(-1)?.body).toMatchObject({
      webhook: WEBHOOK_URL,
      language: 'en',
      user: { client_user_id: b.applicationId },
    });
    await t.db
      .update(borrower)
      .set({ preferredLanguage: 'es' })
      .where(eq(borrower.applicationId, b.applicationId));
    await linkAtPlaid(b);
    expect(fake.requests.filter((r) => r.path === '/link/token/create').at(-1)?.body).toMatchObject({
      language: 'es',
    });
  });

  it('connects with the onSuccess public token, reads the history when Plaid has it, then predicts the income', async () => {
    const { b, item, answer, fakeItemId } = await connectedAtIncome('Plaidincome');
    // Seconds after the connection Plaid has no transactions yet: no income is predicted from nothing.
    expect(answer).toEqual({
      institutionName: 'First Platypus Bank',
      historyStatus: 'reading',
      predictedMonthlyIncome: null,
    });
    expect(item).toMatchObject({ isFinishedHistoricalUpdate: false, webhookUrl: WEBHOOK_URL });
    expect(
      await t.db.select().from(incomeSnapshot).where(eq(incomeSnapshot.applicationId, b.applicationId)),
    ).toEqual([]);
    expect((await b.client.get('/api/application/income/bank-history')).json()).toEqual({
      institutionName: 'First Platypus Bank',
      historyStatus: 'reading',
      predictedMonthlyIncome: null,
    });

    // The last 30 days: still reading.
    expect((await webhook(fake.finishInitialUpdate(fakeItemId))).statusCode).toBe(200);
    expect((await b.client.get('/api/application/income/bank-history')).json().historyStatus).toBe('reading');
    expect((await storedTransactions(item.id)).length).toBeGreaterThan(0);

    // The whole history: the income is predicted from it, once.
    expect((await webhook(fake.finishHistoricalUpdate(fakeItemId))).statusCode).toBe(200);
    const ready = (await b.client.get('/api/application/income/bank-history')).json();
    expect(ready).toEqual({
      institutionName: 'First Platypus Bank',
      historyStatus: 'ready',
      predictedMonthlyIncome: expect.any(Number),
    });
    expect(ready.predictedMonthlyIncome).toBeGreaterThan(0);
    expect((await storedTransactions(item.id)).length).toBe(fake.itemState(fakeItemId).transactions);
    const [app] = await t.db.select().from(application).where(eq(application.id, b.applicationId));
    expect(app!.verifiedMonthlyCurrentIncome).toBe(ready.predictedMonthlyIncome);
    // A repeated notice changes nothing and predicts nothing again.
    expect((await webhook(fake.finishHistoricalUpdate(fakeItemId))).statusCode).toBe(200);
    expect(
      await t.db.select().from(incomeSnapshot).where(eq(incomeSnapshot.applicationId, b.applicationId)),
    ).toHaveLength(1);
  });

  it('reads the history itself when the page asks and no webhook came, and times out after 2 minutes', async () => {
    const { b, item, fakeItemId } = await connectedAtIncome('Plaidpoll');
    fake.finishHistoricalUpdate(fakeItemId);
    // Asked again within seconds: Plaid is not asked again.
    const syncs = () => fake.requests.filter((r) => r.path === '/transactions/sync').length;
    const before = syncs();
    expect((await b.client.get('/api/application/income/bank-history')).json().historyStatus).toBe('reading');
    expect(syncs()).toBe(before);
    // A few seconds on, the page's question reads the history.
    await t.db
      .update(plaidItem)
      .set({ updatedAt: new Date(Date.now() - 10_000) })
      .where(eq(plaidItem.id, item.id));
    expect((await b.client.get('/api/application/income/bank-history')).json().historyStatus).toBe('ready');

    const late = await connectedAtIncome('Plaidlate');
    await t.db
      .update(plaidItem)
      .set({ createdAt: new Date(Date.now() - BANK_HISTORY_WAIT_MS - 1000) })
      .where(eq(plaidItem.id, late.item.id));
    expect((await late.b.client.get('/api/application/income/bank-history')).json()).toEqual({
      institutionName: 'First Platypus Bank',
      historyStatus: 'timed-out',
      predictedMonthlyIncome: null,
    });
  });

  it('exchanges only against a link token we issued to the application, unexpired, and once', async () => {
    const b = await newBorrower(t, 'Plaidonce');
    await toIncome(b);
    // No link token issued: refused before Plaid is asked.
    const exchanges = () => fake.requests.filter((r) => r.path === '/item/public_token/exchange').length;
    const before = exchanges();
    const none = await b.client.post('/api/application/income/bank-connections', {
      publicToken: 'public-sandbox-made-up',
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(BANK_LINK_SESSION_EXPIRED);
    expect(exchanges()).toBe(before);

    // Expired.
    const { linkToken, publicToken } = await linkAtPlaid(b);
    await t.db
      .update(bankLinkToken)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bankLinkToken.linkToken, linkToken));
    expect(
      (await b.client.post('/api/application/income/bank-connections', { publicToken })).statusCode,
    ).toBe(409);
    await t.db
      .update(bankLinkToken)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(bankLinkToken.linkToken, linkToken));

    // A made-up public token: Plaid refuses it, and the link token stays usable.
    const madeUp = await b.client.post('/api/application/income/bank-connections', {
      publicToken: 'public-sandbox-made-up',
    });
    expect(madeUp.statusCode).toBe(404);
    expect(
      (await b.client.post('/api/application/income/bank-connections', { publicToken })).statusCode,
    ).toBe(200);
    const [used] = await t.db.select().from(bankLinkToken).where(eq(bankLinkToken.linkToken, linkToken));
    expect(used!.usedAt).toBeInstanceOf(Date);
    // A second connection from the same link token (another public token of that session): refused.
    const second = fake.completeLink(linkToken, { institutionId: 'ins_109511' });
    const again = await b.client.post('/api/application/income/bank-connections', { publicToken: second });
    expect(again.statusCode).toBe(409);
    expect(
      await t.db.select().from(plaidItem).where(eq(plaidItem.applicationId, b.applicationId)),
    ).toHaveLength(1);
  });

  it('refuses hostile input with 400, and answers the bank history to its own borrower only', async () => {
    const { b } = await connectedAtIncome('Plaidowner');
    for (const body of [
      {},
      { publicToken: '' },
      { publicToken: 'x'.repeat(2001) },
      { publicToken: 'p', extra: 1 },
      { publicToken: 12 },
    ]) {
      const res = await b.client.post('/api/application/income/bank-connections', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const other = await newBorrower(t, 'Plaidother');
    await toIncome(other);
    // Another borrower reads their own application: no bank of theirs, whatever this one connected.
    expect((await other.client.get('/api/application/income/bank-history')).statusCode).toBe(404);
    expect((await b.client.get('/api/application/income/bank-history')).statusCode).toBe(200);
    expect((await t.client().get('/api/application/income/bank-history')).statusCode).toBe(401);
  });
});

describe('connecting a bank through Plaid on the payment pages', () => {
  it('lists the accounts at once, without waiting for the transaction history', async () => {
    const b = await atPaymentOptions(t, 'Plaidpay');
    const { publicToken } = await linkAtPlaid(b);
    const res = await b.client.post('/api/application/bank-connections', { publicToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ next: '/payments/confirm-payment-account' });
    const accounts = (await b.client.get('/api/application/payments/accounts')).json().accounts;
    expect(accounts.map((a: { mask: string }) => a.mask)).toEqual(['0000']);
    expect((await itemOf(b.applicationId)).isFinishedHistoricalUpdate).toBe(false);
  });
});

describe("Plaid's webhooks", () => {
  it.each([
    [
      'ITEM',
      'ERROR',
      { error: { error_type: 'ITEM_ERROR', error_code: 'ITEM_LOGIN_REQUIRED', error_message: 'x' } },
    ],
    ['ITEM', 'PENDING_EXPIRATION', { consent_expiration_time: '2026-12-05T00:00:00Z' }],
    ['ITEM', 'USER_PERMISSION_REVOKED', {}],
  ])('%s %s marks the item disconnected', async (type, code, extra) => {
    const { item } = await connectedAtIncome(`Plaid${code.replaceAll('_', '').toLowerCase()}`);
    const body = JSON.stringify({
      webhook_type: type,
      webhook_code: code,
      item_id: item.providerItemId,
      ...extra,
    });
    expect((await webhook(body)).statusCode).toBe(200);
    expect((await t.db.select().from(plaidItem).where(eq(plaidItem.id, item.id)))[0]!.isConnected).toBe(
      false,
    );
  });

  it('stores changed transactions in place, deletes removed ones, and starts a reading again when Plaid says the data changed under it', async () => {
    const { item, fakeItemId } = await connectedAtIncome('Plaidmutation');
    // The history's first reading is two pages; Plaid changes a transaction between them.
    fake.mutateDuringNextPagination(fakeItemId);
    const syncsBefore = fake.requests.filter((r) => r.path === '/transactions/sync').length;
    expect((await webhook(fake.finishHistoricalUpdate(fakeItemId))).statusCode).toBe(200);
    // Page 1, page 2 refused, page 1 again from the reading's first cursor (none), page 2.
    const syncs = fake.requests.filter((r) => r.path === '/transactions/sync').slice(syncsBefore);
    expect(syncs.map((r) => r.body.cursor === undefined)).toEqual([true, false, true, false]);
    let stored = await storedTransactions(item.id);
    expect(stored).toHaveLength(fake.itemState(fakeItemId).transactions);
    expect(new Set(stored.map((s) => s.providerId)).size).toBe(stored.length);

    const modifiedId = fake.modifyTransaction(fakeItemId);
    const amountBefore = stored.find((s) => s.providerId === modifiedId)!.amount;
    const removedId = fake.removeTransaction(fakeItemId);
    const body = JSON.stringify({
      webhook_type: 'TRANSACTIONS',
      webhook_code: 'SYNC_UPDATES_AVAILABLE',
      item_id: fakeItemId,
      initial_update_complete: true,
      historical_update_complete: true,
    });
    expect((await webhook(body)).statusCode).toBe(200);
    stored = await storedTransactions(item.id);
    expect(stored.find((s) => s.providerId === modifiedId)!.amount).toBe(amountBefore + 100);
    expect(stored.some((s) => s.providerId === removedId)).toBe(false);
  });

  it('marks the item disconnected when reading its transactions needs the customer to sign in again', async () => {
    const { item, fakeItemId } = await connectedAtIncome('Plaidloginsync');
    fake.replyOnce('/transactions/sync', 400, {
      error_type: 'ITEM_ERROR',
      error_code: 'ITEM_LOGIN_REQUIRED',
      error_message: 'the login details of this item have changed',
      display_message: null,
      request_id: 'r1',
    });
    expect((await webhook(fake.finishHistoricalUpdate(fakeItemId))).statusCode).toBe(200);
    expect((await t.db.select().from(plaidItem).where(eq(plaidItem.id, item.id)))[0]!.isConnected).toBe(
      false,
    );
  });

  it('acknowledges a notice about an item we do not hold, and refuses an unsigned one', async () => {
    const body = JSON.stringify({
      webhook_type: 'TRANSACTIONS',
      webhook_code: 'SYNC_UPDATES_AVAILABLE',
      item_id: 'nope',
    });
    expect((await webhook(body)).statusCode).toBe(200);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/bank-link',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(401);
  });
});

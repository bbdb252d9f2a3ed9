import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankLinkContract } from '#tests/contracts/bank-link.contract';
import { startPlaidFake, type PlaidFake } from '#tests/fakes/plaid-fake';
import {
  createPlaidBankLink,
  PLAID_KEY_FETCHES_PER_MINUTE,
  PLAID_SYNC_PAGE_SIZE,
  PLAID_TRANSACTIONS_DAYS_REQUESTED,
  PLAID_UNKNOWN_KID_TTL_MS,
  PLAID_WEBHOOK_KEY_TTL_MS,
  PlaidApiError,
} from './plaid';
import { BankLinkSyncMutationError, type BankLink } from './port';
import { readTransactionUpdates } from './sync';

let fake: PlaidFake;
let fakeWithoutNames: PlaidFake;

beforeAll(async () => {
  [fake, fakeWithoutNames] = await Promise.all([
    startPlaidFake(),
    startPlaidFake({ omitInstitutionNameInItem: true }),
  ]);
});

afterAll(async () => {
  await Promise.all([fake?.close(), fakeWithoutNames?.close()]);
});

const adapterFor = (plaid: PlaidFake, now?: () => Date) =>
  createPlaidBankLink({
    clientId: plaid.clientId,
    secret: plaid.secret,
    env: 'sandbox',
    basePath: plaid.basePath,
    ...(now ? { now } : {}),
  });

bankLinkContract(async () => ({
  bankLink: adapterFor(fake),
  connect: async (linkToken) => fake.completeLink(linkToken),
  readHistory: async (accessToken) => void fake.finishHistoricalUpdate(fake.itemIdOf(accessToken)),
  signWebhook: async (rawBody) => fake.signWebhook(rawBody),
}));

async function linked(bankLink: BankLink, plaid: PlaidFake) {
  const { linkToken } = await bankLink.createLinkToken({ applicationId: 'app-plaid-1' });
  const publicToken = plaid.completeLink(linkToken);
  const exchanged = await bankLink.exchangePublicToken({ publicToken, linkToken });
  return { ...exchanged, fakeItemId: plaid.itemIdOf(exchanged.accessToken) };
}

const requestsTo = (plaid: PlaidFake, path: string) => plaid.requests.filter((r) => r.path === path);

/** A clock the adapter and the fake share, moved by the test. */
function testClock(start = Date.now()) {
  let at = start;
  return { now: () => new Date(at), advance: (ms: number) => void (at += ms) };
}

describe('plaid bank link (against the local fake)', () => {
  it('asks Link for transactions, in English, for the US, with six months of history and the webhook', async () => {
    const bankLink = adapterFor(fake);
    await bankLink.createLinkToken({
      applicationId: 'app-plaid-42',
      webhookUrl: 'https://example.com/hooks/plaid',
    });
    const request = requestsTo(fake, '/link/token/create').at(-1);
    expect(request?.body).toMatchObject({
      client_id: fake.clientId,
      secret: fake.secret,
      client_name: expect.any(String),
      language: 'en',
      country_codes: ['US'],
      user: { client_user_id: 'app-plaid-42' },
      products: ['transactions'],
      transactions: { days_requested: PLAID_TRANSACTIONS_DAYS_REQUESTED },
      webhook: 'https://example.com/hooks/plaid',
    });
    await bankLink.createLinkToken({ applicationId: 'app-plaid-43' });
    expect(fake.requests.filter((r) => r.path === '/link/token/create').at(-1)?.body).not.toHaveProperty(
      'webhook',
    );
  });

  it('opens Link in update mode for an item whose connection stopped: its access token, no products', async () => {
    const bankLink = adapterFor(fake);
    await bankLink.createLinkToken({ applicationId: 'app-plaid-44', accessToken: 'access-sandbox-item-1' });
    const body = fake.requests.filter((r) => r.path === '/link/token/create').at(-1)?.body;
    expect(body).toMatchObject({
      user: { client_user_id: 'app-plaid-44' },
      access_token: 'access-sandbox-item-1',
    });
    expect(body).not.toHaveProperty('products');
    expect(body).not.toHaveProperty('transactions');
  });

  it("opens Link in the borrower's language", async () => {
    const bankLink = adapterFor(fake);
    await bankLink.createLinkToken({ applicationId: 'app-plaid-es', language: 'es' });
    expect(requestsTo(fake, '/link/token/create').at(-1)?.body).toMatchObject({ language: 'es' });
    await bankLink.createLinkToken({ applicationId: 'app-plaid-en' });
    expect(requestsTo(fake, '/link/token/create').at(-1)?.body).toMatchObject({ language: 'en' });
  });

  it("exchanges the public token Link's onSuccess gave, without looking for it in /link/token/get", async () => {
    // Plaid's OpenAPI, /link/token/get: "By default, this endpoint will only return complete event data for
    // Hosted Link sessions." The fake, like Plaid, lists no session for a Link opened in the page.
    const bankLink = adapterFor(fake);
    const { linkToken } = await bankLink.createLinkToken({ applicationId: 'app-plaid-1' });
    const publicToken = fake.completeLink(linkToken);
    await expect(bankLink.exchangePublicToken({ publicToken, linkToken })).resolves.toEqual({
      accessToken: expect.stringMatching(/^access-sandbox-/),
      itemId: expect.any(String),
    });
    // A public token is good for one exchange.
    await expect(bankLink.exchangePublicToken({ publicToken, linkToken })).rejects.toThrow(
      'INVALID_PUBLIC_TOKEN',
    );
  });

  it("points an existing item's webhooks at a new URL", async () => {
    const bankLink = adapterFor(fake);
    const { accessToken, fakeItemId } = await linked(bankLink, fake);
    expect(fake.itemState(fakeItemId).webhook).toBeNull();
    await bankLink.updateItemWebhook(accessToken, 'https://dmp.example.org/api/webhooks/bank-link');
    expect(fake.itemState(fakeItemId).webhook).toBe('https://dmp.example.org/api/webhooks/bank-link');
  });

  it('says the history is not read until Plaid says HISTORICAL_UPDATE_COMPLETE', async () => {
    // Plaid's OpenAPI, /transactions/sync: "If transactions data is not yet available for the Item, which can
    // happen if the Item was not initialized with transactions during the `/link/token/create` call or if
    // `/transactions/sync` was called within a few seconds of Item creation, `/transactions/sync` will return
    // empty transactions arrays."
    const bankLink = adapterFor(fake);
    const { accessToken, fakeItemId } = await linked(bankLink, fake);
    const first = await bankLink.syncTransactions(accessToken);
    expect(first).toMatchObject({ added: [], modified: [], removed: [], historyComplete: false });

    fake.finishInitialUpdate(fakeItemId);
    const recent = await readTransactionUpdates(bankLink, accessToken, first.nextCursor, { maxPages: 20 });
    expect(recent.added.length).toBeGreaterThan(0);
    expect(recent.historyComplete).toBe(false);

    fake.finishHistoricalUpdate(fakeItemId);
    const rest = await readTransactionUpdates(bankLink, accessToken, recent.cursor, { maxPages: 20 });
    expect(rest.added.length).toBeGreaterThan(recent.added.length);
    expect(rest.historyComplete).toBe(true);
  });

  it('(the fake) reads the history by itself when told how long it takes', async () => {
    const clock = testClock();
    const plaid = await startPlaidFake({ now: clock.now, historyAfterMs: 3000 });
    try {
      const bankLink = adapterFor(plaid, clock.now);
      const { accessToken } = await linked(bankLink, plaid);
      expect((await bankLink.syncTransactions(accessToken)).historyComplete).toBe(false);
      clock.advance(3000);
      const read = await readTransactionUpdates(bankLink, accessToken, null, { maxPages: 20 });
      expect(read.historyComplete).toBe(true);
      expect(read.added.length).toBeGreaterThan(PLAID_SYNC_PAGE_SIZE);
    } finally {
      await plaid.close();
    }
  });

  it('hands out modified and removed transactions', async () => {
    const bankLink = adapterFor(fake);
    const { accessToken, fakeItemId } = await linked(bankLink, fake);
    fake.finishHistoricalUpdate(fakeItemId);
    const all = await readTransactionUpdates(bankLink, accessToken, null, { maxPages: 20 });
    const modifiedId = fake.modifyTransaction(fakeItemId);
    const removedId = fake.removeTransaction(fakeItemId);
    const news = await readTransactionUpdates(bankLink, accessToken, all.cursor, { maxPages: 20 });
    const before = all.added.find((t) => t.transactionId === modifiedId);
    expect(news.added).toEqual([]);
    expect(news.modified).toEqual([{ ...before, amount: before!.amount + 100 }]);
    expect(news.removed).toEqual([removedId]);
  });

  it('starts a reading again from its first cursor when the transactions change during pagination', async () => {
    const bankLink = adapterFor(fake);
    const { accessToken, fakeItemId } = await linked(bankLink, fake);
    fake.finishHistoricalUpdate(fakeItemId);
    const first = await bankLink.syncTransactions(accessToken);
    expect(first.hasMore).toBe(true);
    fake.mutateDuringNextPagination(fakeItemId);
    await expect(bankLink.syncTransactions(accessToken, first.nextCursor)).rejects.toThrow(
      BankLinkSyncMutationError,
    );

    fake.mutateDuringNextPagination(fakeItemId);
    const syncsBefore = requestsTo(fake, '/transactions/sync').length;
    const read = await readTransactionUpdates(bankLink, accessToken, null, { maxPages: 20 });
    const syncs = requestsTo(fake, '/transactions/sync').slice(syncsBefore);
    // Page 1 from the start, page 2 refused, then page 1 again from the start: not page 2 retried alone.
    expect(syncs.map((r) => r.body.cursor ?? null).slice(0, 3)).toEqual([null, syncs[1]!.body.cursor, null]);
    expect(read.historyComplete).toBe(true);
    // Every transaction once, the changed ones with their change.
    expect(new Set(read.added.map((t) => t.transactionId)).size).toBe(read.added.length);
    expect(read.added.length).toBe(fake.itemState(fakeItemId).transactions);
    expect(read.modified).toEqual([]);
  });

  it('answers the institution name from the item, or asks for it when the item has none', async () => {
    const withName = adapterFor(fake);
    const { accessToken } = await linked(withName, fake);
    await expect(withName.getItem(accessToken)).resolves.toMatchObject({
      institutionId: 'ins_109508',
      institutionName: 'First Platypus Bank',
    });

    const withoutName = adapterFor(fakeWithoutNames);
    const other = await linked(withoutName, fakeWithoutNames);
    await expect(withoutName.getItem(other.accessToken)).resolves.toMatchObject({
      institutionId: 'ins_109508',
      institutionName: 'First Platypus Bank',
    });
    expect(fakeWithoutNames.requests.at(-1)).toMatchObject({
      path: '/institutions/get_by_id',
      body: { institution_id: 'ins_109508', country_codes: ['US'] },
    });
  });

  it('converts dollars to cents, to the cent', async () => {
    const bankLink = adapterFor(fake);
    const { accessToken } = await linked(bankLink, fake);
    const accounts = await bankLink.getAccounts(accessToken);
    expect(accounts.map((a) => [a.subtype, a.balances])).toEqual([
      ['checking', { available: 100_00, current: 110_10 }],
      ['savings', { available: 200_00, current: 210_00 }],
      ['credit card', { available: null, current: 410_27 }],
    ]);
    expect(accounts[0]).toMatchObject({
      mask: '0000',
      officialName: 'Plaid Gold Standard 0% Interest Checking',
    });
    fake.finishHistoricalUpdate(fake.itemIdOf(accessToken));
    const page = await bankLink.syncTransactions(accessToken);
    expect(page.added).toHaveLength(PLAID_SYNC_PAGE_SIZE);
    expect(page.hasMore).toBe(true);
    const pay = page.added.find((t) => t.name.startsWith('ACME PAYROLL'));
    expect(pay?.amount).toBe(-1843_27);
    expect(page.added.find((t) => t.name === 'RENT PAYMENT')?.amount).toBe(1450_00);
  });

  it('fails loudly on wrong credentials, an unknown token or a reply that changed shape', async () => {
    const wrong = createPlaidBankLink({
      clientId: fake.clientId,
      secret: 'not-the-secret',
      env: 'sandbox',
      basePath: fake.basePath,
    });
    const refused = wrong.createLinkToken({ applicationId: 'app-plaid-1' });
    await expect(refused).rejects.toThrow(PlaidApiError);
    await expect(refused).rejects.toMatchObject({ errorCode: 'INVALID_API_KEYS', status: 400 });
    await expect(refused).rejects.not.toThrow('not-the-secret');

    const bankLink = adapterFor(fake);
    await expect(bankLink.getAccounts('access-sandbox-unknown')).rejects.toThrow('INVALID_ACCESS_TOKEN');

    const { accessToken } = await linked(bankLink, fake);
    fake.replyOnce('/accounts/get', 200, {
      accounts: [{ account_id: 'a1', balances: { current: '12.50' } }],
    });
    await expect(bankLink.getAccounts(accessToken)).rejects.toThrow(
      'Plaid /accounts/get: the reply is not what',
    );
    fake.replyOnce('/item/get', 502, '<html>Bad gateway</html>');
    await expect(bankLink.getItem(accessToken)).rejects.toThrow(
      'Plaid /item/get: the request failed (HTTP 502)',
    );
  });

  it('refuses a webhook signed more than 5 minutes ago, or with a key Plaid does not know', async () => {
    const bankLink = adapterFor(fake);
    const rawBody = JSON.stringify({
      webhook_type: 'TRANSACTIONS',
      webhook_code: 'SYNC_UPDATES_AVAILABLE',
      item_id: 'i1',
    });
    const nowSeconds = Math.floor(Date.now() / 1000);
    await expect(
      bankLink.verifyWebhook({ rawBody, headers: fake.signWebhook(rawBody, { iat: nowSeconds - 4 * 60 }) }),
    ).resolves.not.toBeNull();
    await expect(
      bankLink.verifyWebhook({ rawBody, headers: fake.signWebhook(rawBody, { iat: nowSeconds - 6 * 60 }) }),
    ).resolves.toBeNull();
    await expect(
      bankLink.verifyWebhook({ rawBody, headers: fake.signWebhook(rawBody, { kid: 'unknown-kid' }) }),
    ).resolves.toBeNull();
  });

  it('refuses a token that names another algorithm, and fetches each key once', async () => {
    const bankLink = adapterFor(fake);
    const rawBody = JSON.stringify({ webhook_type: 'ITEM', webhook_code: 'ERROR', item_id: 'i1' });
    const jwt = fake.signWebhook(rawBody)['plaid-verification'] ?? '';
    const [, claims, signature] = jwt.split('.');
    const hs256 = Buffer.from(JSON.stringify({ alg: 'HS256', kid: 'x', typ: 'JWT' })).toString('base64url');
    await expect(
      bankLink.verifyWebhook({
        rawBody,
        headers: { 'plaid-verification': `${hs256}.${claims}.${signature}` },
      }),
    ).resolves.toBeNull();

    const fetches = () => fake.requests.filter((r) => r.path === '/webhook_verification_key/get').length;
    const before = fetches();
    for (let i = 0; i < 3; i += 1) {
      await expect(
        bankLink.verifyWebhook({ rawBody, headers: { 'Plaid-Verification': jwt } }),
      ).resolves.toMatchObject({ webhookType: 'ITEM', webhookCode: 'ERROR', itemId: 'i1' });
    }
    expect(fetches()).toBe(before + 1);
  });

  it('fetches a key again after a while, and refuses it once Plaid has retired it', async () => {
    const clock = testClock();
    const plaid = await startPlaidFake({ now: clock.now });
    try {
      const bankLink = adapterFor(plaid, clock.now);
      const rawBody = JSON.stringify({ webhook_type: 'ITEM', webhook_code: 'ERROR', item_id: 'i1' });
      const oldKid = plaid.currentKid();
      await expect(
        bankLink.verifyWebhook({ rawBody, headers: plaid.signWebhook(rawBody) }),
      ).resolves.not.toBeNull();
      plaid.rotateKey();
      // Within the key's time in the cache it is still trusted (no call to Plaid per webhook).
      clock.advance(PLAID_WEBHOOK_KEY_TTL_MS / 2);
      const signedWithOld = () => plaid.signWebhook(rawBody, { kid: oldKid });
      await expect(bankLink.verifyWebhook({ rawBody, headers: signedWithOld() })).resolves.not.toBeNull();
      // Past it, the key is fetched again, its expired_at is seen, and what it signs is refused.
      clock.advance(PLAID_WEBHOOK_KEY_TTL_MS);
      await expect(bankLink.verifyWebhook({ rawBody, headers: signedWithOld() })).resolves.toBeNull();
      // The new key verifies.
      await expect(
        bankLink.verifyWebhook({ rawBody, headers: plaid.signWebhook(rawBody) }),
      ).resolves.not.toBeNull();
    } finally {
      await plaid.close();
    }
  });

  it('remembers a kid Plaid does not know, and bounds the lookups of new kids', async () => {
    const clock = testClock();
    const plaid = await startPlaidFake({ now: clock.now });
    try {
      const bankLink = adapterFor(plaid, clock.now);
      const rawBody = JSON.stringify({ webhook_type: 'ITEM', webhook_code: 'ERROR', item_id: 'i1' });
      const fetches = () => requestsTo(plaid, '/webhook_verification_key/get').length;
      for (let i = 0; i < 5; i += 1) {
        await expect(
          bankLink.verifyWebhook({ rawBody, headers: plaid.signWebhook(rawBody, { kid: 'made-up-kid' }) }),
        ).resolves.toBeNull();
      }
      expect(fetches()).toBe(1);
      clock.advance(PLAID_UNKNOWN_KID_TTL_MS + 1);
      await bankLink.verifyWebhook({ rawBody, headers: plaid.signWebhook(rawBody, { kid: 'made-up-kid' }) });
      expect(fetches()).toBe(2);

      // A flood of webhooks, each with a new made-up kid: a bounded number of calls to Plaid a minute.
      clock.advance(60_000);
      const before = fetches();
      for (let i = 0; i < PLAID_KEY_FETCHES_PER_MINUTE * 5; i += 1) {
        await bankLink.verifyWebhook({ rawBody, headers: plaid.signWebhook(rawBody, { kid: `flood-${i}` }) });
      }
      expect(fetches() - before).toBe(PLAID_KEY_FETCHES_PER_MINUTE);
      // A kid far longer than Plaid's is refused without a lookup.
      await bankLink.verifyWebhook({
        rawBody,
        headers: plaid.signWebhook(rawBody, { kid: 'k'.repeat(5000) }),
      });
      expect(fetches() - before).toBe(PLAID_KEY_FETCHES_PER_MINUTE);
    } finally {
      await plaid.close();
    }
  });

  it('needs a client id and a secret', () => {
    expect(() => createPlaidBankLink({ clientId: '', secret: 's', env: 'sandbox' })).toThrow('client id');
  });
});

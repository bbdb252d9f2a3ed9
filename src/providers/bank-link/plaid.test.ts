import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankLinkContract } from '#tests/contracts/bank-link.contract';
import { startPlaidFake, type PlaidFake } from '#tests/fakes/plaid-fake';
import {
  createPlaidBankLink,
  PLAID_SYNC_PAGE_SIZE,
  PLAID_TRANSACTIONS_DAYS_REQUESTED,
  PlaidApiError,
} from './plaid';
import type { BankLink } from './port';

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
  signWebhook: async (rawBody) => fake.signWebhook(rawBody),
}));

async function linked(bankLink: BankLink, plaid: PlaidFake, via?: 'results' | 'on_success') {
  const { linkToken } = await bankLink.createLinkToken({ applicationId: 'app-plaid-1' });
  const publicToken = plaid.completeLink(linkToken, via ? { via } : {});
  return bankLink.exchangePublicToken({ publicToken, linkToken });
}

describe('plaid bank link (against the local fake)', () => {
  it('asks Link for transactions, in English, for the US, with six months of history and the webhook', async () => {
    const bankLink = adapterFor(fake);
    await bankLink.createLinkToken({
      applicationId: 'app-plaid-42',
      webhookUrl: 'https://example.com/hooks/plaid',
    });
    const request = fake.requests.filter((r) => r.path === '/link/token/create').at(-1);
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

  it.each(['results', 'on_success'] as const)(
    'finds the public token in the link session (%s)',
    async (via) => {
      const bankLink = adapterFor(fake);
      await expect(linked(bankLink, fake, via)).resolves.toEqual({
        accessToken: expect.stringMatching(/^access-sandbox-/),
        itemId: expect.any(String),
      });
    },
  );

  it('does not ask Plaid to exchange a public token from another session', async () => {
    const bankLink = adapterFor(fake);
    const mine = await bankLink.createLinkToken({ applicationId: 'app-plaid-mine' });
    const theirs = await bankLink.createLinkToken({ applicationId: 'app-plaid-theirs' });
    const publicToken = fake.completeLink(theirs.linkToken);
    const exchangesBefore = fake.requests.filter((r) => r.path === '/item/public_token/exchange').length;
    await expect(bankLink.exchangePublicToken({ publicToken, linkToken: mine.linkToken })).rejects.toThrow(
      'did not come out of this link session',
    );
    expect(fake.requests.filter((r) => r.path === '/item/public_token/exchange')).toHaveLength(
      exchangesBefore,
    );
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

  it('needs a client id and a secret', () => {
    expect(() => createPlaidBankLink({ clientId: '', secret: 's', env: 'sandbox' })).toThrow('client id');
  });
});

import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBankLink } from '#providers/bank-link/index';
import { createPlaidBankLink } from '#providers/bank-link/plaid';
import { loadConfig } from '#server/env';
import { documentedExample, field, vendorDocument } from '../documents';
import { startPrism, type Prism } from '../prism';
import { startRewritingProxy } from '../rewriting-proxy';

// The real Plaid adapter against Plaid's own published API document (plaid/plaid-openapi, trimmed to the calls
// the adapter makes: README.md beside this file), served by Prism: each request must pass the document's
// schema (and its security: the credential headers), and each answer the adapter reads is the document's own
// example.

const doc = vendorDocument('plaid', 'plaid-2020-09-14.trimmed.json');
/** A field of the example answer the document gives for `route` (what Prism answers). */
const example = (route: string, at: string) => field(documentedExample(doc.json, 'POST', route), at);

let prism: Prism;
/** In front of Prism: records the calls made; `/item/get` may answer without the institution's name. */
let proxy: Awaited<ReturnType<typeof startRewritingProxy>>;
let itemWithoutInstitutionName = false;

beforeAll(async () => {
  prism = await startPrism(doc.path);
  proxy = await startRewritingProxy(prism.url, (route, answer) => {
    if (route !== '/item/get' || !itemWithoutInstitutionName) return answer;
    // The schema: institution_name "Field is `null` for Items created without an institution connection".
    const reply = answer as { item: Record<string, unknown> };
    return { ...reply, item: { ...reply.item, institution_name: null } };
  });
});
afterAll(async () => {
  await proxy?.close();
  await prism?.close();
});
afterEach(async () => {
  itemWithoutInstitutionName = false;
  proxy.requests.length = 0;
  // Anything Prism found wrong in a request of this test fails it, even what Prism only warns about.
  expect(await prism.takeViolations()).toEqual([]);
});

const adapter = (now?: () => Date) =>
  createPlaidBankLink({
    clientId: 'contract-client-id',
    secret: 'contract-secret',
    env: 'sandbox',
    basePath: proxy.url,
    ...(now ? { now } : {}),
  });

describe("the Plaid adapter against Plaid's published API document", () => {
  it('asks for a link token as /link/token/create documents, and reads its documented answer', async () => {
    const token = await adapter().createLinkToken({
      applicationId: 'app-contract-1',
      webhookUrl: 'https://agency.example/api/webhooks/bank-link',
    });
    expect(token).toEqual({
      linkToken: example('/link/token/create', 'link_token'),
      expiration: example('/link/token/create', 'expiration'),
    });
  });

  it('asks for an update-mode link token (an access token, no products) as documented', async () => {
    const token = await adapter().createLinkToken({
      applicationId: 'app-contract-1',
      accessToken: 'access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6',
    });
    expect(token.linkToken).toBe(example('/link/token/create', 'link_token'));
  });

  it('exchanges the public token Link’s onSuccess gave, with /item/public_token/exchange alone', async () => {
    // /link/token/get lists a session's public tokens "by default … only for Hosted Link sessions": the
    // adapter does not ask it (the server binds the exchange to the link token it issued).
    const exchanged = await adapter().exchangePublicToken({
      publicToken: 'public-sandbox-b0e2c4ee-a763-4df5-bfe9-46a46bce993d',
      linkToken: 'link-sandbox-af1a0311-da53-4636-b754-dd15cc058176',
    });
    expect(exchanged).toEqual({
      accessToken: example('/item/public_token/exchange', 'access_token'),
      itemId: example('/item/public_token/exchange', 'item_id'),
    });
    expect(proxy.requests).toEqual(['POST /item/public_token/exchange']);
  });

  it('tells an item its webhook URL with /item/webhook/update, as documented', async () => {
    await adapter().updateItemWebhook(
      'access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6',
      'https://agency.example/api/webhooks/bank-link',
    );
    expect(proxy.requests).toEqual(['POST /item/webhook/update']);
  });

  it('asks for a link token in Spanish as documented', async () => {
    await adapter().createLinkToken({ applicationId: 'app-contract-1', language: 'es' });
    expect(proxy.requests).toEqual(['POST /link/token/create']);
  });

  it('reads an item’s institution from /item/get', async () => {
    const item = await adapter().getItem('access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6');
    expect(item).toEqual({
      itemId: example('/item/get', 'item.item_id'),
      institutionId: example('/item/get', 'item.institution_id'),
      institutionName: example('/item/get', 'item.institution_name'),
    });
  });

  it('asks /institutions/get_by_id for the name when the item has none', async () => {
    itemWithoutInstitutionName = true;
    const item = await adapter().getItem('access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6');
    expect(item.institutionName).toBe(example('/institutions/get_by_id', 'institution.name'));
    expect(proxy.requests).toEqual(['POST /item/get', 'POST /institutions/get_by_id']);
  });

  it('reads the accounts /accounts/get documents, balances in cents', async () => {
    const accounts = await adapter().getAccounts('access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6');
    const documented = example('/accounts/get', 'accounts') as { account_id: string }[];
    expect(accounts.map((a) => a.accountId)).toEqual(documented.map((a) => a.account_id));
    const current = Number(example('/accounts/get', 'accounts.0.balances.current'));
    expect(accounts[0]?.balances.current).toBe(Math.round(current * 100));
  });

  it('pages through /transactions/sync, first without a cursor and then with one', async () => {
    const first = await adapter().syncTransactions('access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6');
    const added = example('/transactions/sync', 'added') as { transaction_id: string }[];
    expect(first.added.map((t) => t.transactionId)).toEqual(added.map((t) => t.transaction_id));
    expect(first.nextCursor).toBe(example('/transactions/sync', 'next_cursor'));
    expect(first.historyComplete).toBe(
      example('/transactions/sync', 'transactions_update_status') === 'HISTORICAL_UPDATE_COMPLETE',
    );
    await adapter().syncTransactions('access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6', first.nextCursor);
  });

  it('fetches a webhook’s key from /webhook_verification_key/get (a signature by another key is refused)', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const rawBody = JSON.stringify({ webhook_type: 'ITEM', webhook_code: 'ERROR', item_id: 'item-1' });
    const now = new Date();
    const segment = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const signed = `${segment({ alg: 'ES256', kid: example('/webhook_verification_key/get', 'key.kid') })}.${segment(
      {
        iat: Math.floor(now.getTime() / 1000),
        request_body_sha256: createHash('sha256').update(rawBody).digest('hex'),
      },
    )}`;
    const signature = sign('sha256', Buffer.from(signed), { key: privateKey, dsaEncoding: 'ieee-p1363' });
    const jwt = `${signed}.${signature.toString('base64url')}`;
    await expect(
      adapter(() => now).verifyWebhook({ rawBody, headers: { 'plaid-verification': jwt } }),
    ).resolves.toBeNull();
    expect(proxy.requests).toEqual(['POST /webhook_verification_key/get']);
  });

  it('is reached at PLAID_BASE_URL, as a staging server would point it at a stand-in', async () => {
    const config = loadConfig({
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'dmp-plaid-contract-')),
      PLAID_CLIENT_ID: 'contract-client-id',
      PLAID_SECRET: 'contract-secret',
      PLAID_BASE_URL: proxy.url,
    });
    const { bankLink } = createBankLink({ ...config, sandboxSecret: 'unused', plaid: config.plaid });
    await bankLink.getAccounts('access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6');
    expect(proxy.requests).toEqual(['POST /accounts/get']);
  });
});

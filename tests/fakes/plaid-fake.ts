import { createHash, generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Plaid's API, for the Plaid adapter's tests: it answers Plaid's documented request and
 * reply shapes for the endpoints the adapter calls, and nothing else. It keeps its state in memory, checks
 * the client id and secret in each request body, answers errors in Plaid's error shape (HTTP 400), and signs
 * webhooks as Plaid does (an ES256 JWT in the Plaid-Verification header). Amounts are dollars, as Plaid's.
 */

export type PlaidFakeInstitution = { institutionId: string; name: string };

export type PlaidFake = {
  /** Where to point the adapter (`basePath`). */
  basePath: string;
  clientId: string;
  secret: string;
  /**
   * Plays the borrower completing Link for `linkToken`: adds an item and answers the public token, as the
   * widget's onSuccess does. `via` picks where /link/token/get reports it (both by default).
   */
  completeLink(
    linkToken: string,
    options?: { institutionId?: string; via?: 'results' | 'on_success' | 'both' },
  ): string;
  /** Headers Plaid would send `rawBody` with; `iat` (seconds) and `kid` are for the stale and unknown-key cases. */
  signWebhook(rawBody: string, options?: { iat?: number; kid?: string }): Record<string, string>;
  /** Answers the next request to `path` with this reply instead (a changed or broken reply). */
  replyOnce(path: string, status: number, body: unknown): void;
  /** Each request received: its path and parsed body, oldest first. */
  requests: { path: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
};

export const PLAID_FAKE_INSTITUTIONS: PlaidFakeInstitution[] = [
  { institutionId: 'ins_109508', name: 'First Platypus Bank' },
  { institutionId: 'ins_109511', name: 'Tartan Bank' },
];

type LinkTokenState = {
  clientUserId: string;
  webhook: string | null;
  createdAt: string;
  expiration: string;
  sessions: Record<string, unknown>[];
};
type ItemState = {
  itemId: string;
  institution: PlaidFakeInstitution;
  webhook: string | null;
  accounts: Record<string, unknown>[];
  transactions: Record<string, unknown>[];
};

const DAY_MS = 86_400_000;
const HISTORY_DAYS = 200;

export async function startPlaidFake(
  options: {
    clientId?: string;
    secret?: string;
    /** Leave institution_name out of /item/get, as older API versions do, so the adapter asks for it. */
    omitInstitutionNameInItem?: boolean;
    now?: () => Date;
  } = {},
): Promise<PlaidFake> {
  const clientId = options.clientId ?? 'fake-client-id';
  const secret = options.secret ?? 'fake-secret';
  const now = options.now ?? (() => new Date());
  const linkTokens = new Map<string, LinkTokenState>();
  const publicTokens = new Map<string, { linkToken: string; item: ItemState }>();
  const items = new Map<string, ItemState>();
  const requests: PlaidFake['requests'] = [];
  const overrides = new Map<string, [number, unknown]>();

  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const kid = randomUUID();
  const jwk = publicKey.export({ format: 'jwk' });
  const createdAt = Math.floor(now().getTime() / 1000);

  const handlers: Record<string, (body: Record<string, unknown>) => [number, unknown]> = {
    '/link/token/create': (body) => {
      const user = body.user as { client_user_id?: unknown } | undefined;
      if (typeof body.client_name !== 'string' || typeof body.language !== 'string') {
        return invalidRequest('client_name and language are required');
      }
      if (!Array.isArray(body.country_codes) || body.country_codes.length === 0) {
        return invalidRequest('country_codes must be a non-empty array');
      }
      if (typeof user?.client_user_id !== 'string' || user.client_user_id === '') {
        return invalidRequest('user.client_user_id is required');
      }
      const linkToken = `link-sandbox-${randomUUID()}`;
      const created = now();
      const state: LinkTokenState = {
        clientUserId: user.client_user_id,
        webhook: typeof body.webhook === 'string' ? body.webhook : null,
        createdAt: created.toISOString(),
        expiration: new Date(created.getTime() + 4 * 60 * 60 * 1000).toISOString(),
        sessions: [],
      };
      linkTokens.set(linkToken, state);
      return ok({ link_token: linkToken, expiration: state.expiration });
    },

    '/link/token/get': (body) => {
      const state = linkTokens.get(String(body.link_token));
      if (!state) return plaidError('INVALID_INPUT', 'INVALID_LINK_TOKEN', 'provided link token is invalid');
      return ok({
        link_token: body.link_token,
        created_at: state.createdAt,
        expiration: state.expiration,
        link_sessions: state.sessions,
        metadata: {
          initial_products: ['transactions'],
          webhook: state.webhook,
          country_codes: ['US'],
          language: 'en',
          redirect_uri: null,
          client_name: 'Debt Management Plan',
        },
      });
    },

    '/item/public_token/exchange': (body) => {
      const entry = publicTokens.get(String(body.public_token));
      if (!entry) {
        return plaidError(
          'INVALID_INPUT',
          'INVALID_PUBLIC_TOKEN',
          'provided public token is in an invalid format',
        );
      }
      // A public token is good for one exchange.
      publicTokens.delete(String(body.public_token));
      const accessToken = `access-sandbox-${randomUUID()}`;
      items.set(accessToken, entry.item);
      return ok({ access_token: accessToken, item_id: entry.item.itemId });
    },

    '/item/get': (body) => {
      const item = items.get(String(body.access_token));
      if (!item) return invalidAccessToken();
      return ok({
        item: {
          item_id: item.itemId,
          institution_id: item.institution.institutionId,
          ...(options.omitInstitutionNameInItem ? {} : { institution_name: item.institution.name }),
          webhook: item.webhook,
          error: null,
          available_products: ['balance', 'identity'],
          billed_products: ['transactions'],
          products: ['transactions'],
          consent_expiration_time: null,
          update_type: 'background',
        },
        status: { transactions: { last_successful_update: now().toISOString(), last_failed_update: null } },
      });
    },

    '/institutions/get_by_id': (body) => {
      const institution = PLAID_FAKE_INSTITUTIONS.find((i) => i.institutionId === body.institution_id);
      if (!institution)
        return plaidError('INVALID_INPUT', 'INVALID_INSTITUTION', 'invalid institution_id provided');
      return ok({
        institution: {
          institution_id: institution.institutionId,
          name: institution.name,
          products: ['assets', 'auth', 'balance', 'transactions', 'identity'],
          country_codes: ['US'],
          url: null,
          primary_color: null,
          logo: null,
          routing_numbers: ['011401533'],
          oauth: false,
        },
      });
    },

    '/accounts/get': (body) => {
      const item = items.get(String(body.access_token));
      if (!item) return invalidAccessToken();
      return ok({ accounts: item.accounts, item: { item_id: item.itemId } });
    },

    '/transactions/sync': (body) => {
      const item = items.get(String(body.access_token));
      if (!item) return invalidAccessToken();
      const count = body.count === undefined ? 100 : Number(body.count);
      if (!Number.isInteger(count) || count < 1 || count > 500)
        return invalidRequest('count must be 1 to 500');
      let offset = 0;
      if (typeof body.cursor === 'string' && body.cursor !== '') {
        const decoded = /^(.+):(\d+)$/.exec(Buffer.from(body.cursor, 'base64').toString('utf8'));
        if (!decoded || decoded[1] !== item.itemId) return invalidRequest('cursor is invalid');
        offset = Number(decoded[2]);
      }
      const added = item.transactions.slice(offset, offset + count);
      const next = offset + added.length;
      return ok({
        transactions_update_status: 'HISTORICAL_UPDATE_COMPLETE',
        accounts: item.accounts,
        added,
        modified: [],
        removed: [],
        next_cursor: Buffer.from(`${item.itemId}:${next}`).toString('base64'),
        has_more: next < item.transactions.length,
      });
    },

    '/webhook_verification_key/get': (body) => {
      if (body.key_id !== kid) {
        return plaidError('INVALID_INPUT', 'INVALID_WEBHOOK_VERIFICATION_KEY_ID', 'invalid key_id provided');
      }
      return ok({
        key: {
          alg: 'ES256',
          crv: jwk.crv,
          kid,
          kty: jwk.kty,
          use: 'sig',
          x: jwk.x,
          y: jwk.y,
          created_at: createdAt,
          expired_at: null,
        },
      });
    },
  };

  const server = createServer((request, response) => {
    void handle(request, response);
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const path = (request.url ?? '').split('?')[0] ?? '';
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
    } catch {
      return send(response, invalidRequest('the request body is not JSON'));
    }
    requests.push({ path, body });
    const handler = handlers[path];
    if (request.method !== 'POST' || !handler) {
      return send(response, [404, errorBody('INVALID_REQUEST', 'NOT_FOUND', `unknown endpoint ${path}`)]);
    }
    if (body.client_id !== clientId || body.secret !== secret) {
      return send(
        response,
        plaidError('INVALID_INPUT', 'INVALID_API_KEYS', 'invalid client_id or secret provided'),
      );
    }
    const override = overrides.get(path);
    overrides.delete(path);
    send(response, override ?? handler(body));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    basePath: `http://127.0.0.1:${port}`,
    clientId,
    secret,
    requests,

    replyOnce(path, status, body) {
      overrides.set(path, [status, body]);
    },

    completeLink(linkToken, { institutionId, via = 'both' } = {}) {
      const state = linkTokens.get(linkToken);
      if (!state) throw new Error(`Plaid fake: no link token ${linkToken}`);
      const institution =
        PLAID_FAKE_INSTITUTIONS.find((i) => i.institutionId === institutionId) ?? PLAID_FAKE_INSTITUTIONS[0];
      if (!institution) throw new Error('Plaid fake: no institution');
      const item = newItem(institution, state.webhook, now());
      const publicToken = `public-sandbox-${randomUUID()}`;
      publicTokens.set(publicToken, { linkToken, item });
      const metadataAccounts = item.accounts.map((a) => ({
        id: a.account_id,
        name: a.name,
        mask: a.mask,
        type: a.type,
        subtype: a.subtype,
        verification_status: null,
        class_type: null,
      }));
      const metadataInstitution = { name: institution.name, institution_id: institution.institutionId };
      const startedAt = now().toISOString();
      state.sessions.push({
        link_session_id: randomUUID(),
        started_at: startedAt,
        finished_at: startedAt,
        ...(via !== 'results'
          ? {
              on_success: {
                public_token: publicToken,
                metadata: {
                  institution: metadataInstitution,
                  accounts: metadataAccounts,
                  link_session_id: randomUUID(),
                  transfer_status: null,
                },
              },
            }
          : {}),
        ...(via !== 'on_success'
          ? {
              results: {
                item_add_results: [
                  { public_token: publicToken, accounts: metadataAccounts, institution: metadataInstitution },
                ],
                cra_item_add_results: [],
                cra_update_results: [],
                bank_income_results: [],
                payroll_income_results: [],
                document_income_results: null,
              },
            }
          : {}),
      });
      return publicToken;
    },

    signWebhook(rawBody, { iat = Math.floor(now().getTime() / 1000), kid: keyId = kid } = {}) {
      const header = base64url({ alg: 'ES256', kid: keyId, typ: 'JWT' });
      const claims = base64url({
        iat,
        request_body_sha256: createHash('sha256').update(rawBody).digest('hex'),
      });
      const signature = sign('sha256', Buffer.from(`${header}.${claims}`), {
        key: privateKey,
        dsaEncoding: 'ieee-p1363',
      }).toString('base64url');
      return { 'plaid-verification': `${header}.${claims}.${signature}` };
    },

    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function newItem(institution: PlaidFakeInstitution, webhook: string | null, today: Date): ItemState {
  const itemId = randomUUID().replaceAll('-', '');
  const checking = `${itemId.slice(0, 8)}chk${randomUUID().replaceAll('-', '').slice(0, 26)}`;
  const savings = `${itemId.slice(0, 8)}sav${randomUUID().replaceAll('-', '').slice(0, 26)}`;
  const card = `${itemId.slice(0, 8)}crd${randomUUID().replaceAll('-', '').slice(0, 26)}`;
  const balance = (available: number | null, current: number | null, limit: number | null = null) => ({
    available,
    current,
    limit,
    iso_currency_code: 'USD',
    unofficial_currency_code: null,
  });
  const accounts = [
    account(
      checking,
      '0000',
      'Plaid Checking',
      'Plaid Gold Standard 0% Interest Checking',
      'depository',
      'checking',
      balance(100, 110.1),
    ),
    account(
      savings,
      '1111',
      'Plaid Saving',
      'Plaid Silver Standard 0.1% Interest Saving',
      'depository',
      'savings',
      balance(200, 210),
    ),
    account(
      card,
      '3333',
      'Plaid Credit Card',
      'Plaid Diamond 12.5% APR Interest Credit Card',
      'credit',
      'credit card',
      balance(null, 410.27, 2000),
    ),
  ];
  const transactions: Record<string, unknown>[] = [];
  const todayNumber = Math.floor(today.getTime() / DAY_MS);
  // About three transactions a day (two pages of 500): pay every 14 days (negative: money in), rent, purchases.
  for (let day = todayNumber - HISTORY_DAYS; day <= todayNumber; day += 1) {
    const date = new Date(day * DAY_MS).toISOString().slice(0, 10);
    const add = (accountId: string, amount: number, name: string, merchant: string | null) =>
      transactions.push(transaction(accountId, amount, date, name, merchant, transactions.length));
    if (day % 14 === 0) add(checking, -1843.27, 'ACME PAYROLL PPD ID: 1234567', null);
    if (date.endsWith('-01')) add(checking, 1450, 'RENT PAYMENT', null);
    add(checking, 5.4 + (day % 7) * 0.35, 'Starbucks', 'Starbucks');
    add(card, 12.15 + (day % 5) * 1.1, 'SWEETGREEN #42', 'Sweetgreen');
    if (day % 2 === 0) add(checking, 41.2, 'SHELL OIL 57444', 'Shell');
    if (day % 3 === 0) add(card, 89.4 + (day % 11), 'KROGER #123', 'Kroger');
    if (day % 30 === 5) add(savings, -0.04, 'INTEREST EARNED', null);
  }
  return { itemId, institution, webhook, accounts, transactions };
}

function account(
  accountId: string,
  mask: string,
  name: string,
  officialName: string,
  type: string,
  subtype: string,
  balances: Record<string, unknown>,
) {
  return {
    account_id: accountId,
    balances,
    holder_category: 'personal',
    mask,
    name,
    official_name: officialName,
    subtype,
    type,
  };
}

function transaction(
  accountId: string,
  amount: number,
  date: string,
  name: string,
  merchant: string | null,
  index: number,
): Record<string, unknown> {
  return {
    account_id: accountId,
    account_owner: null,
    amount: Math.round(amount * 100) / 100,
    iso_currency_code: 'USD',
    unofficial_currency_code: null,
    category: null,
    category_id: null,
    check_number: null,
    counterparties: [],
    date,
    datetime: null,
    authorized_date: date,
    authorized_datetime: null,
    location: {
      address: null,
      city: null,
      region: null,
      postal_code: null,
      country: null,
      lat: null,
      lon: null,
      store_number: null,
    },
    name,
    merchant_name: merchant,
    merchant_entity_id: null,
    logo_url: null,
    website: null,
    payment_channel: 'in store',
    payment_meta: {
      by_order_of: null,
      payee: null,
      payer: null,
      payment_method: null,
      payment_processor: null,
      ppd_id: null,
      reason: null,
      reference_number: null,
    },
    pending: false,
    pending_transaction_id: null,
    personal_finance_category: null,
    transaction_code: null,
    transaction_id: `${accountId.slice(0, 8)}tx${String(index).padStart(6, '0')}${randomUUID().replaceAll('-', '').slice(0, 12)}`,
    transaction_type: 'place',
  };
}

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function ok(body: Record<string, unknown>): [number, unknown] {
  return [200, { ...body, request_id: randomUUID().slice(0, 15) }];
}

function errorBody(errorType: string, errorCode: string, errorMessage: string) {
  return {
    error_type: errorType,
    error_code: errorCode,
    error_message: errorMessage,
    display_message: null,
    request_id: randomUUID().slice(0, 15),
  };
}

function plaidError(errorType: string, errorCode: string, errorMessage: string): [number, unknown] {
  return [400, errorBody(errorType, errorCode, errorMessage)];
}

function invalidRequest(message: string): [number, unknown] {
  return plaidError('INVALID_REQUEST', 'INVALID_FIELD', message);
}

function invalidAccessToken(): [number, unknown] {
  return plaidError('INVALID_INPUT', 'INVALID_ACCESS_TOKEN', 'provided access token is in an invalid format');
}

function send(response: ServerResponse, [status, body]: [number, unknown]) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

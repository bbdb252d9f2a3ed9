import {
  createHash,
  generateKeyPairSync,
  randomUUID,
  sign,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Plaid's API, for the Plaid adapter's tests: it answers Plaid's documented request and
 * reply shapes for the endpoints the adapter calls, and nothing else. It keeps its state in memory, checks
 * the client id and secret in each request body, answers errors in Plaid's error shape (HTTP 400), and signs
 * webhooks as Plaid does (an ES256 JWT in the Plaid-Verification header). Amounts are dollars, as Plaid's.
 *
 * Transactions arrive as Plaid documents: "If transactions data is not yet available for the Item, which can
 * happen if … `/transactions/sync` was called within a few seconds of Item creation, `/transactions/sync` will
 * return empty transactions arrays" (the OpenAPI description of /transactions/sync), with
 * `transactions_update_status` NOT_READY. A new item has nothing until the test plays Plaid's pulls
 * (finishInitialUpdate: the last 30 days, INITIAL_UPDATE_COMPLETE; finishHistoricalUpdate: the rest,
 * HISTORICAL_UPDATE_COMPLETE), each answering the SYNC_UPDATES_AVAILABLE webhook body Plaid would send. Each
 * item keeps a log of changes (added, modified, removed); a cursor is a position in it.
 */

export type PlaidFakeInstitution = { institutionId: string; name: string };

export type PlaidFake = {
  /** Where to point the adapter (`basePath`). */
  basePath: string;
  clientId: string;
  secret: string;
  /**
   * Plays the borrower completing Link for `linkToken`: adds an item and answers the public token, as the
   * widget's onSuccess does (a non-Hosted Link session: /link/token/get does not list it).
   */
  completeLink(linkToken: string, options?: { institutionId?: string }): string;
  /** The item's id for an access token (the fake's inspector). */
  itemIdOf(accessToken: string): string;
  /** What the fake holds of an item: its webhook URL and transactions update status. */
  itemState(itemId: string): { webhook: string | null; updateStatus: string; transactions: number };
  /** Plaid's first pull: the last 30 days become readable. Answers the SYNC_UPDATES_AVAILABLE body. */
  finishInitialUpdate(itemId: string): string;
  /** Plaid's historical pull: the whole history becomes readable. Answers the SYNC_UPDATES_AVAILABLE body. */
  finishHistoricalUpdate(itemId: string): string;
  /** The bank changes a readable transaction's amount (+1 dollar); answers its id. */
  modifyTransaction(itemId: string): string;
  /** The bank drops a readable transaction; answers its id. */
  removeTransaction(itemId: string): string;
  /**
   * The next /transactions/sync of the item that continues a pagination (its cursor came with has_more)
   * answers TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION, and a transaction is modified meanwhile.
   */
  mutateDuringNextPagination(itemId: string): void;
  /** Plaid retires the current signing key (its expired_at is set) and signs with a new one; answers its kid. */
  rotateKey(): string;
  /** The kid webhooks are signed with now. */
  currentKid(): string;
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
  language: string;
  createdAt: string;
  expiration: string;
  sessions: Record<string, unknown>[];
};
type Change = { kind: 'added' | 'modified' | 'removed'; transaction: Record<string, unknown> };
type UpdateStatus = 'NOT_READY' | 'INITIAL_UPDATE_COMPLETE' | 'HISTORICAL_UPDATE_COMPLETE';
type ItemState = {
  itemId: string;
  createdAt: number;
  institution: PlaidFakeInstitution;
  webhook: string | null;
  accounts: Record<string, unknown>[];
  /** The bank's whole history, oldest first; it becomes readable (enters the log) with Plaid's pulls. */
  transactions: Record<string, unknown>[];
  /** What /transactions/sync hands out, in order; a cursor is a position here. */
  log: Change[];
  /** Ids of the transactions in the log as readable now (added, not removed). */
  readable: Map<string, Record<string, unknown>>;
  updateStatus: UpdateStatus;
  /** Cursors answered with has_more: a call with one of them continues a pagination. */
  continuations: Set<string>;
  mutationPending: boolean;
};
type SigningKey = {
  kid: string;
  privateKey: KeyObject;
  jwk: JsonWebKey;
  createdAt: number;
  expiredAt: number | null;
};

const DAY_MS = 86_400_000;
const HISTORY_DAYS = 200;
/** Plaid's initial pull: "most recent 30 days of transaction history". */
const INITIAL_DAYS = 30;
/** Plaid's language enum for Link. */
const LINK_LANGUAGES = new Set([
  'da',
  'nl',
  'en',
  'et',
  'fr',
  'de',
  'hi',
  'it',
  'ja',
  'lv',
  'lt',
  'no',
  'pl',
  'pt',
  'ro',
  'es',
  'sv',
  'vi',
]);

export async function startPlaidFake(
  options: {
    clientId?: string;
    secret?: string;
    /** Leave institution_name out of /item/get, as older API versions do, so the adapter asks for it. */
    omitInstitutionNameInItem?: boolean;
    now?: () => Date;
    /**
     * Plays Plaid's pulls by itself: an item's whole history becomes readable at the first sync this many ms
     * after the item was made (the browser journeys, where no test calls finishHistoricalUpdate). Unset: only
     * finishInitialUpdate / finishHistoricalUpdate move it.
     */
    historyAfterMs?: number;
  } = {},
): Promise<PlaidFake> {
  const clientId = options.clientId ?? 'fake-client-id';
  const secret = options.secret ?? 'fake-secret';
  const now = options.now ?? (() => new Date());
  const linkTokens = new Map<string, LinkTokenState>();
  const publicTokens = new Map<string, { linkToken: string; item: ItemState }>();
  const items = new Map<string, ItemState>();
  const itemsById = new Map<string, ItemState>();
  const requests: PlaidFake['requests'] = [];
  const overrides = new Map<string, [number, unknown]>();

  const newKey = (): SigningKey => {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    return {
      kid: randomUUID(),
      privateKey,
      jwk: publicKey.export({ format: 'jwk' }),
      createdAt: Math.floor(now().getTime() / 1000),
      expiredAt: null,
    };
  };
  const keys: SigningKey[] = [newKey()];
  const currentKey = () => keys.at(-1)!;
  const itemOf = (itemId: string) => {
    const item = itemsById.get(itemId);
    if (!item) throw new Error(`Plaid fake: no item ${itemId}`);
    return item;
  };
  const cursorAt = (item: ItemState, offset: number) =>
    Buffer.from(`${item.itemId}:${offset}`).toString('base64');
  /** Makes the bank's transactions dated on or after `fromDate` readable (the ones not yet). */
  const pull = (item: ItemState, fromDate: string) => {
    for (const t of item.transactions) {
      const id = String(t.transaction_id);
      if (String(t.date) < fromDate || item.readable.has(id) || t.removed) continue;
      item.readable.set(id, t);
      item.log.push({ kind: 'added', transaction: t });
    }
  };
  const syncWebhookBody = (item: ItemState) =>
    JSON.stringify({
      webhook_type: 'TRANSACTIONS',
      webhook_code: 'SYNC_UPDATES_AVAILABLE',
      item_id: item.itemId,
      initial_update_complete: item.updateStatus !== 'NOT_READY',
      historical_update_complete: item.updateStatus === 'HISTORICAL_UPDATE_COMPLETE',
      environment: 'sandbox',
    });
  const finishHistory = (item: ItemState) => {
    // Plaid adds the older history after the recent days it already handed out.
    pull(item, new Date(now().getTime() - INITIAL_DAYS * DAY_MS).toISOString().slice(0, 10));
    pull(item, '0000-00-00');
    item.updateStatus = 'HISTORICAL_UPDATE_COMPLETE';
  };
  const modify = (item: ItemState) => {
    const [id, t] = [...item.readable].at(-1) ?? [];
    if (!id || !t) throw new Error('Plaid fake: no readable transaction to modify');
    const changed = { ...t, amount: Math.round((Number(t.amount) + 1) * 100) / 100 };
    item.readable.set(id, changed);
    item.log.push({ kind: 'modified', transaction: changed });
    return id;
  };

  const handlers: Record<string, (body: Record<string, unknown>) => [number, unknown]> = {
    '/link/token/create': (body) => {
      const user = body.user as { client_user_id?: unknown } | undefined;
      if (typeof body.client_name !== 'string' || typeof body.language !== 'string') {
        return invalidRequest('client_name and language are required');
      }
      if (!LINK_LANGUAGES.has(body.language)) return invalidRequest('language is not supported');
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
        language: body.language,
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
          language: state.language,
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
      if (
        options.historyAfterMs !== undefined &&
        item.updateStatus !== 'HISTORICAL_UPDATE_COMPLETE' &&
        now().getTime() - item.createdAt >= options.historyAfterMs
      ) {
        finishHistory(item);
      }
      const count = body.count === undefined ? 100 : Number(body.count);
      if (!Number.isInteger(count) || count < 1 || count > 500)
        return invalidRequest('count must be 1 to 500');
      let offset = 0;
      const cursor = typeof body.cursor === 'string' ? body.cursor : '';
      if (cursor !== '') {
        const decoded = /^(.+):(\d+)$/.exec(Buffer.from(cursor, 'base64').toString('utf8'));
        if (!decoded || decoded[1] !== item.itemId || Number(decoded[2]) > item.log.length)
          return invalidRequest('cursor is invalid');
        offset = Number(decoded[2]);
      }
      if (item.mutationPending && item.continuations.has(cursor)) {
        item.mutationPending = false;
        modify(item);
        return plaidError(
          'TRANSACTIONS_ERROR',
          'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION',
          'Underlying transaction data changed since last page was fetched. Please restart pagination from last update.',
        );
      }
      const changes = item.log.slice(offset, offset + count);
      const next = offset + changes.length;
      const hasMore = next < item.log.length;
      // Before the first pull Plaid answers no cursor at all.
      const nextCursor = item.updateStatus === 'NOT_READY' && next === 0 ? '' : cursorAt(item, next);
      if (hasMore) item.continuations.add(nextCursor);
      const of = (kind: Change['kind']) => changes.filter((c) => c.kind === kind).map((c) => c.transaction);
      return ok({
        transactions_update_status: item.updateStatus,
        accounts: item.accounts,
        added: of('added'),
        modified: of('modified'),
        removed: of('removed').map((t) => ({ account_id: t.account_id, transaction_id: t.transaction_id })),
        next_cursor: nextCursor,
        has_more: hasMore,
      });
    },

    '/item/webhook/update': (body) => {
      const item = items.get(String(body.access_token));
      if (!item) return invalidAccessToken();
      if (typeof body.webhook !== 'string' || !/^https?:\/\//.test(body.webhook))
        return invalidRequest('webhook must be a URL');
      item.webhook = body.webhook;
      return ok({ item: { item_id: item.itemId, webhook: item.webhook } });
    },

    '/webhook_verification_key/get': (body) => {
      const key = keys.find((k) => k.kid === body.key_id);
      if (!key) {
        return plaidError('INVALID_INPUT', 'INVALID_WEBHOOK_VERIFICATION_KEY_ID', 'invalid key_id provided');
      }
      return ok({
        key: {
          alg: 'ES256',
          crv: key.jwk.crv,
          kid: key.kid,
          kty: key.jwk.kty,
          use: 'sig',
          x: key.jwk.x,
          y: key.jwk.y,
          created_at: key.createdAt,
          expired_at: key.expiredAt,
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

    completeLink(linkToken, { institutionId } = {}) {
      const state = linkTokens.get(linkToken);
      if (!state) throw new Error(`Plaid fake: no link token ${linkToken}`);
      const institution =
        PLAID_FAKE_INSTITUTIONS.find((i) => i.institutionId === institutionId) ?? PLAID_FAKE_INSTITUTIONS[0];
      if (!institution) throw new Error('Plaid fake: no institution');
      const item = newItem(institution, state.webhook, now());
      itemsById.set(item.itemId, item);
      const publicToken = `public-sandbox-${randomUUID()}`;
      publicTokens.set(publicToken, { linkToken, item });
      return publicToken;
    },

    itemIdOf(accessToken) {
      const item = items.get(accessToken);
      if (!item) throw new Error('Plaid fake: no such access token');
      return item.itemId;
    },

    itemState(itemId) {
      const item = itemOf(itemId);
      return { webhook: item.webhook, updateStatus: item.updateStatus, transactions: item.readable.size };
    },

    finishInitialUpdate(itemId) {
      const item = itemOf(itemId);
      const from = new Date(now().getTime() - INITIAL_DAYS * DAY_MS).toISOString().slice(0, 10);
      pull(item, from);
      if (item.updateStatus === 'NOT_READY') item.updateStatus = 'INITIAL_UPDATE_COMPLETE';
      return syncWebhookBody(item);
    },

    finishHistoricalUpdate(itemId) {
      const item = itemOf(itemId);
      finishHistory(item);
      return syncWebhookBody(item);
    },

    modifyTransaction: (itemId) => modify(itemOf(itemId)),

    removeTransaction(itemId) {
      const item = itemOf(itemId);
      const [id, t] = [...item.readable][0] ?? [];
      if (!id || !t) throw new Error('Plaid fake: no readable transaction to remove');
      item.readable.delete(id);
      t.removed = true;
      item.log.push({ kind: 'removed', transaction: t });
      return id;
    },

    mutateDuringNextPagination(itemId) {
      itemOf(itemId).mutationPending = true;
    },

    rotateKey() {
      currentKey().expiredAt = Math.floor(now().getTime() / 1000);
      keys.push(newKey());
      return currentKey().kid;
    },

    currentKid: () => currentKey().kid,

    signWebhook(rawBody, { iat = Math.floor(now().getTime() / 1000), kid: keyId = currentKey().kid } = {}) {
      // A kid of a key the fake has signs with it (a retired key still signs, as a replay would); else the
      // current key signs under the made-up kid.
      const privateKey = (keys.find((k) => k.kid === keyId) ?? currentKey()).privateKey;
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
  return {
    itemId,
    createdAt: today.getTime(),
    institution,
    webhook,
    accounts,
    transactions,
    log: [],
    readable: new Map(),
    updateStatus: 'NOT_READY',
    continuations: new Set(),
    mutationPending: false,
  };
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

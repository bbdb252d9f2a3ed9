import { createHash, createPublicKey, timingSafeEqual, verify, type KeyObject } from 'node:crypto';
import { Configuration, CountryCode, PlaidApi, PlaidEnvironments, Products } from 'plaid';
import { z } from 'zod';
import type { BankAccount, BankItem, BankLink, BankTransaction, LinkToken, TransactionsPage } from './port';
import { parseWebhookBody } from './webhook-body';
import { BankLinkLoginRequiredError, BankLinkSyncMutationError } from './port';

/**
 * The Plaid adapter (docs/providers.md, Bank link), on Plaid's official SDK. Every reply it reads is parsed
 * with a schema of the fields it uses, so a reply that changed shape fails loudly instead of storing
 * nonsense. Amounts are converted from dollars to cents; Plaid's sign convention (positive = money out) is
 * the port's.
 */

export type PlaidBankLinkOptions = {
  clientId: string;
  secret: string;
  env: 'sandbox' | 'production';
  /** Replaces the environment's host (the tests' local fake of Plaid). */
  basePath?: string;
  /** The name Plaid Link shows the borrower ("… uses Plaid to connect your account"). */
  clientName?: string;
  /** The clock webhook ages are measured with. */
  now?: () => Date;
};

/** An error Plaid answered with; `errorCode` tells the cases apart (ITEM_LOGIN_REQUIRED, INVALID_ACCESS_TOKEN…). */
export class PlaidApiError extends Error {
  readonly endpoint: string;
  readonly errorType: string;
  readonly errorCode: string;
  readonly status: number | null;

  constructor(endpoint: string, reply: z.infer<typeof plaidErrorReply>, status: number | null) {
    super(`Plaid ${endpoint}: ${reply.error_code}: ${reply.error_message}`);
    this.name = 'PlaidApiError';
    this.endpoint = endpoint;
    this.errorType = reply.error_type;
    this.errorCode = reply.error_code;
    this.status = status;
  }
}

export const PLAID_DEFAULT_CLIENT_NAME = 'Debt Management Plan';
/** The product needs six months of transactions; Plaid's default is 90 days. */
export const PLAID_TRANSACTIONS_DAYS_REQUESTED = 190;
/** Plaid's largest page, to read six months in few calls. */
export const PLAID_SYNC_PAGE_SIZE = 500;
/** Plaid's advice: refuse a webhook signed more than 5 minutes ago (a replay). */
export const PLAID_WEBHOOK_MAX_AGE_SECONDS = 5 * 60;
/**
 * How long a fetched webhook verification key is trusted before it is fetched again: Plaid rotates its keys
 * and marks a retired one with `expired_at`, which only a fresh fetch shows.
 */
export const PLAID_WEBHOOK_KEY_TTL_MS = 60 * 60 * 1000;
/** How long a key id Plaid does not know is remembered as unknown (answered without asking Plaid again). */
export const PLAID_UNKNOWN_KID_TTL_MS = 10 * 60 * 1000;
/** At most this many key ids are remembered (good and unknown): a flood of made-up ids cannot grow memory. */
export const PLAID_WEBHOOK_KEY_CACHE_SIZE = 500;
/**
 * At most this many fetches of a key id not in the cache per minute: a flood of webhooks with made-up key ids,
 * each one new, is refused without a call to Plaid each (Plaid sends a real webhook again if it is refused).
 */
export const PLAID_KEY_FETCHES_PER_MINUTE = 20;
/** A kid longer than this is not Plaid's (theirs are UUIDs); refused before any lookup. */
const MAX_KID_LENGTH = 100;
/** Some Plaid calls take long (the first transactions pull); the SDK's default is to wait forever. */
const REQUEST_TIMEOUT_MS = 60_000;

export function createPlaidBankLink(options: PlaidBankLinkOptions): BankLink {
  if (!options.clientId || !options.secret) {
    throw new Error('Plaid: the client id and the secret are required');
  }
  const basePath = options.basePath ?? PlaidEnvironments[options.env];
  if (!basePath) throw new Error(`Plaid: unknown environment ${JSON.stringify(options.env)}`);
  const now = options.now ?? (() => new Date());
  // Plaid's published API document requires the credentials as the PLAID-CLIENT-ID and PLAID-SECRET headers
  // (its `security`; tests/contracts/vendor/plaid). Its field descriptions accept them in the body as well,
  // where they are sent too.
  const client = new PlaidApi(
    new Configuration({
      basePath,
      baseOptions: {
        timeout: REQUEST_TIMEOUT_MS,
        headers: { 'PLAID-CLIENT-ID': options.clientId, 'PLAID-SECRET': options.secret },
      },
    }),
  );
  const credentials = { client_id: options.clientId, secret: options.secret };
  /**
   * Verification keys by kid, each with when it was fetched: a key is fetched again once older than
   * PLAID_WEBHOOK_KEY_TTL_MS (to see an `expired_at` Plaid set since), a kid Plaid did not know is answered
   * null for PLAID_UNKNOWN_KID_TTL_MS. A lookup's promise is kept so concurrent webhooks fetch a key once.
   * A Map keeps insertion order: the oldest entry is dropped first when it is full.
   */
  const webhookKeys = new Map<string, { fetchedAt: number; key: Promise<KeyObject | null> }>();
  /** Times (ms) of the recent fetches of kids not in the cache, for PLAID_KEY_FETCHES_PER_MINUTE. */
  let recentFetches: number[] = [];

  const webhookKey = (kid: string): Promise<KeyObject | null> => {
    const at = now().getTime();
    const cached = webhookKeys.get(kid);
    if (cached) {
      const ttl = cached.key === UNKNOWN ? PLAID_UNKNOWN_KID_TTL_MS : PLAID_WEBHOOK_KEY_TTL_MS;
      if (at - cached.fetchedAt < ttl) return cached.key;
      webhookKeys.delete(kid);
    } else {
      recentFetches = recentFetches.filter((t) => at - t < 60_000);
      if (recentFetches.length >= PLAID_KEY_FETCHES_PER_MINUTE) return UNKNOWN;
      recentFetches.push(at);
    }
    const key = fetchWebhookKey(kid);
    remember(kid, { fetchedAt: at, key });
    key.then(
      // A kid Plaid does not know (or a retired key) is remembered as unknown for a while.
      (found) => {
        if (!found && webhookKeys.get(kid)?.key === key) remember(kid, { fetchedAt: at, key: UNKNOWN });
      },
      // A network failure is not remembered: the next webhook tries again.
      () => {
        if (webhookKeys.get(kid)?.key === key) webhookKeys.delete(kid);
      },
    );
    return key;
  };

  const remember = (kid: string, entry: { fetchedAt: number; key: Promise<KeyObject | null> }) => {
    webhookKeys.delete(kid);
    webhookKeys.set(kid, entry);
    while (webhookKeys.size > PLAID_WEBHOOK_KEY_CACHE_SIZE) {
      const oldest = webhookKeys.keys().next().value;
      if (oldest === undefined) break;
      webhookKeys.delete(oldest);
    }
  };

  const fetchWebhookKey = async (kid: string): Promise<KeyObject | null> => {
    let reply: z.infer<typeof webhookKeyReply>;
    try {
      reply = await call('/webhook_verification_key/get', webhookKeyReply, () =>
        client.webhookVerificationKeyGet({ ...credentials, key_id: kid }),
      );
    } catch (error) {
      // Plaid knows no such key: the webhook is not Plaid's. Anything else (unreachable) rejects.
      if (error instanceof PlaidApiError) return null;
      throw error;
    }
    // Plaid's advice: a key with an expiry set is retired and signs nothing any more.
    if (reply.key.expired_at !== null) return null;
    const { kty, crv, x, y } = reply.key;
    return createPublicKey({ key: { kty, crv, x, y }, format: 'jwk' });
  };

  return {
    async createLinkToken({ applicationId, webhookUrl, accessToken, language }) {
      const reply = await call('/link/token/create', linkTokenCreateReply, () =>
        client.linkTokenCreate({
          ...credentials,
          client_name: options.clientName ?? PLAID_DEFAULT_CLIENT_NAME,
          language: language ?? 'en',
          country_codes: [CountryCode.Us],
          user: { client_user_id: applicationId },
          // Update mode (the customer signs in again at a disconnected item's bank) names the item by its
          // access token and takes no products: the item already has them.
          ...(accessToken
            ? { access_token: accessToken }
            : {
                products: [Products.Transactions],
                transactions: { days_requested: PLAID_TRANSACTIONS_DAYS_REQUESTED },
              }),
          ...(webhookUrl ? { webhook: webhookUrl } : {}),
        }),
      );
      const token: LinkToken = { linkToken: reply.link_token, expiration: reply.expiration };
      return token;
    },

    // The public token is the one Link's onSuccess handed the page. Which link token it came from cannot be
    // asked of Plaid: /link/token/get lists a session's public tokens "by default … only for Hosted Link
    // sessions". The server binds the exchange to the link token it issued to the application instead.
    async exchangePublicToken({ publicToken }) {
      const reply = await call('/item/public_token/exchange', exchangeReply, () =>
        client.itemPublicTokenExchange({ ...credentials, public_token: publicToken }),
      );
      return { accessToken: reply.access_token, itemId: reply.item_id };
    },

    async updateItemWebhook(accessToken, webhookUrl) {
      await call('/item/webhook/update', itemWebhookUpdateReply, () =>
        client.itemWebhookUpdate({ ...credentials, access_token: accessToken, webhook: webhookUrl }),
      );
    },

    async getItem(accessToken) {
      const { item } = await call('/item/get', itemGetReply, () =>
        client.itemGet({ ...credentials, access_token: accessToken }),
      );
      if (!item.institution_id) throw new Error(`Plaid /item/get: item ${item.item_id} has no institution`);
      const institutionId = item.institution_id;
      let institutionName = item.institution_name ?? null;
      if (!institutionName) {
        const reply = await call('/institutions/get_by_id', institutionReply, () =>
          client.institutionsGetById({
            ...credentials,
            institution_id: institutionId,
            country_codes: [CountryCode.Us],
          }),
        );
        institutionName = reply.institution.name;
      }
      const result: BankItem = { itemId: item.item_id, institutionId, institutionName };
      return result;
    },

    async getAccounts(accessToken) {
      const reply = await call('/accounts/get', accountsReply, () =>
        client.accountsGet({ ...credentials, access_token: accessToken }),
      );
      return reply.accounts.map((a): BankAccount => ({
        accountId: a.account_id,
        mask: a.mask,
        name: a.name,
        officialName: a.official_name,
        type: a.type,
        subtype: a.subtype,
        balances: { available: toCents(a.balances.available), current: toCents(a.balances.current) },
        verificationStatus: a.verification_status ?? null,
      }));
    },

    async syncTransactions(accessToken, cursor) {
      const reply = await call('/transactions/sync', syncReply, () =>
        client.transactionsSync({
          ...credentials,
          access_token: accessToken,
          count: PLAID_SYNC_PAGE_SIZE,
          ...(cursor ? { cursor } : {}),
        }),
      );
      const page: TransactionsPage = {
        added: reply.added.map(toTransaction),
        modified: reply.modified.map(toTransaction),
        removed: reply.removed.map((r) => r.transaction_id),
        nextCursor: reply.next_cursor,
        hasMore: reply.has_more,
        // NOT_READY: nothing read yet; INITIAL_UPDATE_COMPLETE: the last 30 days only. Only a complete
        // history is a history (an unknown status is not taken for one: the webhook will say).
        historyComplete: reply.transactions_update_status === 'HISTORICAL_UPDATE_COMPLETE',
      };
      return page;
    },

    // Plaid's documented verification: the Plaid-Verification header is an ES256 JWT whose key is fetched
    // by its kid; it must be fresh and its request_body_sha256 claim must be the body's SHA-256.
    async verifyWebhook({ rawBody, headers }) {
      const jwt = headerValue(headers, 'plaid-verification');
      if (typeof rawBody !== 'string' || !jwt) return null;
      const parts = jwt.split('.');
      if (parts.length !== 3) return null;
      const [encodedHeader = '', encodedClaims = '', encodedSignature = ''] = parts;
      const header = decodeSegment(encodedHeader, jwtHeader);
      // The algorithm is fixed here, never taken from the token, so a token cannot pick a weaker one.
      if (!header || header.alg !== 'ES256' || header.kid.length > MAX_KID_LENGTH) return null;
      const key = await webhookKey(header.kid);
      if (!key) return null;
      let signed: boolean;
      try {
        signed = verify(
          'sha256',
          Buffer.from(`${encodedHeader}.${encodedClaims}`),
          { key, dsaEncoding: 'ieee-p1363' },
          Buffer.from(encodedSignature, 'base64url'),
        );
      } catch {
        return null;
      }
      if (!signed) return null;
      const claims = decodeSegment(encodedClaims, jwtClaims);
      if (!claims) return null;
      const age = now().getTime() / 1000 - claims.iat;
      // A small allowance for a clock running ahead of ours; a signature from the future is not taken.
      if (age > PLAID_WEBHOOK_MAX_AGE_SECONDS || age < -PLAID_WEBHOOK_MAX_AGE_SECONDS) return null;
      const bodyHash = createHash('sha256').update(rawBody, 'utf8').digest('hex');
      if (!safeEqual(bodyHash, claims.request_body_sha256.toLowerCase())) return null;
      return parseWebhookBody(rawBody);
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Plaid's replies, as far as this adapter reads them.

const plaidErrorReply = z.object({
  error_type: z.string(),
  error_code: z.string(),
  error_message: z.string(),
  display_message: z.string().nullish(),
  request_id: z.string().optional(),
});

const linkTokenCreateReply = z.object({ link_token: z.string().min(1), expiration: z.string().min(1) });

const exchangeReply = z.object({ access_token: z.string().min(1), item_id: z.string().min(1) });

const itemWebhookUpdateReply = z.object({ item: z.object({ item_id: z.string() }) });

const itemGetReply = z.object({
  item: z.object({
    item_id: z.string().min(1),
    institution_id: z.string().nullish(),
    institution_name: z.string().nullish(),
  }),
});

const institutionReply = z.object({
  institution: z.object({ institution_id: z.string(), name: z.string().min(1) }),
});

const accountsReply = z.object({
  accounts: z.array(
    z.object({
      account_id: z.string().min(1),
      balances: z.object({ available: z.number().nullable(), current: z.number().nullable() }),
      mask: z.string().nullable(),
      name: z.string(),
      official_name: z.string().nullable(),
      type: z.string(),
      subtype: z.string().nullable(),
      verification_status: z.string().nullish(),
    }),
  ),
});

const transactionReply = z.object({
  transaction_id: z.string().min(1),
  account_id: z.string().min(1),
  amount: z.number(),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  name: z.string().nullish(),
  merchant_name: z.string().nullish(),
  pending: z.boolean(),
});

const syncReply = z.object({
  added: z.array(transactionReply),
  modified: z.array(transactionReply),
  removed: z.array(z.object({ transaction_id: z.string() })),
  next_cursor: z.string(),
  has_more: z.boolean(),
  transactions_update_status: z.string().nullish(),
});

const webhookKeyReply = z.object({
  key: z.object({
    alg: z.literal('ES256'),
    crv: z.literal('P-256'),
    kid: z.string(),
    kty: z.literal('EC'),
    x: z.string(),
    y: z.string(),
    expired_at: z.number().nullable(),
  }),
});

const jwtHeader = z.object({ alg: z.string(), kid: z.string().min(1) });
const jwtClaims = z.object({ iat: z.number(), request_body_sha256: z.string() });

/**
 * Runs one SDK call and parses its reply. A failure becomes an error of our own: the SDK's (axios) error
 * carries the request, with the secret in its body, and must not reach a log.
 */
async function call<T>(
  endpoint: string,
  schema: z.ZodType<T>,
  run: () => Promise<{ data: unknown }>,
): Promise<T> {
  let data: unknown;
  try {
    data = (await run()).data;
  } catch (error) {
    const response = (error as { response?: { status?: unknown; data?: unknown } } | null)?.response;
    const plaidError = plaidErrorReply.safeParse(response?.data);
    if (plaidError.success) {
      const apiError = new PlaidApiError(
        endpoint,
        plaidError.data,
        typeof response?.status === 'number' ? response.status : null,
      );
      // The errors the callers act on, in the port's own terms: the item is marked disconnected; a reading
      // whose transactions changed between pages starts again.
      if (plaidError.data.error_code === 'ITEM_LOGIN_REQUIRED') {
        throw new BankLinkLoginRequiredError(apiError.message, { cause: apiError });
      }
      if (plaidError.data.error_code === 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION') {
        throw new BankLinkSyncMutationError(apiError.message, { cause: apiError });
      }
      throw new PlaidApiError(
        endpoint,
        plaidError.data,
        typeof response?.status === 'number' ? response.status : null,
      );
    }
    const status = typeof response?.status === 'number' ? ` (HTTP ${response.status})` : '';
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`Plaid ${endpoint}: the request failed${status}: ${message}`);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new Error(
      `Plaid ${endpoint}: the reply is not what Plaid documents: ${z.prettifyError(parsed.error)}`,
    );
  }
  return parsed.data;
}

function toCents(dollars: number | null): number | null {
  return dollars === null ? null : Math.round(dollars * 100);
}

function toTransaction(t: z.infer<typeof transactionReply>): BankTransaction {
  return {
    transactionId: t.transaction_id,
    accountId: t.account_id,
    amount: Math.round(t.amount * 100),
    date: t.date,
    name: t.name || t.merchant_name || '',
    pending: t.pending,
  };
}

/** The cache's answer for a kid Plaid does not know: one settled promise, shared. */
const UNKNOWN: Promise<KeyObject | null> = Promise.resolve(null);

function decodeSegment<T>(segment: string, schema: z.ZodType<T>): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(segment, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function headerValue(headers: Record<string, string | undefined>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers ?? {})) {
    if (key.toLowerCase() === name) return value;
  }
  return undefined;
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

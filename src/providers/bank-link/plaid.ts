import { createHash, createPublicKey, timingSafeEqual, verify, type KeyObject } from 'node:crypto';
import { Configuration, CountryCode, PlaidApi, PlaidEnvironments, Products } from 'plaid';
import { z } from 'zod';
import type {
  BankAccount,
  BankItem,
  BankLink,
  BankLinkWebhook,
  BankTransaction,
  LinkToken,
  TransactionsPage,
} from './port';

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
/** Some Plaid calls take long (the first transactions pull); the SDK's default is to wait forever. */
const REQUEST_TIMEOUT_MS = 60_000;

export function createPlaidBankLink(options: PlaidBankLinkOptions): BankLink {
  if (!options.clientId || !options.secret) {
    throw new Error('Plaid: the client id and the secret are required');
  }
  const basePath = options.basePath ?? PlaidEnvironments[options.env];
  if (!basePath) throw new Error(`Plaid: unknown environment ${JSON.stringify(options.env)}`);
  const now = options.now ?? (() => new Date());
  const client = new PlaidApi(new Configuration({ basePath, baseOptions: { timeout: REQUEST_TIMEOUT_MS } }));
  // Credentials go in each request body, which Plaid accepts as well as the PLAID-CLIENT-ID/SECRET headers.
  const credentials = { client_id: options.clientId, secret: options.secret };
  /** Verification keys by kid; a key's promise is kept so concurrent webhooks fetch it once. */
  const webhookKeys = new Map<string, Promise<KeyObject | null>>();

  const webhookKey = (kid: string): Promise<KeyObject | null> => {
    let key = webhookKeys.get(kid);
    if (!key) {
      key = fetchWebhookKey(kid);
      webhookKeys.set(kid, key);
      // Only good keys stay: a made-up kid must not grow the cache, a network failure must be retried.
      key.then(
        (found) => (found ? undefined : webhookKeys.delete(kid)),
        () => webhookKeys.delete(kid),
      );
    }
    return key;
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
    if (reply.key.expired_at !== null) return null;
    const { kty, crv, x, y } = reply.key;
    return createPublicKey({ key: { kty, crv, x, y }, format: 'jwk' });
  };

  return {
    async createLinkToken({ applicationId, webhookUrl, accessToken }) {
      const reply = await call('/link/token/create', linkTokenCreateReply, () =>
        client.linkTokenCreate({
          ...credentials,
          client_name: options.clientName ?? PLAID_DEFAULT_CLIENT_NAME,
          language: 'en',
          country_codes: [CountryCode.Us],
          user: { client_user_id: applicationId },
          // Update mode: the item's own access token, and no products (the item keeps those it has).
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

    async exchangePublicToken({ publicToken, linkToken }) {
      // The public token must have come out of this application's own link session: Plaid lists the public
      // tokens each session of a link token produced.
      const session = await call('/link/token/get', linkTokenGetReply, () =>
        client.linkTokenGet({ ...credentials, link_token: linkToken }),
      );
      const issued = new Set<string>();
      for (const s of session.link_sessions ?? []) {
        for (const result of s.results?.item_add_results ?? []) issued.add(result.public_token);
        if (s.on_success?.public_token) issued.add(s.on_success.public_token);
      }
      if (!issued.has(publicToken)) {
        throw new Error('Plaid: the public token did not come out of this link session');
      }
      const reply = await call('/item/public_token/exchange', exchangeReply, () =>
        client.itemPublicTokenExchange({ ...credentials, public_token: publicToken }),
      );
      return { accessToken: reply.access_token, itemId: reply.item_id };
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
      if (!header || header.alg !== 'ES256') return null;
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

const linkTokenGetReply = z.object({
  link_token: z.string(),
  link_sessions: z
    .array(
      z.object({
        on_success: z.object({ public_token: z.string() }).nullish(),
        results: z
          .object({ item_add_results: z.array(z.object({ public_token: z.string() })).nullish() })
          .nullish(),
      }),
    )
    .nullish(),
});

const exchangeReply = z.object({ access_token: z.string().min(1), item_id: z.string().min(1) });

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

const webhookBody = z.object({
  webhook_type: z.string().min(1),
  webhook_code: z.string().min(1),
  item_id: z.string().nullish(),
});

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

function decodeSegment<T>(segment: string, schema: z.ZodType<T>): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(segment, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function parseWebhookBody(rawBody: string): BankLinkWebhook | null {
  try {
    const parsed = webhookBody.safeParse(JSON.parse(rawBody));
    if (!parsed.success) return null;
    const { webhook_type, webhook_code, item_id } = parsed.data;
    return { webhookType: webhook_type, webhookCode: webhook_code, itemId: item_id ?? null };
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

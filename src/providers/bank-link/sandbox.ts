import { dayOfNumber } from '#domain/calendar';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  BankLinkLoginRequiredError,
  type BankAccount,
  type BankItem,
  type BankLink,
  type BankTransaction,
  type LinkToken,
  type ReadOptions,
  type TransactionsPage,
} from './port';
import { parseWebhookBody } from './webhook-body';
import { sandboxBankHint } from '#domain/enrollment/sandbox-bank-hints';
import { MESSAGES } from '#domain/validation/messages';

/**
 * The built-in bank-linking provider (docs/providers.md, Bank link): offline, deterministic and stateless.
 * Nothing is kept in memory: link, public and access tokens are payloads signed with the configured secret,
 * so a token handed out before a server restart still works after it, and a token cannot be altered or made
 * up without the secret. The extra methods (institutions, signIn, createPublicToken) back the app's own link
 * dialog, which plays the part of the provider's widget.
 *
 * What a connection holds is decided by what the borrower types, as with every sandbox: the institution
 * picks the accounts on offer, the username picks the persona (its income and spending), and the access
 * token carries a seed, so an item's balances and transactions depend only on the token and the clock.
 *
 * Time moves on: every read can be asked about another day (`asOf`), and the answer is a function of the token
 * and that day alone, so the monitors can be run over a month of sandbox time. Some personas have events
 * counted from the day their access token was issued (a smaller paycheck, a fee, a lost connection); they
 * are listed in docs/providers.md.
 */

/** The institution's answer to a wrong password or an unknown username (the widget shows it as is). */
export const SANDBOX_BANK_LOGIN_ERROR = MESSAGES.bankLoginIncorrect;

/**
 * The sandbox's refusal of a wrong password or an unknown username: told apart by its type, so the route
 * answers with that message by its id (in the borrower's language), its English as the error's message.
 */
export class SandboxBankLoginRefusal extends Error {
  constructor() {
    super(SANDBOX_BANK_LOGIN_ERROR);
    this.name = 'SandboxBankLoginRefusal';
  }
}
/** The one password of every sandbox user, as in the provider's own sandbox. */
export const SANDBOX_BANK_PASSWORD = 'pass_good';
/** Usernames and the persona each one signs in as. */
export const SANDBOX_BANK_USERS = {
  /** Steady salary: the same net pay every other Friday. */
  good: 'user_good',
  /** Irregular income from several gig platforms: amounts and days vary. */
  gig: 'user_gig',
  /**
   * Salary, a low balance and an overdraft fee every eight weeks, plus one SANDBOX_OVERDRAFT_AFTER_DAYS after
   * the access token was issued.
   */
  overdraft: 'user_overdraft',
  /** Steady salary until the token is issued; every paycheck after that is half (hours cut). */
  shrinkingPay: 'user_shrinking_pay',
  /** Steady salary, and an insufficient-funds fee SANDBOX_NSF_AFTER_DAYS after the token was issued, then monthly. */
  nsf: 'user_nsf',
  /** Steady salary; SANDBOX_DISCONNECT_AFTER_DAYS after its token was issued the bank asks to sign in again. */
  disconnect: 'user_disconnect',
} as const;

/** Days after the access token's issue: the overdraft persona's extra fee. */
export const SANDBOX_OVERDRAFT_AFTER_DAYS = 7;
/** Days after the access token's issue: the first insufficient-funds fee (then every 30 days). */
export const SANDBOX_NSF_AFTER_DAYS = 10;
export const SANDBOX_NSF_FEE_NAME = 'NSF RETURNED ITEM FEE';
export const SANDBOX_NSF_FEE = 34_00;
/** Days after the access token's issue from which user_disconnect's item needs the customer to sign in again. */
export const SANDBOX_DISCONNECT_AFTER_DAYS = 14;
/** The share of each paycheck user_shrinking_pay still gets after the token's issue. */
export const SANDBOX_SHRUNK_PAY_SHARE = 0.5;

export const SANDBOX_BANK_INSTITUTION_IDS = {
  firstPlatypus: 'ins_first_platypus',
  tartan: 'ins_tartan',
  houndstooth: 'ins_houndstooth',
  gingham: 'ins_gingham',
  platypusSavings: 'ins_platypus_savings',
} as const;
/** Offers a savings account and a credit card only, to exercise the refusal of a connection with no checking. */
export const SANDBOX_NO_CHECKING_INSTITUTION_ID = SANDBOX_BANK_INSTITUTION_IDS.platypusSavings;

/** Link tokens live 4 hours, public tokens 30 minutes, as the provider's do. */
export const SANDBOX_LINK_TOKEN_TTL_MS = 4 * 60 * 60 * 1000;
export const SANDBOX_PUBLIC_TOKEN_TTL_MS = 30 * 60 * 1000;
export const SANDBOX_TRANSACTIONS_PAGE_SIZE = 100;
/** Days of posted history a new item has (six months and a margin), up to yesterday. */
export const SANDBOX_HISTORY_DAYS = 190;
export const SANDBOX_OVERDRAFT_FEE_NAME = 'OVERDRAFT FEE';
export const SANDBOX_OVERDRAFT_FEE = 35_00;
/** The header the sandbox's webhooks are signed in, the provider's name for it. */
export const SANDBOX_WEBHOOK_HEADER = 'plaid-verification';

export type SandboxInstitution = { id: string; name: string; hint: string; hintMessageId: string };
export type SandboxLinkAccount = {
  accountId: string;
  name: string;
  mask: string | null;
  subtype: string | null;
};

export type SandboxBankLink = BankLink & {
  /** The banks the link dialog offers, each with a hint telling the sandbox credentials. */
  institutions(): SandboxInstitution[];
  /** Signs in at the institution; answers the accounts to choose from. Rejects with the bank's message. */
  signIn(o: {
    linkToken: string;
    institutionId: string;
    username: string;
    password: string;
  }): Promise<SandboxLinkAccount[]>;
  /** Ends the link session with the chosen accounts; answers the public token the widget hands the browser. */
  createPublicToken(o: {
    linkToken: string;
    institutionId: string;
    username: string;
    accountIds: string[];
  }): Promise<string>;
};

type Persona = keyof typeof SANDBOX_BANK_USERS;
/** The income and spending a persona is drawn from: the monitoring personas are salaried like user_good. */
type Style = 'good' | 'gig' | 'overdraft';
const styleOf = (persona: Persona): Style =>
  persona === 'gig' || persona === 'overdraft' ? persona : 'good';
type AccountKind = 'checking' | 'savings' | 'card';
type InstitutionProduct = { kind: AccountKind; name: string; officialName: string | null };
type InstitutionDefinition = SandboxInstitution & { products: InstitutionProduct[] };

// The hints are messages (the dialog shows them in the page's language by their id); sent in English with it.
const STANDARD_HINT = sandboxBankHint('standard');

const INSTITUTIONS: InstitutionDefinition[] = [
  {
    id: SANDBOX_BANK_INSTITUTION_IDS.firstPlatypus,
    name: 'First Platypus Bank',
    ...STANDARD_HINT,
    products: [
      { kind: 'checking', name: 'Everyday Checking', officialName: 'First Platypus Everyday Checking' },
      { kind: 'savings', name: 'Platypus Savings', officialName: 'First Platypus High Yield Savings' },
      { kind: 'card', name: 'Platypus Rewards Visa', officialName: 'First Platypus Rewards Visa Signature' },
    ],
  },
  {
    id: SANDBOX_BANK_INSTITUTION_IDS.tartan,
    name: 'Tartan Bank',
    ...STANDARD_HINT,
    products: [
      { kind: 'checking', name: 'Tartan Checking', officialName: null },
      { kind: 'savings', name: 'Tartan Savings', officialName: null },
      { kind: 'card', name: 'Tartan Cash Back Card', officialName: 'Tartan Bank Cash Back Mastercard' },
    ],
  },
  {
    id: SANDBOX_BANK_INSTITUTION_IDS.houndstooth,
    name: 'Houndstooth Credit Union',
    ...STANDARD_HINT,
    products: [
      { kind: 'checking', name: 'Share Draft Checking', officialName: 'Houndstooth CU Share Draft' },
      { kind: 'savings', name: 'Share Savings', officialName: 'Houndstooth CU Primary Share' },
    ],
  },
  {
    id: SANDBOX_BANK_INSTITUTION_IDS.gingham,
    name: 'Gingham Community Bank',
    ...STANDARD_HINT,
    products: [
      { kind: 'checking', name: 'Free Checking', officialName: 'Gingham Community Free Checking' },
      { kind: 'savings', name: 'Statement Savings', officialName: null },
      { kind: 'card', name: 'Platinum Mastercard', officialName: 'Gingham Platinum Mastercard' },
    ],
  },
  {
    id: SANDBOX_BANK_INSTITUTION_IDS.platypusSavings,
    name: 'Platypus Savings & Card',
    ...sandboxBankHint('noChecking'),
    products: [
      { kind: 'savings', name: 'Online Savings', officialName: 'Platypus Online Savings' },
      { kind: 'card', name: 'Cash Rewards Card', officialName: 'Platypus Cash Rewards Visa' },
    ],
  },
];

const DAY_MS = 86_400_000;

/**
 * Creates the sandbox. `secret` signs every token (keep it stable across restarts, and secret: whoever has it
 * can mint access tokens); `now` sets the clock that token expiry and transaction dates count from.
 */
export function createSandboxBankLink(options: {
  secret: string;
  now?: () => Date;
  /**
   * Each link session's nonce, which (with the bank and user) seeds the item it makes; random by default. The
   * seed passes its own, so a seed makes the same items, accounts and transactions every time.
   */
  nonce?: () => string;
}): SandboxBankLink {
  if (typeof options.secret !== 'string' || options.secret === '') {
    throw new Error('Bank link sandbox: a secret is needed to sign its tokens');
  }
  const now = options.now ?? (() => new Date());
  const tokenKey = deriveKey(options.secret, 'tokens');

  /** The moment a read is about: the asked day, else the sandbox's clock. */
  const clockOf = (o?: ReadOptions) => o?.asOf ?? now();

  const readLinkToken = (linkToken: string) => {
    const payload = openToken(tokenKey, 'link', linkToken, linkPayload);
    if (!payload) throw new Error('Bank link sandbox: the link token is not valid');
    if (payload.expiresAt <= now().getTime()) {
      throw new Error('Bank link sandbox: the link token has expired');
    }
    return payload;
  };

  /** The access token's payload; rejects as the bank does when the customer must sign in again by `at`. */
  const readAccessToken = (accessToken: string, at?: Date) => {
    const payload = openToken(tokenKey, 'access', accessToken, accessPayload);
    if (!payload) throw new Error('Bank link sandbox: the access token is not valid');
    if (
      at &&
      payload.username === SANDBOX_BANK_USERS.disconnect &&
      payload.issuedAt !== undefined &&
      dayNumber(at) >= dayNumber(new Date(payload.issuedAt)) + SANDBOX_DISCONNECT_AFTER_DAYS
    ) {
      throw new BankLinkLoginRequiredError(
        'Bank link sandbox: ITEM_LOGIN_REQUIRED: the bank needs the customer to sign in again',
      );
    }
    return payload;
  };

  /** The accounts on offer at sign-in; ids and masks depend on the link session, as each item's do. */
  const accountsOnOffer = (linkToken: string, institutionId: string, username: string) => {
    const session = readLinkToken(linkToken);
    const institution = INSTITUTIONS.find((i) => i.id === institutionId);
    if (!institution) throw new Error(`Bank link sandbox: no institution ${JSON.stringify(institutionId)}`);
    const persona = personaOf(username);
    if (!persona) throw new SandboxBankLoginRefusal();
    // Update mode signs in again to the same item: the same bank and user, the same accounts.
    if (session.update && session.update.institutionId !== institution.id) {
      throw new Error(
        `Bank link sandbox: sign in again at ${institutionOf(session.update.institutionId).name}`,
      );
    }
    if (session.update && session.update.username !== username.trim()) throw new SandboxBankLoginRefusal();
    const seed = session.update?.seed ?? itemSeed(session, institution.id, username);
    return { institution, persona, seed, accounts: itemAccounts(institution, persona, seed) };
  };

  return {
    async createLinkToken({ applicationId, accessToken }) {
      if (typeof applicationId !== 'string' || applicationId.trim() === '') {
        throw new Error('Bank link sandbox: a link token needs the application id');
      }
      // Update mode: the session carries the item's seed, so the new access token reads the same item.
      const item = accessToken === undefined ? undefined : readAccessToken(accessToken);
      // The sandbox sends no webhooks of its own, so the webhook URL is not kept.
      const expiresAt = now().getTime() + SANDBOX_LINK_TOKEN_TTL_MS;
      const payload: z.infer<typeof linkPayload> = {
        applicationId,
        expiresAt,
        nonce: options.nonce?.() ?? randomBytes(9).toString('base64url'),
        ...(item
          ? { update: { seed: item.seed, institutionId: item.institutionId, username: item.username } }
          : {}),
      };
      const token: LinkToken = {
        linkToken: sealToken(tokenKey, 'link', payload),
        expiration: new Date(expiresAt).toISOString(),
      };
      return token;
    },

    async exchangePublicToken({ publicToken, linkToken }) {
      const payload = openToken(tokenKey, 'public', publicToken, publicPayload);
      if (!payload) throw new Error('Bank link sandbox: the public token is not valid');
      if (payload.expiresAt <= now().getTime()) {
        throw new Error('Bank link sandbox: the public token has expired');
      }
      if (payload.linkToken !== linkToken) {
        throw new Error('Bank link sandbox: the public token did not come out of this link session');
      }
      const session = openToken(tokenKey, 'link', payload.linkToken, linkPayload);
      if (!session) throw new Error('Bank link sandbox: the public token is not valid');
      const seed = session.update?.seed ?? itemSeed(session, payload.institutionId, payload.username);
      const itemId = opaqueId(seed, 'item');
      const access: z.infer<typeof accessPayload> = {
        itemId,
        institutionId: payload.institutionId,
        username: payload.username,
        accountIds: payload.accountIds,
        seed,
        // Events of some personas are counted from here (a reconnection issues a new token, a new start).
        issuedAt: now().getTime(),
      };
      return { accessToken: sealToken(tokenKey, 'access', access), itemId };
    },

    async getItem(accessToken, o) {
      const access = readAccessToken(accessToken, clockOf(o));
      const item: BankItem = {
        itemId: access.itemId,
        institutionId: access.institutionId,
        institutionName: institutionOf(access.institutionId).name,
      };
      return item;
    },

    async getAccounts(accessToken, o) {
      const at = clockOf(o);
      return chosenAccounts(readAccessToken(accessToken, at), dayNumber(at)).map(
        ({ kind: _kind, ...account }) => account,
      );
    },

    async syncTransactions(accessToken, cursor, o) {
      const at = clockOf(o);
      const access = readAccessToken(accessToken, at);
      const yesterday = dayNumber(at) - 1;
      let position = cursor === undefined ? null : readCursor(cursor);
      if (!position) position = { from: yesterday - SANDBOX_HISTORY_DAYS + 1, through: yesterday, offset: 0 };
      let all = itemTransactions(access, position.from, position.through);
      // Caught up with the last window: go on with whatever posted since.
      if (position.offset >= all.length && position.through < yesterday) {
        position = { from: position.through + 1, through: yesterday, offset: 0 };
        all = itemTransactions(access, position.from, position.through);
      }
      const added = all.slice(position.offset, position.offset + SANDBOX_TRANSACTIONS_PAGE_SIZE);
      const next = { ...position, offset: position.offset + added.length };
      const page: TransactionsPage = {
        added,
        modified: [],
        removed: [],
        nextCursor: Buffer.from(JSON.stringify(next)).toString('base64url'),
        hasMore: next.offset < all.length,
        // The sandbox's history is all there from the moment the item is made (no bank to read it from).
        historyComplete: true,
      };
      return page;
    },

    async updateItemWebhook(accessToken) {
      // The sandbox sends no webhooks of its own; the token is still checked, as the provider would.
      readAccessToken(accessToken);
    },

    async verifyWebhook({ rawBody, headers }) {
      const signature = headerValue(headers, SANDBOX_WEBHOOK_HEADER);
      if (typeof rawBody !== 'string' || !signature) return null;
      const expected = signSandboxWebhook(options.secret, rawBody)[SANDBOX_WEBHOOK_HEADER];
      if (!safeEqual(signature, expected)) return null;
      return parseWebhookBody(rawBody);
    },

    institutions: () =>
      INSTITUTIONS.map(({ id, name, hint, hintMessageId }) => ({ id, name, hint, hintMessageId })),

    async signIn({ linkToken, institutionId, username, password }) {
      const { accounts } = accountsOnOffer(linkToken, institutionId, username);
      if (password !== SANDBOX_BANK_PASSWORD) throw new SandboxBankLoginRefusal();
      return accounts.map(({ accountId, name, mask, subtype }) => ({ accountId, name, mask, subtype }));
    },

    async createPublicToken({ linkToken, institutionId, username, accountIds }) {
      const { accounts } = accountsOnOffer(linkToken, institutionId, username);
      const offered = new Set(accounts.map((a) => a.accountId));
      if (!Array.isArray(accountIds) || accountIds.length === 0) {
        throw new Error('Bank link sandbox: choose at least one account');
      }
      if (new Set(accountIds).size !== accountIds.length || accountIds.some((id) => !offered.has(id))) {
        throw new Error('Bank link sandbox: the chosen accounts are not all offered at this institution');
      }
      const payload: z.infer<typeof publicPayload> = {
        linkToken,
        institutionId,
        username: username.trim(),
        accountIds,
        expiresAt: now().getTime() + SANDBOX_PUBLIC_TOKEN_TTL_MS,
      };
      return sealToken(tokenKey, 'public', payload);
    },
  };
}

/**
 * The `plaid-verification` header the sandbox accepts for `rawBody`: an HMAC-SHA256 of the body under a key
 * derived from the secret (the sandbox does not emulate the provider's JWT signatures; the Plaid adapter does).
 */
export function signSandboxWebhook(
  secret: string,
  rawBody: string,
): Record<typeof SANDBOX_WEBHOOK_HEADER, string> {
  const signature = createHmac('sha256', deriveKey(secret, 'webhooks')).update(rawBody, 'utf8').digest('hex');
  return { [SANDBOX_WEBHOOK_HEADER]: signature };
}

// ---------------------------------------------------------------------------------------------------------
// Tokens: '<kind>-sandbox-<base64url JSON>.<base64url HMAC>', shaped like the provider's ('link-sandbox-…').
// The kind is signed too, so a public token can never pass for an access token.

type TokenKind = 'link' | 'public' | 'access';

const linkPayload = z.object({
  applicationId: z.string(),
  expiresAt: z.number(),
  nonce: z.string(),
  /** Update mode: the item signed in to again. */
  update: z.object({ seed: z.string(), institutionId: z.string(), username: z.string() }).optional(),
});
const publicPayload = z.object({
  linkToken: z.string(),
  institutionId: z.string(),
  username: z.string(),
  accountIds: z.array(z.string()).min(1),
  expiresAt: z.number(),
});
const accessPayload = z.object({
  itemId: z.string(),
  institutionId: z.string(),
  username: z.string(),
  accountIds: z.array(z.string()),
  seed: z.string(),
  /** When the token was issued (ms); tokens issued before it was recorded have no events. */
  issuedAt: z.number().optional(),
});
const cursorPayload = z.object({
  from: z.number().int(),
  through: z.number().int(),
  offset: z.number().int().nonnegative(),
});

/** Separate keys for tokens and webhooks, so a signature made for one purpose is worthless for the other. */
function deriveKey(secret: string, purpose: 'tokens' | 'webhooks'): Buffer {
  return createHmac('sha256', secret).update(`bank-link-sandbox/${purpose}`).digest();
}

function sealToken(key: Buffer, kind: TokenKind, payload: object): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const mac = createHmac('sha256', key).update(`${kind}.${body}`).digest('base64url');
  return `${kind}-sandbox-${body}.${mac}`;
}

function openToken<T>(key: Buffer, kind: TokenKind, token: unknown, schema: z.ZodType<T>): T | null {
  const prefix = `${kind}-sandbox-`;
  if (typeof token !== 'string' || !token.startsWith(prefix)) return null;
  const [body, mac, ...rest] = token.slice(prefix.length).split('.');
  if (body === undefined || mac === undefined || rest.length > 0) return null;
  const expected = createHmac('sha256', key).update(`${kind}.${body}`).digest('base64url');
  if (!safeEqual(mac, expected)) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function readCursor(cursor: string): z.infer<typeof cursorPayload> {
  try {
    const parsed = cursorPayload.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (parsed.success && parsed.data.from <= parsed.data.through + 1) return parsed.data;
  } catch {
    // Falls through to the refusal below.
  }
  throw new Error('Bank link sandbox: the transactions cursor is not valid');
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function headerValue(headers: Record<string, string | undefined>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers ?? {})) {
    if (key.toLowerCase() === name) return value;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Items and accounts.

type Access = z.infer<typeof accessPayload>;
type ItemAccount = BankAccount & { kind: AccountKind };

function personaOf(username: string): Persona | null {
  const typed = typeof username === 'string' ? username.trim() : '';
  const entry = Object.entries(SANDBOX_BANK_USERS).find(([, name]) => name === typed);
  return entry ? (entry[0] as Persona) : null;
}

function institutionOf(institutionId: string): InstitutionDefinition {
  const institution = INSTITUTIONS.find((i) => i.id === institutionId);
  if (!institution) throw new Error(`Bank link sandbox: no institution ${JSON.stringify(institutionId)}`);
  return institution;
}

/**
 * One seed per link session (its nonce), bank and user: the same sign-in offers the same account ids every
 * time.
 */
function itemSeed(session: { nonce: string }, institutionId: string, username: string): string {
  return createHash('sha256')
    .update(`${session.nonce}|${institutionId}|${username.trim()}`)
    .digest('hex')
    .slice(0, 32);
}

function itemAccounts(
  institution: InstitutionDefinition,
  persona: Persona,
  seed: string,
  day?: number,
): ItemAccount[] {
  const rng = rngFor(seed, 'accounts');
  const masks = new Set<string>();
  return institution.products.map((product) => {
    let mask = String(rng.int(0, 9_999)).padStart(4, '0');
    while (masks.has(mask)) mask = String((Number(mask) + 1) % 10_000).padStart(4, '0');
    masks.add(mask);
    return {
      kind: product.kind,
      accountId: opaqueId(seed, 'account', product.kind),
      mask,
      name: product.name,
      officialName: product.officialName,
      type: product.kind === 'card' ? 'credit' : 'depository',
      subtype: product.kind === 'card' ? 'credit card' : product.kind,
      balances: dayBalances(accountBalances(product.kind, persona, rng), product.kind, persona, seed, day),
      verificationStatus: null,
    };
  });
}

function accountBalances(kind: AccountKind, persona: Persona, rng: Rng): BankAccount['balances'] {
  if (kind === 'card') {
    // For a card, current is what is owed and available the credit left, as banks report them.
    const limit = rng.int(20, 100) * 100_00;
    const owed = rng.int(Math.round(limit * 0.45), Math.round(limit * 0.92));
    return { available: limit - owed, current: owed };
  }
  const [min, max] = BALANCE_RANGES[styleOf(persona)][kind];
  const current = rng.int(min, max);
  // Card holds and pending debits keep the available balance a little under the current one.
  const available = kind === 'checking' ? current - rng.int(0, Math.min(current, 60_00)) : current;
  return { available, current };
}

const BALANCE_RANGES: Record<Style, Record<'checking' | 'savings', [number, number]>> = {
  good: { checking: [1_200_00, 4_800_00], savings: [2_000_00, 9_000_00] },
  gig: { checking: [250_00, 1_400_00], savings: [50_00, 900_00] },
  overdraft: { checking: [3_00, 48_00], savings: [0, 25_00] },
};

/**
 * A depository account's balance on a given day: the item's own level moved up or down by up to a tenth,
 * differently each day, and kept within the persona's range (the overdraft persona always runs low). Without
 * a day (the accounts offered at sign-in) the level itself.
 */
function dayBalances(
  level: BankAccount['balances'],
  kind: AccountKind,
  persona: Persona,
  seed: string,
  day: number | undefined,
): BankAccount['balances'] {
  if (kind === 'card' || day === undefined || level.current === null) return level;
  const [min, max] = BALANCE_RANGES[styleOf(persona)][kind];
  const factor = rngFor(seed, 'balance', kind, day).int(90, 110) / 100;
  const current = Math.min(max, Math.max(min, Math.round(level.current * factor)));
  const hold = (level.current ?? 0) - (level.available ?? level.current ?? 0);
  return { current, available: Math.max(0, current - hold) };
}

function chosenAccounts(access: Access, day?: number): ItemAccount[] {
  const accounts = itemAccounts(
    institutionOf(access.institutionId),
    personaFromToken(access),
    access.seed,
    day,
  );
  return accounts.filter((a) => access.accountIds.includes(a.accountId));
}

function personaFromToken(access: Access): Persona {
  const persona = personaOf(access.username);
  if (!persona) throw new Error('Bank link sandbox: the access token is not valid');
  return persona;
}

// ---------------------------------------------------------------------------------------------------------
// Transactions: generated day by day from the item's seed, so a day always holds the same transactions with
// the same ids, whichever window or page asks for it. History posts up to yesterday: banks post overnight,
// and yesterday in UTC is never a future date anywhere in the US.

type DayContext = {
  seed: string;
  persona: Persona;
  profile: Profile;
  /** Where pay lands and bills are paid from: checking, or savings when no checking was chosen. */
  spendingAccountId: string;
  /** A savings account beside a checking one, fed by transfers. */
  savingsAccountId: string | null;
  /** The savings account that earns interest, if one was chosen. */
  interestAccountId: string | null;
  /** The day the access token was issued, which some personas' events count from; null for older tokens. */
  issueDay: number | null;
};

type Draft = { accountId: string; amount: number; name: string };

type Profile = {
  employer: string;
  netPay: number;
  /** Which of the alternating Fridays is payday. */
  payWeek: 0 | 1;
  rentName: string;
  rent: number;
  electric: { name: string; day: number };
  internet: { name: string; day: number; amount: number };
  phone: { name: string; day: number; amount: number };
  water: { name: string; day: number };
  subscriptions: { name: string; day: number; amount: number }[];
  cardPayments: { name: string; day: number; min: number; max: number }[];
  savingsTransfer: number;
};

const EMPLOYERS = [
  'ACME LOGISTICS PAYROLL',
  'BLUE RIVER HEALTH DIR DEP',
  'NORTHWIND TRADERS PAYROLL',
  'CONTOSO MFG PPD PAYROLL',
  'LAKESIDE SCHOOL DIST PAYRL',
];
const LANDLORDS = ['OAKWOOD APTS RENT', 'MAPLE COURT PROPERTY MGMT', 'RIVERSIDE RESIDENCES RENT'];
const ELECTRIC = ['CITY POWER & LIGHT', 'DUKE ENERGY PAYMENT', 'PG&E WEB ONLINE'];
const INTERNET = ['COMCAST XFINITY', 'SPECTRUM', 'VERIZON FIOS'];
const PHONE = ['T-MOBILE AUTOPAY', 'VERIZON WIRELESS', 'AT&T MOBILITY'];
const WATER = ['CITY WATER UTILITY', 'METRO WATER & SEWER'];
const SUBSCRIPTIONS = [
  { name: 'NETFLIX.COM', amount: 15_49 },
  { name: 'SPOTIFY USA', amount: 11_99 },
  { name: 'AMAZON PRIME MEMBERSHIP', amount: 14_99 },
  { name: 'HULU', amount: 9_99 },
  { name: 'PLANET FITNESS', amount: 24_99 },
];
const CARD_ISSUERS = [
  'CAPITAL ONE MOBILE PMT',
  'DISCOVER E-PAYMENT',
  'CHASE CREDIT CRD AUTOPAY',
  'CITI CARD ONLINE PMT',
];
const GROCERS = ['KROGER', 'SAFEWAY', 'ALDI', 'TRADER JOE S', 'WALMART SUPERCENTER', 'COSTCO WHSE'];
const DINING = ['STARBUCKS', 'MCDONALD S', 'CHIPOTLE', 'SUBWAY', 'PANERA BREAD', 'DOMINO S PIZZA'];
const FUEL = ['SHELL OIL', 'CHEVRON', 'EXXONMOBIL', 'SPEEDWAY'];
const GIG_PLATFORMS = [
  { name: 'UBER EARNINGS', min: 45_00, max: 320_00 },
  { name: 'DOORDASH DASHER PAY', min: 28_00, max: 240_00 },
  { name: 'LYFT DRIVER PAYOUT', min: 40_00, max: 290_00 },
  { name: 'INSTACART SHOPPER PAY', min: 35_00, max: 210_00 },
];
const GIG_FREELANCE = { name: 'UPWORK ESCROW INC', min: 250_00, max: 950_00 };

const FRIDAY = 5;

function itemTransactions(access: Access, from: number, through: number): BankTransaction[] {
  const accounts = chosenAccounts(access);
  const checking = accounts.find((a) => a.kind === 'checking');
  const savings = accounts.find((a) => a.kind === 'savings');
  const spending = checking ?? savings;
  if (!spending) return [];
  const persona = personaFromToken(access);
  const context: DayContext = {
    seed: access.seed,
    persona,
    profile: profileOf(access.seed, styleOf(persona)),
    spendingAccountId: spending.accountId,
    savingsAccountId: checking && savings ? savings.accountId : null,
    interestAccountId: savings?.accountId ?? null,
    issueDay: access.issuedAt === undefined ? null : dayNumber(new Date(access.issuedAt)),
  };
  const transactions: BankTransaction[] = [];
  for (let day = from; day <= through; day += 1) {
    const date = isoDate(day);
    dayDrafts(context, day).forEach((draft, index) => {
      transactions.push({
        transactionId: opaqueId(access.seed, 'transaction', day, index),
        accountId: draft.accountId,
        amount: draft.amount,
        date,
        name: draft.name,
        pending: false,
      });
    });
  }
  return transactions;
}

function profileOf(seed: string, persona: Style): Profile {
  const rng = rngFor(seed, 'profile');
  const scale = persona === 'good' ? 1 : 0.8;
  const subscriptionCount = persona === 'good' ? 3 : 2;
  const subscriptions = rng
    .shuffle(SUBSCRIPTIONS)
    .slice(0, subscriptionCount)
    .map((s) => ({ ...s, day: rng.int(2, 28) }));
  const cardPayments = rng
    .shuffle(CARD_ISSUERS)
    .slice(0, persona === 'good' ? 2 : 1)
    .map((name) => ({
      name,
      day: rng.int(10, 25),
      min: 95_00,
      max: persona === 'overdraft' ? 180_00 : 450_00,
    }));
  const netPay = { good: rng.int(1_850_00, 2_650_00), gig: 0, overdraft: rng.int(1_250_00, 1_550_00) }[
    persona
  ];
  return {
    employer: rng.pick(EMPLOYERS),
    netPay,
    payWeek: rng.chance(0.5) ? 1 : 0,
    rentName: rng.pick(LANDLORDS),
    rent: Math.round((rng.int(1_150_00, 1_850_00) * scale) / 100) * 100,
    electric: { name: rng.pick(ELECTRIC), day: rng.int(3, 12) },
    internet: { name: rng.pick(INTERNET), day: rng.int(5, 20), amount: rng.int(55_00, 89_99) },
    phone: { name: rng.pick(PHONE), day: rng.int(5, 25), amount: rng.int(45_00, 120_00) },
    water: { name: rng.pick(WATER), day: rng.int(12, 26) },
    subscriptions,
    cardPayments,
    savingsTransfer: persona === 'good' ? rng.int(1, 3) * 100_00 : persona === 'gig' ? 50_00 : 0,
  };
}

function dayDrafts(context: DayContext, day: number): Draft[] {
  const { profile, spendingAccountId: spending, savingsAccountId: savings, issueDay } = context;
  const persona = styleOf(context.persona);
  /** Days since the access token was issued (null for a token issued before events were recorded). */
  const sinceIssue = issueDay === null ? null : day - issueDay;
  const rng = rngFor(context.seed, 'day', day);
  const date = new Date(day * DAY_MS);
  const dayOfMonth = date.getUTCDate();
  const drafts: Draft[] = [];
  const out = (name: string, amount: number, accountId = spending) =>
    drafts.push({ accountId, amount, name });
  const into = (name: string, amount: number, accountId = spending) =>
    drafts.push({ accountId, amount: -amount, name });

  // Income.
  const payday =
    persona !== 'gig' && date.getUTCDay() === FRIDAY && Math.floor(day / 7) % 2 === profile.payWeek;
  // user_shrinking_pay: every paycheck after the token's issue is half (their hours were cut).
  const shrunk = context.persona === 'shrinkingPay' && sinceIssue !== null && sinceIssue > 0;
  if (payday) {
    into(profile.employer, shrunk ? Math.round(profile.netPay * SANDBOX_SHRUNK_PAY_SHARE) : profile.netPay);
  }
  if (persona === 'gig') {
    // Irregular: some days one platform pays, some days two, many days none; amounts vary with the work.
    for (const platform of GIG_PLATFORMS) {
      if (rng.chance(0.16)) into(platform.name, rng.int(platform.min, platform.max));
    }
    if (rng.chance(0.04)) into(GIG_FREELANCE.name, rng.int(GIG_FREELANCE.min, GIG_FREELANCE.max));
  }
  // The overdraft persona runs dry before every fourth payday (every eight weeks).
  const nextDayIsPayday =
    date.getUTCDay() === FRIDAY - 1 && Math.floor((day + 1) / 7) % 2 === profile.payWeek;
  if (persona === 'overdraft' && nextDayIsPayday && Math.floor((day + 1) / 14) % 4 === 0) {
    out(SANDBOX_OVERDRAFT_FEE_NAME, SANDBOX_OVERDRAFT_FEE);
  } else if (context.persona === 'overdraft' && sinceIssue === SANDBOX_OVERDRAFT_AFTER_DAYS) {
    // One more, a week after the connection, so a month of monitoring always sees one.
    out(SANDBOX_OVERDRAFT_FEE_NAME, SANDBOX_OVERDRAFT_FEE);
  }
  // user_nsf: a payment refused for insufficient funds, then again every 30 days.
  if (
    context.persona === 'nsf' &&
    sinceIssue !== null &&
    sinceIssue >= SANDBOX_NSF_AFTER_DAYS &&
    (sinceIssue - SANDBOX_NSF_AFTER_DAYS) % 30 === 0
  ) {
    out(SANDBOX_NSF_FEE_NAME, SANDBOX_NSF_FEE);
  }

  // Housing, utilities and bills.
  if (dayOfMonth === 1) out(profile.rentName, profile.rent);
  if (dayOfMonth === profile.electric.day) out(profile.electric.name, rng.int(68_00, 185_00));
  if (dayOfMonth === profile.water.day) out(profile.water.name, rng.int(28_00, 74_00));
  if (dayOfMonth === profile.internet.day) out(profile.internet.name, profile.internet.amount);
  if (dayOfMonth === profile.phone.day) out(profile.phone.name, profile.phone.amount);
  for (const subscription of profile.subscriptions) {
    if (dayOfMonth === subscription.day) out(subscription.name, subscription.amount);
  }
  for (const card of profile.cardPayments) {
    if (dayOfMonth === card.day) out(card.name, rng.int(card.min, card.max));
  }

  // Everyday spending.
  if (rng.chance(0.24)) out(rng.pick(GROCERS), rng.int(22_00, 185_00));
  if (rng.chance(0.3)) out(rng.pick(DINING), rng.int(5_50, 46_00));
  if (rng.chance(0.1)) out(rng.pick(FUEL), rng.int(28_00, 72_00));

  // Savings: a transfer on payday (mid-month for gig income), interest at the end of the month.
  if (savings && profile.savingsTransfer > 0) {
    const transferDay = persona === 'gig' ? dayOfMonth === 15 : payday;
    if (transferDay) {
      out('TRANSFER TO SAVINGS', profile.savingsTransfer);
      into('TRANSFER FROM CHECKING', profile.savingsTransfer, savings);
    }
  }
  const lastDayOfMonth = new Date((day + 1) * DAY_MS).getUTCDate() === 1;
  if (lastDayOfMonth && context.interestAccountId && persona !== 'overdraft') {
    into('INTEREST PAYMENT', rng.int(12, 4_50), context.interestAccountId);
  }
  return drafts;
}

// ---------------------------------------------------------------------------------------------------------
// Small helpers.

function dayNumber(date: Date): number {
  return Math.floor(date.getTime() / DAY_MS);
}

/** Days since 1970-01-01 as 'yyyy-MM-dd'. */
const isoDate = (day: number): string => dayOfNumber(day);

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An id shaped like the provider's (letters and digits), stable for its parts. */
function opaqueId(...parts: (string | number)[]): string {
  const digest = createHash('sha256').update(parts.join('|')).digest();
  return Array.from(digest.subarray(0, 32), (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
}

type Rng = {
  next(): number;
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  shuffle<T>(items: readonly T[]): T[];
};

/** mulberry32 seeded from a hash of the parts: the same numbers on every machine, unlike Math.random. */
function rngFor(...parts: (string | number)[]): Rng {
  let state = createHash('sha256').update(parts.join('|')).digest().readUInt32LE(0);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    shuffle: (items) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as (typeof copy)[number], copy[i] as (typeof copy)[number]];
      }
      return copy;
    },
  };
  return rng;
}

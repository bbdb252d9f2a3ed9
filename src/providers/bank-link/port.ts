/*
 * Bank linking ("Connects bank accounts through a bank-linking provider (transactions product).
 * The connection must include a checking account."). The borrower connects a bank in the provider's widget;
 * the widget hands the browser a short-lived public token, which the server exchanges for a long-lived access
 * token (a credential: stored encrypted) and reads the item, its accounts with balances, and its transactions.
 *
 * Money is integer cents. Transaction amounts keep the provider's sign convention: positive is money leaving
 * the account (a purchase, a bill), negative is money coming in (payroll, a refund).
 *
 * Every adapter (the sandbox, the Plaid one) passes tests/contracts/bank-link.contract.ts.
 */

/** A link session the widget is opened with; bound to one application (the provider's client_user_id). */
export type LinkToken = { linkToken: string; expiration: string };

export type BankItem = { itemId: string; institutionId: string; institutionName: string };

export type BankAccount = {
  accountId: string;
  /** Last 2 to 4 digits of the account number, as the bank shows them. */
  mask: string | null;
  name: string;
  officialName: string | null;
  /** depository, credit, loan, investment, other. */
  type: string;
  /** checking, savings, credit card... */
  subtype: string | null;
  /** Cents; null when the bank does not report it. */
  balances: { available: number | null; current: number | null };
  verificationStatus: string | null;
};

export type BankTransaction = {
  transactionId: string;
  accountId: string;
  /** Cents; positive = money out, negative = money in. */
  amount: number;
  /** 'yyyy-MM-dd'. */
  date: string;
  name: string;
  pending: boolean;
};

export type TransactionsPage = {
  added: BankTransaction[];
  /** Transactions already handed out whose details changed (a pending one posted, an amount corrected). */
  modified: BankTransaction[];
  removed: string[];
  /** Pass back to get the next page; stored to resume later syncs. */
  nextCursor: string;
  hasMore: boolean;
  /**
   * Whether the provider has read the item's whole history (six months and more). A bank connected a moment
   * ago answers nothing yet or only its last weeks: an income predicted then would be predicted from nothing.
   */
  historyComplete: boolean;
};

/**
 * A verified webhook from the provider (for example new transactions or an item that needs re-login).
 * `historicalUpdateComplete`: on a transactions notice, whether the item's whole history is now readable
 * (null when the notice does not say). `errorCode`: on an item error, the provider's code for it
 * (ITEM_LOGIN_REQUIRED…), else null.
 */
export type BankLinkWebhook = {
  webhookType: string;
  webhookCode: string;
  itemId: string | null;
  historicalUpdateComplete: boolean | null;
  errorCode: string | null;
};

/**
 * The item's transactions changed while they were being read page by page (the provider's
 * TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION): the pages read so far must be thrown away and the reading
 * started again from the cursor the first page was asked with. readTransactionUpdates (./sync) does this.
 */
export class BankLinkSyncMutationError extends Error {
  readonly code = 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION';
  constructor(message = 'Bank link: the transactions changed during pagination', options?: ErrorOptions) {
    super(message, options);
    this.name = 'BankLinkSyncMutationError';
  }
}

/**
 * The bank needs the customer to sign in again (a changed password, access revoked, the provider's
 * ITEM_LOGIN_REQUIRED): the item's data cannot be read until they link it again (update mode, below). The
 * monitors mark the item disconnected when a call rejects with it.
 */
export class BankLinkLoginRequiredError extends Error {
  readonly code = 'ITEM_LOGIN_REQUIRED';
  constructor(message = 'Bank link: the bank needs the customer to sign in again', options?: ErrorOptions) {
    super(message, options);
    this.name = 'BankLinkLoginRequiredError';
  }
}

/** A moment to read the item as of; only the sandbox can look at another day than today (see docs/providers.md). */
export type ReadOptions = { asOf?: Date };

export interface BankLink {
  /**
   * Starts a link session for the application (its id is the provider's client_user_id). With `accessToken`
   * the session is the provider's update mode: the customer signs in again at the bank of that item, and
   * the public token it ends with exchanges for a working access token of the SAME item (same item and
   * account ids). `webhookUrl`: where the provider sends the item's notices (new transactions, the history
   * read, a lost connection). `language`: the widget's language, the borrower's (English by default).
   */
  createLinkToken(o: {
    applicationId: string;
    webhookUrl?: string;
    accessToken?: string;
    language?: 'en' | 'es';
  }): Promise<LinkToken>;
  /**
   * Exchanges the widget's public token (the one its onSuccess hands the page) for an access token.
   * `linkToken` is the session the server issued to this application and remembered: the SERVER binds a
   * connection to the application (it exchanges only for an application holding an unexpired link token it
   * issued, each link token at most once). An adapter that can tell which session a public token came out
   * of (the sandbox, whose tokens say so) also refuses one from another session; Plaid cannot (its
   * /link/token/get lists a session's public tokens only for Hosted Link), so it relies on the server's check.
   * Rejects a public token the provider does not know (made up, expired, already exchanged).
   */
  exchangePublicToken(o: {
    publicToken: string;
    linkToken: string;
  }): Promise<{ accessToken: string; itemId: string }>;
  /** The item's institution. Rejects with BankLinkLoginRequiredError when the customer must sign in again. */
  getItem(accessToken: string, o?: ReadOptions): Promise<BankItem>;
  /** The item's accounts with their current balances (BankLinkLoginRequiredError as getItem). */
  getAccounts(accessToken: string, o?: ReadOptions): Promise<BankAccount[]>;
  /**
   * One page of transactions since `cursor` (none: from the start of the history, six months or more);
   * BankLinkLoginRequiredError as getItem; BankLinkSyncMutationError when the item changed between the pages
   * of one reading (start again from the reading's first cursor).
   */
  syncTransactions(accessToken: string, cursor?: string, o?: ReadOptions): Promise<TransactionsPage>;
  /**
   * Tells the provider where to send this item's webhooks from now on (an item connected before the URL was
   * configured, or since it changed).
   */
  updateItemWebhook(accessToken: string, webhookUrl: string): Promise<void>;
  /**
   * Verifies a webhook by the provider's signature over the raw body and answers what it says; null when the
   * signature, its age or the body hash does not check out (the caller answers 401 and ignores it).
   */
  verifyWebhook(o: {
    rawBody: string;
    headers: Record<string, string | undefined>;
  }): Promise<BankLinkWebhook | null>;
}

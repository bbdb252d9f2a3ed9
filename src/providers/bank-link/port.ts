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
  modified: BankTransaction[];
  removed: string[];
  /** Pass back to get the next page; stored to resume later syncs. */
  nextCursor: string;
  hasMore: boolean;
};

/** A verified webhook from the provider (for example new transactions or an item that needs re-login). */
export type BankLinkWebhook = { webhookType: string; webhookCode: string; itemId: string | null };

export interface BankLink {
  /**
   * Starts a link session for the application (its id is the provider's client_user_id). With `accessToken`
   * (an item whose connection stopped) the provider's widget opens in update mode for that item, so the
   * customer signs in to the same bank again; an adapter whose widget has no such mode links as usual.
   */
  createLinkToken(o: {
    applicationId: string;
    webhookUrl?: string;
    accessToken?: string;
  }): Promise<LinkToken>;
  /**
   * Exchanges the widget's public token for an access token. `linkToken` is the session the server issued to
   * this application: a public token that did not come out of that session is refused (rejects), so a token
   * issued for one application cannot be exchanged by another.
   */
  exchangePublicToken(o: {
    publicToken: string;
    linkToken: string;
  }): Promise<{ accessToken: string; itemId: string }>;
  /** The item's institution. */
  getItem(accessToken: string): Promise<BankItem>;
  /** The item's accounts with their current balances. */
  getAccounts(accessToken: string): Promise<BankAccount[]>;
  /** One page of transactions since `cursor` (none: from the start of the history, six months or more). */
  syncTransactions(accessToken: string, cursor?: string): Promise<TransactionsPage>;
  /**
   * Verifies a webhook by the provider's signature over the raw body and answers what it says; null when the
   * signature, its age or the body hash does not check out (the caller answers 401 and ignores it).
   */
  verifyWebhook(o: {
    rawBody: string;
    headers: Record<string, string | undefined>;
  }): Promise<BankLinkWebhook | null>;
}

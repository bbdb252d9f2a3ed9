import { describe, expect, it } from 'vitest';
import type { BankLink, BankTransaction } from '#providers/bank-link/port';

/**
 * What a run of the suite needs from an adapter: the adapter itself, a way to play the borrower completing
 * the provider's widget for a link token (the default connection: a bank with a checking account and
 * months of history), answering the widget's public token, a way to play the provider finishing reading the
 * item's history (Plaid reads it in the background after the connection; the sandbox has it at once), and a
 * way to sign a webhook body as the provider does, answering the headers it would be sent with.
 *
 * Binding a public token to the application is the server's job (it exchanges only against a link token it
 * issued to that application, once): Plaid cannot say which link session a public token came from, so the
 * suite does not ask an adapter to.
 */
export type BankLinkContractSubject = {
  bankLink: BankLink;
  connect: (linkToken: string) => Promise<string>;
  readHistory: (accessToken: string) => Promise<void>;
  signWebhook: (rawBody: string) => Promise<Record<string, string>>;
};

const DAY_MS = 86_400_000;
/** A guard against an adapter whose cursor never reaches the end. */
const MAX_PAGES = 100;

/** The suite every bank-link adapter passes, the sandbox and the Plaid one (against a local fake of Plaid). */
export function bankLinkContract(make: () => Promise<BankLinkContractSubject>): void {
  /** Links the default connection for an application and exchanges it, as the server does. */
  async function linked(subject: BankLinkContractSubject, applicationId = 'app-contract-1') {
    const { linkToken } = await subject.bankLink.createLinkToken({ applicationId });
    const publicToken = await subject.connect(linkToken);
    return subject.bankLink.exchangePublicToken({ publicToken, linkToken });
  }

  async function allTransactions(bankLink: BankLink, accessToken: string) {
    const added: BankTransaction[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const result = await bankLink.syncTransactions(accessToken, cursor);
      expect(result.modified).toEqual(expect.any(Array));
      expect(result.removed).toEqual(expect.any(Array));
      expect(typeof result.nextCursor).toBe('string');
      expect(typeof result.historyComplete).toBe('boolean');
      added.push(...result.added);
      cursor = result.nextCursor;
      if (!result.hasMore) {
        return { added, pages: page + 1, cursor, historyComplete: result.historyComplete };
      }
    }
    throw new Error(`transactions sync did not reach the end in ${MAX_PAGES} pages`);
  }

  describe('bank link contract', () => {
    it('creates a link token for an application, with an expiry in the future', async () => {
      const { bankLink } = await make();
      const before = Date.now();
      const token = await bankLink.createLinkToken({
        applicationId: 'app-contract-1',
        webhookUrl: 'https://example.com/webhooks/bank-link',
      });
      expect(token.linkToken).toEqual(expect.any(String));
      expect(token.linkToken.trim()).not.toBe('');
      expect(Date.parse(token.expiration)).toBeGreaterThan(before);
      const other = await bankLink.createLinkToken({ applicationId: 'app-contract-1' });
      expect(other.linkToken).not.toBe(token.linkToken);
    });

    it('exchanges a public token that came out of its own link session', async () => {
      const subject = await make();
      const { accessToken, itemId } = await linked(subject);
      expect(accessToken).toEqual(expect.any(String));
      expect(accessToken.trim()).not.toBe('');
      expect(itemId).toEqual(expect.any(String));
      expect(itemId.trim()).not.toBe('');
    });

    it('refuses a made-up public token', async () => {
      const { bankLink } = await make();
      const { linkToken } = await bankLink.createLinkToken({ applicationId: 'app-contract-1' });
      await expect(
        bankLink.exchangePublicToken({ publicToken: 'public-sandbox-not-a-real-token', linkToken }),
      ).rejects.toThrow();
    });

    it("answers the item's institution id and name", async () => {
      const subject = await make();
      const { accessToken, itemId } = await linked(subject);
      const item = await subject.bankLink.getItem(accessToken);
      expect(item.itemId).toBe(itemId);
      expect(item.institutionId.trim()).not.toBe('');
      expect(item.institutionName.trim()).not.toBe('');
    });

    it('answers well-formed accounts in cents, with a checking account for the default connection', async () => {
      const subject = await make();
      const { accessToken } = await linked(subject);
      const accounts = await subject.bankLink.getAccounts(accessToken);
      expect(accounts.length).toBeGreaterThan(0);
      expect(new Set(accounts.map((a) => a.accountId)).size).toBe(accounts.length);
      for (const account of accounts) {
        expect(account.accountId.trim()).not.toBe('');
        expect(account.name.trim()).not.toBe('');
        expect(account.mask === null || /^\d{2,4}$/.test(account.mask)).toBe(true);
        expect(['depository', 'credit', 'loan', 'investment', 'other']).toContain(account.type);
        expect(account.subtype === null || typeof account.subtype === 'string').toBe(true);
        expect(account.officialName === null || typeof account.officialName === 'string').toBe(true);
        expect(account.verificationStatus === null || typeof account.verificationStatus === 'string').toBe(
          true,
        );
        for (const balance of [account.balances.available, account.balances.current]) {
          expect(balance === null || Number.isInteger(balance)).toBe(true);
        }
      }
      const checking = accounts.filter((a) => a.type === 'depository' && a.subtype === 'checking');
      expect(checking.length).toBeGreaterThan(0);
    });

    it('pages transactions to the end: months of history, no future dates, integer cents, unique ids', async () => {
      const subject = await make();
      const { accessToken } = await linked(subject);
      await subject.readHistory(accessToken);
      const accounts = await subject.bankLink.getAccounts(accessToken);
      const { added, historyComplete } = await allTransactions(subject.bankLink, accessToken);
      expect(historyComplete).toBe(true);
      expect(added.length).toBeGreaterThan(0);
      expect(new Set(added.map((t) => t.transactionId)).size).toBe(added.length);

      // A US bank's dates are local dates, never later than the date in UTC.
      const today = new Date().toISOString().slice(0, 10);
      const accountIds = new Set(accounts.map((a) => a.accountId));
      for (const transaction of added) {
        expect(transaction.transactionId.trim()).not.toBe('');
        expect(accountIds.has(transaction.accountId)).toBe(true);
        expect(Number.isInteger(transaction.amount)).toBe(true);
        expect(transaction.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(Number.isNaN(Date.parse(transaction.date))).toBe(false);
        expect(transaction.date <= today).toBe(true);
        expect(transaction.name.trim()).not.toBe('');
        expect(typeof transaction.pending).toBe('boolean');
      }
      const dates = added.map((t) => Date.parse(t.date)).sort((a, b) => a - b);
      const days = ((dates.at(-1) ?? 0) - (dates[0] ?? 0)) / DAY_MS;
      expect(days).toBeGreaterThanOrEqual(150);
      // Money comes in (pay) and goes out (bills).
      expect(added.some((t) => t.amount < 0)).toBe(true);
      expect(added.some((t) => t.amount > 0)).toBe(true);
    });

    it('verifies a signed webhook and answers what it says', async () => {
      const subject = await make();
      const rawBody = JSON.stringify({
        webhook_type: 'TRANSACTIONS',
        webhook_code: 'SYNC_UPDATES_AVAILABLE',
        item_id: 'item-contract-1',
        initial_update_complete: true,
        historical_update_complete: true,
        environment: 'sandbox',
      });
      const headers = await subject.signWebhook(rawBody);
      await expect(subject.bankLink.verifyWebhook({ rawBody, headers })).resolves.toEqual({
        webhookType: 'TRANSACTIONS',
        webhookCode: 'SYNC_UPDATES_AVAILABLE',
        itemId: 'item-contract-1',
        historicalUpdateComplete: true,
        errorCode: null,
      });
      const errorBody = JSON.stringify({
        webhook_type: 'ITEM',
        webhook_code: 'ERROR',
        item_id: 'item-contract-1',
        error: { error_type: 'ITEM_ERROR', error_code: 'ITEM_LOGIN_REQUIRED', error_message: 'x' },
      });
      await expect(
        subject.bankLink.verifyWebhook({ rawBody: errorBody, headers: await subject.signWebhook(errorBody) }),
      ).resolves.toMatchObject({ webhookCode: 'ERROR', errorCode: 'ITEM_LOGIN_REQUIRED' });
    });

    it('takes a new webhook URL for a linked item, and refuses an access token it does not know', async () => {
      const subject = await make();
      const { accessToken } = await linked(subject);
      await expect(
        subject.bankLink.updateItemWebhook(accessToken, 'https://example.com/webhooks/bank-link'),
      ).resolves.toBeUndefined();
      await expect(
        subject.bankLink.updateItemWebhook(
          'access-sandbox-unknown',
          'https://example.com/webhooks/bank-link',
        ),
      ).rejects.toThrow();
    });

    it('refuses a webhook whose body was changed, whose signature is forged or missing', async () => {
      const subject = await make();
      const rawBody = JSON.stringify({
        webhook_type: 'ITEM',
        webhook_code: 'ERROR',
        item_id: 'item-contract-1',
      });
      const headers = await subject.signWebhook(rawBody);
      const verify = (body: string, h: Record<string, string | undefined>) =>
        subject.bankLink.verifyWebhook({ rawBody: body, headers: h });

      await expect(
        verify(rawBody.replace('item-contract-1', 'item-contract-2'), headers),
      ).resolves.toBeNull();
      await expect(verify(`${rawBody} `, headers)).resolves.toBeNull();

      const forged = Object.fromEntries(
        Object.entries(headers).map(([name, value]) => [name, flipCharacter(value)]),
      );
      await expect(verify(rawBody, forged)).resolves.toBeNull();
      const madeUp = Object.fromEntries(Object.keys(headers).map((name) => [name, 'not-a-signature']));
      await expect(verify(rawBody, madeUp)).resolves.toBeNull();
      await expect(verify(rawBody, {})).resolves.toBeNull();
    });
  });
}

/**
 * Changes one character well inside the value (the signature's end in a JWT or a hex or base64url MAC): not
 * the last one, whose spare bits in base64url may not count.
 */
function flipCharacter(value: string): string {
  const at = Math.max(0, value.length - 10);
  const current = value[at];
  const replacement = current === 'A' ? 'B' : 'A';
  return `${value.slice(0, at)}${replacement}${value.slice(at + 1)}`;
}

import { describe, expect, it } from 'vitest';
import { SANDBOX_BANK_HINTS } from '#domain/enrollment/sandbox-bank-hints';
import { formatEnglish } from '#domain/i18n/validation-messages';
import { bankLinkContract } from '#tests/contracts/bank-link.contract';
import { BankLinkLoginRequiredError, type BankLink, type BankTransaction } from './port';
import {
  createSandboxBankLink,
  SANDBOX_BANK_INSTITUTION_IDS,
  SANDBOX_BANK_LOGIN_ERROR,
  SANDBOX_BANK_PASSWORD,
  SANDBOX_BANK_USERS,
  SANDBOX_DISCONNECT_AFTER_DAYS,
  SANDBOX_HISTORY_DAYS,
  SANDBOX_NSF_AFTER_DAYS,
  SANDBOX_NSF_FEE,
  SANDBOX_NSF_FEE_NAME,
  SANDBOX_OVERDRAFT_AFTER_DAYS,
  SANDBOX_LINK_TOKEN_TTL_MS,
  SANDBOX_NO_CHECKING_INSTITUTION_ID,
  SANDBOX_OVERDRAFT_FEE,
  SANDBOX_OVERDRAFT_FEE_NAME,
  SANDBOX_TRANSACTIONS_PAGE_SIZE,
  signSandboxWebhook,
  type SandboxBankLink,
} from './sandbox';

const SECRET = 'sandbox-bank-link-test-secret';
const DAY_MS = 86_400_000;

bankLinkContract(async () => {
  const sandbox = createSandboxBankLink({ secret: SECRET });
  return {
    bankLink: sandbox,
    connect: (linkToken) => connect(sandbox, linkToken),
    // The sandbox's history is there from the start.
    readHistory: async () => undefined,
    signWebhook: async (rawBody) => signSandboxWebhook(SECRET, rawBody),
  };
});

/** The dialog's steps: sign in at a bank, choose every account (or some), get the public token. */
async function connect(
  sandbox: SandboxBankLink,
  linkToken: string,
  {
    institutionId = SANDBOX_BANK_INSTITUTION_IDS.firstPlatypus,
    username = SANDBOX_BANK_USERS.good,
    choose = () => true,
  }: { institutionId?: string; username?: string; choose?: (subtype: string | null) => boolean } = {},
): Promise<string> {
  const accounts = await sandbox.signIn({
    linkToken,
    institutionId,
    username,
    password: SANDBOX_BANK_PASSWORD,
  });
  const accountIds = accounts.filter((a) => choose(a.subtype)).map((a) => a.accountId);
  return sandbox.createPublicToken({ linkToken, institutionId, username, accountIds });
}

async function link(
  sandbox: SandboxBankLink,
  options: Parameters<typeof connect>[2] = {},
  applicationId = 'app-sandbox-1',
) {
  const { linkToken } = await sandbox.createLinkToken({ applicationId });
  const publicToken = await connect(sandbox, linkToken, options);
  return sandbox.exchangePublicToken({ publicToken, linkToken });
}

async function history(bankLink: BankLink, accessToken: string): Promise<BankTransaction[]> {
  const all: BankTransaction[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await bankLink.syncTransactions(accessToken, cursor);
    all.push(...page.added);
    cursor = page.nextCursor;
    if (!page.hasMore) return all;
  }
}

const fixedClock = (iso: string) => {
  let time = Date.parse(iso);
  return { now: () => new Date(time), advance: (ms: number) => (time += ms) };
};

describe('sandbox bank link (docs/providers.md)', () => {
  it('offers five banks, each with a hint telling the credentials', () => {
    const institutions = createSandboxBankLink({ secret: SECRET }).institutions();
    expect(institutions.map((i) => i.id)).toEqual(Object.values(SANDBOX_BANK_INSTITUTION_IDS));
    expect(institutions.map((i) => i.name)).toContain('First Platypus Bank');
    for (const institution of institutions) {
      expect(institution.hint).toContain('user_good');
      expect(institution.hint).toContain('pass_good');
      // The dialog words the hint by this id in the page's language, never by reading the English back.
      const descriptor = Object.values(SANDBOX_BANK_HINTS).find((d) => d.id === institution.hintMessageId);
      expect(descriptor && formatEnglish(descriptor)).toBe(institution.hint);
    }
  });

  it.each([
    ['a wrong password', SANDBOX_BANK_USERS.good, 'pass_bad'],
    ['an unknown username', 'user_unknown', SANDBOX_BANK_PASSWORD],
  ])("refuses %s with the bank's message", async (_label, username, password) => {
    const sandbox = createSandboxBankLink({ secret: SECRET });
    const { linkToken } = await sandbox.createLinkToken({ applicationId: 'app-sandbox-1' });
    const institutionId = SANDBOX_BANK_INSTITUTION_IDS.tartan;
    await expect(sandbox.signIn({ linkToken, institutionId, username, password })).rejects.toThrow(
      SANDBOX_BANK_LOGIN_ERROR,
    );
    expect(SANDBOX_BANK_LOGIN_ERROR).toBe('The username or password you entered is incorrect.');
  });

  it('refuses an unknown bank, and accounts the bank did not offer', async () => {
    const sandbox = createSandboxBankLink({ secret: SECRET });
    const { linkToken } = await sandbox.createLinkToken({ applicationId: 'app-sandbox-1' });
    const username = SANDBOX_BANK_USERS.good;
    await expect(
      sandbox.signIn({ linkToken, institutionId: 'ins_nowhere', username, password: SANDBOX_BANK_PASSWORD }),
    ).rejects.toThrow('no institution');
    const institutionId = SANDBOX_BANK_INSTITUTION_IDS.firstPlatypus;
    await expect(
      sandbox.createPublicToken({ linkToken, institutionId, username, accountIds: [] }),
    ).rejects.toThrow('at least one account');
    await expect(
      sandbox.createPublicToken({ linkToken, institutionId, username, accountIds: ['acc-made-up'] }),
    ).rejects.toThrow('not all offered');
  });

  it('offers only savings and a credit card at the no-checking bank', async () => {
    const sandbox = createSandboxBankLink({ secret: SECRET });
    const { accessToken } = await link(sandbox, { institutionId: SANDBOX_NO_CHECKING_INSTITUTION_ID });
    const accounts = await sandbox.getAccounts(accessToken);
    expect(accounts.map((a) => [a.type, a.subtype])).toEqual([
      ['depository', 'savings'],
      ['credit', 'credit card'],
    ]);
    expect((await sandbox.getItem(accessToken)).institutionName).toBe('Platypus Savings & Card');
    // Pay lands in the savings account there.
    const transactions = await history(sandbox, accessToken);
    const savings = accounts[0]?.accountId;
    expect(transactions.length).toBeGreaterThan(0);
    expect(transactions.every((t) => t.accountId === savings)).toBe(true);
  });

  it('answers only the chosen accounts, and transactions only on chosen depository accounts', async () => {
    const sandbox = createSandboxBankLink({ secret: SECRET });
    const { accessToken } = await link(sandbox, { choose: (subtype) => subtype !== 'savings' });
    const accounts = await sandbox.getAccounts(accessToken);
    expect(accounts.map((a) => a.subtype)).toEqual(['checking', 'credit card']);
    const checking = accounts[0];
    expect(checking?.mask).toMatch(/^\d{4}$/);
    expect(checking?.officialName).toBe('First Platypus Everyday Checking');
    const transactions = await history(sandbox, accessToken);
    expect(new Set(transactions.map((t) => t.accountId))).toEqual(new Set([checking?.accountId]));

    const cardOnly = await link(sandbox, { choose: (subtype) => subtype === 'credit card' });
    expect(await history(sandbox, cardOnly.accessToken)).toEqual([]);
  });

  it('keeps a credit card balance as owed (current) and credit left (available)', async () => {
    const sandbox = createSandboxBankLink({ secret: SECRET });
    const { accessToken } = await link(sandbox);
    const card = (await sandbox.getAccounts(accessToken)).find((a) => a.type === 'credit');
    expect(card?.balances.current).toBeGreaterThan(0);
    expect(card?.balances.available).toBeGreaterThan(0);
  });

  describe('personas', () => {
    const clock = fixedClock('2026-04-02T15:00:00Z');
    const sandbox = createSandboxBankLink({ secret: SECRET, now: clock.now });
    const deposits = (transactions: BankTransaction[]) => transactions.filter((t) => t.amount < 0);

    it(`gives ${SANDBOX_HISTORY_DAYS} days of history up to yesterday, in pages of ${SANDBOX_TRANSACTIONS_PAGE_SIZE}`, async () => {
      const { accessToken } = await link(sandbox);
      const first = await sandbox.syncTransactions(accessToken);
      expect(first.added).toHaveLength(SANDBOX_TRANSACTIONS_PAGE_SIZE);
      expect(first.hasMore).toBe(true);
      const transactions = await history(sandbox, accessToken);
      const dates = transactions.map((t) => t.date).sort();
      // Up to yesterday, the 1st, when rent is always paid; never today.
      expect(dates.at(-1)).toBe('2026-04-01');
      expect((Date.parse(dates.at(-1) ?? '') - Date.parse(dates[0] ?? '')) / DAY_MS).toBeGreaterThanOrEqual(
        180,
      );
    });

    it('user_good: the same net pay every other Friday, rent, bills and spending', async () => {
      const { accessToken } = await link(sandbox);
      const transactions = await history(sandbox, accessToken);
      const pay = deposits(transactions).filter((t) => /PAYROLL|PAYRL|DIR DEP/.test(t.name));
      expect(pay.length).toBeGreaterThanOrEqual(13);
      expect(new Set(pay.map((t) => t.amount)).size).toBe(1);
      for (const t of pay) expect(new Date(`${t.date}T00:00:00Z`).getUTCDay()).toBe(5);
      const gaps = pay.slice(1).map((t, i) => (Date.parse(t.date) - Date.parse(pay[i]?.date ?? '')) / DAY_MS);
      expect(new Set(gaps)).toEqual(new Set([14]));
      expect(
        transactions.filter((t) => t.date.endsWith('-01') && t.amount >= 900_00).length,
      ).toBeGreaterThanOrEqual(6);
      for (const name of [
        'NETFLIX.COM',
        'SPOTIFY USA',
        'AMAZON PRIME MEMBERSHIP',
        'HULU',
        'PLANET FITNESS',
      ]) {
        const charges = transactions.filter((t) => t.name === name);
        if (charges.length > 0) expect(new Set(charges.map((t) => t.amount)).size).toBe(1);
      }
      expect(transactions.some((t) => t.name === SANDBOX_OVERDRAFT_FEE_NAME)).toBe(false);
    });

    it('user_gig: deposits from several platforms, on irregular days, in varying amounts', async () => {
      const { accessToken } = await link(sandbox, { username: SANDBOX_BANK_USERS.gig });
      const transactions = await history(sandbox, accessToken);
      const gig = deposits(transactions).filter(
        (t) => !t.name.includes('INTEREST') && !t.name.includes('TRANSFER'),
      );
      expect(new Set(gig.map((t) => t.name)).size).toBeGreaterThanOrEqual(4);
      expect(gig.some((t) => /PAYROLL/.test(t.name))).toBe(false);
      expect(new Set(gig.map((t) => t.amount)).size).toBeGreaterThan(gig.length / 2);
      const days = [...new Set(gig.map((t) => t.date))].sort();
      const gaps = new Set(days.slice(1).map((d, i) => (Date.parse(d) - Date.parse(days[i] ?? '')) / DAY_MS));
      expect(gaps.size).toBeGreaterThanOrEqual(3);
    });

    it('user_overdraft: pay, a low balance and an overdraft fee', async () => {
      const { accessToken } = await link(sandbox, { username: SANDBOX_BANK_USERS.overdraft });
      const transactions = await history(sandbox, accessToken);
      const fees = transactions.filter((t) => t.name === SANDBOX_OVERDRAFT_FEE_NAME);
      expect(fees.length).toBeGreaterThanOrEqual(2);
      expect(fees.every((t) => t.amount === SANDBOX_OVERDRAFT_FEE)).toBe(true);
      expect(deposits(transactions).some((t) => /PAYROLL|PAYRL|DIR DEP/.test(t.name))).toBe(true);
      const checking = (await sandbox.getAccounts(accessToken)).find((a) => a.subtype === 'checking');
      expect(checking?.balances.current).toBeLessThan(50_00);
    });
  });

  it('is deterministic: the same token gives the same item, accounts and transactions, even after a restart', async () => {
    const clock = fixedClock('2026-03-18T15:00:00Z');
    const before = createSandboxBankLink({ secret: SECRET, now: clock.now });
    const { accessToken, itemId } = await link(before);
    const after = createSandboxBankLink({ secret: SECRET, now: clock.now });
    expect((await after.getItem(accessToken)).itemId).toBe(itemId);
    expect(await after.getAccounts(accessToken)).toEqual(await before.getAccounts(accessToken));
    expect(await history(after, accessToken)).toEqual(await history(before, accessToken));
    // Another session at the same bank is another item.
    const other = await link(before);
    expect(other.itemId).not.toBe(itemId);
  });

  it('a later sync from the stored cursor answers only what posted since', async () => {
    const clock = fixedClock('2026-03-18T15:00:00Z');
    const sandbox = createSandboxBankLink({ secret: SECRET, now: clock.now });
    const { accessToken } = await link(sandbox);
    let cursor: string | undefined;
    const first: BankTransaction[] = [];
    for (let more = true; more;) {
      const page = await sandbox.syncTransactions(accessToken, cursor);
      first.push(...page.added);
      cursor = page.nextCursor;
      more = page.hasMore;
    }
    const caughtUp = await sandbox.syncTransactions(accessToken, cursor);
    expect(caughtUp).toMatchObject({ added: [], hasMore: false, nextCursor: cursor });

    clock.advance(14 * DAY_MS);
    const later = await sandbox.syncTransactions(accessToken, cursor);
    expect(later.added.length).toBeGreaterThan(0);
    expect(later.added.every((t) => t.date >= '2026-03-18' && t.date <= '2026-03-31')).toBe(true);
    const known = new Set(first.map((t) => t.transactionId));
    expect(later.added.some((t) => known.has(t.transactionId))).toBe(false);
    await expect(sandbox.syncTransactions(accessToken, 'not-a-cursor')).rejects.toThrow(
      'cursor is not valid',
    );
  });

  it("refuses a public token from another application's link session (its tokens say which)", async () => {
    const sandbox = createSandboxBankLink({ secret: SECRET });
    const mine = await sandbox.createLinkToken({ applicationId: 'app-mine' });
    const theirs = await sandbox.createLinkToken({ applicationId: 'app-theirs' });
    const theirPublicToken = await connect(sandbox, theirs.linkToken);
    await expect(
      sandbox.exchangePublicToken({ publicToken: theirPublicToken, linkToken: mine.linkToken }),
    ).rejects.toThrow('did not come out of this link session');
    await expect(
      sandbox.exchangePublicToken({ publicToken: theirPublicToken, linkToken: theirs.linkToken }),
    ).resolves.toEqual({ accessToken: expect.any(String), itemId: expect.any(String) });
  });

  it('refuses an expired link token, and one signed with another secret or altered', async () => {
    const clock = fixedClock('2026-03-18T15:00:00Z');
    const sandbox = createSandboxBankLink({ secret: SECRET, now: clock.now });
    const signIn = (linkToken: string) =>
      sandbox.signIn({
        linkToken,
        institutionId: SANDBOX_BANK_INSTITUTION_IDS.tartan,
        username: SANDBOX_BANK_USERS.good,
        password: SANDBOX_BANK_PASSWORD,
      });
    const { linkToken, expiration } = await sandbox.createLinkToken({ applicationId: 'app-sandbox-1' });
    expect(expiration).toBe(
      new Date(Date.parse('2026-03-18T15:00:00Z') + SANDBOX_LINK_TOKEN_TTL_MS).toISOString(),
    );

    const forged = await createSandboxBankLink({ secret: 'another-secret', now: clock.now }).createLinkToken({
      applicationId: 'app-sandbox-1',
    });
    await expect(signIn(forged.linkToken)).rejects.toThrow('link token is not valid');
    const [body, mac] = linkToken.split('.');
    const altered = `${body?.slice(0, -2)}x${body?.slice(-1)}.${mac}`;
    await expect(signIn(altered)).rejects.toThrow('link token is not valid');

    await expect(signIn(linkToken)).resolves.toHaveLength(3);
    clock.advance(SANDBOX_LINK_TOKEN_TTL_MS);
    await expect(signIn(linkToken)).rejects.toThrow('link token has expired');
  });

  it('refuses a public token that is expired, forged or passed off as an access token', async () => {
    const clock = fixedClock('2026-03-18T15:00:00Z');
    const sandbox = createSandboxBankLink({ secret: SECRET, now: clock.now });
    const { linkToken } = await sandbox.createLinkToken({ applicationId: 'app-sandbox-1' });
    const publicToken = await connect(sandbox, linkToken);
    await expect(sandbox.getItem(publicToken)).rejects.toThrow('access token is not valid');

    const other = createSandboxBankLink({ secret: 'another-secret', now: clock.now });
    const { linkToken: otherLink } = await other.createLinkToken({ applicationId: 'app-sandbox-1' });
    const forged = await connect(other, otherLink);
    await expect(sandbox.exchangePublicToken({ publicToken: forged, linkToken: otherLink })).rejects.toThrow(
      'public token is not valid',
    );

    clock.advance(31 * 60 * 1000);
    await expect(sandbox.exchangePublicToken({ publicToken, linkToken })).rejects.toThrow('has expired');
  });

  it('refuses to start without a secret', () => {
    expect(() => createSandboxBankLink({ secret: '' })).toThrow('a secret');
  });

  it('verifies its own webhook signature, under its own secret only', async () => {
    const sandbox = createSandboxBankLink({ secret: SECRET });
    const rawBody = JSON.stringify({
      webhook_type: 'ITEM',
      webhook_code: 'PENDING_EXPIRATION',
      item_id: null,
    });
    await expect(
      sandbox.verifyWebhook({ rawBody, headers: signSandboxWebhook(SECRET, rawBody) }),
    ).resolves.toEqual({
      webhookType: 'ITEM',
      webhookCode: 'PENDING_EXPIRATION',
      itemId: null,
      historicalUpdateComplete: null,
      errorCode: null,
    });
    const headers = { 'Plaid-Verification': signSandboxWebhook(SECRET, rawBody)['plaid-verification'] };
    await expect(sandbox.verifyWebhook({ rawBody, headers })).resolves.not.toBeNull();
    await expect(
      sandbox.verifyWebhook({ rawBody, headers: signSandboxWebhook('another-secret', rawBody) }),
    ).resolves.toBeNull();
    const notJson = 'hello';
    await expect(
      sandbox.verifyWebhook({ rawBody: notJson, headers: signSandboxWebhook(SECRET, notJson) }),
    ).resolves.toBeNull();
  });

  describe('time and the monitoring personas (docs/providers.md, Events)', () => {
    const issued = '2026-03-02T10:00:00Z';
    const sandbox = createSandboxBankLink({ secret: SECRET, now: () => new Date(issued) });
    const asOf = (days: number) => ({ asOf: new Date(Date.parse(issued) + days * DAY_MS) });
    /** Every transaction posted after the token's issue, up to the day before `days` later. */
    const since = async (accessToken: string, days: number) => {
      const all: BankTransaction[] = [];
      let cursor: string | undefined;
      for (let more = true; more;) {
        const page = await sandbox.syncTransactions(accessToken, cursor, asOf(days));
        all.push(...page.added);
        cursor = page.nextCursor;
        more = page.hasMore;
      }
      return all.filter((t) => t.date >= '2026-03-02');
    };

    it('answers as of another day: transactions up to the day before, balances of that day', async () => {
      const { accessToken } = await link(sandbox);
      const later = await since(accessToken, 20);
      expect(later.length).toBeGreaterThan(0);
      expect(later.every((t) => t.date <= '2026-03-21')).toBe(true);
      const day = async (n: number) =>
        (await sandbox.getAccounts(accessToken, asOf(n))).find((a) => a.subtype === 'checking')!.balances;
      expect(await day(3)).toEqual(await day(3));
      const week = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(day));
      expect(new Set(week.map((b) => b.current)).size).toBeGreaterThan(1);
      for (const b of week) expect(b.current).toBeGreaterThanOrEqual(1_200_00);
    });

    it('user_shrinking_pay: every paycheck after the issue is half of those before', async () => {
      const { accessToken } = await link(sandbox, { username: SANDBOX_BANK_USERS.shrinkingPay });
      const pay = (await history(sandbox, accessToken)).filter(
        (t) => t.amount < 0 && /PAYROLL|PAYRL|DIR DEP/.test(t.name),
      );
      const after = (await since(accessToken, 35)).filter(
        (t) => t.amount < 0 && /PAYROLL|PAYRL|DIR DEP/.test(t.name),
      );
      expect(after.length).toBeGreaterThanOrEqual(2);
      for (const t of after) expect(t.amount).toBe(-Math.round(-pay[0]!.amount / 2));
    });

    it('user_nsf: an NSF fee 10 days after the issue, then every 30 days; user_overdraft one 7 days after', async () => {
      const nsf = await link(sandbox, { username: SANDBOX_BANK_USERS.nsf });
      const fees = (await since(nsf.accessToken, 45)).filter((t) => t.name === SANDBOX_NSF_FEE_NAME);
      expect(fees.map((t) => [t.date, t.amount])).toEqual([
        [`2026-03-${String(2 + SANDBOX_NSF_AFTER_DAYS)}`, SANDBOX_NSF_FEE],
        ['2026-04-11', SANDBOX_NSF_FEE],
      ]);
      expect((await history(sandbox, nsf.accessToken)).some((t) => t.name === SANDBOX_NSF_FEE_NAME)).toBe(
        false,
      );
      const overdraft = await link(sandbox, { username: SANDBOX_BANK_USERS.overdraft });
      const dates = (await since(overdraft.accessToken, 10))
        .filter((t) => t.name === SANDBOX_OVERDRAFT_FEE_NAME)
        .map((t) => t.date);
      expect(dates).toContain(`2026-03-0${2 + SANDBOX_OVERDRAFT_AFTER_DAYS}`);
    });

    it('user_disconnect: login required from day 14; linking again in update mode gives the same item, working', async () => {
      const { accessToken, itemId } = await link(sandbox, { username: SANDBOX_BANK_USERS.disconnect });
      await expect(
        sandbox.getAccounts(accessToken, asOf(SANDBOX_DISCONNECT_AFTER_DAYS - 1)),
      ).resolves.toHaveLength(3);
      for (const read of [
        () => sandbox.getAccounts(accessToken, asOf(SANDBOX_DISCONNECT_AFTER_DAYS)),
        () => sandbox.getItem(accessToken, asOf(SANDBOX_DISCONNECT_AFTER_DAYS)),
        () => sandbox.syncTransactions(accessToken, undefined, asOf(20)),
      ]) {
        await expect(read()).rejects.toBeInstanceOf(BankLinkLoginRequiredError);
      }
      // The customer links again 20 days on: update mode names the item by its access token.
      const reconnectAt = new Date(Date.parse(issued) + 20 * DAY_MS);
      const later = createSandboxBankLink({ secret: SECRET, now: () => reconnectAt });
      const { linkToken } = await later.createLinkToken({ applicationId: 'app-sandbox-1', accessToken });
      await expect(
        connect(later, linkToken, {
          institutionId: SANDBOX_BANK_INSTITUTION_IDS.tartan,
          username: SANDBOX_BANK_USERS.disconnect,
        }),
      ).rejects.toThrow('sign in again at First Platypus Bank');
      const publicToken = await connect(later, linkToken, { username: SANDBOX_BANK_USERS.disconnect });
      const again = await later.exchangePublicToken({ publicToken, linkToken });
      expect(again.accessToken).not.toBe(accessToken);
      expect(again.itemId).toBe(itemId);
      const accounts = await later.getAccounts(again.accessToken, { asOf: reconnectAt });
      expect(accounts.map((a) => a.accountId)).toEqual(
        (await sandbox.getAccounts(accessToken)).map((a) => a.accountId),
      );
    });
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noCheckingAccountMessage } from '#domain/validation/messages';
import {
  SANDBOX_BANK_INSTITUTION_IDS,
  SANDBOX_BANK_LOGIN_ERROR,
  SANDBOX_BANK_USERS,
  signSandboxWebhook,
} from '#providers/bank-link/sandbox';
import { derivedSecret } from '#server/enrollment-providers';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { application } from '#server/db/schema/application';
import {
  docusign,
  incomeSnapshot,
  paymentAccount,
  plaidAccount,
  plaidItem,
  plaidTransaction,
} from '#server/db/schema/enrollment';
import { acceptPlan, applicationRow, newBorrower, put, toIncome } from '#tests/support/borrower-flow';
import { qualifiedBorrower } from '#tests/support/staff-actions';
import { atPaymentOptions, sandboxPublicToken } from '#tests/support/enrollment';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const accountsOf = async (applicationId: string) =>
  t.db
    .select({
      id: plaidAccount.id,
      subType: plaidAccount.subType,
      selected: plaidAccount.selectedForPayments,
    })
    .from(plaidAccount)
    .innerJoin(plaidItem, eq(plaidItem.id, plaidAccount.plaidItemId))
    .where(eq(plaidItem.applicationId, applicationId));

describe('the payment pages, in order', () => {
  it('refuses the payment steps before the offers are continued (409 with where the application stands)', async () => {
    const b = await newBorrower(t, 'Early');
    for (const [method, url, body] of [
      ['POST', '/api/application/payments/next-steps', undefined],
      ['POST', '/api/bank-link/link-token', undefined],
      ['PUT', '/api/application/payments/manual-choice', { reasonForNotConnectingBank: 'other' }],
      [
        'PUT',
        '/api/application/payments/payment-account',
        { accountNumber: '123456789', confirmAccountNumber: '123456789', routingNumber: '021000021' },
      ],
      ['POST', '/api/application/bank-connections', { publicToken: 'public-x' }],
    ] as const) {
      const res = await b.client.send(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(409);
      expect(res.json().redirect).toBe('/hardships');
    }
  });

  it('next steps → options → provide manually: the reason is kept and the resume page follows', async () => {
    const b = await atPaymentOptions(t, 'Manualchoice');
    let row = await applicationRow(t, b.applicationId);
    expect(row).toMatchObject({ status: 'confirmPaymentAccount', lastViewedPage: 'PaymentAccountOptions' });
    const bad = await put(b.client, '/api/application/payments/manual-choice', {
      reasonForNotConnectingBank: 'x',
    });
    expect(bad.statusCode).toBe(400);
    const res = await put(b.client, '/api/application/payments/manual-choice', {
      reasonForNotConnectingBank: 'preferNotToShareCredentials',
    });
    expect(res.json()).toEqual({ next: '/payments/provide-payment-account-information' });
    row = await applicationRow(t, b.applicationId);
    expect(row).toMatchObject({
      reasonForNotConnectingBank: 'preferNotToShareCredentials',
      lastViewedPage: 'ProvidePaymentAccountInformation',
    });
  });

  it('an account entered by hand: a wrong routing number is refused on its field, then the letter goes out', async () => {
    const b = await atPaymentOptions(t, 'Manualentry');
    const wrong = await put(b.client, '/api/application/payments/payment-account', {
      accountNumber: '000123456789',
      confirmAccountNumber: '000123456789',
      routingNumber: '021000022',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ routingNumber: 'Routing Number is invalid' });
    for (const accountNumber of ['12\u000034', '1'.repeat(18), '12-34']) {
      const hostile = await put(b.client, '/api/application/payments/payment-account', {
        accountNumber,
        confirmAccountNumber: accountNumber,
        routingNumber: '021000021',
      });
      expect(hostile.statusCode, JSON.stringify(accountNumber)).toBe(400);
    }
    // Typed twice, differently: refused on the confirmation, and nothing is saved.
    const mismatch = await put(b.client, '/api/application/payments/payment-account', {
      accountNumber: '000123456789',
      confirmAccountNumber: '000123456788',
      routingNumber: '021000021',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fieldErrors).toEqual({ confirmAccountNumber: 'Account numbers do not match' });
    // Without the confirmation at all (an older page still open): its field is required.
    const unconfirmed = await put(b.client, '/api/application/payments/payment-account', {
      accountNumber: '000123456789',
      routingNumber: '021000021',
    });
    expect(unconfirmed.statusCode).toBe(400);
    expect(Object.keys(unconfirmed.json().fieldErrors)).toEqual(['confirmAccountNumber']);
    expect((await applicationRow(t, b.applicationId)).status).toBe('confirmPaymentAccount');
    expect(
      await t.db.select().from(paymentAccount).where(eq(paymentAccount.applicationId, b.applicationId)),
    ).toEqual([]);

    const ok = await put(b.client, '/api/application/payments/payment-account', {
      accountNumber: '000123456789',
      confirmAccountNumber: '000123456789',
      routingNumber: '021000021',
    });
    expect(ok.json()).toEqual({ next: '/submitted' });
    const row = await applicationRow(t, b.applicationId);
    expect(row).toMatchObject({ status: 'signContract', lastViewedPage: 'Submitted' });
    const [stored] = await t.db
      .select()
      .from(paymentAccount)
      .where(eq(paymentAccount.applicationId, b.applicationId));
    // Encrypted at rest: the number is not in the row as typed.
    expect(stored!.accountNumber).not.toContain('000123456789');
    expect(stored!.plaidAccountId).toBeNull();
    const [envelope] = await t.db.select().from(docusign).where(eq(docusign.applicationId, b.applicationId));
    expect(envelope?.envelopeId).toBeTruthy();
    expect(envelope?.documentGeneratedAt).toBeInstanceOf(Date);
    const submitted = (await b.client.get('/api/application/submitted')).json();
    expect(submitted).toMatchObject({ status: 'signContract', signed: false });
    expect(submitted.signers).toEqual([{ role: 'borrower', name: expect.any(String), signed: false }]);
    // A second save is refused: the application has moved on.
    const again = await put(b.client, '/api/application/payments/payment-account', {
      accountNumber: '000123456789',
      confirmAccountNumber: '000123456789',
      routingNumber: '021000021',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().redirect).toBe('/submitted');
  });
});

describe('connecting a bank', () => {
  it('shows the institution error for a wrong password', async () => {
    const b = await atPaymentOptions(t, 'Wrongpass');
    const { linkToken } = (await b.client.post('/api/bank-link/link-token')).json();
    const res = await b.client.post('/api/bank-link/sandbox/sign-in', {
      linkToken,
      institutionId: SANDBOX_BANK_INSTITUTION_IDS.tartan,
      username: SANDBOX_BANK_USERS.good,
      password: 'wrong',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SANDBOX_BANK_LOGIN_ERROR);
  });

  it('refuses to share no account, in the borrower’s language', async () => {
    const b = await atPaymentOptions(t, 'Noaccounts');
    const { linkToken } = (await b.client.post('/api/bank-link/link-token')).json();
    const body = {
      linkToken,
      institutionId: SANDBOX_BANK_INSTITUTION_IDS.tartan,
      username: SANDBOX_BANK_USERS.good,
      accountIds: [],
    };
    const english = await b.client.post('/api/bank-link/sandbox/public-token', body);
    expect(english.statusCode).toBe(400);
    expect(english.json().fieldErrors).toMatchObject({ accountIds: 'Please select at least one account.' });
    const spanish = await b.client.post('/api/bank-link/sandbox/public-token', body, {
      'accept-language': 'es-MX,es;q=0.9',
    });
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json().fieldErrors).toMatchObject({ accountIds: 'Seleccione al menos una cuenta.' });
  });

  it('refuses a connection without a checking account, keeping nothing', async () => {
    const b = await atPaymentOptions(t, 'Savingsonly');
    const publicToken = await sandboxPublicToken(b.client, {
      institutionId: SANDBOX_BANK_INSTITUTION_IDS.platypusSavings,
    });
    const res = await b.client.post('/api/application/bank-connections', { publicToken });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'NoCheckingAccount' });
    expect(res.json().message).toBe(
      noCheckingAccountMessage(res.json().message.match(/connecting (.+?)\. /)[1]),
    );
    expect(await accountsOf(b.applicationId)).toEqual([]);
  });

  it('stores the item, predicts the income, and the chosen checking account becomes the payment account', async () => {
    const b = await atPaymentOptions(t, 'Connected');
    const publicToken = await sandboxPublicToken(b.client);
    const res = await b.client.post('/api/application/bank-connections', { publicToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ next: '/payments/confirm-payment-account' });
    const [item] = await t.db.select().from(plaidItem).where(eq(plaidItem.applicationId, b.applicationId));
    expect(item!.accessToken).not.toMatch(/^access-/);
    const [snapshot] = await t.db
      .select()
      .from(incomeSnapshot)
      .where(eq(incomeSnapshot.applicationId, b.applicationId));
    expect(snapshot!.monthlyIncome).toBeGreaterThan(0);
    expect(snapshot!.annualIncome).toBe(snapshot!.monthlyIncome * 12);
    const income = await t.db
      .select({ id: plaidTransaction.id })
      .from(plaidTransaction)
      .where(eq(plaidTransaction.isVerifiedAsIncome, true));
    expect(income.map((x) => x.id)).toEqual(expect.arrayContaining(snapshot!.incomeTransactionIds));
    expect((await applicationRow(t, b.applicationId)).verifiedMonthlyCurrentIncome).toBe(
      snapshot!.monthlyIncome,
    );

    const view = (await b.client.get('/api/application/payments/accounts')).json();
    expect(view.accounts.length).toBeGreaterThan(0);
    expect(view.accounts[0]).toMatchObject({
      institutionName: expect.any(String),
      selectedForPayments: false,
    });

    // Nothing chosen, an unknown id, and another borrower's account are all refused with the page's message.
    const other = await atPaymentOptions(t, 'Otherbank');
    await other.client.post('/api/application/bank-connections', {
      publicToken: await sandboxPublicToken(other.client),
    });
    const othersAccount = (await other.client.get('/api/application/payments/accounts')).json().accounts[0]
      .id;
    for (const body of [{}, { plaidAccountId: randomUUID() }, { plaidAccountId: othersAccount }]) {
      const refused = await put(b.client, '/api/application/payments/confirm-payment-account', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().message).toBe('Please select a payment account.');
    }

    const chosen = view.accounts[0].id;
    const ok = await put(b.client, '/api/application/payments/confirm-payment-account', {
      plaidAccountId: chosen,
    });
    expect(ok.json()).toEqual({ next: '/submitted' });
    expect(await applicationRow(t, b.applicationId)).toMatchObject({
      status: 'signContract',
      lastViewedPage: 'Submitted',
    });
    const accounts = await accountsOf(b.applicationId);
    expect(accounts.filter((a) => a.selected).map((a) => a.id)).toEqual([chosen]);
    const [stored] = await t.db
      .select()
      .from(paymentAccount)
      .where(eq(paymentAccount.applicationId, b.applicationId));
    expect(stored).toMatchObject({ plaidAccountId: chosen, accountNumber: null });
    // The other borrower's application is untouched.
    expect((await applicationRow(t, other.applicationId)).status).toBe('confirmPaymentAccount');
  });

  it('an account entered by hand after a bank was connected: the connected account is no longer the one paid from', async () => {
    const b = await atPaymentOptions(t, 'Handafterbank');
    const connected = await b.client.post('/api/application/bank-connections', {
      publicToken: await sandboxPublicToken(b.client),
    });
    expect(connected.statusCode, connected.body).toBe(200);
    const [first] = await accountsOf(b.applicationId);
    // As a choice made earlier would have left it: the account marked as the one the plan is paid from.
    await t.db.update(plaidAccount).set({ selectedForPayments: true }).where(eq(plaidAccount.id, first!.id));
    const res = await put(b.client, '/api/application/payments/payment-account', {
      accountNumber: '123456789',
      confirmAccountNumber: '123456789',
      routingNumber: '021000021',
    });
    expect(res.json()).toEqual({ next: '/submitted' });
    expect((await accountsOf(b.applicationId)).filter((a) => a.selected)).toEqual([]);
    const [stored] = await t.db
      .select()
      .from(paymentAccount)
      .where(eq(paymentAccount.applicationId, b.applicationId));
    expect(stored).toMatchObject({ plaidAccountId: null });
    expect(await applicationRow(t, b.applicationId)).toMatchObject({ status: 'signContract' });
  });

  it('refuses a public token issued for another application', async () => {
    const a = await atPaymentOptions(t, 'Tokenowner');
    const b = await atPaymentOptions(t, 'Tokenthief');
    const stolen = await sandboxPublicToken(a.client);
    await b.client.post('/api/bank-link/link-token');
    const res = await b.client.post('/api/application/bank-connections', { publicToken: stolen });
    expect(res.statusCode).toBe(404);
    expect(await accountsOf(b.applicationId)).toEqual([]);
    // The owner can still use it.
    expect(
      (await a.client.post('/api/application/bank-connections', { publicToken: stolen })).statusCode,
    ).toBe(200);
  });

  it('answers 400, never 500, to hostile tokens', async () => {
    const b = await atPaymentOptions(t, 'Hostiletoken');
    for (const publicToken of ['', 'x'.repeat(5000), '\u0000\u0001', 42]) {
      const res = await b.client.post('/api/application/bank-connections', { publicToken });
      expect(res.statusCode, JSON.stringify(publicToken).slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect((await applicationRow(t, b.applicationId)).status).toBe('confirmPaymentAccount');
  });
});

describe('the application row after enrollment steps', () => {
  it('keeps the borrower from setting the status through a page', async () => {
    const b = await atPaymentOptions(t, 'Nostatus');
    const res = await put(b.client, '/api/application/payments/manual-choice', {
      reasonForNotConnectingBank: 'other',
      status: 'transferred',
    });
    expect(res.statusCode).toBe(400);
    const [row] = await t.db.select().from(application).where(eq(application.id, b.applicationId));
    expect(row!.status).toBe('confirmPaymentAccount');
  });
});

describe('POST /api/webhooks/bank-link', () => {
  const webhook = (body: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/webhooks/bank-link',
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    });
  const secret = () => derivedSecret(t.config, 'bank-link-sandbox');

  it('refuses a forged or altered notice', async () => {
    const body = JSON.stringify({ webhook_type: 'ITEM', webhook_code: 'ERROR', item_id: 'x' });
    expect((await webhook(body, {})).statusCode).toBe(401);
    expect((await webhook(body, signSandboxWebhook('another secret', body))).statusCode).toBe(401);
    const signed = signSandboxWebhook(secret(), body);
    expect((await webhook(body.replace('ERROR', 'OTHER'), signed)).statusCode).toBe(401);
  });

  it('marks an item disconnected, and a repeated transactions notice stores nothing twice', async () => {
    const b = await atPaymentOptions(t, 'Webhook');
    await b.client.post('/api/application/bank-connections', {
      publicToken: await sandboxPublicToken(b.client),
    });
    const [item] = await t.db.select().from(plaidItem).where(eq(plaidItem.applicationId, b.applicationId));
    const count = async () =>
      (
        await t.db
          .select({ id: plaidTransaction.id })
          .from(plaidTransaction)
          .innerJoin(plaidAccount, eq(plaidAccount.id, plaidTransaction.plaidAccountId))
          .where(eq(plaidAccount.plaidItemId, item!.id))
      ).length;
    const before = await count();
    const sync = JSON.stringify({
      webhook_type: 'TRANSACTIONS',
      webhook_code: 'SYNC_UPDATES_AVAILABLE',
      item_id: item!.providerItemId,
    });
    expect((await webhook(sync, signSandboxWebhook(secret(), sync))).statusCode).toBe(200);
    expect((await webhook(sync, signSandboxWebhook(secret(), sync))).statusCode).toBe(200);
    expect(await count()).toBe(before);

    // An item error the provider retries by itself (the institution is down) leaves the item connected.
    const down = JSON.stringify({
      webhook_type: 'ITEM',
      webhook_code: 'ERROR',
      item_id: item!.providerItemId,
      error: { error_type: 'INSTITUTION_ERROR', error_code: 'INSTITUTION_DOWN', error_message: 'x' },
    });
    expect((await webhook(down, signSandboxWebhook(secret(), down))).statusCode).toBe(200);
    const [still] = await t.db.select().from(plaidItem).where(eq(plaidItem.id, item!.id));
    expect(still!.isConnected).toBe(true);

    const error = JSON.stringify({
      webhook_type: 'ITEM',
      webhook_code: 'ERROR',
      item_id: item!.providerItemId,
      error: { error_type: 'ITEM_ERROR', error_code: 'ITEM_LOGIN_REQUIRED', error_message: 'x' },
    });
    expect((await webhook(error, signSandboxWebhook(secret(), error))).statusCode).toBe(200);
    const [after] = await t.db.select().from(plaidItem).where(eq(plaidItem.id, item!.id));
    expect(after!.isConnected).toBe(false);
    // A disconnected bank no longer offers its accounts for the plan's payment.
    expect((await b.client.get('/api/application/payments/accounts')).json().accounts).toEqual([]);
  });
});

describe('connecting a bank at the income step', () => {
  it('is refused before the eligible debts are reviewed', async () => {
    const b = await newBorrower(t, 'Tooearly');
    const res = await b.client.post('/api/application/income/bank-connections', { publicToken: 'public-x' });
    expect(res.statusCode).toBe(409);
    expect((await b.client.post('/api/bank-link/link-token')).statusCode).toBe(409);
    expect(
      (
        await put(b.client, '/api/application/income/skip-bank-connection', {
          reasonForNotConnectingBank: 'other',
        })
      ).statusCode,
    ).toBe(409);
  });

  it('predicts the income for the income page, and the payment pages reuse the bank without a second connection', async () => {
    const b = await newBorrower(t, 'Incomebank');
    await toIncome(b);
    const publicToken = await sandboxPublicToken(b.client, { username: SANDBOX_BANK_USERS.gig });
    const res = await b.client.post('/api/application/income/bank-connections', { publicToken });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    // The sandbox's history is there at once: ready, with the prediction.
    expect(answer).toEqual({
      institutionName: 'First Platypus Bank',
      historyStatus: 'ready',
      predictedMonthlyIncome: expect.any(Number),
    });
    expect(answer.predictedMonthlyIncome).toBeGreaterThan(0);
    const view = (await b.client.get('/api/application')).json();
    expect(view).toMatchObject({
      status: 'inProgress',
      lastViewedPage: 'ProvideMonthlyIncome',
      verifiedMonthlyCurrentIncome: answer.predictedMonthlyIncome,
      connectedBankName: 'First Platypus Bank',
    });
    // Nothing else moved: the borrower still types (or accepts) the income on the same page.
    expect(view.selfReportedMonthlyCurrentIncome).toBeNull();
  });

  it('records why the borrower skipped it', async () => {
    const b = await newBorrower(t, 'Skipbank');
    await toIncome(b);
    const bad = await put(b.client, '/api/application/income/skip-bank-connection', {});
    expect(bad.statusCode).toBe(400);
    const res = await put(b.client, '/api/application/income/skip-bank-connection', {
      reasonForNotConnectingBank: 'bankNotListed',
    });
    expect(res.statusCode).toBe(204);
    expect((await b.client.get('/api/application')).json().reasonForNotConnectingBank).toBe('bankNotListed');
  });

  it('sends a borrower whose bank is already connected from next steps straight to choosing the account', async () => {
    const b = await qualifiedBorrower(t, 'Reusebank');
    // The bank was connected at the income step (simulated after the offer: the same use case and rules).
    await t.db.update(application).set({ status: 'inProgress' }).where(eq(application.id, b.applicationId));
    await b.client.post('/api/application/income/bank-connections', {
      publicToken: await sandboxPublicToken(b.client),
    });
    await t.db.update(application).set({ status: 'acceptOffer' }).where(eq(application.id, b.applicationId));
    await acceptPlan(b.client);
    expect((await b.client.post('/api/application/payments/next-steps')).json()).toEqual({
      next: '/payments/confirm-payment-account',
    });
    expect((await b.client.get('/api/application/payments/accounts')).json().accounts.length).toBeGreaterThan(
      0,
    );
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ELECTRONIC_RECORDS_CONSENT_VERSION } from '#domain/enrollment/electronic-records-consent';
import { put } from '#tests/support/borrower-flow';
import { atPaymentOptions, sandboxPublicToken, signingToken } from '#tests/support/enrollment';
import { createTestApp, type TestApp } from '#tests/setup/test-app';

// The end of the application in Spanish: the payment account's choice and the built-in signing page's refusal
// of a typed name, each worded by its id, which the answer carries in `fieldMessages` beside the text.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const SPANISH = { cookie: 'lang=es' };

describe('the payment account and the signature’s field messages in Spanish, with their ids', () => {
  it('refuses an account that is not the borrower’s, then a typed name that is not the signer’s', async () => {
    const b = await atPaymentOptions(t, 'Firmante');
    await b.client.post('/api/application/bank-connections', {
      publicToken: await sandboxPublicToken(b.client),
    });
    b.client.jar.set('lang', 'es');
    const unknown = await put(b.client, '/api/application/payments/confirm-payment-account', {
      plaidAccountId: randomUUID(),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      fieldErrors: { plaidAccountId: 'Seleccione una cuenta de pago.' },
      fieldMessages: { plaidAccountId: { messageId: 'validation.paymentAccountRequired' } },
    });
    const [account] = (await b.client.get('/api/application/payments/accounts')).json().accounts;
    const chosen = await put(b.client, '/api/application/payments/confirm-payment-account', {
      plaidAccountId: account.id,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);

    const token = await signingToken(t, b.email);
    const signer = t.client();
    expect((await signer.post('/api/signing/document', { token })).statusCode).toBe(200);
    const consent = { token, version: ELECTRONIC_RECORDS_CONSENT_VERSION, agreed: true };
    expect((await signer.post('/api/signing/consent', consent)).statusCode).toBe(200);
    const misnamed = await signer.post(
      '/api/signing/sign',
      { token, fullName: 'Someone Else', agreed: true },
      SPANISH,
    );
    expect(misnamed.statusCode).toBe(400);
    expect(misnamed.json()).toMatchObject({
      message: 'El nombre que escribió no coincide con el nombre que figura en la carta.',
      messageId: 'validation.signing.nameMismatch',
      fieldErrors: { fullName: 'El nombre que escribió no coincide con el nombre que figura en la carta.' },
      fieldMessages: { fullName: { messageId: 'validation.signing.nameMismatch' } },
    });
    // In English, the same text as the sandbox's.
    const english = await signer.post('/api/signing/sign', { token, fullName: 'Someone Else', agreed: true });
    expect(english.json().fieldErrors).toEqual({
      fullName: 'The name you typed does not match the name on the letter.',
    });
  });
});

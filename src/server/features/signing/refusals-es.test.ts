import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';

// The built-in signing page's refusals in Spanish: each answer carries the message's id beside its text, so the
// page words it by that id, and its English `message` is unchanged for a reader in English.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const SPANISH = { cookie: 'lang=es' };
const UNKNOWN_TOKEN = 'x'.repeat(40);

describe('the signing page’s refusals, with their ids', () => {
  it('refuses a link it does not know, in Spanish by its id and in English as before', async () => {
    const client = t.client();
    const spanish = await client.post('/api/signing/session', { token: UNKNOWN_TOKEN }, SPANISH);
    expect(spanish.statusCode).toBe(404);
    expect(spanish.json()).toMatchObject({
      messageId: 'signing.refusal.linkNotValidOrExpired',
      message: 'Este enlace para firmar no es válido o ha vencido.',
    });
    const english = await client.post('/api/signing/session', { token: UNKNOWN_TOKEN });
    expect(english.json()).toMatchObject({
      messageId: 'signing.refusal.linkNotValidOrExpired',
      message: 'This signing link is not valid or has expired.',
    });
  });

  it('refuses a consent to other disclosures, and one not agreed, by the fields’ ids', async () => {
    const refused = await t
      .client()
      .post('/api/signing/consent', { token: UNKNOWN_TOKEN, version: 'old', agreed: false }, SPANISH);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      fieldErrors: {
        version: 'Esta información ha cambiado. Vuelva a cargar la página y léala de nuevo.',
        agreed: 'Debe aceptar recibir documentos y firmar de forma electrónica',
      },
      fieldMessages: {
        version: { messageId: 'signing.refusal.outdatedVersion' },
        agreed: { messageId: 'signing.consent.agreeRequired' },
      },
    });
  });

  it('refuses a signature without a name by the field’s id', async () => {
    const refused = await t
      .client()
      .post('/api/signing/sign', { token: UNKNOWN_TOKEN, fullName: ' ', agreed: true }, SPANISH);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      fieldMessages: { fullName: { messageId: 'signing.sign.fullNameRequired' } },
    });
  });
});

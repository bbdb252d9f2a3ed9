import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { borrower, spouse } from '#server/db/schema/application';
import { docusign } from '#server/db/schema/enrollment';
import { type DocuSignFake, startDocuSignFake } from '#tests/fakes/docusign-fake';
import { put } from '#tests/support/borrower-flow';
import { atPaymentOptions, sandboxPublicToken } from '#tests/support/enrollment';

// Through the real DocuSign adapter (against the fake DocuSign API): every envelope is sent with a 14-day
// expiration, and once DocuSign expired one unsigned, the borrower's "Sign now" makes the letter again as a
// new envelope and opens DocuSign's signing view of that one. The envelope's age is moved at the fake (its
// sent time), as DocuSign's clock is not ours.

const DAY_MS = 86_400_000;
let fake: DocuSignFake;
let t: TestApp;
beforeAll(async () => {
  fake = await startDocuSignFake();
  t = await createTestApp({
    DOCUSIGN_INTEGRATION_KEY: fake.config.integrationKey,
    DOCUSIGN_USER_ID: fake.config.userId,
    DOCUSIGN_ACCOUNT_ID: fake.config.accountId,
    DOCUSIGN_PRIVATE_KEY: fake.config.privateKey,
    DOCUSIGN_BASE_PATH: fake.config.basePath,
    DOCUSIGN_OAUTH_BASE_PATH: fake.config.oauthBasePath,
    DOCUSIGN_CONNECT_HMAC_KEY: 'connect-hmac-key-for-the-link-expiry-test',
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const sentDaysAgo = (envelopeId: string, days: number) => {
  const envelope = fake.envelope(envelopeId)!;
  envelope.sentDateTime = new Date(Date.now() - days * DAY_MS).toISOString();
};

describe('DocuSign: an envelope’s life', () => {
  it('is sent with a 14-day expiration; once expired, Sign now makes the letter again', async () => {
    const b = await atPaymentOptions(t, 'Docusigner');
    await b.client.post('/api/application/bank-connections', {
      publicToken: await sandboxPublicToken(b.client),
    });
    const [account] = (await b.client.get('/api/application/payments/accounts')).json().accounts;
    await put(b.client, '/api/application/payments/confirm-payment-account', { plaidAccountId: account.id });
    const first = (await b.client.get('/api/application/submitted')).json().envelopeId as string;
    expect(fake.envelope(first)?.definition).toMatchObject({
      notification: { expirations: { expireEnabled: 'true', expireAfter: '14' } },
    });
    // No sandbox signing page with DocuSign: its calls do not exist.
    expect((await t.client().post('/api/signing/new-link', { token: 'x'.repeat(60) })).statusCode).toBe(404);

    const open = () => b.client.post(`/api/application/envelopes/${first}/signing-link`);
    sentDaysAgo(first, 13);
    const early = await open();
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json().envelopeId).toBe(first);
    expect(new URL(early.json().url).host).toBe('demo.docusign.net');

    sentDaysAgo(first, 15);
    const late = await open();
    expect(late.statusCode, late.body).toBe(200);
    const second = late.json().envelopeId as string;
    expect(second).not.toBe(first);
    expect(new URL(late.json().url).host).toBe('demo.docusign.net');
    expect(fake.envelope(first)?.status).toBe('voided');
    expect(fake.envelope(second)?.status).toBe('sent');
    const [record] = await t.db.select().from(docusign).where(eq(docusign.applicationId, b.applicationId));
    expect(record!.envelopeId).toBe(second);
    // The old id is no longer the application's: it answers as any unknown envelope does.
    expect((await open()).statusCode).toBe(404);
  });
});

describe('DocuSign: each signer in their own language', () => {
  it('emails a Spanish-speaking borrower in Spanish and an English-speaking spouse in English', async () => {
    const b = await atPaymentOptions(t, 'Bilingual');
    await t.db
      .update(borrower)
      .set({ preferredLanguage: 'es' })
      .where(eq(borrower.applicationId, b.applicationId));
    const owner = await t.db.query.borrower.findFirst({ where: eq(borrower.applicationId, b.applicationId) });
    await t.db.insert(spouse).values({
      applicationId: b.applicationId,
      borrowerId: owner!.id,
      firstName: 'John',
      lastName: 'Bilingual',
      email: `spouse.${b.email}`,
      preferredLanguage: 'en',
    });
    await b.client.post('/api/application/bank-connections', {
      publicToken: await sandboxPublicToken(b.client),
    });
    const [account] = (await b.client.get('/api/application/payments/accounts')).json().accounts;
    await put(b.client, '/api/application/payments/confirm-payment-account', { plaidAccountId: account.id });
    const envelopeId = (await b.client.get('/api/application/submitted')).json().envelopeId as string;
    const notifications = Object.fromEntries(
      fake.envelope(envelopeId)!.signers.map((s) => [s.clientUserId, s.emailNotification]),
    );
    expect(notifications.borrower).toMatchObject({
      emailSubject: 'Por favor, firme su carta de autorización',
      supportedLanguage: 'es',
    });
    expect(notifications.borrower?.emailBody).toContain('su plan de manejo de deudas está casi listo.');
    expect(notifications.spouse).toMatchObject({
      emailSubject: 'Please sign your Letter of Authorization',
      supportedLanguage: 'en',
    });
    expect(notifications.spouse?.emailBody).toContain(
      'Hi John Bilingual, your debt management plan is almost ready.',
    );
    expect(notifications.spouse?.emailBody).toContain('As the co-applicant');
  });
});

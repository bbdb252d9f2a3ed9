import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { connectEventId, connectMessage, connectSignature } from '#providers/e-signature/connect-webhook';
import { docusign } from '#server/db/schema/enrollment';
import { webhookEvent } from '#server/db/schema/ops';
import { type DocuSignFake, startDocuSignFake } from '#tests/fakes/docusign-fake';
import { applicationRow, put } from '#tests/support/borrower-flow';
import { atPaymentOptions, sandboxPublicToken } from '#tests/support/enrollment';

// DocuSign Connect through the real DocuSign adapter (against the fake DocuSign API): a delivery the server
// cannot process (DocuSign fails while the server reads the envelope or downloads the signed PDF) is answered
// with an error, so that Connect delivers it again; the redelivery records the signature; a replay after that
// changes nothing.
//
// What DocuSign documents of Connect's retries (the eSignature REST API's OpenAPI document,
// connectCustomConfiguration.requiresAcknowledgement, "When set to true, and SIM mode is activated"):
//   "If the HTTP Status response to a notification message is not in the range of 200-299 then the message
//    delivery failed, and the configuration is marked as *down.* The message will be queued and retried once
//    per day. [...] Once a message succeeds, all queued messages for the configuration will be tried
//    immediately, in order."
// So only a non-2xx answer brings the message back; a 200 for a delivery that was not processed loses it.

const CONNECT_KEY = 'connect-hmac-key-for-the-retry-test';
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
    DOCUSIGN_CONNECT_HMAC_KEY: CONNECT_KEY,
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** A borrower whose letter went out as a DocuSign envelope: bank connected, account confirmed. */
async function envelopeOut(lastName: string) {
  const b = await atPaymentOptions(t, lastName);
  await b.client.post('/api/application/bank-connections', {
    publicToken: await sandboxPublicToken(b.client),
  });
  const [account] = (await b.client.get('/api/application/payments/accounts')).json().accounts;
  await put(b.client, '/api/application/payments/confirm-payment-account', { plaidAccountId: account.id });
  const envelopeId = (await b.client.get('/api/application/submitted')).json().envelopeId as string;
  return { ...b, envelopeId };
}

/** Posts a Connect message as DocuSign does: JSON, signed with the account's HMAC key. */
const deliver = (rawBody: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/e-signature',
    headers: {
      'content-type': 'application/json',
      'x-docusign-signature-1': connectSignature(CONNECT_KEY, rawBody),
    },
    payload: rawBody,
  });

const recordOf = async (applicationId: string) =>
  (await t.db.select().from(docusign).where(eq(docusign.applicationId, applicationId)))[0]!;

describe('DocuSign Connect: a delivery that fails is delivered again and then recorded', () => {
  it.each([
    ['downloading the signed PDF', /\/documents\/combined$/, 'Pdfretry'],
    ['reading the envelope', /\/envelopes\/[^/]+$/, 'Enveloperetry'],
  ])(
    'answers an error while %s fails, records the signature on the retry, and ignores a replay',
    async (_what, path, lastName) => {
      const b = await envelopeOut(lastName);
      fake.markSigned(b.envelopeId, '1');
      const message = connectMessage({
        event: 'envelope-completed',
        envelopeId: b.envelopeId,
        at: new Date(),
        accountId: fake.config.accountId,
      });
      const eventId = connectEventId(JSON.parse(message));
      const handled = async () =>
        (await t.db.select().from(webhookEvent).where(eq(webhookEvent.eventId, eventId))).length;

      fake.failNext({ path, status: 500 });
      const failed = await deliver(message);
      // Not 2xx, so Connect delivers it again.
      expect(failed.statusCode).toBeGreaterThanOrEqual(300);
      expect((await recordOf(b.applicationId)).documentSignedAt).toBeNull();
      expect((await applicationRow(t, b.applicationId)).status).toBe('signContract');

      // Connect's retry: the same message (only retryCount would differ, which the event id ignores).
      const retried = await deliver(message.replace('"retryCount":0', '"retryCount":1'));
      expect(retried.statusCode, retried.body).toBe(200);
      const signed = await recordOf(b.applicationId);
      expect(signed.documentSignedAt).toBeInstanceOf(Date);
      expect(signed.signedDocumentSha256).toMatch(/^[0-9a-f]{64}$/);
      expect((await applicationRow(t, b.applicationId)).status).not.toBe('signContract');
      const emails = (await t.emailsTo(b.email)).filter((e) => e.kind === 'letter-signed');
      expect(emails).toHaveLength(1);
      expect(await handled()).toBe(1);

      // A replay of a message already handled: acknowledged, and nothing is asked of DocuSign or changed.
      const requestsBefore = fake.requests.length;
      const replayed = await deliver(message);
      expect(replayed.statusCode).toBe(200);
      expect(fake.requests.length).toBe(requestsBefore);
      expect(await recordOf(b.applicationId)).toEqual(signed);
      expect((await t.emailsTo(b.email)).filter((e) => e.kind === 'letter-signed')).toHaveLength(1);
      expect(await handled()).toBe(1);
      // The failed delivery was answered as a provider's passing outage, not as a fault of ours.
      expect(failed.statusCode).toBe(503);
      expect(failed.headers['retry-after']).toBe('60');
    },
    60_000,
  );
});

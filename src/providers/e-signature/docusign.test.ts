import { createHmac, generateKeyPairSync } from 'node:crypto';
import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTRACT_BORROWER,
  CONTRACT_SPOUSE,
  connectBody,
  contractPdf,
  eSignatureContract,
} from '#tests/contracts/e-signature.contract';
import { type DocuSignFake, startDocuSignFake } from '#tests/fakes/docusign-fake';
import { RECIPIENT_IDS } from './connect-webhook';
import { createDocuSignESignature, type DocuSignConfig } from './docusign';

const CONNECT_KEY = 'connect-hmac-key-for-tests';
const BORROWER = CONTRACT_BORROWER;
const SPOUSE = CONTRACT_SPOUSE;

let fake: DocuSignFake;
beforeAll(async () => {
  fake = await startDocuSignFake();
});
afterAll(async () => {
  await fake?.close();
});

const adapter = (overrides: Partial<DocuSignConfig> = {}) =>
  createDocuSignESignature({ ...fake.config, connectHmacKey: CONNECT_KEY, ...overrides });

const connectHeaders = (rawBody: string, key = CONNECT_KEY, header = 'x-docusign-signature-1') => ({
  [header]: createHmac('sha256', key).update(rawBody).digest('base64'),
});

eSignatureContract(async () => ({
  eSignature: adapter(),
  completeSigning: async (envelopeId, role) => fake.markSigned(envelopeId, RECIPIENT_IDS[role]),
  signWebhook: (rawBody) => connectHeaders(rawBody),
}));

describe('DocuSign adapter (docs/providers.md)', () => {
  const send = async (eSignature = adapter(), signers = [BORROWER, SPOUSE]) => {
    const document = await contractPdf();
    const { envelopeId } = await eSignature.createEnvelope({
      document,
      documentName: 'Letter of Authorization.pdf',
      emailSubject: 'Please sign your Letter of Authorization',
      signers,
    });
    return { eSignature, envelopeId, document };
  };

  it('lets DocuSign email the signers', () => {
    expect(adapter().deliversEmail).toBe(true);
  });

  it('sends one PDF and one signer per person, each with tabs at the signer’s positions', async () => {
    const { envelopeId, document } = await send();
    const envelope = fake.envelope(envelopeId);
    expect(envelope?.document.bytes.equals(Buffer.from(document))).toBe(true);
    expect(envelope?.definition).toMatchObject({
      status: 'sent',
      emailSubject: 'Please sign your Letter of Authorization',
      documents: [{ documentId: '1', name: 'Letter of Authorization.pdf', fileExtension: 'pdf' }],
      // The envelope's links live 14 days whatever the account's default, with a warning 3 days before.
      notification: {
        useAccountDefaults: 'false',
        expirations: { expireEnabled: 'true', expireAfter: '14', expireWarn: '3' },
      },
    });
    // DocuSign counts from the top of the 792-point page to the tab's top: the line at 500 points from the
    // bottom is 292 from the top, the signature box rising 36 above it and the date 14.
    const at = (xPosition: string, yPosition: string) => [
      { documentId: '1', pageNumber: '1', xPosition, yPosition },
    ];
    expect(envelope?.signers).toEqual([
      {
        recipientId: '1',
        routingOrder: '1',
        name: 'Jane Q. Doe',
        email: 'jane.doe@example.org',
        clientUserId: 'borrower',
        embeddedRecipientStartURL: 'SIGN_AT_DOCUSIGN',
        // No language given: English, with the envelope's subject.
        emailNotification: {
          emailSubject: 'Please sign your Letter of Authorization',
          supportedLanguage: 'en',
        },
        status: 'sent',
        tabs: { signHereTabs: at('72', '256'), dateSignedTabs: at('382', '278') },
      },
      {
        recipientId: '2',
        routingOrder: '1',
        name: 'John Doe',
        email: 'john.doe@example.org',
        clientUserId: 'spouse',
        embeddedRecipientStartURL: 'SIGN_AT_DOCUSIGN',
        // No language given: English, with the envelope's subject.
        emailNotification: {
          emailSubject: 'Please sign your Letter of Authorization',
          supportedLanguage: 'en',
        },
        status: 'sent',
        tabs: { signHereTabs: at('72', '356'), dateSignedTabs: at('382', '378') },
      },
    ]);
  });

  it('emails each signer, and opens their signing page, in the signer’s own language', async () => {
    const spanish = {
      subject: 'Por favor, firme su carta de autorización',
      body: 'Hola, Jane Q. Doe: su plan de manejo de deudas está casi listo.',
    };
    const english = {
      subject: 'Please sign your Letter of Authorization',
      body: 'Hi John Doe, your debt management plan is almost ready.',
    };
    const { envelopeId } = await send(adapter(), [
      { ...BORROWER, language: 'es', invitation: spanish },
      { ...SPOUSE, language: 'en', invitation: english },
    ]);
    expect(fake.envelope(envelopeId)?.signers.map((s) => [s.recipientId, s.emailNotification])).toEqual([
      ['1', { emailSubject: spanish.subject, emailBody: spanish.body, supportedLanguage: 'es' }],
      ['2', { emailSubject: english.subject, emailBody: english.body, supportedLanguage: 'en' }],
    ]);
  });

  it('gives every signer their own email once one has a language, and cuts what DocuSign would refuse', async () => {
    // DocuSign refuses an envelope where only some recipients have an emailNotification, or where one has no
    // supportedLanguage, a subject over 100 characters or a body over 10,000.
    const { envelopeId } = await send(adapter(), [
      { ...BORROWER, language: 'es', invitation: { subject: 'S'.repeat(150), body: 'B'.repeat(12_000) } },
      SPOUSE,
    ]);
    const [borrower, spouse] = fake.envelope(envelopeId)!.signers;
    expect(borrower?.emailNotification?.supportedLanguage).toBe('es');
    expect(borrower?.emailNotification?.emailSubject).toHaveLength(100);
    expect(borrower?.emailNotification?.emailBody).toHaveLength(10_000);
    expect(spouse?.emailNotification).toEqual({
      emailSubject: 'Please sign your Letter of Authorization',
      supportedLanguage: 'en',
    });
  });

  it('returns a signer from DocuSign’s page to ours in the signer’s language, English named too', async () => {
    const { eSignature, envelopeId } = await send();
    for (const language of ['en', 'es'] as const) {
      await eSignature.signingUrl({
        envelopeId,
        role: 'spouse',
        returnUrl: 'https://app.example.org/done',
        language,
      });
      expect(fake.lastRecipientView?.returnUrl).toBe(`https://app.example.org/done?lang=${language}`);
    }
  });

  it('puts a tab on the page its position names, measured on that page', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]);
    // A landscape second page: its own height counts.
    doc.addPage([792, 612]);
    const spouse = {
      ...SPOUSE,
      positions: { signature: { page: 2, x: 100, y: 200 }, date: { page: 2, x: 500, y: 200.4 } },
    };
    const eSignature = adapter();
    const { envelopeId } = await eSignature.createEnvelope({
      document: await doc.save(),
      documentName: 'Letter of Authorization.pdf',
      emailSubject: 'Please sign your Letter of Authorization',
      signers: [BORROWER, spouse],
    });
    expect(fake.envelope(envelopeId)?.signers[1]?.tabs).toEqual({
      signHereTabs: [{ documentId: '1', pageNumber: '2', xPosition: '100', yPosition: '376' }],
      dateSignedTabs: [{ documentId: '1', pageNumber: '2', xPosition: '500', yPosition: '398' }],
    });
  });

  it('answers a recipient view for the signer, and the signer’s time as ISO once signed', async () => {
    const { eSignature, envelopeId } = await send();
    const url = await eSignature.signingUrl({
      envelopeId,
      role: 'spouse',
      returnUrl: 'https://app.example.org/done',
    });
    expect(url).toMatch(/^https:\/\/demo\.docusign\.net\/Signing\//);
    fake.markSigned(envelopeId, '2', new Date('2026-03-15T14:03:05.123Z'));
    const status = await eSignature.getEnvelope(envelopeId);
    expect(status.signers).toEqual([
      { role: 'borrower', status: 'sent', signedAt: null },
      { role: 'spouse', status: 'completed', signedAt: '2026-03-15T14:03:05.123Z' },
    ]);
  });

  it('downloads the combined document only once completed', async () => {
    const { eSignature, envelopeId, document } = await send(adapter(), [BORROWER]);
    const before = fake.requests.length;
    await expect(eSignature.getSignedDocument(envelopeId)).rejects.toThrow('is not completed (sent)');
    expect(fake.requests.slice(before).some((r) => r.endsWith('/documents/combined'))).toBe(false);
    fake.markSigned(envelopeId, '1');
    const signed = await eSignature.getSignedDocument(envelopeId);
    expect(Buffer.from(signed).equals(Buffer.from(document))).toBe(true);
    expect(fake.requests.at(-1)).toMatch(
      /^GET \/restapi\/v2\.1\/accounts\/.+\/envelopes\/.+\/documents\/combined$/,
    );
  });

  it('asks for a token once and keeps it until shortly before it expires', async () => {
    let clock = Date.parse('2026-03-15T14:00:00Z');
    const eSignature = adapter({ now: () => new Date(clock) });
    const before = fake.tokenRequests;
    // Concurrent first calls share one grant.
    const [{ envelopeId }] = await Promise.all([send(eSignature), send(eSignature)]);
    await eSignature.getEnvelope(envelopeId);
    expect(fake.tokenRequests - before).toBe(1);
    clock += 54 * 60_000; // 6 minutes left of the hour: still good
    await eSignature.getEnvelope(envelopeId);
    expect(fake.tokenRequests - before).toBe(1);
    clock += 2 * 60_000; // 4 minutes left: renewed
    await eSignature.getEnvelope(envelopeId);
    expect(fake.tokenRequests - before).toBe(2);
  });

  it('asks for a renewed token without the old token: no Authorization header on /oauth/token', async () => {
    // The JWT grant authenticates by its signed assertion alone: DocuSign's JWT grant request is a form post
    // of grant_type and assertion. The SDK adds its default headers to that post, Authorization included
    // once a call has set it, so an expiring (or revoked) token would travel to the OAuth server with every
    // renewal.
    let clock = Date.parse('2026-03-15T14:00:00Z');
    const eSignature = adapter({ now: () => new Date(clock) });
    const before = fake.tokenRequestAuthorizations.length;
    const { envelopeId } = await send(eSignature);
    clock += 56 * 60_000; // 4 minutes left of the hour: renewed before the next call
    await eSignature.getEnvelope(envelopeId);
    fake.revokeTokens(); // refused: the next call asks for a new one
    await expect(eSignature.getEnvelope(envelopeId)).rejects.toThrow('HTTP 401');
    await eSignature.getEnvelope(envelopeId);
    const sent = fake.tokenRequestAuthorizations.slice(before);
    expect(sent).toHaveLength(3);
    expect(sent).toEqual([undefined, undefined, undefined]);
  });

  it('gets a new token after DocuSign refuses the cached one', async () => {
    const { eSignature, envelopeId } = await send();
    fake.revokeTokens();
    await expect(eSignature.getEnvelope(envelopeId)).rejects.toThrow('HTTP 401 USER_AUTHENTICATION_FAILED');
    await expect(eSignature.getEnvelope(envelopeId)).resolves.toMatchObject({ envelopeId });
  });

  it('reports DocuSign’s error code and message, never the request or its token', async () => {
    const error = await adapter()
      .getEnvelope('6f0f2a4e-1c1d-4f59-9d3e-2b8f4c1a9e77')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(
      'DocuSign: reading the envelope failed (HTTP 404 ENVELOPE_DOES_NOT_EXIST): The envelope specified either does not exist or you have no rights to it.',
    );
    expect((error as Error).cause).toBeUndefined();
    expect(JSON.stringify(error)).not.toMatch(/Bearer|authorization/i);
  });

  it('refuses to sign in with a key DocuSign does not know', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const stranger = adapter({ privateKey: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString() });
    await expect(stranger.getEnvelope('6f0f2a4e-1c1d-4f59-9d3e-2b8f4c1a9e77')).rejects.toThrow(
      'DocuSign: the JWT grant failed (HTTP 400 invalid_grant): no_valid_signature',
    );
  });

  it('accepts a private key with its newlines escaped, as an env file carries it', async () => {
    const escaped = adapter({ privateKey: fake.config.privateKey.replace(/\n/g, '\\n') });
    await expect(send(escaped)).resolves.toMatchObject({ envelopeId: expect.any(String) });
  });

  it('verifies a delivery signed with a second Connect key (X-DocuSign-Signature-2, during a key rotation)', () => {
    const rawBody = connectBody({
      event: 'envelope-completed',
      envelopeId: '6f0f2a4e-1c1d-4f59-9d3e-2b8f4c1a9e77',
    });
    const headers = {
      ...connectHeaders(rawBody, 'an-older-key'),
      ...connectHeaders(rawBody, CONNECT_KEY, 'X-DocuSign-Signature-2'),
    };
    expect(adapter().verifyWebhook({ rawBody, headers })?.event).toBe('envelope-completed');
  });

  it.each([
    ['integrationKey', { integrationKey: '' }, 'integrationKey is not set'],
    ['connectHmacKey', { connectHmacKey: ' ' }, 'connectHmacKey is not set'],
    ['oauthBasePath', { oauthBasePath: 'https://account-d.docusign.com' }, 'without a scheme'],
  ])('refuses a configuration with a bad %s', (_label, overrides, message) => {
    expect(() => adapter(overrides)).toThrow(message);
  });
});

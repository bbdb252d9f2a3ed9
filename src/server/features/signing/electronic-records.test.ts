import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ELECTRONIC_RECORDS_CONSENT_VERSION,
  ELECTRONIC_RECORDS_CONSENT_VERSIONS,
  ELECTRONIC_RECORDS_MESSAGES,
} from '#domain/enrollment/electronic-records-consent';
import { spouse, borrower } from '#server/db/schema/application';
import { docusign } from '#server/db/schema/enrollment';
import { applicationRow, put } from '#tests/support/borrower-flow';
import { atPaymentOptions, sandboxPublicToken, signingToken } from '#tests/support/enrollment';
import { createTestApp, type TestApp } from '#tests/setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** A borrower (and, when asked, a spouse) whose letter is out for signature. */
async function awaitingSignature(lastName: string, o: { withSpouse?: boolean } = {}) {
  const b = await atPaymentOptions(t, lastName);
  const spouseEmail = `spouse.${b.email}`;
  if (o.withSpouse) {
    const owner = await t.db.query.borrower.findFirst({ where: eq(borrower.applicationId, b.applicationId) });
    await t.db.insert(spouse).values({
      applicationId: b.applicationId,
      borrowerId: owner!.id,
      firstName: 'Sam',
      lastName,
      email: spouseEmail,
    });
  }
  await b.client.post('/api/application/bank-connections', {
    publicToken: await sandboxPublicToken(b.client),
  });
  const [account] = (await b.client.get('/api/application/payments/accounts')).json().accounts;
  await put(b.client, '/api/application/payments/confirm-payment-account', { plaidAccountId: account.id });
  return {
    ...b,
    token: await signingToken(t, b.email),
    spouseToken: o.withSpouse ? await signingToken(t, spouseEmail) : '',
    name: `Pat ${lastName}`,
  };
}

const post = (url: string, body: unknown) => t.client().post(url, body);
const consent = (token: string, version = ELECTRONIC_RECORDS_CONSENT_VERSION) =>
  post('/api/signing/consent', { token, version, agreed: true });
const session = async (token: string) => (await post('/api/signing/session', { token })).json();

async function signers(applicationId: string) {
  const record = await t.db.query.docusign.findFirst({
    where: eq(docusign.applicationId, applicationId),
    with: { signers: true },
  });
  return Object.fromEntries(record!.signers.map((s) => [s.role, s]));
}

describe('consent to electronic records before signing', () => {
  it('is refused before the letter is opened, then stored with its version and time once it was', async () => {
    const b = await awaitingSignature('Consenting');
    expect(await session(b.token)).toMatchObject({ documentOpened: false, electronicRecords: 'pending' });

    const early = await consent(b.token);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(ELECTRONIC_RECORDS_MESSAGES.openFirst);
    expect((await signers(b.applicationId)).borrower!.electronicRecordsConsentAt).toBeNull();

    expect((await post('/api/signing/document', { token: b.token })).statusCode).toBe(200);
    const opened = (await signers(b.applicationId)).borrower!.documentOpenedAt;
    expect(opened).toBeInstanceOf(Date);
    expect(await session(b.token)).toMatchObject({ documentOpened: true, electronicRecords: 'pending' });
    // Opening it again keeps the first time.
    await post('/api/signing/document', { token: b.token });
    expect((await signers(b.applicationId)).borrower!.documentOpenedAt).toEqual(opened);

    const ok = await consent(b.token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ electronicRecords: 'consented' });
    const row = (await signers(b.applicationId)).borrower!;
    expect(row.electronicRecordsConsentVersion).toBe(ELECTRONIC_RECORDS_CONSENT_VERSION);
    expect(row.electronicRecordsConsentAt).toBeInstanceOf(Date);
    expect(await session(b.token)).toMatchObject({ electronicRecords: 'consented' });

    const signed = await post('/api/signing/sign', { token: b.token, fullName: b.name, agreed: true });
    expect(signed.json()).toEqual({ signed: true });
    expect((await applicationRow(t, b.applicationId)).status).toBe('counselorReview');
  });

  it('refuses a version that is not the current one, and an unagreed consent, on their fields', async () => {
    const b = await awaitingSignature('Versioned');
    await post('/api/signing/document', { token: b.token });
    for (const version of ['2020-01-01', '', 'x'.repeat(5000)]) {
      const res = await consent(b.token, version);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.version).toBe(ELECTRONIC_RECORDS_MESSAGES.outdatedVersion);
    }
    const unagreed = await post('/api/signing/consent', {
      token: b.token,
      version: ELECTRONIC_RECORDS_CONSENT_VERSION,
      agreed: false,
    });
    expect(unagreed.statusCode).toBe(400);
    expect(unagreed.json().fieldErrors.agreed).toBe(ELECTRONIC_RECORDS_MESSAGES.agreeRequired);
    expect((await signers(b.applicationId)).borrower!.electronicRecordsConsentAt).toBeNull();
  });

  it('never answers hostile input with a 5xx', async () => {
    const b = await awaitingSignature('Hostile');
    await post('/api/signing/document', { token: b.token });
    const bodies: unknown[] = [
      { token: b.token, version: '\u0000\u0007\u001b[31m', agreed: true },
      { token: b.token, version: ELECTRONIC_RECORDS_CONSENT_VERSION, agreed: 'true' },
      { token: b.token, version: ELECTRONIC_RECORDS_CONSENT_VERSION, agreed: true, role: 'spouse' },
      { token: '\u0000'.repeat(40), version: ELECTRONIC_RECORDS_CONSENT_VERSION, agreed: true },
      { token: 'A'.repeat(100_000), version: ELECTRONIC_RECORDS_CONSENT_VERSION, agreed: true },
      { token: b.token, version: { $ne: null }, agreed: true },
      [],
      null,
      'consent',
    ];
    for (const url of ['/api/signing/consent', '/api/signing/paper']) {
      for (const body of bodies) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json', origin: t.config.publicUrl },
          payload: JSON.stringify(body),
        });
        expect(res.statusCode, `${url} ${JSON.stringify(body)?.slice(0, 60)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
    }
    expect((await signers(b.applicationId)).borrower!.electronicRecordsConsentAt).toBeNull();
  });

  it("lets no token act for another signer: one signer's consent is theirs alone, a spliced token is not found", async () => {
    const b = await awaitingSignature('Spliced', { withSpouse: true });
    const other = await awaitingSignature('Elsewhere');
    await post('/api/signing/document', { token: b.spouseToken });
    expect((await consent(b.spouseToken)).statusCode).toBe(200);
    const rows = await signers(b.applicationId);
    expect(rows.spouse!.electronicRecordsConsentAt).toBeInstanceOf(Date);
    expect(rows.borrower!.electronicRecordsConsentAt).toBeNull();
    expect(rows.borrower!.documentOpenedAt).toBeNull();
    // The spouse's consent does not let the borrower sign.
    const borrowerSigns = await post('/api/signing/sign', { token: b.token, fullName: b.name, agreed: true });
    expect(borrowerSigns.statusCode).toBe(409);

    // This envelope's id with another envelope's secret: the link belongs to nobody.
    const envelopePart = Buffer.from(b.token, 'base64url').subarray(0, 16);
    const secretPart = Buffer.from(other.token, 'base64url').subarray(16);
    const spliced = Buffer.concat([envelopePart, secretPart]).toString('base64url');
    await post('/api/signing/document', { token: other.token });
    for (const url of ['/api/signing/consent', '/api/signing/paper', '/api/signing/document']) {
      const body =
        url === '/api/signing/consent'
          ? { token: spliced, version: ELECTRONIC_RECORDS_CONSENT_VERSION, agreed: true }
          : { token: spliced };
      const res = await post(url, body);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await signers(other.applicationId)).borrower!.electronicRecordsConsentAt).toBeNull();
  });

  it('records a choice of paper, refuses signing after it, and lets the signer change their mind before signing', async () => {
    const b = await awaitingSignature('Paper');
    const paper = await post('/api/signing/paper', { token: b.token });
    expect(paper.statusCode, paper.body).toBe(200);
    expect(paper.json()).toEqual({ electronicRecords: 'withdrawn' });
    expect((await signers(b.applicationId)).borrower!.electronicRecordsWithdrawnAt).toBeInstanceOf(Date);
    expect(await session(b.token)).toMatchObject({ electronicRecords: 'withdrawn' });
    const sign = await post('/api/signing/sign', { token: b.token, fullName: b.name, agreed: true });
    expect(sign.statusCode).toBe(409);
    expect((await applicationRow(t, b.applicationId)).status).toBe('signContract');

    await post('/api/signing/document', { token: b.token });
    expect((await consent(b.token)).json()).toEqual({ electronicRecords: 'consented' });
    expect((await signers(b.applicationId)).borrower!.electronicRecordsWithdrawnAt).toBeNull();
    await post('/api/signing/sign', { token: b.token, fullName: b.name, agreed: true });
    // Once signed, choosing paper does not undo the signature.
    const late = await post('/api/signing/paper', { token: b.token });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(ELECTRONIC_RECORDS_MESSAGES.alreadySigned);
  });
});

describe('consent to the disclosures read in Spanish', () => {
  it('stores the Spanish version, which counts as current and lets the signer sign', async () => {
    const b = await awaitingSignature('Consintiendo');
    await post('/api/signing/document', { token: b.token });
    const ok = await consent(b.token, ELECTRONIC_RECORDS_CONSENT_VERSIONS.es);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await signers(b.applicationId)).borrower!.electronicRecordsConsentVersion).toBe('2026-11-26.es');
    expect(await session(b.token)).toMatchObject({ electronicRecords: 'consented' });
    const signed = await post('/api/signing/sign', { token: b.token, fullName: b.name, agreed: true });
    expect(signed.json()).toEqual({ signed: true });
  });
});

import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnrollmentView } from '#domain/flow/staff-views';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { docusign } from '#server/db/schema/enrollment';
import { auditLog } from '#server/db/schema/ops';
import { newBorrower, put } from '#tests/support/borrower-flow';
import {
  atPaymentOptions,
  openLetterAndConsent,
  sandboxPublicToken,
  signingToken,
} from '#tests/support/enrollment';
import { signInStaff, type StaffClient } from '#tests/support/service-portal';
import { openSignedLetter } from '#server/application/signed-letter-store';

// What counsellors see of the borrower's enrollment on the borrower summary (the payment account, the connected
// banks, the Letter of Authorization) and the signed letter's download, with borrowers driven through the
// payment and signing pages by their API.

let t: TestApp;
let staff: StaffClient;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signInStaff(t, 'Casey Counsellor');
});
afterAll(async () => t?.close());

const ACCOUNT_NUMBER = '000987651234';
const ROUTING_NUMBER = '021000021';

const summaryOf = async (applicationId: string) => {
  const res = await staff.client.get(`/api/staff/applications/${applicationId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { enrollment: EnrollmentView };
};
const letterUrl = (applicationId: string) => `/api/staff/applications/${applicationId}/letter`;
const downloadsOf = (applicationId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.applicationId, applicationId), eq(auditLog.action, 'letterDownloaded')));

describe('the enrollment on the borrower summary', () => {
  it('is empty for an application that has not reached the payment pages', async () => {
    const b = await newBorrower(t, 'Noenrollment');
    expect((await summaryOf(b.applicationId)).enrollment).toEqual({
      paymentAccount: null,
      reasonForNotConnectingBank: null,
      bankConnections: [],
      letter: null,
    });
    const res = await staff.client.get(letterUrl(b.applicationId));
    expect(res.statusCode).toBe(404);
    expect(await downloadsOf(b.applicationId)).toEqual([]);
    expect((await staff.client.get(letterUrl(randomUUID()))).statusCode).toBe(404);
    expect((await staff.client.get('/api/staff/applications/nope/letter')).statusCode).toBe(400);
  });

  it('shows an account entered by hand as its last four digits only, with the reason, and a letter out for signature', async () => {
    const b = await atPaymentOptions(t, 'Byhand');
    await put(b.client, '/api/application/payments/manual-choice', {
      reasonForNotConnectingBank: 'bankNotListed',
    });
    const saved = await put(b.client, '/api/application/payments/payment-account', {
      accountNumber: ACCOUNT_NUMBER,
      confirmAccountNumber: ACCOUNT_NUMBER,
      routingNumber: ROUTING_NUMBER,
    });
    expect(saved.json()).toEqual({ next: '/submitted' });

    const res = await staff.client.get(`/api/staff/applications/${b.applicationId}`);
    const { enrollment } = res.json() as { enrollment: EnrollmentView };
    expect(enrollment.paymentAccount).toEqual({
      source: 'manual',
      institutionName: null,
      accountLast4: '1234',
      routingLast4: '0021',
    });
    expect(enrollment.reasonForNotConnectingBank).toBe('bankNotListed');
    expect(enrollment.bankConnections).toEqual([]);
    const [record] = await t.db.select().from(docusign).where(eq(docusign.applicationId, b.applicationId));
    expect(enrollment.letter).toEqual({
      envelopeId: record!.envelopeId,
      generatedAt: record!.documentGeneratedAt!.toISOString(),
      signedAt: null,
      sha256: null,
      signers: [{ role: 'borrower', name: 'Pat Byhand', signedAt: null }],
    });
    // Neither full number nor any ciphertext leaves the server; nor does a signer's email address.
    expect(res.body).not.toContain(ACCOUNT_NUMBER);
    expect(res.body).not.toContain(ROUTING_NUMBER);
    expect(res.body).not.toMatch(/v1\.[\w-]+\.[\w-]+\./);
    expect(JSON.stringify(enrollment)).not.toContain(b.email);

    // Not signed yet: nothing to download, and nothing audited.
    expect((await staff.client.get(letterUrl(b.applicationId))).statusCode).toBe(404);
    expect(await downloadsOf(b.applicationId)).toEqual([]);
  });

  it('shows the connected bank and its accounts, the signed letter, and audits its download', async () => {
    const b = await atPaymentOptions(t, 'Connected');
    await b.client.post('/api/application/bank-connections', {
      publicToken: await sandboxPublicToken(b.client),
    });
    const [chosen] = (await b.client.get('/api/application/payments/accounts')).json().accounts;
    expect(chosen.availableBalance).toEqual(expect.any(Number));
    await put(b.client, '/api/application/payments/confirm-payment-account', { plaidAccountId: chosen.id });
    const token = await signingToken(t, b.email);
    await openLetterAndConsent(t, token);
    const signed = await t
      .client()
      .post('/api/signing/sign', { token, fullName: 'Pat Connected', agreed: true });
    expect(signed.json()).toEqual({ signed: true });

    const res = await staff.client.get(`/api/staff/applications/${b.applicationId}`);
    const { enrollment } = res.json() as { enrollment: EnrollmentView };
    expect(enrollment.paymentAccount).toEqual({
      source: 'bank',
      institutionName: 'First Platypus Bank',
      accountLast4: chosen.mask,
      routingLast4: null,
    });
    expect(enrollment.reasonForNotConnectingBank).toBeNull();
    expect(enrollment.bankConnections).toHaveLength(1);
    const [connection] = enrollment.bankConnections;
    expect(connection).toMatchObject({ institutionName: 'First Platypus Bank', isConnected: true });
    expect(connection!.accounts.length).toBeGreaterThan(1);
    expect(connection!.accounts.filter((a) => a.selectedForPayments).map((a) => a.id)).toEqual([chosen.id]);
    expect(connection!.accounts.find((a) => a.id === chosen.id)).toMatchObject({
      name: chosen.name,
      mask: chosen.mask,
      subtype: 'checking',
      availableBalance: chosen.availableBalance,
    });
    expect(connection!.accounts.map((a) => a.subtype)).toContain('savings');

    const [record] = await t.db.select().from(docusign).where(eq(docusign.applicationId, b.applicationId));
    expect(enrollment.letter).toEqual({
      envelopeId: record!.envelopeId,
      generatedAt: record!.documentGeneratedAt!.toISOString(),
      signedAt: record!.documentSignedAt!.toISOString(),
      sha256: record!.signedDocumentSha256,
      signers: [{ role: 'borrower', name: 'Pat Connected', signedAt: expect.any(String) }],
    });
    // The PDF's bytes are downloaded on their own, never carried in the summary.
    expect(res.body).not.toContain(record!.signedDocument!.slice(0, 64));

    const pdf = await staff.client.get(letterUrl(b.applicationId));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('attachment');
    expect(pdf.headers['cache-control']).toBe('no-store');
    expect(pdf.rawPayload.equals(openSignedLetter(t.cipher, record!.signedDocument!))).toBe(true);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const downloads = await downloadsOf(b.applicationId);
    expect(downloads.map((a) => [a.actorId, a.entityType, a.entityId])).toEqual([
      [staff.userId, 'docusign', record!.id],
    ]);

    // The borrower cannot use the staff route, not even for their own letter.
    expect((await b.client.get(letterUrl(b.applicationId))).statusCode).toBe(403);
    expect((await t.client().get(letterUrl(b.applicationId))).statusCode).toBe(401);
    expect(await downloadsOf(b.applicationId)).toHaveLength(1);
  });
});

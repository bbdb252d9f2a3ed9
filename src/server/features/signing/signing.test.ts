import { createHash, createHmac } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { alert } from '#server/db/schema/service-work';
import { application, borrower, spouse } from '#server/db/schema/application';
import { decision } from '#server/db/schema/decision';
import { planFeesFor } from '#server/application/plan-fees';
import { dmpEnrollment, docusign } from '#server/db/schema/enrollment';
import { applicationRow, put } from '#tests/support/borrower-flow';
import {
  atPaymentOptions,
  openLetterAndConsent,
  sandboxPublicToken,
  signingToken,
} from '#tests/support/enrollment';
import { EVERY_ITEM_CHECKED, signedInStaff } from '#tests/support/staff-actions';
import { ELECTRONIC_RECORDS_MESSAGES } from '#domain/enrollment/electronic-records-consent';
import { openSignedLetter } from '#server/application/signed-letter-store';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** A borrower whose letter is out for signature: bank connected, account confirmed. */
async function awaitingSignature(lastName: string) {
  const b = await atPaymentOptions(t, lastName);
  await b.client.post('/api/application/bank-connections', {
    publicToken: await sandboxPublicToken(b.client),
  });
  const [account] = (await b.client.get('/api/application/payments/accounts')).json().accounts;
  const res = await put(b.client, '/api/application/payments/confirm-payment-account', {
    plaidAccountId: account.id,
  });
  expect(res.json()).toEqual({ next: '/submitted' });
  return { ...b, token: await signingToken(t, b.email), name: `Pat ${lastName}` };
}

describe('signing the Letter of Authorization (sandbox)', () => {
  it('emails a link whose token opens the signing page; a wrong name is refused on its field', async () => {
    const b = await awaitingSignature('Signer');
    const anonymous = t.client();
    const session = await anonymous.post('/api/signing/session', { token: b.token });
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json()).toMatchObject({ signerName: b.name, role: 'borrower', signed: false });
    const pdf = await anonymous.post('/api/signing/document', { token: b.token });
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    // Opening the letter is not consent: signing is still refused, with a message the page shows.
    const unconsented = await anonymous.post('/api/signing/sign', {
      token: b.token,
      fullName: b.name,
      agreed: true,
    });
    expect(unconsented.statusCode).toBe(409);
    expect(unconsented.json()).toMatchObject({
      code: 'PreconditionFailed',
      message: ELECTRONIC_RECORDS_MESSAGES.consentRequired,
    });
    await openLetterAndConsent(t, b.token);

    const wrong = await anonymous.post('/api/signing/sign', {
      token: b.token,
      fullName: 'Someone Else',
      agreed: true,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.fullName).toMatch(/does not match/);
    expect((await applicationRow(t, b.applicationId)).status).toBe('signContract');
    const unagreed = await anonymous.post('/api/signing/sign', { token: b.token, fullName: b.name });
    expect(unagreed.statusCode).toBe(400);

    const ok = await anonymous.post('/api/signing/sign', {
      token: b.token,
      fullName: ` ${b.name.toUpperCase()} `,
      agreed: true,
    });
    expect(ok.json()).toEqual({ signed: true });
    expect((await applicationRow(t, b.applicationId)).status).toBe('counselorReview');
    const [record] = await t.db.select().from(docusign).where(eq(docusign.applicationId, b.applicationId));
    expect(record!.documentSignedAt).toBeInstanceOf(Date);
    expect(record!.signedDocumentSha256).toMatch(/^[0-9a-f]{64}$/);
    // Stored sealed: neither the PDF nor its base64 is readable in the row.
    expect(record!.signedDocument).toMatch(/^v2\./);
    expect(record!.signedDocument).not.toContain('JVBERi0');
    const signedPdf = openSignedLetter(t.cipher, record!.signedDocument!);
    expect(signedPdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(createHash('sha256').update(signedPdf).digest('hex')).toBe(record!.signedDocumentSha256);
    expect((await b.client.get('/api/application/submitted')).json()).toMatchObject({
      status: 'counselorReview',
      signed: true,
      signers: [{ role: 'borrower', signed: true }],
    });
    const emails = await t.emailsTo(b.email);
    const signedEmail = emails.find((e) => e.kind === 'letter-signed');
    // The signing link's email and the signed copy's were each handed to the queue by the unit that wrote them.
    for (const kind of ['sign-letter', 'letter-signed'])
      expect(t.queued, kind).toContain(emails.find((e) => e.kind === kind)?.id);
    // The signed copy travels with the email, byte for byte what was stored.
    expect(signedEmail!.attachments).toEqual([
      {
        filename: 'Letter of Authorization (signed).pdf',
        contentType: 'application/pdf',
        content: signedPdf.toString('base64'),
      },
    ]);
    const mailbox = await t.app.inject({
      method: 'GET',
      url: `/dev/mailbox/emails/${signedEmail!.id}/attachments/0`,
    });
    expect(mailbox.headers['content-type']).toContain('application/pdf');
    expect(
      (await t.app.inject({ method: 'GET', url: `/dev/mailbox/emails/${signedEmail!.id}/attachments/5` }))
        .statusCode,
    ).toBe(404);
    // Signing again changes nothing and is not an error.
    expect((await anonymous.post('/api/signing/session', { token: b.token })).json().signed).toBe(true);
  });

  it('refuses unknown and malformed tokens with 4xx', async () => {
    for (const token of ['x'.repeat(40), 'short', '\u0000'.repeat(30)]) {
      const res = await t.client().post('/api/signing/session', { token });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it('refuses a forged or altered webhook, and ignores a replayed event', async () => {
    const body = JSON.stringify({ event: 'envelope-completed', data: { envelopeId: 'nope' } });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/e-signature',
      headers: {
        'content-type': 'application/json',
        'x-docusign-signature-1': createHmac('sha256', 'wrong').update(body).digest('base64'),
      },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/e-signature',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(401);
  });
});

describe('with a spouse, both sign with their own link', () => {
  it('moves the status only when the second signature arrives', async () => {
    const b = await atPaymentOptions(t, 'Couple');
    // The spouse is added directly: the household page's spouse answers are covered by the flow's own tests.
    const owner = await t.db.query.borrower.findFirst({ where: eq(borrower.applicationId, b.applicationId) });
    const spouseEmail = `spouse.${b.email}`;
    await t.db.insert(spouse).values({
      applicationId: b.applicationId,
      borrowerId: owner!.id,
      firstName: 'Sam',
      lastName: 'Couple',
      email: spouseEmail,
    });
    await b.client.post('/api/application/bank-connections', {
      publicToken: await sandboxPublicToken(b.client),
    });
    const [account] = (await b.client.get('/api/application/payments/accounts')).json().accounts;
    await put(b.client, '/api/application/payments/confirm-payment-account', { plaidAccountId: account.id });
    const borrowerToken = await signingToken(t, b.email);
    const spouseToken = await signingToken(t, spouseEmail);
    expect(spouseToken).not.toBe(borrowerToken);
    const anonymous = t.client();
    expect((await anonymous.post('/api/signing/session', { token: spouseToken })).json()).toMatchObject({
      signerName: 'Sam Couple',
      role: 'spouse',
    });
    await openLetterAndConsent(t, borrowerToken);
    await openLetterAndConsent(t, spouseToken);
    // The borrower cannot sign in the spouse's place.
    const impostor = await anonymous.post('/api/signing/sign', {
      token: spouseToken,
      fullName: 'Pat Couple',
      agreed: true,
    });
    expect(impostor.statusCode).toBe(400);

    await anonymous.post('/api/signing/sign', { token: borrowerToken, fullName: 'Pat Couple', agreed: true });
    expect((await applicationRow(t, b.applicationId)).status).toBe('signContract');
    expect((await b.client.get('/api/application/submitted')).json()).toMatchObject({
      signed: false,
      signers: [
        { role: 'borrower', signed: true },
        { role: 'spouse', signed: false },
      ],
    });
    await anonymous.post('/api/signing/sign', { token: spouseToken, fullName: 'sam couple', agreed: true });
    expect((await applicationRow(t, b.applicationId)).status).toBe('counselorReview');
    const record = await t.db.query.docusign.findFirst({
      where: eq(docusign.applicationId, b.applicationId),
      with: { signers: true },
    });
    expect(record!.signers.every((s) => s.signedAt instanceof Date)).toBe(true);
    for (const to of [b.email, spouseEmail]) {
      const kinds = (await t.emailsTo(to)).map((e) => e.kind);
      expect(
        kinds.filter((k) => k === 'letter-signed'),
        to,
      ).toHaveLength(1);
    }
  });
});

describe('the customer portal after signing', () => {
  it('is refused before signing, then shows the plan through quality control, creditor answers and transfer', async () => {
    const b = await awaitingSignature('Portal');
    const early = await b.client.get('/api/customer-portal/plan');
    expect(early.statusCode).toBe(409);
    expect(early.json().redirect).toBe('/submitted');
    await openLetterAndConsent(t, b.token);
    await t.client().post('/api/signing/sign', { token: b.token, fullName: b.name, agreed: true });

    let plan = (await b.client.get('/api/customer-portal/plan')).json();
    expect(plan).toMatchObject({ status: 'counselorReview', enrollment: null, letter: { available: true } });
    expect(plan.creditors.length).toBeGreaterThan(1);
    expect(plan.creditors.every((c: { status: string }) => c.status === 'proposed')).toBe(true);
    expect(plan.payoff.interestSaved).toBeGreaterThan(0);
    expect(plan.paymentAccount.mask).toMatch(/^\d{4}$/);
    // The agency's fees for the creditors on the plan, capped by the borrower's state.
    const lives = await t.db.query.borrower.findFirst({
      where: eq(borrower.applicationId, b.applicationId),
      columns: { state: true },
    });
    const fees = planFeesFor(lives!.state, plan.creditors.length);
    expect(plan.fees).toEqual({ setupFee: fees.setupFee, monthlyFee: fees.monthlyFee });
    const letter = await b.client.get('/api/customer-portal/letter');
    expect(letter.headers['content-type']).toContain('application/pdf');

    // Staff work the live application: quality control, then each creditor's answer.
    const staff = await signedInStaff(t);
    const qc = await staff.client.post(`/api/staff/applications/${b.applicationId}/quality-control`, {
      passed: true,
      checklist: EVERY_ITEM_CHECKED,
    });
    expect(qc.statusCode, qc.body).toBe(200);
    const newest = await t.db.query.decision.findFirst({
      where: eq(decision.applicationId, b.applicationId),
      orderBy: [desc(decision.createdAt)],
      with: { offers: true },
    });
    const [first, ...rest] = newest!.offers;
    expect(
      (
        await staff.client.post(`/api/staff/offers/${first!.id}/status`, {
          version: 0,
          status: 'declined',
          reasons: ['termTooLong'],
        })
      ).statusCode,
    ).toBe(200);
    for (const offer of rest) {
      const res = await staff.client.post(`/api/staff/offers/${offer.id}/status`, {
        version: 0,
        status: 'accepted',
        creditorAccount: {
          isAch: false,
          email: 'remit@example.org',
          addressLine1: '1 Main St',
          city: 'Austin',
          state: 'TX',
          zipCode: '78701',
          memo: '',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await applicationRow(t, b.applicationId)).status).toBe('transfer');
    const [enrollment] = await t.db
      .select()
      .from(dmpEnrollment)
      .where(eq(dmpEnrollment.applicationId, b.applicationId));
    // The first draft the letter authorized (at least 5 business days after the letter).
    expect(enrollment!.firstPaymentDate).toBe(plan.terms.firstDraftDate);

    plan = (await b.client.get('/api/customer-portal/plan')).json();
    // The accepted creditors' payments and the fee for that many accounts.
    const onPlan = planFeesFor(lives!.state, rest.length).monthlyFee;
    expect(plan.enrollment).toMatchObject({
      monthlyPaymentAmount: rest.reduce((sum, o) => sum + o.payment, 0) + onPlan,
      firstPaymentDate: enrollment!.firstPaymentDate,
      projectedDebtFreeDate: expect.stringMatching(/^\d{4}-\d{2}$/),
    });
    expect(plan.creditors.find((c: { id: string }) => c.id === first!.id).status).toBe('declined');
    // A declined creditor leaves the plan: the fee is the one the remaining accounts allow.
    expect(plan.fees.monthlyFee).toBe(onPlan);

    // Sign-in now resumes in the customer portal.
    const row = await applicationRow(t, b.applicationId);
    expect(row.lastViewedPage).toBe('Submitted');

    // Alerts: the borrower marks their own seen; another borrower's alert is not found.
    const [mine] = await t.db
      .insert(alert)
      .values({ applicationId: b.applicationId, type: 'overdraftTransaction' })
      .returning();
    const other = await awaitingSignature('Otherportal');
    await openLetterAndConsent(t, other.token);
    await t.client().post('/api/signing/sign', { token: other.token, fullName: other.name, agreed: true });
    expect((await other.client.post(`/api/customer-portal/alerts/${mine!.id}/seen`)).statusCode).toBe(404);
    expect((await b.client.post(`/api/customer-portal/alerts/${mine!.id}/seen`)).statusCode).toBe(204);
    const [seen] = await t.db.select().from(alert).where(eq(alert.id, mine!.id));
    expect(seen!.hasBeenSeenByBorrower).toBe(true);
    expect((await b.client.post('/api/customer-portal/alerts/not-a-uuid/seen')).statusCode).toBe(400);
    const [app] = await t.db.select().from(application).where(eq(application.id, b.applicationId));
    expect(app!.hasPassedQualityControl).toBe(true);
  });
});

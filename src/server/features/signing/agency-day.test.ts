import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { firstDraftDate } from '#domain/enrollment/plan-terms';
import { formatLetterDate } from '#domain/enrollment/letter-of-authorization';
import { application } from '#server/db/schema/application';
import { dmpEnrollment, docusign, planAuthorization } from '#server/db/schema/enrollment';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { acceptPlan, applicationRow, put } from '#tests/support/borrower-flow';
import { openLetterAndConsent, sandboxPublicToken, signingToken } from '#tests/support/enrollment';
import { flatText, pdfText } from '#tests/support/pdf-text';
import { qualifiedBorrower, signedInStaff } from '#tests/support/staff-actions';

// The agency's "today" is its own calendar day (AGENCY_TIME_ZONE, New York by default), not the server's UTC
// day. At 23:30 in New York on 26 November 2026 it is already 04:30 on the 27th in UTC: a borrower going
// through the plan then must see figures counted from the 26th, sign a letter dated the 26th, and the plan
// handed to the agency must say it was signed on the 26th. Only Date is faked (the clock keeps moving from
// there, so nothing waiting on time stalls); the run takes seconds, far from midnight.

const LATE_EVENING = new Date('2026-11-27T04:30:00Z');
const AGENCY_DAY = '2026-11-26';
const UTC_DAY = '2026-11-27';

let t: TestApp;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(LATE_EVENING);
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  vi.useRealTimers();
});

describe("at 23:30 in New York, the plan counts from the agency's day", () => {
  it('dates the offers, the letter, its first draft, the signature and the hand-over from the 26th', async () => {
    expect(new Date().toISOString().slice(0, 10)).toBe(UTC_DAY);
    const b = await qualifiedBorrower(t, 'Eveningside');

    // The offers' debt-free dates and the first draft the page offers count from the agency's day.
    const offers = await b.client.get('/api/application/offers');
    expect(offers.statusCode, offers.body).toBe(200);
    expect(offers.json().today).toBe(AGENCY_DAY);

    expect((await acceptPlan(b.client)).json()).toEqual({ next: '/payments/next-steps' });
    await b.client.post('/api/application/payments/next-steps');
    await b.client.post('/api/application/bank-connections', {
      publicToken: await sandboxPublicToken(b.client),
    });
    const [account] = (await b.client.get('/api/application/payments/accounts')).json().accounts;
    const confirmed = await put(b.client, '/api/application/payments/confirm-payment-account', {
      plaidAccountId: account.id,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    // The letter is dated the 26th, and its first draft is counted from the 26th.
    const [letter] = await t.db
      .select()
      .from(planAuthorization)
      .where(and(eq(planAuthorization.applicationId, b.applicationId), eq(planAuthorization.kind, 'letter')));
    expect(letter!.firstDraftDate).toBe(firstDraftDate(AGENCY_DAY, letter!.draftDay));
    const token = await signingToken(t, b.email);
    const document = await t.client().post('/api/signing/document', { token });
    const text = flatText(await pdfText(document.rawPayload));
    expect(text).toContain(formatLetterDate(AGENCY_DAY));
    expect(text).not.toContain(formatLetterDate(UTC_DAY));

    await openLetterAndConsent(t, token);
    const signed = await t.client().post('/api/signing/sign', {
      token,
      fullName: 'Pat Eveningside',
      agreed: true,
    });
    expect(signed.json()).toEqual({ signed: true });
    const record = await t.db.query.docusign.findFirst({
      where: eq(docusign.applicationId, b.applicationId),
    });
    expect(record!.documentSignedAt!.toISOString().slice(0, 10)).toBe(UTC_DAY);

    // Quality control and the creditors' answers (their own tests cover them): every offer accepted.
    await t.db
      .update(application)
      .set({ status: 'creditorReview' })
      .where(eq(application.id, b.applicationId));
    const staff = await signedInStaff(t);
    const decision = await t.db.query.decision.findFirst({
      where: (d, { eq: is }) => is(d.applicationId, b.applicationId),
      orderBy: (d, { desc }) => [desc(d.createdAt)],
      with: { offers: true },
    });
    let last;
    for (const x of decision!.offers.filter((o) => !o.declinedByBorrower)) {
      last = await staff.client.post(`/api/staff/offers/${x.id}/status`, {
        version: 0,
        status: 'accepted',
        creditorAccount: {
          isAch: true,
          email: 'remit@bank.example.com',
          accountNumber: '998877665544',
          routingNumber: '021000021',
        },
      });
      expect(last.statusCode, last.body).toBe(200);
    }
    expect(last!.json()).toMatchObject({ handOver: 'transfer' });
    expect((await applicationRow(t, b.applicationId)).status).toBe('transfer');

    const enrollment = await t.db.query.dmpEnrollment.findFirst({
      where: eq(dmpEnrollment.applicationId, b.applicationId),
    });
    expect(enrollment).toMatchObject({ dateSigned: AGENCY_DAY, firstPaymentDate: letter!.firstDraftDate });
  });
});

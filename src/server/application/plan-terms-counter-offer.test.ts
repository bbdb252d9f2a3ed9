import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { dmpEnrollment, planAuthorization } from '#server/db/schema/enrollment';
import { applicationRow, put } from '#tests/support/borrower-flow';
import {
  atPaymentOptions,
  openLetterAndConsent,
  sandboxPublicToken,
  signingToken,
} from '#tests/support/enrollment';
import { EVERY_ITEM_CHECKED, signedInStaff } from '#tests/support/staff-actions';

// One figure, one source, after a creditor's counter-offer: the plan pays the creditor's figures, and the
// amount drawn each month is the same on the offer page, My plan, the borrower summary and DmpEnrollment.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const check = {
  isAch: false,
  addressLine1: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
};

describe('the amount drawn each month after a counter-offer', () => {
  it('is the countered one on the offer page, My plan, the borrower summary and DmpEnrollment', async () => {
    const b = await atPaymentOptions(t, 'Countered');
    const drawn: number = (await b.client.get('/api/application/offers')).json().totalNewMonthlyPayment;
    await b.client.post('/api/application/bank-connections', {
      publicToken: await sandboxPublicToken(b.client),
    });
    const [account] = (await b.client.get('/api/application/payments/accounts')).json().accounts;
    await put(b.client, '/api/application/payments/confirm-payment-account', { plaidAccountId: account.id });
    const token = await signingToken(t, b.email);
    await t.client().post('/api/signing/document', { token });
    await openLetterAndConsent(t, token);
    await t.client().post('/api/signing/sign', { token, fullName: 'Pat Countered', agreed: true });
    const [authorized] = await t.db
      .select()
      .from(planAuthorization)
      .where(and(eq(planAuthorization.applicationId, b.applicationId), eq(planAuthorization.kind, 'letter')));
    expect(authorized!.monthlyDraftAmount).toBe(drawn);

    const staff = await signedInStaff(t);
    const summary = async () =>
      (await staff.client.get(`/api/staff/applications/${b.applicationId}`)).json().decision.decision;
    expect(
      (
        await staff.client.post(`/api/staff/applications/${b.applicationId}/quality-control`, {
          passed: true,
          checklist: EVERY_ITEM_CHECKED,
        })
      ).statusCode,
    ).toBe(200);

    // The largest creditor counters: $5 a month less, at 0%; the others accept as offered.
    const offers = (await summary()).offers as { id: string; payment: number; balance: number }[];
    const [largest, ...others] = [...offers].sort((x, y) => y.balance - x.balance);
    const countered = largest!.payment - 500;
    const res = await staff.client.post(`/api/staff/offers/${largest!.id}/status`, {
      version: 0,
      status: 'counterOffer',
      counterPayment: countered,
      counterApr: 0,
      creditorAccount: check,
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const x of others) {
      const accepted = await staff.client.post(`/api/staff/offers/${x.id}/status`, {
        version: 0,
        status: 'accepted',
        creditorAccount: check,
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
    }
    expect((await applicationRow(t, b.applicationId)).status).toBe('transfer');

    const plan = (await b.client.get('/api/customer-portal/plan')).json();
    const after: number = plan.terms.monthlyDraft;
    // The creditors' payments changed by the counter-offer alone; the fee is the same.
    expect(after).toBe(drawn - 500);
    expect(plan.creditors.find((c: { id: string }) => c.id === largest!.id)).toMatchObject({
      status: 'accepted',
      newMonthlyPayment: countered,
      proposedApr: 0,
      term: Math.ceil(largest!.balance / countered),
    });
    const [enrollment] = await t.db
      .select()
      .from(dmpEnrollment)
      .where(eq(dmpEnrollment.applicationId, b.applicationId));
    expect(enrollment).toMatchObject({ monthlyPaymentAmount: after, termInMonths: plan.terms.termInMonths });
    expect(plan.enrollment.monthlyPaymentAmount).toBe(after);
    const s = await summary();
    expect(s.terms).toMatchObject({ monthlyDraft: after, termInMonths: plan.terms.termInMonths });
    expect(s.longPlan).toEqual({ needsApproval: false, approval: null });
    expect((await b.client.get('/api/application/offers')).json().totalNewMonthlyPayment).toBe(after);
    // A lower draft than the one authorized: told, not to be confirmed.
    expect(plan.change).toMatchObject({ authorizedMonthlyDraft: drawn, needsConfirmation: false });
  });
});

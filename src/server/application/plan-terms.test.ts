import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUsd } from '#domain/enrollment/letter-of-authorization';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { decision } from '#server/db/schema/decision';
import { dmpEnrollment, planAuthorization } from '#server/db/schema/enrollment';
import { applicationRow, put } from '#tests/support/borrower-flow';
import {
  atPaymentOptions,
  openLetterAndConsent,
  sandboxPublicToken,
  signingToken,
} from '#tests/support/enrollment';
import { flatText, pdfText } from '#tests/support/pdf-text';
import { EVERY_ITEM_CHECKED, signedInStaff } from '#tests/support/staff-actions';

// One figure, one source: the amount drawn each month is computed once (src/domain/enrollment/plan-terms.ts)
// and every surface that states it reads that computation. This drives one application from the offer to a
// signed letter and a creditor's decline, reading the figure where a person reads it: the offer page, the
// letter's PDF text, /submitted, My plan, the counsellor's borrower summary and the plan handed to the agency.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('the amount drawn each month, on every surface', () => {
  it('is the same on the offer, the letter, My plan, the borrower summary and DmpEnrollment, before and after a decline', async () => {
    const b = await atPaymentOptions(t, 'Onefigure');
    const offers = (await b.client.get('/api/application/offers')).json();
    const drawn: number = offers.totalNewMonthlyPayment;
    // Fee included: the creditors' payments and the agency's monthly fee.
    expect(drawn).toBe(offers.creditorsMonthlyPayment + offers.monthlyFee);
    expect(offers.monthlyFee).toBeGreaterThan(0);
    // Showing the offers records that they were presented.
    const presented = await t.db.query.decision.findFirst({
      where: eq(decision.applicationId, b.applicationId),
      orderBy: [desc(decision.createdAt)],
    });
    expect(presented!.wasPresentedToBorrower).toBe(true);

    // The payment account confirmed: the letter goes out for signature.
    await b.client.post('/api/application/bank-connections', {
      publicToken: await sandboxPublicToken(b.client),
    });
    const [account] = (await b.client.get('/api/application/payments/accounts')).json().accounts;
    await put(b.client, '/api/application/payments/confirm-payment-account', { plaidAccountId: account.id });
    const token = await signingToken(t, b.email);
    const document = await t.client().post('/api/signing/document', { token });
    const letter = flatText(await pdfText(document.rawPayload));
    expect(letter).toContain(`to draw ${formatUsd(drawn)} from my checking account`);
    expect(letter).toContain(
      `Of each draft, ${formatUsd(offers.creditorsMonthlyPayment)} goes to the creditors listed above and ` +
        `${formatUsd(offers.monthlyFee)} is`,
    );
    expect(letter).toContain(`a one-time set-up fee of ${formatUsd(offers.setupFee)}`);
    expect(letter).toContain(`${offers.termInMonths} drafts in all`);
    const [authorized] = await t.db
      .select()
      .from(planAuthorization)
      .where(and(eq(planAuthorization.applicationId, b.applicationId), eq(planAuthorization.kind, 'letter')));
    expect(authorized).toMatchObject({
      kind: 'letter',
      monthlyDraftAmount: drawn,
      termInMonths: offers.termInMonths,
    });
    // /submitted restates the letter's terms while it waits for the signature.
    const submittedTerms = async () => (await b.client.get('/api/application/submitted')).json().plan.terms;
    expect(await submittedTerms()).toMatchObject({
      monthlyDraft: drawn,
      setupFee: offers.setupFee,
      termInMonths: offers.termInMonths,
      firstDraftDate: authorized!.firstDraftDate,
    });

    await openLetterAndConsent(t, token);
    await t.client().post('/api/signing/sign', { token, fullName: `Pat Onefigure`, agreed: true });
    const signed = await b.client.get('/api/customer-portal/letter');
    expect(flatText(await pdfText(signed.rawPayload))).toContain(`to draw ${formatUsd(drawn)} from`);
    let plan = (await b.client.get('/api/customer-portal/plan')).json();
    expect(plan.terms).toMatchObject({ monthlyDraft: drawn, firstDraftDate: authorized!.firstDraftDate });
    expect(plan.change).toBeNull();

    const staff = await signedInStaff(t);
    const summaryDraft = async () =>
      (await staff.client.get(`/api/staff/applications/${b.applicationId}`)).json().decision.decision.terms
        .monthlyDraft as number;
    expect(await summaryDraft()).toBe(drawn);

    // Quality control passes; the largest creditor declines, the others accept.
    expect(
      (
        await staff.client.post(`/api/staff/applications/${b.applicationId}/quality-control`, {
          passed: true,
          checklist: EVERY_ITEM_CHECKED,
        })
      ).statusCode,
    ).toBe(200);
    const [declined, ...accepted] = plan.creditors as {
      id: string;
      creditorName: string;
      currentMonthlyPayment: number;
    }[];
    await staff.client.post(`/api/staff/offers/${declined!.id}/status`, {
      version: 0,
      status: 'declined',
      reasons: ['termTooLong'],
    });
    for (const offer of accepted) {
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

    plan = (await b.client.get('/api/customer-portal/plan')).json();
    const after: number = plan.terms.monthlyDraft;
    expect(after).toBeLessThan(drawn);
    const [enrollment] = await t.db
      .select()
      .from(dmpEnrollment)
      .where(eq(dmpEnrollment.applicationId, b.applicationId));
    expect(enrollment).toMatchObject({
      monthlyPaymentAmount: after,
      termInMonths: plan.terms.termInMonths,
      firstPaymentDate: authorized!.firstDraftDate,
    });
    expect(plan.enrollment.monthlyPaymentAmount).toBe(after);
    expect(await summaryDraft()).toBe(after);
    expect((await submittedTerms()).monthlyDraft).toBe(after);
    expect((await b.client.get('/api/application/offers')).json().totalNewMonthlyPayment).toBe(after);
    // My plan says what changed and who the borrower now pays directly.
    expect(plan.change).toMatchObject({ authorizedMonthlyDraft: drawn, needsConfirmation: false });
    expect(plan.change.appliesFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The email that told the borrower states the same figures.
    const told = (await t.emailsTo(b.email)).filter((email) => email.kind === 'plan-changed');
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain(`changes from ${formatUsd(drawn)} to ${formatUsd(after)}`);
    expect(plan.creditors.find((c: { id: string }) => c.id === declined!.id)).toMatchObject({
      status: 'declined',
      newMonthlyPayment: 0,
      payDirectly: declined!.currentMonthlyPayment,
    });
  });
});

import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { application } from '#server/db/schema/application';
import { creditorAccount } from '#server/db/schema/credit';
import { offer, offerStatusChange } from '#server/db/schema/decision';
import { dmpEnrollment } from '#server/db/schema/enrollment';
import { auditLog } from '#server/db/schema/ops';
import { monthsToPayOff } from '#domain/money/amortization';
import { loadPlanTerms } from '#server/application/plan-terms';
import { applicationRow } from '#tests/support/borrower-flow';
import { applicationIn, signedInStaff } from '#tests/support/staff-actions';
import { LONG_PLAN_NOT_OPEN_MESSAGE } from './approve-long-plan';

// A creditor's counter-offer (an acceptance on its own payment and/or APR) and the staff approval a plan over
// 60 months needs before it is handed to the agency.

let t: TestApp;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signedInStaff(t, 'Casey Counter');
});
afterAll(async () => {
  await t.close();
});

const check = {
  isAch: false,
  addressLine1: '1 Bank Plaza',
  city: 'Wilmington',
  state: 'DE',
  zipCode: '19801',
};
type OfferRow = typeof offer.$inferSelect;

const answer = (offerId: string, body: unknown) =>
  staff.client.post(`/api/staff/offers/${offerId}/status`, body);
const counter = (offerId: string, figures: { counterPayment?: unknown; counterApr?: unknown }, version = 0) =>
  answer(offerId, { version, status: 'counterOffer', ...figures, creditorAccount: check });
const accept = (offerId: string, version = 0) =>
  answer(offerId, { version, status: 'accepted', creditorAccount: check });
const approve = (applicationId: string, body: unknown) =>
  staff.client.post(`/api/staff/applications/${applicationId}/approve-long-plan`, body);
const offerRow = async (id: string) => (await t.db.query.offer.findFirst({ where: eq(offer.id, id) }))!;
const summary = async (applicationId: string) =>
  (await staff.client.get(`/api/staff/applications/${applicationId}`)).json();
/** A payment that takes about 100 months at 0%: every account on the plan runs well over 60 months. */
const slowPayment = (x: OfferRow) => Math.ceil(x.balance / 100);

describe('POST /api/staff/offers/:id/status: counterOffer', () => {
  it('stores the creditor’s figures beside the offer, as an accepted answer, and the plan pays them', async () => {
    const a = await applicationIn(t, 'creditorReview');
    const first = a.offers[0]!;
    const payment = first.payment - 500;
    const res = await counter(first.id, { counterPayment: payment, counterApr: 1250 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      offer: { id: first.id, status: 'accepted', version: 1, counterPayment: payment, counterApr: 1250 },
      application: { id: a.applicationId, status: 'creditorReview' },
      handOver: null,
    });
    // The offer as made stays; the counter-offer sits beside it.
    expect(await offerRow(first.id)).toMatchObject({
      status: 'accepted',
      payment: first.payment,
      proposedApr: first.proposedApr,
      term: first.term,
      counterPayment: payment,
      counterApr: 1250,
    });
    const changes = await t.db
      .select()
      .from(offerStatusChange)
      .where(eq(offerStatusChange.offerId, first.id));
    expect(changes).toMatchObject([{ status: 'accepted', changedBy: staff.userId }]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.applicationId, a.applicationId), eq(auditLog.action, 'offerStatus')));
    expect(audit).toMatchObject({
      before: { status: null, version: 0 },
      after: { status: 'accepted', version: 1, counterOffer: { payment, apr: 1250 } },
    });
    expect((audit!.before as object) ?? {}).not.toHaveProperty('counterOffer');
    const account = await t.db.query.creditorAccount.findFirst({
      where: eq(creditorAccount.debtId, first.debtId!),
    });
    expect(account).toMatchObject({ isAch: false, city: 'Wilmington' });

    const s = await summary(a.applicationId);
    expect(s.decision.decision.offers.find((o: { id: string }) => o.id === first.id)).toMatchObject({
      status: 'accepted',
      payment: first.payment,
      counterPayment: payment,
      counterApr: 1250,
    });
    const { terms } = await loadPlanTerms(t.db, a.applicationId);
    const onPlan = terms.creditors.find((c) => c.id === first.id)!;
    expect(onPlan).toMatchObject({ payment, proposedAprBp: 1250 });
    expect(onPlan.term).toBe(monthsToPayOff(first.balance, 1250, payment));
    expect(s.decision.decision.terms.monthlyDraft).toBe(terms.monthlyDraft);
    expect(s.auditHistory[1].sentences[0]).toMatch(
      /^Casey Counter recorded a counter-offer from .+ a month at 12.5%$/,
    );
  });

  it('takes the rate alone (the offer’s payment kept) and recomputes the term', async () => {
    const a = await applicationIn(t, 'creditorReview');
    const first = a.offers[0]!;
    expect((await counter(first.id, { counterApr: 0 })).statusCode).toBe(200);
    const { terms } = await loadPlanTerms(t.db, a.applicationId);
    const onPlan = terms.creditors.find((c) => c.id === first.id)!;
    expect(onPlan).toMatchObject({ payment: first.payment, proposedAprBp: 0 });
    expect(onPlan.term).toBe(Math.ceil(first.balance / first.payment));
  });

  it.each([
    ['neither figure', {}, { counterPayment: 'Enter the monthly payment, the plan APR or both' }],
    [
      'both null',
      { counterPayment: null, counterApr: null },
      { counterPayment: 'Enter the monthly payment, the plan APR or both' },
    ],
    ['a zero payment', { counterPayment: 0 }, { counterPayment: 'Monthly payment must be more than $0' }],
    [
      'a negative payment',
      { counterPayment: -100 },
      { counterPayment: 'Monthly payment must be more than $0' },
    ],
    ['a fraction of a cent', { counterPayment: 10.5 }, { counterPayment: 'Monthly payment is invalid' }],
    ['a huge payment', { counterPayment: 1e15 }, { counterPayment: 'Monthly payment is invalid' }],
    ['a payment as text', { counterPayment: '4500' }, { counterPayment: 'Monthly payment is invalid' }],
    ['an APR over 36%', { counterApr: 3601 }, { counterApr: 'Plan APR must be from 0% to 36%' }],
    ['a negative APR', { counterApr: -1 }, { counterApr: 'Plan APR must be from 0% to 36%' }],
    ['a huge APR', { counterApr: 1e300 }, { counterApr: 'Plan APR is invalid' }],
    ['an APR with a fraction', { counterApr: 12.5 }, { counterApr: 'Plan APR is invalid' }],
  ])('answers 400 to %s and changes nothing', async (_, figures, fieldErrors) => {
    const a = await applicationIn(t, 'creditorReview');
    const first = a.offers[0]!;
    const res = await counter(first.id, figures);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fieldErrors).toEqual(fieldErrors);
    expect(await offerRow(first.id)).toMatchObject({ status: null, version: 0, counterPayment: null });
  });

  it('answers 400 to a payment above the balance, and to one that does not cover the interest', async () => {
    const a = await applicationIn(t, 'creditorReview');
    const first = a.offers[0]!;
    const over = await counter(first.id, { counterPayment: first.balance + 1 });
    expect(over.statusCode).toBe(400);
    expect(over.json().fieldErrors.counterPayment).toMatch(
      /^Monthly payment cannot be more than the balance \(\$/,
    );

    // 36% a year is 3% of the balance a month: 1% of it never pays the account off.
    const short = await counter(first.id, {
      counterPayment: Math.ceil(first.balance / 100),
      counterApr: 3600,
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors.counterPayment).toMatch(
      /^This payment does not cover the monthly interest \(\$[\d,.]+ at 36%\): enter a higher payment or a lower APR$/,
    );
    const rateOnly = await counter(first.id, { counterApr: 3600 });
    if (rateOnly.statusCode === 400) {
      expect(Object.keys(rateOnly.json().fieldErrors)).toEqual(['counterApr']);
    }
    expect(await offerRow(first.id)).toMatchObject({ status: null, version: 0 });
  });

  it('answers 409 to a stale version, and a later plain acceptance clears the counter-offer', async () => {
    const a = await applicationIn(t, 'creditorReview');
    const first = a.offers[0]!;
    expect((await counter(first.id, { counterApr: 500 })).statusCode).toBe(200);
    const stale = await counter(first.id, { counterApr: 900 }, 0);
    expect(stale.statusCode).toBe(409);
    expect(await offerRow(first.id)).toMatchObject({ version: 1, counterApr: 500 });

    expect((await accept(first.id, 1)).statusCode).toBe(200);
    expect(await offerRow(first.id)).toMatchObject({
      status: 'accepted',
      version: 2,
      counterPayment: null,
      counterApr: null,
    });
  });

  it('is refused outside creditor review (409) and for an unknown offer (404)', async () => {
    const a = await applicationIn(t, 'counselorReview');
    expect((await counter(a.offers[0]!.id, { counterApr: 500 })).statusCode).toBe(409);
    expect((await counter('00000000-0000-4000-8000-000000000000', { counterApr: 500 })).statusCode).toBe(404);
  });
});

describe('a plan over 60 months', () => {
  /** Every offer countered with a slow payment at 0%: the plan runs about 100 months. */
  async function longPlan() {
    const a = await applicationIn(t, 'creditorReview');
    for (const x of a.offers) {
      const res = await counter(x.id, { counterPayment: slowPayment(x), counterApr: 0 });
      expect(res.statusCode, res.body).toBe(200);
    }
    return a;
  }

  it('stays in creditor review until a staff member approves it, then is handed over', async () => {
    const a = await longPlan();
    expect((await applicationRow(t, a.applicationId)).status).toBe('creditorReview');
    expect(
      await t.db.select().from(dmpEnrollment).where(eq(dmpEnrollment.applicationId, a.applicationId)),
    ).toEqual([]);
    let s = await summary(a.applicationId);
    const term: number = s.decision.decision.terms.termInMonths;
    expect(term).toBeGreaterThan(60);
    expect(s.decision.decision.longPlan).toEqual({ needsApproval: true, approval: null });

    // A reason is required, plain text, bounded.
    for (const [body, message] of [
      [{}, 'Reason for approval is required'],
      [{ reason: '   ' }, 'Reason for approval is required'],
      [{ reason: 'ok\u0000' }, expect.any(String)],
      [{ reason: 'x'.repeat(501) }, 'Reason for approval must be at most 500 characters long'],
      [{ reason: 12 }, expect.any(String)],
    ] as const) {
      const res = await approve(a.applicationId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors).toEqual({ reason: message });
    }
    expect((await approve(a.applicationId, { reason: 'ok', status: 'transfer' })).statusCode).toBe(400);
    expect((await approve('00000000-0000-4000-8000-000000000000', { reason: 'ok' })).statusCode).toBe(404);
    expect((await approve('not-an-id', { reason: 'ok' })).statusCode).toBe(400);

    const res = await approve(a.applicationId, { reason: 'Hardship plan agreed with the borrower by phone' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      application: { id: a.applicationId, status: 'transfer' },
      approval: {
        termInMonths: term,
        reason: 'Hardship plan agreed with the borrower by phone',
        approvedBy: { id: staff.userId, name: 'Casey Counter' },
      },
      handOver: 'transfer',
    });
    expect(await applicationRow(t, a.applicationId)).toMatchObject({
      status: 'transfer',
      longPlanApprovedTerm: term,
      longPlanApprovedBy: staff.userId,
      longPlanApprovalReason: 'Hardship plan agreed with the borrower by phone',
    });
    const [enrollment] = await t.db
      .select()
      .from(dmpEnrollment)
      .where(eq(dmpEnrollment.applicationId, a.applicationId));
    expect(enrollment).toMatchObject({ termInMonths: term });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.applicationId, a.applicationId))
      .orderBy(asc(auditLog.createdAt));
    expect(audits.map((x) => x.action).slice(-2)).toEqual(['transfer', 'approveLongPlan']);
    expect(audits.at(-1)).toMatchObject({
      actorId: staff.userId,
      before: { status: 'creditorReview', termInMonths: term, approvedTermInMonths: null },
      after: { status: 'transfer', approvedTermInMonths: term },
    });

    s = await summary(a.applicationId);
    expect(s.decision.decision.longPlan).toMatchObject({
      needsApproval: false,
      approval: { termInMonths: term, approvedBy: { name: 'Casey Counter' } },
    });
    // Approved and handed over: a second approval is refused.
    const again = await approve(a.applicationId, { reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(LONG_PLAN_NOT_OPEN_MESSAGE);
  });

  it('can be approved before the last answer; the last answer then hands it over', async () => {
    const a = await applicationIn(t, 'creditorReview');
    const [last, ...others] = a.offers;
    for (const x of others) {
      expect((await counter(x.id, { counterPayment: slowPayment(x), counterApr: 0 })).statusCode).toBe(200);
    }
    // The terms so far already run over 60 months (offers not yet answered count as pending).
    const s = await summary(a.applicationId);
    expect(s.decision.decision.longPlan.needsApproval).toBe(true);
    expect((await approve(a.applicationId, { reason: 'Approved ahead' })).statusCode).toBe(200);
    expect((await applicationRow(t, a.applicationId)).status).toBe('creditorReview');
    // Accepted as offered, the plan is the one approved (a pending offer counts at its offer's figures).
    const res = await accept(last!.id);
    expect(res.json().handOver).toBe('transfer');
    expect((await applicationRow(t, a.applicationId)).status).toBe('transfer');
  });

  it('refuses an approval a plan does not need (409)', async () => {
    const a = await applicationIn(t, 'creditorReview');
    const res = await approve(a.applicationId, { reason: 'Just in case' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(
      /^This plan runs \d+ months: only a plan over 60 months needs approval\.$/,
    );
    expect((await applicationRow(t, a.applicationId)).longPlanApprovedTerm).toBeNull();
    const b = await applicationIn(t, 'counselorReview');
    expect((await approve(b.applicationId, { reason: 'x' })).statusCode).toBe(409);
  });

  it('is for staff only: a borrower gets 403, even for their own application', async () => {
    const a = await applicationIn(t, 'creditorReview');
    const res = await a.client.post(`/api/staff/applications/${a.applicationId}/approve-long-plan`, {
      reason: 'mine',
    });
    expect(res.statusCode).toBe(403);
    expect(
      (await t.db.select().from(application).where(eq(application.id, a.applicationId)))[0],
    ).toMatchObject({
      longPlanApprovedTerm: null,
    });
  });
});

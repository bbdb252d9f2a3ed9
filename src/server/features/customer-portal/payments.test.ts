import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyEventSchema } from '#domain/enrollment/agency-events';
import type { PaymentsView } from '#domain/enrollment/payments-view';
import type { PlanView } from '#domain/enrollment/views';
import { recordAgencyEvent } from '#server/application/agency-ledger';
import { loadPlanTerms } from '#server/application/plan-terms';
import { application } from '#server/db/schema/application';
import { dmpEnrollment, planAuthorization } from '#server/db/schema/enrollment';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { newBorrower } from '#tests/support/borrower-flow';
import { signedPlanIn } from '#tests/support/signed-plan';
import { signedInStaff } from '#tests/support/staff-actions';

// GET /api/customer-portal/payments: the signed-in borrower's own plan's drafts and payments to creditors, as the
// agency reported them, with the creditors named as the plan names them; My plan's per-creditor figures and the
// chart's actual line from the same events. Never another borrower's.

const PAYMENTS = '/api/customer-portal/payments';
const TODAY = '2027-03-01';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { today: () => TODAY });
});
afterAll(async () => t?.close());

/** A borrower whose plan was handed over, its drafts starting on 2027-01-15. */
async function handedOver(lastName: string) {
  const a = await signedPlanIn(t, lastName);
  await t.db.update(application).set({ status: 'transferred' }).where(eq(application.id, a.applicationId));
  await t.db
    .update(planAuthorization)
    .set({ firstDraftDate: '2027-01-15', draftDay: 15 })
    .where(eq(planAuthorization.applicationId, a.applicationId));
  const { terms } = await loadPlanTerms(t.db, a.applicationId, { today: TODAY });
  await t.db.insert(dmpEnrollment).values({
    applicationId: a.applicationId,
    active: true,
    dateSigned: '2026-12-01',
    firstPaymentDate: '2027-01-15',
    monthlyPaymentAmount: terms.monthlyDraft,
    termInMonths: terms.termInMonths,
  });
  return { ...a, terms };
}

let seq = 0;
async function record(
  applicationId: string,
  type: string,
  data: Record<string, unknown>,
  occurredAt: string,
) {
  const event = agencyEventSchema.parse({ id: `pay-${++seq}`, applicationId, occurredAt, type, data });
  expect((await recordAgencyEvent(t.db, event, `test:${event.id}`, null)).status).toBe('applied');
}

describe('GET /api/customer-portal/payments', () => {
  it('before any event: empty, saying whether the plan was handed over and when the first draft is', async () => {
    const a = await signedPlanIn(t, 'Notyet');
    const before = await a.client.get(PAYMENTS);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({ handedOver: false, firstDraftDate: a.firstDraftDate, months: [] });

    const b = await handedOver('Handedover');
    const res = await b.client.get(PAYMENTS);
    expect(res.json()).toEqual({ handedOver: true, firstDraftDate: '2027-01-15', months: [] });
  });

  it("lists each draft, newest first, with its creditors' payments; My plan states paid so far", async () => {
    const a = await handedOver('Paidsofar');
    const [first, second] = a.terms.creditors;
    const amount = a.terms.monthlyDraft;
    const app = a.applicationId;
    await record(
      app,
      'draft.scheduled',
      { draftId: 'D1', amount, scheduledFor: '2027-01-15' },
      '2027-01-10T12:00:00Z',
    );
    await record(app, 'draft.settled', { draftId: 'D1', settledOn: '2027-01-15' }, '2027-01-15T18:00:00Z');
    await record(
      app,
      'disbursement.sent',
      {
        disbursementId: 'P1',
        offerId: first!.id,
        draftId: 'D1',
        amount: first!.payment,
        method: 'electronic',
        traceNumber: '021000021234567',
        sentOn: '2027-01-16',
      },
      '2027-01-16T12:00:00Z',
    );
    await record(
      app,
      'disbursement.posted',
      { disbursementId: 'P1', postedOn: '2027-01-22' },
      '2027-01-22T12:00:00Z',
    );
    await record(
      app,
      'disbursement.sent',
      {
        disbursementId: 'P2',
        offerId: second!.id,
        draftId: 'D1',
        amount: second!.payment,
        method: 'check',
        checkNumber: '1042',
        sentOn: '2027-01-16',
      },
      '2027-01-16T12:05:00Z',
    );
    await record(
      app,
      'draft.scheduled',
      { draftId: 'D2', amount, scheduledFor: '2027-02-15' },
      '2027-02-10T12:00:00Z',
    );
    await record(
      app,
      'draft.returned',
      { draftId: 'D2', returnCode: 'R01', returnedOn: '2027-02-18' },
      '2027-02-18T12:00:00Z',
    );
    await record(
      app,
      'creditor.balance_reported',
      { offerId: first!.id, balance: first!.balance - first!.payment, asOf: '2027-01-31' },
      '2027-02-01T12:00:00Z',
    );

    const res = await a.client.get(PAYMENTS);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json() as PaymentsView;
    expect(view.handedOver).toBe(true);
    expect(view.months.map((m) => m.draft?.draftId)).toEqual(['D2', 'D1']);
    expect(view.months[0]).toEqual({
      draft: {
        draftId: 'D2',
        status: 'returned',
        amount,
        date: '2027-02-15',
        settledOn: null,
        returnedOn: '2027-02-18',
        returnCode: 'R01',
        action: 'addMoney',
      },
      payments: [],
    });
    expect(view.months[1]!.payments).toEqual([
      {
        disbursementId: 'P1',
        creditorName: first!.creditorName,
        amount: first!.payment,
        method: 'electronic',
        status: 'posted',
        traceNumber: '021000021234567',
        checkNumber: null,
        sentOn: '2027-01-16',
        postedOn: '2027-01-22',
        rejectedOn: null,
      },
      {
        disbursementId: 'P2',
        creditorName: second!.creditorName,
        amount: second!.payment,
        method: 'check',
        status: 'sent',
        traceNumber: null,
        checkNumber: '1042',
        sentOn: '2027-01-16',
        postedOn: null,
        rejectedOn: null,
      },
    ]);

    // My plan: the same events, per creditor, and the actual line beside the plan's.
    const read = await a.client.get('/api/customer-portal/plan');
    expect(read.statusCode, read.body).toBe(200);
    const plan = read.json() as PlanView;
    const byId = new Map(plan.creditors.map((c) => [c.id, c.progress]));
    expect(byId.get(first!.id)).toMatchObject({
      paidSoFar: first!.payment,
      onTheWay: 0,
      lastReported: { balance: first!.balance - first!.payment, asOf: '2027-01-31' },
    });
    expect(byId.get(second!.id)).toMatchObject({
      paidSoFar: 0,
      onTheWay: second!.payment,
      lastReported: null,
      monthsLeft: second!.term,
    });
    expect(plan.payoff.actual.map((p) => p.month)).toEqual([0, 1, 2]);
    expect(plan.payoff.actual[0]!.actual).toBe(a.terms.creditors.reduce((sum, c) => sum + c.balance, 0));
    expect(plan.payoff.actual[2]!.actual).toBe(plan.payoff.actual[0]!.actual - first!.payment);
  });

  it("never answers another borrower's payments, whatever the request names", async () => {
    const mine = await handedOver('Mineonly');
    const theirs = await handedOver('Theirsonly');
    await record(
      theirs.applicationId,
      'draft.scheduled',
      { draftId: 'THEIRS', amount: 10_000, scheduledFor: '2027-02-15' },
      '2027-02-10T12:00:00Z',
    );
    for (const url of [PAYMENTS, `${PAYMENTS}?applicationId=${theirs.applicationId}`]) {
      const res = await mine.client.get(url);
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as PaymentsView).months).toEqual([]);
    }
    expect(((await theirs.client.get(PAYMENTS)).json() as PaymentsView).months).toHaveLength(1);
  });

  it('refuses whoever has no plan of their own: 404 without an application, 401 signed out, 403 for staff', async () => {
    const stranger = await newBorrower(t, 'Noplan');
    await t.db.delete(application).where(eq(application.id, stranger.applicationId));
    expect((await stranger.client.get(PAYMENTS)).statusCode).toBe(404);
    expect((await t.client().get(PAYMENTS)).statusCode).toBe(401);
    const staff = await signedInStaff(t);
    expect((await staff.client.get(PAYMENTS)).statusCode).toBe(403);
  });

  it('sends a borrower who has not signed the letter back to where they are', async () => {
    const b = await newBorrower(t, 'Unsigned');
    const res = await b.client.get(PAYMENTS);
    expect(res.statusCode).toBe(409);
  });
});

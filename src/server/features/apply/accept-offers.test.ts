import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { decision, offer } from '#server/db/schema/decision';
import { planAuthorization } from '#server/db/schema/enrollment';
import { PLAN_DISCLOSURES_VERSION, PLAN_DISCLOSURES_VERSIONS } from '#domain/enrollment/plan-disclosures';
import { acceptPlan, applicationRow } from '#tests/support/borrower-flow';
import { qualifiedBorrower } from '#tests/support/staff-actions';
import { DISCLOSURES_CHANGED_MESSAGE, KEEP_ONE_OFFER_MESSAGE } from './offers';

// /offers/review: the borrower keeps or leaves out each offer, picks the draft day and accepts explicitly.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const newestDecision = (applicationId: string) =>
  t.db.query.decision.findFirst({
    where: eq(decision.applicationId, applicationId),
    orderBy: [desc(decision.createdAt)],
    with: { offers: true },
  });

describe('POST /api/application/offers/accept', () => {
  it('stores the offers left out, the acceptance with its disclosures and the terms, and moves on', async () => {
    const b = await qualifiedBorrower(t, 'Chooser');
    const view = (await b.client.get('/api/application/offers')).json();
    expect(view.offers.length).toBeGreaterThan(1);
    const [first, ...others] = view.offers as { id: string; newMonthlyPayment: number }[];
    const res = await acceptPlan(b.client, { leftOut: [first!.id], draftDay: 20 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ next: '/payments/next-steps' });
    expect((await applicationRow(t, b.applicationId)).status).toBe('confirmPaymentAccount');
    const made = await newestDecision(b.applicationId);
    expect(made).toMatchObject({
      wasPresentedToBorrower: true,
      wasAcceptedByBorrower: true,
      acceptanceDisclosureVersion: PLAN_DISCLOSURES_VERSION,
    });
    expect(made!.acceptedAt).toBeInstanceOf(Date);
    // Left out by the borrower, not declined by a creditor.
    const left = made!.offers.find((o) => o.id === first!.id)!;
    expect(left).toMatchObject({ declinedByBorrower: true, status: null });
    // The terms accepted are those of the offers kept; the page said the same once the offer was left out.
    const [accepted] = await t.db
      .select()
      .from(planAuthorization)
      .where(eq(planAuthorization.applicationId, b.applicationId));
    expect(accepted).toMatchObject({ kind: 'acceptance', draftDay: 20 });
    expect(accepted!.firstDraftDate.slice(8)).toBe('20');
    const after = (await b.client.get('/api/application/offers')).json();
    expect(after.draftDay).toBe(20);
    expect(after.offers.find((o: { id: string }) => o.id === first!.id).leftOut).toBe(true);
    expect(after.totalNewMonthlyPayment).toBe(accepted!.monthlyDraftAmount);
    expect(after.creditorsMonthlyPayment).toBe(others.reduce((sum, o) => sum + o.newMonthlyPayment, 0));
    // Accepted once: a second acceptance is out of order.
    expect((await acceptPlan(b.client)).statusCode).toBe(409);
  });

  it('records the Spanish disclosures when the borrower read them in Spanish', async () => {
    const b = await qualifiedBorrower(t, 'Lectora');
    const res = await b.client.post('/api/application/offers/accept', {
      leftOut: [],
      draftDay: 1,
      disclosuresVersion: PLAN_DISCLOSURES_VERSIONS.es,
      agreed: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await newestDecision(b.applicationId))!.acceptanceDisclosureVersion).toBe(
      PLAN_DISCLOSURES_VERSIONS.es,
    );
  });

  it('keeps at least one offer, and refuses a stale disclosure version or a day some months lack', async () => {
    const b = await qualifiedBorrower(t, 'Refused');
    const ids = ((await b.client.get('/api/application/offers')).json().offers as { id: string }[]).map(
      (o) => o.id,
    );
    const all = await acceptPlan(b.client, { leftOut: ids });
    expect(all.statusCode).toBe(400);
    expect(all.json().fieldErrors.leftOut).toBe(KEEP_ONE_OFFER_MESSAGE);
    const stale = await b.client.post('/api/application/offers/accept', {
      leftOut: [],
      draftDay: 1,
      disclosuresVersion: '1999-01-01',
      agreed: true,
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().fieldErrors.agreed).toBe(DISCLOSURES_CHANGED_MESSAGE);
    for (const draftDay of [0, 29, 1.5, 1e308, '15']) {
      const bad = await b.client.post('/api/application/offers/accept', {
        leftOut: [],
        draftDay,
        disclosuresVersion: PLAN_DISCLOSURES_VERSION,
        agreed: true,
      });
      expect(bad.statusCode, String(draftDay)).toBe(400);
    }
    const unagreed = await b.client.post('/api/application/offers/accept', {
      leftOut: [],
      draftDay: 1,
      disclosuresVersion: PLAN_DISCLOSURES_VERSION,
      agreed: false,
    });
    expect(unagreed.statusCode).toBe(400);
    expect(unagreed.json().fieldErrors.agreed).toBe(
      'Please confirm you have read the plan’s terms and disclosures',
    );
    const hostile = await b.client.post('/api/application/offers/accept', {
      leftOut: ['\u0000\u001b[31m'],
      draftDay: 1,
      disclosuresVersion: '\u0000',
      agreed: true,
    });
    expect(hostile.statusCode).toBe(400);
    // Nothing was saved by any of these.
    expect((await applicationRow(t, b.applicationId)).status).toBe('acceptOffer');
    const made = await newestDecision(b.applicationId);
    expect(made!.offers.every((o) => !o.declinedByBorrower)).toBe(true);
  });

  it("answers 404 for another borrower's offer, changing nothing", async () => {
    const mine = await qualifiedBorrower(t, 'Mine');
    const theirs = await qualifiedBorrower(t, 'Theirs');
    const [their] = (await theirs.client.get('/api/application/offers')).json().offers as { id: string }[];
    const res = await acceptPlan(mine.client, { leftOut: [their!.id] });
    expect(res.statusCode).toBe(404);
    const [row] = await t.db.select().from(offer).where(eq(offer.id, their!.id));
    expect(row!.declinedByBorrower).toBe(false);
    expect((await applicationRow(t, mine.applicationId)).status).toBe('acceptOffer');
  });
});

describe('POST /api/application/offers/leave-all-out', () => {
  it('disqualifies with the borrower’s reason and sends the not-qualified email', async () => {
    const b = await qualifiedBorrower(t, 'Nothanks');
    const res = await b.client.post('/api/application/offers/leave-all-out');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ next: '/offers/not-qualified' });
    expect((await applicationRow(t, b.applicationId)).status).toBe('disqualified');
    const outcome = (await b.client.get('/api/application')).json().outcome;
    expect(outcome.outcomes).toEqual(['allOffersLeftOut']);
    const made = await newestDecision(b.applicationId);
    expect(made!.offers.every((o) => o.declinedByBorrower)).toBe(true);
    expect((await t.emailsTo(b.email)).some((e) => e.kind === 'not-qualified')).toBe(true);
    expect((await b.client.post('/api/application/offers/leave-all-out')).statusCode).toBe(409);
  });
});

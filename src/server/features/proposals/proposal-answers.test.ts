import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditor, offer, proposal } from '#server/db/schema/index';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { applicationIn, signedInStaff } from '#tests/support/staff-actions';
import { signedPlanIn } from '#tests/support/signed-plan';

// Staff enter a creditor's answer in the offer's modal; the proposal sent to that creditor records it in the
// same transaction. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signedInStaff(t);
}, 60_000);
afterAll(async () => {
  await t.close();
});

const ach = {
  isAch: true,
  email: 'remit@bank.example.com',
  accountNumber: '998877665544',
  routingNumber: '021000021',
};
const proposalOf = async (offerId: string) =>
  (await t.db.select().from(proposal).where(eq(proposal.offerId, offerId)))[0];

/** An application past quality control with its proposals prepared (the job's use case, called directly). */
async function withProposals(lastName: string) {
  const a = await applicationIn(t, 'creditorReview', lastName);
  await t.app.prepareProposals(a.applicationId);
  return a;
}

describe('a creditor answer recorded by staff reaches the proposal', () => {
  it('marks the proposal answered: accepted, countered with a payment, declined with reasons', async () => {
    const a = await withProposals('Answered');
    expect(a.offers.length).toBeGreaterThanOrEqual(2);
    const [first, second, third] = a.offers;
    const before = new Date();

    const accepted = await staff.client.post(`/api/staff/offers/${first!.id}/status`, {
      version: 0,
      status: 'accepted',
      creditorAccount: ach,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await proposalOf(first!.id)).toMatchObject({
      state: 'answered',
      answer: 'accepted',
      answerPayment: null,
      answerNote: null,
    });
    expect((await proposalOf(first!.id))!.answeredAt!.getTime()).toBeGreaterThanOrEqual(
      before.getTime() - 1000,
    );

    const counterPayment = second!.payment + 500;
    const countered = await staff.client.post(`/api/staff/offers/${second!.id}/status`, {
      version: 0,
      status: 'counterOffer',
      counterPayment,
      creditorAccount: ach,
    });
    expect(countered.statusCode, countered.body).toBe(200);
    expect(await proposalOf(second!.id)).toMatchObject({
      state: 'answered',
      answer: 'countered',
      answerPayment: counterPayment,
    });

    // A correction replaces the earlier answer: the first creditor declines after all.
    const declined = await staff.client.post(`/api/staff/offers/${first!.id}/status`, {
      version: 1,
      status: 'declined',
      reasons: ['termTooLong', 'reductionTooMuch'],
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await proposalOf(first!.id)).toMatchObject({
      state: 'answered',
      answer: 'declined',
      answerPayment: null,
      answerNote: 'term too long; reduction too much',
    });

    // A creditor not yet answered keeps its proposal as prepared.
    if (third)
      expect(await proposalOf(third.id)).toMatchObject({ state: 'prepared', answeredAt: null, answer: null });
  });

  it('leaves the proposal untouched when the answer is refused (stale version), as the offer', async () => {
    const a = await withProposals('Stale');
    const target = a.offers[0]!;
    const res = await staff.client.post(`/api/staff/offers/${target.id}/status`, {
      version: 7,
      status: 'accepted',
      creditorAccount: ach,
    });
    expect(res.statusCode).toBe(409);
    expect(await proposalOf(target.id)).toMatchObject({ state: 'prepared', answer: null });
    const o = await t.db.query.offer.findFirst({ where: eq(offer.id, target.id) });
    expect(o?.status).toBeNull();
  });

  it('records an answer for an offer without a proposal as before (made before proposals existed)', async () => {
    const a = await applicationIn(t, 'creditorReview', 'Older');
    const res = await staff.client.post(`/api/staff/offers/${a.offers[0]!.id}/status`, {
      version: 0,
      status: 'accepted',
      creditorAccount: ach,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await proposalOf(a.offers[0]!.id)).toBeUndefined();
  });
});

describe('My plan states each creditor’s proposal', () => {
  it('shows sent or prepared, answered on, and what was agreed, from the borrower’s own application only', async () => {
    const a = await signedPlanIn(t, 'Planned');
    await t.app.prepareProposals(a.applicationId);
    // Another borrower with proposals and answers of their own.
    const other = await signedPlanIn(t, 'Neighbour');
    await t.app.prepareProposals(other.applicationId);
    await staff.client.post(`/api/staff/offers/${other.offers[0]!.id}/status`, {
      version: 0,
      status: 'declined',
      reasons: ['other'],
    });

    const [first, second] = a.offers;
    const counterPayment = second!.payment + 700;
    expect(
      (
        await staff.client.post(`/api/staff/offers/${first!.id}/status`, {
          version: 0,
          status: 'accepted',
          creditorAccount: ach,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await staff.client.post(`/api/staff/offers/${second!.id}/status`, {
          version: 0,
          status: 'counterOffer',
          counterPayment,
          creditorAccount: ach,
        })
      ).statusCode,
    ).toBe(200);

    const res = await a.client.get('/api/customer-portal/plan');
    expect(res.statusCode, res.body).toBe(200);
    const plan = res.json() as {
      creditors: { id: string; newMonthlyPayment: number; proposal: Record<string, unknown> | null }[];
    };
    const today = t.today();
    const byId = new Map(plan.creditors.map((c) => [c.id, c]));
    // Only this borrower's offers, each with its own proposal.
    expect([...byId.keys()].sort()).toEqual(a.offers.map((o) => o.id).sort());
    for (const o of other.offers) expect(byId.has(o.id)).toBe(false);

    const accepted = byId.get(first!.id)!;
    expect(accepted.proposal).toEqual({
      state: 'answered',
      preparedOn: today,
      sentOn: null,
      answeredOn: today,
      answer: 'accepted',
      agreedPayment: accepted.newMonthlyPayment,
    });
    const countered = byId.get(second!.id)!;
    expect(countered.proposal).toMatchObject({ answer: 'countered', agreedPayment: counterPayment });
    expect(countered.newMonthlyPayment).toBe(counterPayment);
    for (const rest of a.offers.slice(2)) {
      expect(byId.get(rest.id)!.proposal).toMatchObject({
        state: 'prepared',
        answeredOn: null,
        agreedPayment: null,
      });
    }
    // None of them is declined: the other borrower's decline did not leak into this plan.
    expect(plan.creditors.some((c) => c.proposal?.answer === 'declined')).toBe(false);
  });
});

describe('GET /api/staff/proposals: unanswered past the answer time, by creditor', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const ago = (days: number) => new Date(Date.now() - days * DAY);
  const CREDITOR = { id: 'zeta-test-bank', name: 'Zeta Test Bank', matchNames: ['ZETA'] };

  it('lists the overdue proposals oldest first, page by page, with each creditor’s rate and median days', async () => {
    await t.db.insert(creditor).values(CREDITOR).onConflictDoNothing();
    const waiting = await withProposals('Waiting');
    const answered = await withProposals('Answering');
    const [w1, w2, w3, w4] = waiting.offers;
    expect(w3).toBeDefined();
    await t.db
      .update(proposal)
      .set({ creditorId: CREDITOR.id })
      .where(eq(proposal.applicationId, waiting.applicationId));
    // Two long overdue (prepared a year ago; one sent 31 days ago), one sent recently: still within the time.
    await t.db
      .update(proposal)
      .set({ preparedAt: ago(400) })
      .where(eq(proposal.offerId, w1!.id));
    await t.db
      .update(proposal)
      .set({ preparedAt: ago(399), sentAt: ago(31), state: 'sent' })
      .where(eq(proposal.offerId, w2!.id));
    await t.db
      .update(proposal)
      .set({ preparedAt: ago(398), sentAt: ago(3), state: 'sent' })
      .where(eq(proposal.offerId, w3!.id));
    if (w4)
      await t.db
        .update(proposal)
        .set({ preparedAt: ago(2) })
        .where(eq(proposal.offerId, w4.id));
    // The same creditor's answers elsewhere: accepted after 10 days, countered after 30, declined after 20.
    const [a1, a2, a3] = answered.offers;
    const answer = (
      offerId: string,
      sentDaysAgo: number,
      tookDays: number,
      kind: 'accepted' | 'countered' | 'declined',
    ) =>
      t.db
        .update(proposal)
        .set({
          creditorId: CREDITOR.id,
          state: 'answered',
          preparedAt: ago(sentDaysAgo + 1),
          sentAt: ago(sentDaysAgo),
          answeredAt: ago(sentDaysAgo - tookDays),
          answer: kind,
        })
        .where(eq(proposal.offerId, offerId));
    await answer(a1!.id, 50, 10, 'accepted');
    await answer(a2!.id, 50, 30, 'countered');
    if (a3) await answer(a3.id, 50, 20, 'declined');

    const first = await staff.client.get('/api/staff/proposals?limit=1');
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json();
    expect(page1.responseDays).toBe(30);
    expect(page1.proposals).toMatchObject([{ offerId: w1!.id, state: 'prepared', daysWaiting: 400 }]);
    expect(page1.creditors).toEqual([
      {
        creditorId: CREDITOR.id,
        creditorName: 'Zeta Test Bank',
        overdue: 2,
        answered: a3 ? 3 : 2,
        acceptanceRate: a3 ? 2 / 3 : 1,
        medianDaysToAnswer: 20,
      },
    ]);
    expect(page1.nextAfter).toBe(page1.proposals[0].id);

    const second = (await staff.client.get(`/api/staff/proposals?limit=1&after=${page1.nextAfter}`)).json();
    expect(second.proposals).toMatchObject([{ offerId: w2!.id, state: 'sent', daysWaiting: 31 }]);
    // The rest of the list never shows the proposals still within their time.
    const rest = (
      await staff.client.get(`/api/staff/proposals?after=${second.nextAfter ?? second.proposals[0].id}`)
    ).json();
    const listed = [...page1.proposals, ...second.proposals, ...rest.proposals].map(
      (p: { offerId: string }) => p.offerId,
    );
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed).not.toContain(w3!.id);
    if (w4) expect(listed).not.toContain(w4.id);
  });

  it('answers 400 to a hostile query, never 5xx, and 403 to a borrower', async () => {
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=1e400',
      'limit=abc',
      'limit=-1',
      'after=not-a-uuid',
      'after=%00',
      `after=${'1'.repeat(5000)}`,
      'after=00000000-0000-4000-8000-000000000000',
      'unknown=1',
    ]) {
      const res = await staff.client.get(`/api/staff/proposals?${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
    }
    const borrower = await signedPlanIn(t, 'Curious');
    expect((await borrower.client.get('/api/staff/proposals')).statusCode).toBe(403);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offer, proposal } from '#server/db/schema/index';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { applicationIn, signedInStaff } from '#tests/support/staff-actions';

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

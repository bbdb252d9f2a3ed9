import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { application, applicationStatusChange, borrower } from '#server/db/schema/application';
import { creditorAccount } from '#server/db/schema/credit';
import {
  decision,
  disqualificationReason,
  offer,
  offerDisqualificationReason,
  offerStatusChange,
} from '#server/db/schema/decision';
import { dmpEnrollment } from '#server/db/schema/enrollment';
import { planFeesFor } from '#server/application/plan-fees';
import { auditLog } from '#server/db/schema/ops';
import { createFieldCipher } from '#server/security/field-encryption';
import { withUnit } from '#server/unit-of-work';
import { applicationRow } from '#tests/support/borrower-flow';
import { OFFER_NOT_CURRENT_MESSAGE, OFFERS_NOT_OPEN_MESSAGE } from './answer-offer';
import { NOT_IN_TRANSFER_MESSAGE } from './mark-transferred';
import { buildPartnerWebhookEvent } from './partner-webhook';
import { applicationIn, signedInStaff } from '#tests/support/staff-actions';

// The offer-status modal and the hand-over.

let t: TestApp;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signedInStaff(t);
});
afterAll(async () => {
  await t.close();
});

const ACCOUNT_NUMBER = '998877665544';
const ROUTING_NUMBER = '021000021';
const ach = {
  isAch: true,
  email: 'remit@bank.example.com',
  accountNumber: ACCOUNT_NUMBER,
  routingNumber: ROUTING_NUMBER,
};
const check = {
  isAch: false,
  addressLine1: '1 Bank Plaza',
  city: 'Wilmington',
  state: 'DE',
  zipCode: '19801',
  memo: 'Plan payments',
};

const answer = (offerId: string, body: unknown) =>
  staff.client.post(`/api/staff/offers/${offerId}/status`, body);
const accept = (offerId: string, creditor: unknown = ach, version = 0) =>
  answer(offerId, { version, status: 'accepted', creditorAccount: creditor });
const decline = (offerId: string, reasons: string[] = ['termTooLong'], version = 0) =>
  answer(offerId, { version, status: 'declined', reasons });
const toggle = (offerId: string, reason: string) =>
  staff.client.post(`/api/staff/offers/${offerId}/reasons/toggle`, { reason });

const offerRow = async (id: string) => (await t.db.query.offer.findFirst({ where: eq(offer.id, id) }))!;
const accountOf = async (x: { debtId: string | null; collectionId: string | null }) =>
  t.db.query.creditorAccount.findFirst({
    where: x.debtId
      ? eq(creditorAccount.debtId, x.debtId)
      : eq(creditorAccount.collectionId, x.collectionId!),
  });

describe('POST /api/staff/offers/:id/status: accepted', () => {
  it('refuses a wrong routing number, then saves the ACH creditor account encrypted and linked to the debt', async () => {
    const a = await applicationIn(t, 'creditorReview');
    const first = a.offers[0]!;

    const wrong = await accept(first.id, { ...ach, routingNumber: '021000022' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({
      'creditorAccount.routingNumber': 'Routing Number is invalid',
    });
    expect((await offerRow(first.id)).status).toBeNull();

    const res = await accept(first.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      offer: {
        id: first.id,
        status: 'accepted',
        version: 1,
        reasons: [],
        creditorAccount: expect.objectContaining({
          isAch: true,
          email: 'remit@bank.example.com',
          accountNumberLast4: '5544',
          routingNumberLast4: '0021',
          addressLine1: null,
        }),
        counterPayment: null,
        counterApr: null,
      },
      application: { id: a.applicationId, status: 'creditorReview' },
      handOver: null,
    });
    expect(res.body).not.toContain(ACCOUNT_NUMBER);
    expect(res.body).not.toContain(ROUTING_NUMBER);

    const stored = (await accountOf(first))!;
    expect(stored.applicationId).toBe(a.applicationId);
    expect(stored.accountNumber).not.toContain(ACCOUNT_NUMBER);
    expect(stored.routingNumber).not.toContain(ROUTING_NUMBER);
    const changes = await t.db
      .select()
      .from(offerStatusChange)
      .where(eq(offerStatusChange.offerId, first.id));
    expect(changes).toMatchObject([{ status: 'accepted', changedBy: staff.userId }]);

    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.applicationId, a.applicationId))
      .orderBy(asc(auditLog.createdAt));
    expect(audits.map((x) => x.action)).toEqual(['offerStatus', 'creditorAccount']);
    expect(audits[0]).toMatchObject({
      actorId: staff.userId,
      before: { status: null, version: 0 },
      after: { status: 'accepted', version: 1 },
    });
    expect(JSON.stringify(audits)).not.toContain(ACCOUNT_NUMBER);
  });

  it('answers 409 to a stale version and changes nothing', async () => {
    const a = await applicationIn(t, 'creditorReview');
    const first = a.offers[0]!;
    expect((await accept(first.id, check)).statusCode).toBe(200);
    const stale = await decline(first.id, ['other'], 0);
    expect(stale.statusCode).toBe(409);
    expect(await offerRow(first.id)).toMatchObject({ status: 'accepted', version: 1 });
    expect(await accountOf(first)).toMatchObject({ isAch: false, city: 'Wilmington', accountNumber: null });
  });

  it('lets a later answer change an earlier one: declining drops the creditor account', async () => {
    const a = await applicationIn(t, 'creditorReview');
    const first = a.offers[0]!;
    await accept(first.id, check);
    const res = await decline(first.id, ['reductionTooMuch', 'other'], 1);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().offer).toMatchObject({ status: 'declined', version: 2, creditorAccount: null });
    expect(await accountOf(first)).toBeUndefined();
    const changes = await t.db
      .select({ status: offerStatusChange.status })
      .from(offerStatusChange)
      .where(eq(offerStatusChange.offerId, first.id))
      .orderBy(asc(offerStatusChange.createdAt));
    expect(changes.map((c) => c.status)).toEqual(['accepted', 'declined']);
  });

  it.each([
    [{ version: 0 }, { status: 'Was the offer accepted or declined? is required' }],
    [
      { version: 0, status: 'accepted', creditorAccount: { isAch: false } },
      { 'creditorAccount.addressLine1': 'Address line 1 is required' },
    ],
    [
      { version: 0, status: 'accepted', creditorAccount: { ...ach, accountNumber: '1234567890123' } },
      { 'creditorAccount.accountNumber': 'Account Number must be at most 12 characters long' },
    ],
    [
      { version: 0, status: 'accepted', creditorAccount: { ...check, memo: 'm'.repeat(246) } },
      { 'creditorAccount.memo': 'Memo must be at most 245 characters long' },
    ],
  ])('refuses %j with 400 and the field message', async (body, fieldErrors) => {
    const a = await applicationIn(t, 'creditorReview');
    const res = await answer(a.offers[0]!.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject(fieldErrors);
  });
});

describe('POST /api/staff/offers/:id/status: declined, and the reasons toggle', () => {
  it('stores the ticked reasons; the toggle adds an absent reason and removes a present one', async () => {
    const a = await applicationIn(t, 'creditorReview');
    const first = a.offers[0]!;
    const res = await decline(first.id, ['termTooLong', 'autoclosed']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().offer).toMatchObject({ status: 'declined', reasons: ['termTooLong', 'autoclosed'] });

    const added = await toggle(first.id, 'unableToContactTheLender');
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({
      offerId: first.id,
      reasons: ['termTooLong', 'autoclosed', 'unableToContactTheLender'],
    });
    const removed = await toggle(first.id, 'termTooLong');
    expect(removed.json().reasons).toEqual(['autoclosed', 'unableToContactTheLender']);
    const rows = await t.db
      .select({ reason: offerDisqualificationReason.reason })
      .from(offerDisqualificationReason)
      .where(eq(offerDisqualificationReason.offerId, first.id));
    expect(rows.map((r) => r.reason).sort()).toEqual(['autoclosed', 'unableToContactTheLender']);
    const toggles = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, first.id), eq(auditLog.entityType, 'offerDisqualificationReason')));
    expect(toggles).toHaveLength(2);
  });

  it('refuses a decline without a reason and an unknown reason', async () => {
    const a = await applicationIn(t, 'creditorReview');
    const none = await decline(a.offers[0]!.id, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors).toEqual({ reasons: 'Please select at least one reason for rejection' });
    expect((await toggle(a.offers[0]!.id, 'tooExpensive')).statusCode).toBe(400);
  });

  it('answers 409 outside creditorReview, and 404 for an unknown offer', async () => {
    const a = await applicationIn(t, 'counselorReview');
    const res = await decline(a.offers[0]!.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(OFFERS_NOT_OPEN_MESSAGE);
    expect((await toggle(a.offers[0]!.id, 'other')).statusCode).toBe(409);
    expect((await offerRow(a.offers[0]!.id)).status).toBeNull();
    expect((await decline('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await toggle('00000000-0000-4000-8000-000000000000', 'other')).statusCode).toBe(404);
  });

  it('answers 409 for an offer of an older decision', async () => {
    const a = await applicationIn(t, 'creditorReview');
    // A newer decision (a re-run) makes the old offers history.
    const old = await t.db.query.decision.findFirst({
      where: (d, { eq: is }) => is(d.id, a.offers[0]!.decisionId),
    });
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = old!;
    await t.db.insert(decision).values({ ...copy, createdAt: new Date(Date.now() + 1000) });
    const res = await decline(a.offers[0]!.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(OFFER_NOT_CURRENT_MESSAGE);
  });
});

describe('hand-over', () => {
  it('moves to transfer when every offer is answered and one accepted: enrollment, status change, webhook', async () => {
    const a = await applicationIn(t, 'creditorReview');
    const [first, second] = a.offers;
    const results = [];
    for (const [i, x] of a.offers.entries()) {
      results.push(await (i === 0 ? accept(x.id) : i === 1 ? accept(x.id, check) : decline(x.id)));
    }
    expect(results.slice(0, -1).map((r) => r.json().handOver)).toEqual(results.slice(0, -1).map(() => null));
    const final = results.at(-1)!;
    expect(final.statusCode, final.body).toBe(200);
    expect(final.json()).toMatchObject({ handOver: 'transfer', application: { status: 'transfer' } });

    const accepted = [first!, second!];
    const enrollment = await t.db.query.dmpEnrollment.findFirst({
      where: eq(dmpEnrollment.applicationId, a.applicationId),
    });
    // The plan's terms for the two accepted offers: their payments and the fee two accounts allow in the
    // borrower's state; a paid-off account's payment goes to the other, so never longer than the longer offer.
    const lives = await t.db.query.borrower.findFirst({
      where: eq(borrower.applicationId, a.applicationId),
      columns: { state: true },
    });
    expect(enrollment).toMatchObject({
      active: true,
      monthlyPaymentAmount: first!.payment + second!.payment + planFeesFor(lives!.state, 2).monthlyFee,
    });
    expect(enrollment!.termInMonths).toBeLessThanOrEqual(Math.max(first!.term, second!.term));
    expect(await applicationRow(t, a.applicationId)).toMatchObject({ status: 'transfer' });
    const changes = await t.db
      .select()
      .from(applicationStatusChange)
      .where(eq(applicationStatusChange.applicationId, a.applicationId));
    expect(changes.at(-1)).toMatchObject({ from: 'creditorReview', to: 'transfer', changedBy: staff.userId });
    expect(t.webhooksQueued).toContain(a.applicationId);
    const transferAudit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.applicationId, a.applicationId), eq(auditLog.action, 'transfer')));
    expect(transferAudit).toHaveLength(1);

    // The webhook's event: the enrollment and the accepted offers, account numbers by last 4 only.
    const cipher = createFieldCipher(t.config.encryptionKey);
    const event = await withUnit({ database: t.database, cipher, today: t.today }, (unit) =>
      buildPartnerWebhookEvent(unit, { applicationId: a.applicationId }),
    );
    expect(event).toMatchObject({
      type: 'application.transfer',
      applicationId: a.applicationId,
      borrower: { firstName: 'Pat', lastName: 'Doe', phoneNumber: '+14155550123' },
      enrollment: {
        monthlyPaymentAmount: enrollment!.monthlyPaymentAmount,
        termInMonths: enrollment!.termInMonths,
      },
    });
    expect(event!.acceptedOffers.map((x) => x.offerId).sort()).toEqual(accepted.map((x) => x.id).sort());
    const achOffer = event!.acceptedOffers.find((x) => x.offerId === first!.id)!;
    expect(achOffer.creditorAccount).toMatchObject({
      isAch: true,
      accountNumberLast4: '5544',
      routingNumberLast4: '0021',
    });
    expect(JSON.stringify(event)).not.toContain(ACCOUNT_NUMBER);

    // Answers are closed once the plan is handed over.
    expect((await decline(first!.id, ['other'], 1)).statusCode).toBe(409);
  });

  it('hands over exactly once when two counsellors answer the last two offers at the same moment', async () => {
    const a = await applicationIn(t, 'creditorReview');
    const [x, y, ...rest] = a.offers;
    for (const r of rest) await decline(r.id);
    const other = await signedInStaff(t, 'Riley Staff');
    const [r1, r2] = await Promise.all([
      accept(x!.id),
      other.client.post(`/api/staff/offers/${y!.id}/status`, {
        version: 0,
        status: 'accepted',
        creditorAccount: check,
      }),
    ]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    expect([r1.json().handOver, r2.json().handOver].filter(Boolean)).toEqual(['transfer']);
    expect(t.webhooksQueued.filter((id) => id === a.applicationId)).toHaveLength(1);
    const toTransfer = await t.db
      .select()
      .from(applicationStatusChange)
      .where(
        and(
          eq(applicationStatusChange.applicationId, a.applicationId),
          eq(applicationStatusChange.to, 'transfer'),
        ),
      );
    expect(toTransfer).toHaveLength(1);
  });

  it('lets only one of two simultaneous answers to the same offer version through', async () => {
    const a = await applicationIn(t, 'creditorReview');
    const other = await signedInStaff(t, 'Riley Staff');
    const target = a.offers[0]!.id;
    const [r1, r2] = await Promise.all([
      accept(target),
      other.client.post(`/api/staff/offers/${target}/status`, {
        version: 0,
        status: 'declined',
        reasons: ['other'],
      }),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    const changes = await t.db.select().from(offerStatusChange).where(eq(offerStatusChange.offerId, target));
    expect(changes).toHaveLength(1);
    expect((await offerRow(target)).version).toBe(1);
  });

  it('disqualifies with allOffersDeclined when every offer is declined, queueing no webhook', async () => {
    const a = await applicationIn(t, 'creditorReview');
    let last;
    for (const x of a.offers) last = await decline(x.id, ['unableToWorkWithTheProvider']);
    expect(last!.json()).toMatchObject({ handOver: 'disqualified', application: { status: 'disqualified' } });
    expect(await applicationRow(t, a.applicationId)).toMatchObject({
      status: 'disqualified',
      lastViewedPage: 'NotQualified',
    });
    const reasons = await t.db
      .select()
      .from(disqualificationReason)
      .where(eq(disqualificationReason.applicationId, a.applicationId));
    expect(reasons.filter((r) => r.decisionId === null).map((r) => r.reason)).toEqual(['allOffersDeclined']);
    expect(
      await t.db.query.dmpEnrollment.findFirst({ where: eq(dmpEnrollment.applicationId, a.applicationId) }),
    ).toBeUndefined();
    expect(t.webhooksQueued).not.toContain(a.applicationId);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.applicationId, a.applicationId), eq(auditLog.entityType, 'application')));
    expect(audit).toMatchObject([
      { action: 'offerStatus', before: { status: 'creditorReview' }, after: { status: 'disqualified' } },
    ]);
  });
});

describe('POST /api/staff/applications/:id/mark-transferred', () => {
  const mark = (id: string, body: unknown) =>
    staff.client.post(`/api/staff/applications/${id}/mark-transferred`, body);

  it('sets the borrower’s partner CRM id and moves transfer → transferred', async () => {
    const a = await applicationIn(t, 'transfer');
    const res = await mark(a.applicationId, { partnerCrmId: ' HL-10442 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: a.applicationId,
      status: 'transferred',
      partnerCrmId: 'HL-10442',
    });
    const b = await t.db.query.borrower.findFirst({ where: eq(borrower.applicationId, a.applicationId) });
    expect(b!.partnerCrmId).toBe('HL-10442');
    const row = await applicationRow(t, a.applicationId);
    expect(row.status).toBe('transferred');
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.applicationId, a.applicationId), eq(auditLog.action, 'markTransferred')));
    expect(audit).toMatchObject([{ actorId: staff.userId, before: { status: 'transfer' } }]);
    // Once only.
    const again = await mark(a.applicationId, { partnerCrmId: 'HL-1' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(NOT_IN_TRANSFER_MESSAGE);
  });

  it('needs the partner CRM id (400), a known application (404) and the transfer status (409)', async () => {
    const a = await applicationIn(t, 'creditorReview');
    const empty = await mark(a.applicationId, { partnerCrmId: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toEqual({ partnerCrmId: 'Partner CRM ID is required' });
    expect((await mark('00000000-0000-4000-8000-000000000000', { partnerCrmId: 'x' })).statusCode).toBe(404);
    expect((await mark(a.applicationId, { partnerCrmId: 'x' })).statusCode).toBe(409);
    const row = await t.db.query.application.findFirst({ where: eq(application.id, a.applicationId) });
    expect(row!.status).toBe('creditorReview');
  });
});

import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { docusign, planAuthorization } from '#server/db/schema/enrollment';
import { eSignatureSandboxEnvelope } from '#server/db/schema/ops';
import { databaseEnvelopeStore } from './envelope-store';
import { firstDraftDate } from '#domain/enrollment/plan-terms';
import { addDays, dayIn, DEFAULT_AGENCY_TIME_ZONE } from '#domain/calendar';
import { formatLetterDate } from '#domain/enrollment/letter-of-authorization';
import { englishOf } from '#domain/i18n/message';
import { letterRenewedRef } from '#domain/validation/messages';
import { applicationRow, put } from '#tests/support/borrower-flow';
import {
  atPaymentOptions,
  openLetterAndConsent,
  sandboxPublicToken,
  signingToken,
} from '#tests/support/enrollment';
import { flatText, pdfText } from '#tests/support/pdf-text';

// A letter generated one day and signed days later: its first draft date may have come too close to set the
// debit up (5 business days). It must never be signed on that stale date: the server makes it again, on the
// same day of the month, and the 'letter' authorization always matches the letter actually signed. The
// server's "today" is injected, so the test can leave a letter unsigned for days.

// The agency's real day (New York), as the server would count it without the injected one.
const realToday = dayIn(new Date(), DEFAULT_AGENCY_TIME_ZONE);
let today = realToday;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { today: () => today });
});
afterAll(async () => t?.close());

async function awaitingSignature(lastName: string) {
  today = realToday;
  const b = await atPaymentOptions(t, lastName);
  await b.client.post('/api/application/bank-connections', {
    publicToken: await sandboxPublicToken(b.client),
  });
  const [account] = (await b.client.get('/api/application/payments/accounts')).json().accounts;
  await put(b.client, '/api/application/payments/confirm-payment-account', { plaidAccountId: account.id });
  return { ...b, token: await signingToken(t, b.email), name: `Pat ${lastName}` };
}

const letterRows = (applicationId: string) =>
  t.db
    .select()
    .from(planAuthorization)
    .where(and(eq(planAuthorization.applicationId, applicationId), eq(planAuthorization.kind, 'letter')))
    .orderBy(asc(planAuthorization.createdAt));

describe('a letter signed after its first draft date came too close', () => {
  it('is refused, made again on the same day of the month, and the new one signs with a matching authorization', async () => {
    const b = await awaitingSignature('Latesigner');
    const [first] = await letterRows(b.applicationId);
    await openLetterAndConsent(t, b.token);

    // The borrower comes back the day before the first draft date.
    today = addDays(first!.firstDraftDate, -1);
    const expected = firstDraftDate(today, first!.draftDay);
    const anonymous = t.client();
    const late = await anonymous.post('/api/signing/sign', {
      token: b.token,
      fullName: b.name,
      agreed: true,
    });
    expect(late.statusCode, late.body).toBe(410);
    expect(late.json()).toMatchObject({
      code: 'LetterRenewed',
      message: englishOf(letterRenewedRef(formatLetterDate(expected))),
    });
    expect((await applicationRow(t, b.applicationId)).status).toBe('signContract');

    // A second 'letter' authorization: same draft day and amounts, the new first draft date.
    const rows = await letterRows(b.applicationId);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      draftDay: first!.draftDay,
      firstDraftDate: expected,
      monthlyDraftAmount: first!.monthlyDraftAmount,
      setupFee: first!.setupFee,
    });
    expect(expected > first!.firstDraftDate).toBe(true);

    // The old link opens nothing any more; its envelope is voided at the provider.
    expect((await anonymous.post('/api/signing/session', { token: b.token })).statusCode).toBe(404);
    const record = await t.db.query.docusign.findFirst({
      where: eq(docusign.applicationId, b.applicationId),
    });
    // The sandbox keeps its envelopes sealed: read them as it does.
    const store = databaseEnvelopeStore(t.db, t.cipher);
    const ids = await t.db
      .select({ envelopeId: eSignatureSandboxEnvelope.envelopeId })
      .from(eSignatureSandboxEnvelope);
    const envelopes = await Promise.all(ids.map(({ envelopeId }) => store.load(envelopeId)));
    const old = envelopes.find(
      (e) => e && e.envelopeId !== record!.envelopeId && JSON.stringify(e).includes(b.token),
    );
    expect(old?.status).toBe('voided');
    expect(envelopes.find((e) => e?.envelopeId === record!.envelopeId)?.status).toBe('sent');

    // The new letter, from the new email, states the new date; the consent to electronic records stands.
    const token = await signingToken(t, b.email);
    expect(token).not.toBe(b.token);
    const session = (await anonymous.post('/api/signing/session', { token })).json();
    expect(session).toMatchObject({ signed: false, electronicRecords: 'consented' });
    const document = await anonymous.post('/api/signing/document', { token });
    const text = flatText(await pdfText(document.rawPayload));
    expect(text).toContain(`the first on ${formatLetterDate(expected)}`);
    expect(text).not.toContain(`the first on ${formatLetterDate(first!.firstDraftDate)}`);
    const signed = await anonymous.post('/api/signing/sign', { token, fullName: b.name, agreed: true });
    expect(signed.json()).toEqual({ signed: true });
    expect((await applicationRow(t, b.applicationId)).status).toBe('counselorReview');
    expect((await store.load(record!.envelopeId))?.status).toBe('completed');
    const plan = (await b.client.get('/api/customer-portal/plan')).json();
    expect(plan.terms.firstDraftDate).toBe(expected);
  });

  it('is made again when the borrower opens /submitted, and a letter still in time is left alone', async () => {
    const b = await awaitingSignature('Lateviewer');
    const [first] = await letterRows(b.applicationId);
    // In time: five business days still lie between today and the first draft.
    await b.client.get('/api/application/submitted');
    expect(await letterRows(b.applicationId)).toHaveLength(1);

    today = addDays(first!.firstDraftDate, 2);
    const view = await b.client.get('/api/application/submitted');
    expect(view.statusCode, view.body).toBe(200);
    const rows = await letterRows(b.applicationId);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.firstDraftDate).toBe(firstDraftDate(today, first!.draftDay));
    expect(view.json().signers.every((s: { signed: boolean }) => !s.signed)).toBe(true);
    // The new letter's link was emailed; the old one no longer opens anything.
    expect((await t.client().post('/api/signing/session', { token: b.token })).statusCode).toBe(404);
    expect(await signingToken(t, b.email)).not.toBe(b.token);
  });

  it('leaves a signed letter as it is, however late the day', async () => {
    const b = await awaitingSignature('Ontime');
    await openLetterAndConsent(t, b.token);
    await t.client().post('/api/signing/sign', { token: b.token, fullName: b.name, agreed: true });
    const [first] = await letterRows(b.applicationId);
    today = addDays(first!.firstDraftDate, 10);
    expect((await b.client.get('/api/application/submitted')).statusCode).toBe(200);
    expect(await letterRows(b.applicationId)).toHaveLength(1);
  });

  it('is made again by the daily sweep, for signers who never open /submitted; a signed letter is left', async () => {
    // A database of its own: a letter the tests above left unsigned may fall due on the same day (which day
    // depends on the sandbox bank's pay dates, so on the date the tests run).
    await t.close();
    t = await createTestApp({}, { today: () => today });
    const stale = await awaitingSignature('Sweptletter');
    const alsoStale = await awaitingSignature('Sweptspouse');
    const signed = await awaitingSignature('Sweptsigned');
    await openLetterAndConsent(t, signed.token);
    await t.client().post('/api/signing/sign', { token: signed.token, fullName: signed.name, agreed: true });
    const [first] = await letterRows(stale.applicationId);

    // In time, the sweep leaves every letter alone.
    expect(await t.app.renewStaleLetters(realToday)).toBe(0);

    // The day before the first draft (the three letters were made the same day, so share it): both unsigned
    // letters are made again, on their day of the month, and the signed one is left.
    today = addDays(first!.firstDraftDate, -1);
    expect(await t.app.renewStaleLetters(today)).toBe(2);
    for (const b of [stale, alsoStale]) {
      const rows = await letterRows(b.applicationId);
      expect(rows).toHaveLength(2);
      expect(rows[1]!.firstDraftDate).toBe(firstDraftDate(today, rows[0]!.draftDay));
      expect(await signingToken(t, b.email)).not.toBe(b.token);
    }
    expect(await letterRows(signed.applicationId)).toHaveLength(1);
    // A second sweep the same day finds nothing left to do.
    expect(await t.app.renewStaleLetters(today)).toBe(0);
  });
});

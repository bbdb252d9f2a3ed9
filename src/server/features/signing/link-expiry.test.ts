import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SIGNING_LINK_MESSAGES } from '#domain/enrollment/signing-links';
import { auditLog } from '#server/db/schema/ops';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { applicationRow, put } from '#tests/support/borrower-flow';
import {
  atPaymentOptions,
  openLetterAndConsent,
  sandboxPublicToken,
  signingToken,
} from '#tests/support/enrollment';

// A signing link works 14 days from the moment it was issued, and a day after every signer signed; then it
// answers "expired", and the signer may ask for a new one by email (or, the borrower, open one from the
// application). Only the clock of links moves here (Date is faked): the letter's own "today", which decides
// whether its first draft came too close to sign, stays the real day, so no letter is made again meanwhile.

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const realToday = new Date().toISOString().slice(0, 10);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { today: () => realToday });
});
afterAll(async () => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

async function awaitingSignature(lastName: string) {
  const b = await atPaymentOptions(t, lastName);
  await b.client.post('/api/application/bank-connections', {
    publicToken: await sandboxPublicToken(b.client),
  });
  const [account] = (await b.client.get('/api/application/payments/accounts')).json().accounts;
  const res = await put(b.client, '/api/application/payments/confirm-payment-account', {
    plaidAccountId: account.id,
  });
  expect(res.json()).toEqual({ next: '/submitted' });
  return { ...b, token: await signingToken(t, b.email), name: `Pat ${lastName}` };
}

const signLetterEmails = async (to: string) => (await t.emailsTo(to)).filter((e) => e.kind === 'sign-letter');
const tokenOf = (url: string) => new URLSearchParams(new URL(url).hash.slice(1)).get('t')!;

/** The clock the server reads links by, `ms` after `from`. */
function at(from: number, ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(from + ms);
}

describe('a signing link’s life', () => {
  it('works at 13 days, has expired at 15, and a new one emailed on request works', async () => {
    const b = await awaitingSignature('Linklife');
    const issued = Date.now();
    const anonymous = t.client();

    at(issued, 13 * DAY_MS);
    const early = await anonymous.post('/api/signing/session', { token: b.token });
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json()).toMatchObject({ signerName: b.name, signed: false });
    expect((await anonymous.post('/api/signing/document', { token: b.token })).statusCode).toBe(200);

    at(issued, 15 * DAY_MS);
    // The English as before, with the message's id the page words it by.
    const expired = {
      code: 'SigningLinkExpired',
      message: 'This signing link has expired.',
      messageId: 'validation.appError.signingLinkExpired',
    };
    for (const path of ['/api/signing/session', '/api/signing/document', '/api/signing/paper']) {
      const res = await anonymous.post(path, { token: b.token });
      expect(res.statusCode, path).toBe(410);
      expect(res.json(), path).toEqual(expired);
    }
    const late = await anonymous.post('/api/signing/sign', {
      token: b.token,
      fullName: b.name,
      agreed: true,
    });
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual(expired);
    expect((await applicationRow(t, b.applicationId)).status).toBe('signContract');

    // "Send me a new link": one email, to the signer's address on file, with a link that works.
    const before = await signLetterEmails(b.email);
    const sent = await anonymous.post('/api/signing/new-link', { token: b.token });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ sent: true });
    const after = await signLetterEmails(b.email);
    expect(after).toHaveLength(before.length + 1);
    const fresh = tokenOf(after.at(-1)!.links[0]!.url);
    expect(fresh).not.toBe(b.token);
    expect((await anonymous.post('/api/signing/session', { token: fresh })).statusCode).toBe(200);
    // The old link stays expired: a new one does not revive it.
    expect((await anonymous.post('/api/signing/session', { token: b.token })).statusCode).toBe(410);
    // Audited, with no actor (the signer has no account) and nothing personal.
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.applicationId, b.applicationId), eq(auditLog.action, 'signingLinkSent')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: null, after: { role: 'borrower', via: 'email' } });

    // The new link signs; it expires 14 days after its own issue.
    await openLetterAndConsent(t, fresh);
    const ok = await anonymous.post('/api/signing/sign', { token: fresh, fullName: b.name, agreed: true });
    expect(ok.json()).toEqual({ signed: true });
    expect((await applicationRow(t, b.applicationId)).status).toBe('counselorReview');
  });

  it('after every signer signed, opens for a day more, then has expired', async () => {
    const b = await awaitingSignature('Afterwards');
    const anonymous = t.client();
    await openLetterAndConsent(t, b.token);
    const signedAt = Date.now();
    expect(
      (await anonymous.post('/api/signing/sign', { token: b.token, fullName: b.name, agreed: true })).json(),
    ).toEqual({ signed: true });

    at(signedAt, 23 * HOUR_MS);
    const still = await anonymous.post('/api/signing/session', { token: b.token });
    expect(still.statusCode).toBe(200);
    expect(still.json().signed).toBe(true);

    at(signedAt, 25 * HOUR_MS);
    const gone = await anonymous.post('/api/signing/session', { token: b.token });
    expect(gone.statusCode).toBe(410);
    expect(gone.json().code).toBe('SigningLinkExpired');
    // Nothing is left to sign: no new link is sent.
    const emails = (await signLetterEmails(b.email)).length;
    const again = await anonymous.post('/api/signing/new-link', { token: b.token });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SIGNING_LINK_MESSAGES.alreadySigned);
    expect(await signLetterEmails(b.email)).toHaveLength(emails);
  });

  it('sends a signer at most 3 new links an hour', async () => {
    const b = await awaitingSignature('Manylinks');
    const anonymous = t.client();
    for (let i = 0; i < 3; i += 1)
      expect((await anonymous.post('/api/signing/new-link', { token: b.token })).statusCode).toBe(200);
    const emails = (await signLetterEmails(b.email)).length;
    const fourth = await anonymous.post('/api/signing/new-link', { token: b.token });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ code: 'RateLimited', message: SIGNING_LINK_MESSAGES.tooMany });
    expect(await signLetterEmails(b.email)).toHaveLength(emails);
  });

  it('refuses hostile input to the new-link call with 4xx, never sending anything', async () => {
    const anonymous = t.client();
    // (Four calls: with the other tests', this file stays within the call's 10 per client per 15 minutes.)
    for (const [body, status] of [
      [{ token: 'x'.repeat(60) }, 404],
      [{ token: 'short' }, 400],
      [{ token: 42 }, 400],
      [{ token: 'A'.repeat(64), email: 'attacker@example.org' }, 400],
    ] as const) {
      const res = await anonymous.post('/api/signing/new-link', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
    }
  });
});

describe('the borrower opens a new signing link from the application', () => {
  it('answers a working link for their own envelope, 404 for another borrower’s, 4xx for junk', async () => {
    const b = await awaitingSignature('Ownlink');
    const other = await awaitingSignature('Otherlink');
    const mine = (await b.client.get('/api/application/submitted')).json().envelopeId as string;
    const theirs = (await other.client.get('/api/application/submitted')).json().envelopeId as string;
    expect(mine).toMatch(/^[0-9a-f-]{36}$/);

    const res = await b.client.post(`/api/application/envelopes/${mine}/signing-link`);
    expect(res.statusCode, res.body).toBe(200);
    const { url, envelopeId } = res.json();
    expect(envelopeId).toBe(mine);
    expect(new URL(url).pathname).toBe('/sign-letter');
    const session = await t.client().post('/api/signing/session', { token: tokenOf(url) });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ signerName: b.name, role: 'borrower' });

    // Another borrower's envelope, or one that does not exist: the same 404.
    const foreign = await b.client.post(`/api/application/envelopes/${theirs}/signing-link`);
    expect(foreign.statusCode).toBe(404);
    const unknown = await b.client.post(
      '/api/application/envelopes/00000000-0000-4000-8000-000000000000/signing-link',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(foreign.json());

    for (const junk of ['not-an-envelope', "1'%20or%20'1'='1", 'a'.repeat(300), '..%2F..%2Fetc%2Fpasswd']) {
      const bad = await b.client.post(`/api/application/envelopes/${junk}/signing-link`);
      expect(bad.statusCode, junk).toBeGreaterThanOrEqual(400);
      expect(bad.statusCode, junk).toBeLessThan(500);
    }
    // Opening links in the app is audited with the borrower as the actor.
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.applicationId, b.applicationId), eq(auditLog.action, 'signingLinkSent')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ after: { role: 'borrower', via: 'app' } });
    expect(audit[0]!.actorId).toEqual(expect.any(String));
  });

  it('answers 409 once the borrower has signed', async () => {
    const b = await awaitingSignature('Signedlink');
    await openLetterAndConsent(t, b.token);
    await t.client().post('/api/signing/sign', { token: b.token, fullName: b.name, agreed: true });
    const envelopeId = (await b.client.get('/api/application/submitted')).json().envelopeId as string;
    const res = await b.client.post(`/api/application/envelopes/${envelopeId}/signing-link`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SIGNING_LINK_MESSAGES.alreadySigned);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#domain/validation/messages';
import { signInFailure } from '#server/db/schema/auth';
import {
  FIRST_LOCKOUT_SECONDS,
  LOCKOUT_AFTER_FAILURES,
  lockoutSeconds,
  MAX_LOCKOUT_SECONDS,
} from '#server/features/accounts/sign-in-lockout';
import { createTestApp, type TestApp } from '../setup/test-app';

// The per-address limit alone let 82 wrong passwords from 5 addresses through, then the right one signed in.
// Each username now has its own budget, counted in the database across addresses (and server instances):
// 5 wrong passwords lock it for a minute, each further one after a lockout passed doubles that, up to
// 15 minutes. While locked even the right password gets the wrong-password answer, and an unknown username
// answers the same way, so nothing tells whether an account exists or is locked.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
const uniqueEmail = (name = 'lock') => `${name}.${Date.now()}.${++counter}@example.com`;
const PASSWORD = 'Right#Pass1';
const WRONG = 'Wrong#Pass1';
const REFUSED = { code: 'NotAuthorizedException', message: MESSAGES.incorrectCredentials };

/** A borrower who set a password from the emailed code. */
async function borrower(email = uniqueEmail()) {
  const c = t.client();
  const lead = await c.post('/api/lead', {
    firstName: 'Lee',
    lastName: 'Lock',
    email,
    phoneNumber: '415-555-0123',
    agreedToTerms: true,
  });
  expect(lead.statusCode, lead.body).toBe(201);
  const mail = await t.lastEmail(email);
  const reset = await c.post('/api/auth/reset-password', {
    email,
    code: mail!.code,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(reset.statusCode, reset.body).toBe(200);
  return email;
}

/** One sign-in from a given client address, without cookies. */
async function signIn(username: string, password: string, remoteAddress: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress,
    headers: { origin: t.config.publicUrl },
    payload: { username, password },
  });
  return { status: res.statusCode, body: res.json() as unknown, cookies: res.cookies };
}

const stored = async (username: string) =>
  t.db.query.signInFailure.findFirst({ where: eq(signInFailure.username, username) });

/** The stored lockout ends now, as if its time had passed. */
async function letLockoutPass(username: string) {
  await t.db
    .update(signInFailure)
    .set({ lockedUntil: new Date(Date.now() - 1000) })
    .where(eq(signInFailure.username, username));
}

const secondsLeft = async (username: string) => {
  const row = await stored(username);
  return ((row?.lockedUntil?.getTime() ?? 0) - Date.now()) / 1000;
};

describe('per-account lockout', () => {
  it('5 wrong passwords from 5 addresses lock the account: the right one is refused, then accepted once the lockout passed', async () => {
    const email = await borrower();
    for (let i = 1; i <= LOCKOUT_AFTER_FAILURES; i++) {
      expect(await signIn(email, WRONG, `198.51.100.${i}`)).toMatchObject({ status: 401, body: REFUSED });
    }
    expect(await stored(email)).toMatchObject({ failures: LOCKOUT_AFTER_FAILURES });
    const left = await secondsLeft(email);
    expect(left).toBeGreaterThan(FIRST_LOCKOUT_SECONDS - 10);
    expect(left).toBeLessThanOrEqual(FIRST_LOCKOUT_SECONDS);

    // Locked: the right password, from yet another address, gets the wrong-password answer and no session.
    const locked = await signIn(email, PASSWORD, '203.0.113.99');
    expect(locked).toMatchObject({ status: 401, body: REFUSED });
    expect(locked.cookies).toEqual([]);
    // A refused try during the lockout neither counts nor extends it.
    expect(await stored(email)).toMatchObject({ failures: LOCKOUT_AFTER_FAILURES });

    await letLockoutPass(email);
    const open = await signIn(email, PASSWORD, '203.0.113.99');
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    expect(open.cookies.length).toBeGreaterThan(0);
    // A successful sign-in starts the count again.
    expect(await stored(email)).toBeUndefined();
    for (let i = 1; i < LOCKOUT_AFTER_FAILURES; i++) {
      expect((await signIn(email, WRONG, '198.51.100.1')).status).toBe(401);
    }
    expect((await signIn(email, PASSWORD, '198.51.100.1')).status).toBe(200);
  });

  it('doubles the lockout for each wrong password after one passed, up to 15 minutes', async () => {
    const email = await borrower();
    for (let i = 1; i <= LOCKOUT_AFTER_FAILURES; i++) await signIn(email, WRONG, `198.51.100.${i}`);
    const seen: number[] = [];
    for (let extra = 1; extra <= 5; extra++) {
      await letLockoutPass(email);
      // The lockout runs from the moment the server refused the password, somewhere between these two readings:
      // on a busy machine that can be over a second, so the lockout is read as the whole number of seconds
      // that fits both ends.
      const before = Date.now();
      expect(await signIn(email, WRONG, '198.51.100.7')).toMatchObject({ status: 401, body: REFUSED });
      const after = Date.now();
      const until = (await stored(email))?.lockedUntil?.getTime() ?? 0;
      const fromBefore = (until - before) / 1000;
      const fromAfter = (until - after) / 1000;
      seen.push(Math.ceil(fromAfter) === Math.floor(fromBefore) ? Math.floor(fromBefore) : fromBefore);
    }
    expect(seen).toEqual([120, 240, 480, 900, 900]);
    expect(seen.map((s, i) => s - lockoutSeconds(LOCKOUT_AFTER_FAILURES + i + 1))).toEqual([0, 0, 0, 0, 0]);
    expect(lockoutSeconds(100)).toBe(MAX_LOCKOUT_SECONDS);
    // Still locked after the longest lockout is set: the right password is refused.
    expect((await signIn(email, PASSWORD, '198.51.100.8')).status).toBe(401);
    await letLockoutPass(email);
    expect((await signIn(email, PASSWORD, '198.51.100.8')).status).toBe(200);
  });

  it('answers an unknown username exactly like an account, locked or not', async () => {
    const email = await borrower();
    const ghost = uniqueEmail('ghost');
    for (let i = 1; i <= LOCKOUT_AFTER_FAILURES + 1; i++) {
      const known = await signIn(email, WRONG, `198.51.100.${i}`);
      const unknown = await signIn(ghost.toUpperCase(), WRONG, `198.51.100.${i}`);
      expect(unknown).toEqual(known);
      expect(unknown).toMatchObject({ status: 401, body: REFUSED });
    }
    // Counted like an account, under the lower-cased name.
    expect(await stored(ghost)).toMatchObject({ failures: LOCKOUT_AFTER_FAILURES });
    expect(await signIn(ghost, PASSWORD, '203.0.113.5')).toEqual(
      await signIn(email, PASSWORD, '203.0.113.5'),
    );
  });

  it('counts tries sent at the same moment: no more than the limit reach the password check', async () => {
    const email = await borrower();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn(email, WRONG, `198.51.100.${i + 1}`)),
    );
    expect(answers.every((a) => a.status === 401)).toBe(true);
    expect(await stored(email)).toMatchObject({ failures: LOCKOUT_AFTER_FAILURES });
    expect((await signIn(email, PASSWORD, '203.0.113.6')).status).toBe(401);
  });

  it('the new-email link checks the password under the same lockout', async () => {
    const email = await borrower();
    const client = t.client();
    expect((await client.post('/api/auth/sign-in', { username: email, password: PASSWORD })).statusCode).toBe(
      200,
    );
    const newEmail = uniqueEmail('moved');
    expect(
      (await client.post('/api/auth/change-email', { email: newEmail, confirmEmail: newEmail })).statusCode,
    ).toBe(200);
    const code = (await t.lastEmail(newEmail))!.code;
    for (let i = 1; i <= LOCKOUT_AFTER_FAILURES; i++) await signIn(email, WRONG, `198.51.100.${i}`);
    const locked = await t
      .client()
      .post('/api/auth/verify-new-email', { email: newEmail, code, password: PASSWORD });
    expect(locked.json()).toMatchObject({
      code: 'VerifyNewEmailFailed',
      message: MESSAGES.verifyNewEmailFailed,
    });
    expect((await stored(email))?.failures).toBe(LOCKOUT_AFTER_FAILURES);
    await letLockoutPass(email);
    const verified = await t
      .client()
      .post('/api/auth/verify-new-email', { email: newEmail, code, password: PASSWORD });
    expect(verified.json()).toEqual({ message: MESSAGES.verifyNewEmailSuccess });
  });
});

describe('one per-address budget for sign-in, the lead form, forgot password and code entry', () => {
  it('spends one budget across those routes, per client address', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '4' });
    try {
      const call = async (url: string, payload: object, remoteAddress = '192.0.2.50') =>
        (
          await limited.app.inject({
            method: 'POST',
            url,
            remoteAddress,
            headers: { origin: limited.config.publicUrl },
            payload,
          })
        ).statusCode;
      const someone = 'budget@example.com';
      const spent = [
        await call('/api/lead', { email: someone }),
        await call('/api/auth/sign-in', { username: someone, password: WRONG }),
        await call('/api/auth/forgot-password', { email: someone }),
        await call('/api/auth/reset-password', {
          email: someone,
          code: '123456',
          password: PASSWORD,
          confirmPassword: PASSWORD,
        }),
      ];
      expect(spent).toEqual([400, 401, 204, 400]);
      // The budget is gone for every one of them, the code entries included.
      expect(await call('/api/auth/sign-in', { username: someone, password: WRONG })).toBe(429);
      expect(await call('/api/lead', { email: someone })).toBe(429);
      expect(await call('/api/auth/forgot-password', { email: someone })).toBe(429);
      expect(
        await call('/api/auth/verify-new-email', { email: someone, code: '123456', password: PASSWORD }),
      ).toBe(429);
      expect(await call('/api/auth/two-factor/verify', { code: '123456' })).toBe(429);
      // Another address has its own budget.
      expect(await call('/api/auth/sign-in', { username: someone, password: WRONG }, '192.0.2.51')).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

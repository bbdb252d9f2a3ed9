import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { session, twoFactor, user } from '#server/db/schema/auth';
import { TOTP_ISSUER } from '#server/plugins/auth';
import { createStaff } from './create-staff';
import { signedInStaff, STAFF_TEST_PASSWORD } from '#tests/support/staff-sign-in';
import { authenticatorCode, base32Decode } from '#server/security/totp';
import { TWO_FACTOR_MESSAGES } from './two-factor';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
const uniqueEmail = (name = 'staff') => `${name}.${Date.now()}.${++counter}@agency.org`;

/** A staff member who has a password but no authenticator app yet, signed in (first sign-in). */
async function newStaffSignedIn() {
  const staff = await createStaff(t.db, {
    email: uniqueEmail(),
    name: 'Casey Counsellor',
    password: STAFF_TEST_PASSWORD,
    mustChangePassword: false,
  });
  const client = t.client();
  const res = await client.post('/api/auth/sign-in', {
    username: staff.email,
    password: STAFF_TEST_PASSWORD,
  });
  return { ...staff, client, signIn: res };
}

/** Password then code, as a returning staff member signs in. */
async function signInWithCode(email: string, code: string) {
  const client = t.client();
  const first = await client.post('/api/auth/sign-in', { username: email, password: STAFF_TEST_PASSWORD });
  const second = await client.post('/api/auth/two-factor/verify', { code });
  return { client, first, second };
}

const staffRoutes = () => t.app.routeRoles.filter((r) => r.role === 'staff');
const callRoute = (client: ReturnType<TestApp['client']>, route: { method: string; url: string }) =>
  client.send(route.method as 'GET', route.url, route.method === 'GET' ? undefined : {});

describe('enrolment at the first staff sign-in', () => {
  it('asks for the app, shows the QR code and secret, confirms with a code and answers the recovery codes once', async () => {
    const staff = await newStaffSignedIn();
    expect(staff.signIn.json()).toEqual({ next: '/two-factor/setup', mustSetInitialPassword: false });
    const before = (await staff.client.get('/api/session')).json();
    expect(before).toMatchObject({
      user: { isStaff: true, twoFactorEnabled: false, secondFactorVerified: false },
      resume: '/two-factor/setup',
    });

    const wrongPassword = await staff.client.post('/api/auth/two-factor/setup', { password: 'Wrong#Pass1' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json().fieldErrors).toEqual({ password: TWO_FACTOR_MESSAGES.incorrectPassword });

    const setup = await staff.client.post('/api/auth/two-factor/setup', { password: STAFF_TEST_PASSWORD });
    expect(setup.statusCode).toBe(200);
    const { totpUri, secret, qrCode } = setup.json();
    const uri = new URL(totpUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/${TOTP_ISSUER}:${staff.email}`);
    expect(uri.searchParams.get('issuer')).toBe('Clearpath Debt Relief');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1], 'base64').toString()).toContain('<svg');

    const key = base32Decode(secret);
    const wrong = authenticatorCode(key, 5);
    const refused = await staff.client.post('/api/auth/two-factor/setup/confirm', { code: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'CodeMismatchException',
      message: TWO_FACTOR_MESSAGES.invalidCode,
    });
    const badShape = await staff.client.post('/api/auth/two-factor/setup/confirm', { code: '12ab' });
    expect(badShape.statusCode).toBe(400);
    expect(badShape.json().fieldErrors.code).toBe('Enter the 6-digit code from your authenticator app.');

    const confirm = await staff.client.post('/api/auth/two-factor/setup/confirm', {
      code: authenticatorCode(key),
    });
    expect(confirm.statusCode).toBe(200);
    const { recoveryCodes, next } = confirm.json();
    expect(next).toBe('/summary');
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);

    expect((await staff.client.get('/api/session')).json()).toMatchObject({
      user: { twoFactorEnabled: true, secondFactorVerified: true },
      resume: '/summary',
    });
    // Enrolled once: asking again is refused, so the recovery codes are never shown a second time.
    const again = await staff.client.post('/api/auth/two-factor/setup', { password: STAFF_TEST_PASSWORD });
    expect(again.statusCode).toBe(409);
    // The secret and the recovery codes are stored encrypted.
    const row = (await t.db.query.twoFactor.findFirst({ where: eq(twoFactor.userId, staff.userId) }))!;
    expect(row.verified).toBe(true);
    expect(row.secret).not.toContain(Buffer.from(key).toString());
    expect(row.backupCodes).not.toContain(recoveryCodes[0]);
  });

  it('goes through the new-password path first when the password is temporary', async () => {
    const staff = await createStaff(t.db, { email: uniqueEmail(), name: 'Casey Counsellor' });
    const client = t.client();
    const res = await client.post('/api/auth/sign-in', { username: staff.email, password: staff.password });
    expect(res.json()).toEqual({ next: '/user-information', mustSetInitialPassword: true });
    const done = await client.post('/api/auth/complete-new-password', {
      firstName: 'Casey',
      lastName: 'Counsellor',
      phoneNumber: '312-555-0100',
      password: STAFF_TEST_PASSWORD,
      confirmPassword: STAFF_TEST_PASSWORD,
    });
    expect(done.json()).toEqual({ next: '/two-factor/setup' });
  });

  it('is for staff only', async () => {
    const c = t.client();
    const email = `pat.${Date.now()}@example.com`;
    await c.post('/api/lead', {
      firstName: 'Pat',
      lastName: 'Doe',
      email,
      phoneNumber: '415-555-0123',
      agreedToTerms: true,
    });
    expect((await c.post('/api/auth/two-factor/setup', { password: 'x' })).statusCode).toBe(403);
    expect((await t.client().post('/api/auth/two-factor/setup', { password: 'x' })).statusCode).toBe(401);
    expect((await t.client().post('/api/auth/two-factor/setup/confirm', { code: '123456' })).statusCode).toBe(
      401,
    );
  });
});

describe('sign-in with the second factor', () => {
  it('asks for the code after the password, and gives no session until it is right', async () => {
    const staff = await signedInStaff(t);
    const client = t.client();
    const first = await client.post('/api/auth/sign-in', {
      username: staff.email,
      password: STAFF_TEST_PASSWORD,
    });
    expect(first.json()).toEqual({ next: '/two-factor', mustSetInitialPassword: false });
    expect((await client.get('/api/session')).json()).toEqual({ user: null });
    for (const route of staffRoutes()) {
      expect((await callRoute(client, route)).statusCode, `${route.method} ${route.url}`).toBe(401);
    }

    const wrong = await client.post('/api/auth/two-factor/verify', {
      code: authenticatorCode(staff.secret, 4),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(TWO_FACTOR_MESSAGES.invalidCode);

    // The enrolment used this half minute's code; the next step's code is inside the accepted window.
    const right = await client.post('/api/auth/two-factor/verify', {
      code: authenticatorCode(staff.secret, 1),
    });
    expect(right.json()).toEqual({ next: '/summary', mustSetInitialPassword: false });
    expect((await client.get('/api/session')).json()).toMatchObject({
      user: { email: staff.email, isStaff: true, secondFactorVerified: true },
      resume: '/summary',
    });
  });

  it('refuses a code that was already accepted, and an older one, within their window', async () => {
    const staff = await signedInStaff(t);
    const next = authenticatorCode(staff.secret, 1);
    expect((await signInWithCode(staff.email, next)).second.statusCode).toBe(200);
    const replay = await signInWithCode(staff.email, next);
    expect(replay.second.statusCode).toBe(400);
    expect(replay.second.json().message).toBe(TWO_FACTOR_MESSAGES.invalidCode);
    expect((await replay.client.get('/api/session')).json()).toEqual({ user: null });
    // A code one step older, still inside the window, is refused too: steps only move forward.
    const older = await signInWithCode(staff.email, authenticatorCode(staff.secret, -1));
    expect(older.second.statusCode).toBe(400);
    // Replaying the enrolment code on the enrolment route is refused as well (already enrolled).
    expect(
      (
        await staff.client.post('/api/auth/two-factor/setup/confirm', {
          code: authenticatorCode(staff.secret),
        })
      ).statusCode,
    ).toBe(409);
  });

  it('lets exactly one of two simultaneous sign-ins use the same code', async () => {
    const staff = await signedInStaff(t);
    const a = t.client();
    const b = t.client();
    for (const c of [a, b]) {
      await c.post('/api/auth/sign-in', { username: staff.email, password: STAFF_TEST_PASSWORD });
    }
    const code = authenticatorCode(staff.secret, 1);
    const answers = await Promise.all([a, b].map((c) => c.post('/api/auth/two-factor/verify', { code })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('accepts each recovery code once', async () => {
    const staff = await signedInStaff(t);
    const [code, other] = staff.recoveryCodes;
    const first = await signInWithCode(staff.email, code!);
    expect(first.second.json()).toEqual({ next: '/summary', mustSetInitialPassword: false });
    expect((await first.client.get('/api/session')).json().user.secondFactorVerified).toBe(true);

    const replay = await signInWithCode(staff.email, code!);
    expect(replay.second.statusCode).toBe(400);
    expect(replay.second.json().message).toBe(TWO_FACTOR_MESSAGES.invalidCode);
    expect((await signInWithCode(staff.email, other!)).second.statusCode).toBe(200);
  });

  it('ends the sign-in attempt after 5 wrong codes', async () => {
    const staff = await signedInStaff(t);
    const client = t.client();
    await client.post('/api/auth/sign-in', { username: staff.email, password: STAFF_TEST_PASSWORD });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await client.post('/api/auth/two-factor/verify', { code: 'wrong-code' })).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const last = await client.post('/api/auth/two-factor/verify', {
      code: authenticatorCode(staff.secret, 1),
    });
    expect(last.statusCode).toBe(401);
    expect(last.json()).toMatchObject({
      message: TWO_FACTOR_MESSAGES.challengeExpired,
      redirect: '/sign-in',
    });
  });

  it('answers 401 to a code without a pending sign-in, and 400 with the field message to an empty one', async () => {
    const none = await t.client().post('/api/auth/two-factor/verify', { code: '123456' });
    expect(none.statusCode).toBe(401);
    const empty = await t.client().post('/api/auth/two-factor/verify', { code: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors.code).toBe(
      'Enter the code from your authenticator app or a recovery code.',
    );
  });
});

describe('staff routes need the second factor', () => {
  it('refuses every staff route (403) to a staff session that has not passed it, and lets it through after', async () => {
    expect(staffRoutes().length).toBeGreaterThan(0);
    const pending = await newStaffSignedIn();
    for (const route of staffRoutes()) {
      const res = await callRoute(pending.client, route);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().redirect).toBe('/two-factor/setup');
    }
    const verified = await signedInStaff(t);
    const read = staffRoutes().find((r) => r.method === 'GET' && !r.url.includes(':'));
    if (read) expect([401, 403]).not.toContain((await callRoute(verified.client, read)).statusCode);
  });

  it('refuses an enrolled staff member a session that skipped the second factor', async () => {
    const staff = await signedInStaff(t);
    const [row] = await t.db.select().from(session).where(eq(session.userId, staff.userId));
    await t.db.update(session).set({ twoFactorVerified: false }).where(eq(session.id, row!.id));
    const route = staffRoutes()[0]!;
    const res = await callRoute(staff.client, route);
    expect(res.statusCode).toBe(403);
    expect(res.json().redirect).toBe('/two-factor');
    // A 'user' route too (change password): only the code page helps.
    const change = await staff.client.post('/api/auth/change-password', {
      currentPassword: STAFF_TEST_PASSWORD,
      password: 'Other#Pass2',
      confirmPassword: 'Other#Pass2',
    });
    expect(change.statusCode).toBe(403);
    // The code page verifies the session in place.
    const ok = await staff.client.post('/api/auth/two-factor/verify', {
      code: authenticatorCode(staff.secret, 1),
    });
    expect(ok.json()).toEqual({ next: '/summary', mustSetInitialPassword: false });
    expect((await callRoute(staff.client, route)).statusCode).not.toBe(403);
  });
});

describe('borrowers are unaffected', () => {
  it('signs a borrower in with the password alone', async () => {
    const email = `jo.${Date.now()}@example.com`;
    const c = t.client();
    expect(
      (
        await c.post('/api/lead', {
          firstName: 'Jo',
          lastName: 'Doe',
          email,
          phoneNumber: '415-555-0123',
          agreedToTerms: true,
        })
      ).statusCode,
    ).toBe(201);
    const mail = (await t.lastEmail(email))!;
    await c.post('/api/auth/reset-password', {
      email,
      code: mail.code,
      password: 'Better#Pass1',
      confirmPassword: 'Better#Pass1',
    });
    const client = t.client();
    const res = await client.post('/api/auth/sign-in', { username: email, password: 'Better#Pass1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().next).not.toMatch(/two-factor/);
    expect((await client.get('/api/session')).json()).toMatchObject({
      user: { isStaff: false, twoFactorEnabled: false },
    });
    for (const route of staffRoutes()) {
      expect((await callRoute(client, route)).statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });
});

describe('staff:create on an existing staff member', () => {
  it('removes the authenticator app and ends the sessions, so the person enrols again', async () => {
    const staff = await signedInStaff(t);
    await createStaff(t.db, { email: staff.email, name: 'Sam Staff', password: STAFF_TEST_PASSWORD });
    expect(
      (await t.db.query.twoFactor.findFirst({ where: eq(twoFactor.userId, staff.userId) })) ?? null,
    ).toBeNull();
    expect((await t.db.query.user.findFirst({ where: eq(user.id, staff.userId) }))?.twoFactorEnabled).toBe(
      false,
    );
    expect((await staff.client.get('/api/session')).json()).toEqual({ user: null });
  });
});

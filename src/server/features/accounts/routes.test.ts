import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#domain/validation/messages';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { user, verification } from '#server/db/schema/auth';
import { application, applicationStatusChange, borrower } from '#server/db/schema/application';
import { createStaff } from './create-staff';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
const uniqueEmail = (name = 'pat') => `${name}.${Date.now()}.${++counter}@example.com`;
const lead = (email: string, extra: Record<string, unknown> = {}) => ({
  firstName: 'Pat',
  lastName: 'Doe',
  email,
  phoneNumber: '415-555-0123',
  agreedToTerms: true,
  ...extra,
});
const NEW_PASSWORD = 'Better#Pass1';

/** Creates a borrower through the lead form and sets a password from the emailed link. */
async function borrowerWithPassword(email = uniqueEmail()) {
  const c = t.client();
  expect((await c.post('/api/lead', lead(email))).statusCode).toBe(201);
  const mail = await t.lastEmail(email);
  const res = await c.post('/api/auth/reset-password', {
    email,
    code: mail!.code,
    password: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
  });
  expect(res.statusCode).toBe(200);
  const signedIn = t.client();
  expect(
    (await signedIn.post('/api/auth/sign-in', { username: email, password: NEW_PASSWORD })).statusCode,
  ).toBe(200);
  return { email, client: signedIn };
}

describe('POST /api/lead', () => {
  it('creates the account, signs in, stores the application with its utm fields and sends the initial password email', async () => {
    const email = uniqueEmail('Lead');
    const c = t.client();
    const res = await c.post(
      '/api/lead',
      lead(email.toUpperCase(), { utm: { utmSource: 'x', utmCampaign: 'spring' } }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ next: '/hardships' });

    const u = await t.db.query.user.findFirst({ where: eq(user.email, email.toLowerCase()) });
    expect(u).toMatchObject({
      mustChangePassword: true,
      firstName: 'Pat',
      lastName: 'Doe',
      phoneNumber: '+14155550123',
    });
    const app = await t.db.query.application.findFirst({ where: eq(application.owner, u!.id) });
    expect(app).toMatchObject({
      status: 'inProgress',
      lastCompletedPage: 'Lead',
      lastViewedPage: 'Hardships',
      utmSource: 'x',
      utmCampaign: 'spring',
    });
    const b = await t.db.query.borrower.findFirst({ where: eq(borrower.applicationId, app!.id) });
    expect(b).toMatchObject({ email: email.toLowerCase(), phoneNumber: '+14155550123', firstName: 'Pat' });
    const changes = await t.db
      .select()
      .from(applicationStatusChange)
      .where(eq(applicationStatusChange.applicationId, app!.id));
    expect(changes).toMatchObject([{ from: null, to: 'inProgress' }]);

    const mail = await t.lastEmail(email.toLowerCase());
    expect(mail?.kind).toBe('initial-password');
    expect(mail?.url.pathname).toBe('/reset-password');
    expect(mail?.code).toMatch(/^\d{6}$/);
    expect(t.queued).toContain(mail?.id);

    const session = (await c.get('/api/session')).json();
    expect(session.user).toMatchObject({
      email: email.toLowerCase(),
      mustChangePassword: true,
      isStaff: false,
    });
    expect(session.resume).toBe('/hardships');
  });

  it('refuses a second account for the same email with the UsernameExistsException message', async () => {
    const email = uniqueEmail();
    expect((await t.client().post('/api/lead', lead(email))).statusCode).toBe(201);
    const res = await t.client().post('/api/lead', lead(email.toUpperCase()));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'UsernameExistsException', message: MESSAGES.usernameExists });
  });

  it.each([
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ email: 'not-an-email' }, 'email', 'Email address is invalid'],
    [{ phoneNumber: '12' }, 'phoneNumber', 'Phone number is invalid'],
    [{ agreedToTerms: false }, 'agreedToTerms', MESSAGES.termsRequired],
  ])('answers 400 with the field message for %o', async (override, field, message) => {
    const res = await t.client().post('/api/lead', lead(uniqueEmail(), override));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[field]).toBe(message);
  });

  it('refuses unknown fields (a borrower cannot set status or owner)', async () => {
    const res = await t.client().post('/api/lead', lead(uniqueEmail(), { status: 'transfer' }));
    expect(res.statusCode).toBe(400);
  });

  it('refuses a number the phone lookup flags invalid in Spanish for a Spanish reader, with its id', async () => {
    const res = await t
      .client()
      .post('/api/lead', lead(uniqueEmail(), { phoneNumber: '999-555-0123' }), { cookie: 'lang=es' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ phoneNumber: 'Número de teléfono: el dato no es válido' });
    expect(res.json().fieldMessages).toEqual({
      phoneNumber: {
        messageId: 'validation.invalid',
        values: { label: { id: 'validation.label.phoneNumber' } },
      },
    });
  });

  it('refuses a number the phone lookup flags invalid, creating nothing', async () => {
    const email = uniqueEmail();
    const res = await t.client().post('/api/lead', lead(email, { phoneNumber: '999-555-0123' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.phoneNumber).toBe('Phone number is invalid');
    expect(await t.db.query.user.findFirst({ where: eq(user.email, email) })).toBeUndefined();
  });

  it('lets the signed-in borrower correct the page, re-verifying a changed phone', async () => {
    const email = uniqueEmail();
    const c = t.client();
    await c.post('/api/lead', lead(email));
    expect((await c.post('/api/lead', lead(email, { phoneNumber: '999-555-0123' }))).statusCode).toBe(400);
    const res = await c.post('/api/lead', lead(email, { lastName: 'Smith', phoneNumber: '212-555-0188' }));
    expect(res.statusCode).toBe(200);
    const b = await t.db.query.borrower.findFirst({ where: eq(borrower.email, email) });
    expect(b).toMatchObject({ lastName: 'Smith', phoneNumber: '+12125550188' });
  });

  it('sends the set-password email in Spanish to a visitor whose browser asks for Spanish', async () => {
    const email = uniqueEmail();
    const c = t.client();
    const res = await c.post('/api/lead', lead(email), { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
    expect(res.statusCode).toBe(201);
    const mail = await t.lastEmail(email);
    expect(mail?.kind).toBe('initial-password');
    expect(mail?.subject).toBe('Termine de crear su cuenta');
    expect(mail?.text).toContain(
      'Hola, Pat: gracias por comenzar su solicitud del plan de manejo de deudas.',
    );
    expect(mail?.links[0]!.label).toBe('Cree su contraseña');
    expect(mail?.url.pathname).toBe('/reset-password');
    expect(mail?.code).toMatch(/^\d{6}$/);
  });

  it('writes a later email (the set-password link asked again) in the borrower’s stored language', async () => {
    const email = uniqueEmail();
    expect((await t.client().post('/api/lead', lead(email))).statusCode).toBe(201);
    expect((await t.lastEmail(email))?.subject).toBe('Finish creating your account');
    await t.db.update(borrower).set({ preferredLanguage: 'es' }).where(eq(borrower.email, email));
    expect((await t.client().post('/api/auth/forgot-password', { email })).statusCode).toBe(204);
    const mail = await t.lastEmail(email);
    expect(mail?.kind).toBe('initial-password');
    expect(mail?.subject).toBe('Termine de crear su cuenta');
    expect(mail?.html).toContain('Cree su contraseña');
  });
});

describe('reset password', () => {
  it('sets the password from the emailed code, clears must-change-password, and the borrower signs in back to the resume page', async () => {
    const email = uniqueEmail();
    const c = t.client();
    await c.post('/api/lead', lead(email));
    const mail = await t.lastEmail(email);
    // The lead's email is a first-password link: its page says "Set your password".
    expect(mail!.url.searchParams.get('purpose')).toBe('set');
    const res = await t.client().post('/api/auth/reset-password', {
      email,
      code: mail!.code,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    // A first password is set, not reset.
    expect(res.json()).toEqual({ next: '/sign-in', message: MESSAGES.passwordSet });
    expect((await t.db.query.user.findFirst({ where: eq(user.email, email) }))?.mustChangePassword).toBe(
      false,
    );

    const signIn = await t
      .client()
      .post('/api/auth/sign-in', { username: email.toUpperCase(), password: NEW_PASSWORD });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toEqual({ next: '/hardships', mustSetInitialPassword: false });
  });

  it('rejects a code used twice or superseded with CodeMismatchException and its redirect', async () => {
    const email = uniqueEmail();
    await t.client().post('/api/lead', lead(email));
    const first = (await t.lastEmail(email))!.code;
    expect((await t.client().post('/api/auth/forgot-password', { email })).statusCode).toBe(204);
    const second = (await t.lastEmail(email))!.code;
    const body = { email, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    if (first !== second) {
      const old = await t.client().post('/api/auth/reset-password', { ...body, code: first });
      expect(old.json()).toMatchObject({
        code: 'CodeMismatchException',
        message: MESSAGES.codeMismatch,
        redirect: '/please-check-your-email',
      });
    }
    expect((await t.client().post('/api/auth/reset-password', { ...body, code: second })).statusCode).toBe(
      200,
    );
    const reused = await t.client().post('/api/auth/reset-password', { ...body, code: second });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({
      code: 'CodeMismatchException',
      redirect: '/please-check-your-email',
    });
  });

  it('answers ExpiredCodeException for an expired code and sends a new link', async () => {
    const email = uniqueEmail();
    await t.client().post('/api/lead', lead(email));
    const mail = (await t.lastEmail(email))!;
    await t.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `forget-password-otp-${email}`));
    const res = await t.client().post('/api/auth/reset-password', {
      email,
      code: mail.code,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({
      code: 'ExpiredCodeException',
      message: MESSAGES.expiredCode,
      redirect: '/please-check-your-email',
    });
    const fresh = (await t.lastEmail(email))!;
    expect(fresh.id).not.toBe(mail.id);
  });

  it('answers LimitExceededException after too many reset requests', async () => {
    const email = uniqueEmail();
    await t.client().post('/api/lead', lead(email));
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await t.client().post('/api/auth/forgot-password', { email })).statusCode);
    const res = await t.client().post('/api/auth/forgot-password', { email });
    expect(statuses.filter((s) => s === 204).length).toBeGreaterThanOrEqual(4);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'LimitExceededException', message: MESSAGES.limitExceeded });
  });

  it('checks the password rules and the confirmation', async () => {
    const res = await t.client().post('/api/auth/reset-password', {
      email: uniqueEmail(),
      code: '123456',
      password: 'short',
      confirmPassword: 'short',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.password).toBe(MESSAGES.passwordRequirements);
    const mismatch = await t.client().post('/api/auth/reset-password', {
      email: uniqueEmail(),
      code: '123456',
      password: NEW_PASSWORD,
      confirmPassword: 'Other#Pass1',
    });
    expect(mismatch.json().fieldErrors.confirmPassword).toBe(MESSAGES.passwordsDoNotMatch);
  });

  it('answers 204 for an unknown address (no account enumeration) and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    expect((await t.client().post('/api/auth/forgot-password', { email })).statusCode).toBe(204);
    expect(await t.lastEmail(email)).toBeUndefined();
  });
});

describe('sign in and sign out', () => {
  it('answers NotAuthorizedException with the spec message for a wrong password or unknown user', async () => {
    const { email } = await borrowerWithPassword();
    for (const body of [
      { username: email, password: 'Wrong#Pass1' },
      { username: uniqueEmail('ghost'), password: NEW_PASSWORD },
    ]) {
      const res = await t.client().post('/api/auth/sign-in', body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 'NotAuthorizedException',
        message: 'Incorrect Username or Password',
        messageId: 'validation.incorrectCredentials',
      });
    }
  });

  it('revokes the session server-side on sign out', async () => {
    const { client } = await borrowerWithPassword();
    const token = [...client.jar.values()][0]!;
    expect((await client.get('/api/session')).json().user).not.toBeNull();
    expect((await client.post('/api/auth/sign-out')).statusCode).toBe(204);
    expect((await client.get('/api/session')).json()).toEqual({ user: null });
    // The old cookie no longer works even if a browser kept it.
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: `dmp.session_token=${token}` },
    });
    expect(replay.json()).toEqual({ user: null });
  });

  it('sends a staff user with a temporary password through the new-password path, then to enrolment', async () => {
    const staff = await createStaff(t.db, { email: uniqueEmail('staff'), name: 'Casey Counsellor' });
    const c = t.client();
    const res = await c.post('/api/auth/sign-in', { username: staff.email, password: staff.password });
    expect(res.json()).toEqual({ next: '/user-information', mustSetInitialPassword: true });
    const done = await c.post('/api/auth/complete-new-password', {
      firstName: 'Casey',
      lastName: 'Counsellor',
      phoneNumber: '312-555-0100',
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(done.json()).toEqual({ next: '/two-factor/setup' });
    // Not enrolled yet: the next sign-in goes to enrolment again (two-factor.test.ts covers the rest).
    const again = await t
      .client()
      .post('/api/auth/sign-in', { username: staff.email, password: NEW_PASSWORD });
    expect(again.json()).toEqual({ next: '/two-factor/setup', mustSetInitialPassword: false });
  });

  it('refuses complete-new-password when no new password is required', async () => {
    const { client } = await borrowerWithPassword();
    const res = await client.post('/api/auth/complete-new-password', {
      firstName: 'Pat',
      lastName: 'Doe',
      phoneNumber: '415-555-0123',
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.json()).toMatchObject({
      code: 'SetInitialPasswordFailed',
      message: MESSAGES.setInitialPasswordFailed,
      redirect: '/sign-in',
    });
  });
});

describe('change password and change email', () => {
  it('changes the password, ends the session and accepts the new one', async () => {
    const { email, client } = await borrowerWithPassword();
    const wrong = await client.post('/api/auth/change-password', {
      currentPassword: 'Nope#1234',
      password: 'Newer#Pass2',
      confirmPassword: 'Newer#Pass2',
    });
    expect(wrong.statusCode).toBe(401);
    const mismatch = await client.post('/api/auth/change-password', {
      currentPassword: NEW_PASSWORD,
      password: 'Newer#Pass2',
      confirmPassword: 'Newer#Pass3',
    });
    expect(mismatch.json().fieldErrors.confirmPassword).toBe(MESSAGES.passwordsDoNotMatch);
    const ok = await client.post('/api/auth/change-password', {
      currentPassword: NEW_PASSWORD,
      password: 'Newer#Pass2',
      confirmPassword: 'Newer#Pass2',
    });
    expect(ok.json()).toEqual({ next: '/sign-in', message: MESSAGES.passwordReset });
    expect((await client.get('/api/session')).json()).toEqual({ user: null });
    expect(
      (await t.client().post('/api/auth/sign-in', { username: email, password: 'Newer#Pass2' })).statusCode,
    ).toBe(200);
  });

  it('changes the email once the new address is verified with the password and the emailed code', async () => {
    const { email, client } = await borrowerWithPassword();
    const newEmail = uniqueEmail('moved');
    const mismatch = await client.post('/api/auth/change-email', {
      email: newEmail,
      confirmEmail: uniqueEmail('other'),
    });
    expect(mismatch.json().fieldErrors.confirmEmail).toBe(MESSAGES.emailsDoNotMatch);
    const ok = await client.post('/api/auth/change-email', {
      email: newEmail.toUpperCase(),
      confirmEmail: newEmail.toUpperCase(),
    });
    expect(ok.json()).toEqual({ message: MESSAGES.verifyNewEmailSent });
    // Nothing changes before the code: the session and the old username still work.
    expect((await client.get('/api/session')).json().user).toMatchObject({ email });
    expect(
      (await t.client().post('/api/auth/sign-in', { username: newEmail, password: NEW_PASSWORD })).statusCode,
    ).toBe(401);

    const mail = (await t.lastEmail(newEmail))!;
    expect(mail.kind).toBe('verify-new-email');
    const bad = await t.client().post('/api/auth/verify-new-email', {
      email: newEmail,
      code: mail.code === '000000' ? '111111' : '000000',
      password: NEW_PASSWORD,
    });
    expect(bad.json()).toMatchObject({ message: MESSAGES.verifyNewEmailFailed });
    const resent = (await t.lastEmail(newEmail))!;
    expect(resent.id).not.toBe(mail.id);
    const good = await t
      .client()
      .post('/api/auth/verify-new-email', { email: newEmail, code: resent.code, password: NEW_PASSWORD });
    expect(good.json()).toEqual({ message: MESSAGES.verifyNewEmailSuccess });
    expect((await t.db.query.user.findFirst({ where: eq(user.email, newEmail) }))?.emailVerified).toBe(true);
    expect(await t.db.query.borrower.findFirst({ where: eq(borrower.email, newEmail) })).toBeDefined();
    // Every session ended with the change; the new email signs in, the old one no longer does.
    expect((await client.get('/api/session')).json()).toEqual({ user: null });
    expect(
      (await t.client().post('/api/auth/sign-in', { username: email, password: NEW_PASSWORD })).statusCode,
    ).toBe(401);
    expect(
      (await t.client().post('/api/auth/sign-in', { username: newEmail, password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('refuses the current email as the new one, in Spanish for a Spanish reader, with its id', async () => {
    const { email, client } = await borrowerWithPassword();
    client.jar.set('lang', 'es');
    const res = await client.post('/api/auth/change-email', { email, confirmEmail: email });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'El nuevo correo electrónico es el mismo que el actual.',
      messageId: 'validation.newEmailSameAsCurrent',
      fieldErrors: { email: 'El nuevo correo electrónico es el mismo que el actual.' },
      fieldMessages: { email: { messageId: 'validation.newEmailSameAsCurrent' } },
    });
  });

  it('refuses an email that another account uses', async () => {
    const a = await borrowerWithPassword();
    const b = await borrowerWithPassword();
    const res = await b.client.post('/api/auth/change-email', { email: a.email, confirmEmail: a.email });
    expect(res.statusCode).toBe(409);
  });
});

describe('server basics', () => {
  it('answers health and readiness', async () => {
    expect((await t.client().get('/api/health')).json()).toEqual({ status: 'ok' });
    expect((await t.client().get('/api/ready')).json()).toMatchObject({ status: 'ready' });
  });

  it('redirects / to /lead keeping the query string', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/?utm_source=x&utm_medium=y' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/lead?utm_source=x&utm_medium=y');
  });

  it('refuses a cross-origin state change and marks API answers no-store with security headers', async () => {
    const res = await t
      .client()
      .post('/api/auth/forgot-password', { email: uniqueEmail() }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    const ok = await t.client().get('/api/health');
    expect(ok.headers['cache-control']).toBe('no-store');
    expect(ok.headers['content-security-policy']).toContain("object-src 'none'");
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    expect(ok.headers['x-request-id']).toBeTruthy();
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.client().get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/lead');
  });
});

describe('rate limits', () => {
  it('answers 429 when one client signs in too often', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        codes.push(
          (
            await limited
              .client()
              .post('/api/auth/sign-in', { username: 'a@example.com', password: 'Whatever#1' })
          ).statusCode,
        );
      }
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});

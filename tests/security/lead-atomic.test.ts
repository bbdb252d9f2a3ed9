import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#domain/validation/messages';
import { account, passwordResetRequest, user, userGroup, verification } from '#server/db/schema/auth';
import { application, applicationStatusChange, borrower } from '#server/db/schema/application';
import { emailOutbox } from '#server/db/schema/ops';
import { hashPassword } from '#server/plugins/auth';
import { STAFF_GROUP } from '#server/plugins/staff-group';
import { createTestApp, type TestApp } from '../setup/test-app';

// The lead form makes an account and its application together or not at all. An account left without its
// application (a crash half way, before this was one transaction) took the email for good: the form refused it
// (UsernameExists) and the person was stuck. Such an account now gets its application when it signs in.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Fault injection in this test database only: an insert carrying a marker fails, as a crash would.
  await t.database.executeSql(`
    create function fail_for_test() returns trigger language plpgsql as $$
    begin
      raise exception 'injected failure';
    end
    $$;
    create trigger fail_application before insert on application for each row
      when (new.utm_campaign = 'fail-application') execute function fail_for_test();
    create trigger fail_email before insert on email_outbox for each row
      when (new."to" like 'fail-email.%') execute function fail_for_test();
  `);
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now()}.${++counter}@example.com`;
const lead = (email: string, extra: Record<string, unknown> = {}) => ({
  firstName: 'Pat',
  lastName: 'Doe',
  email,
  phoneNumber: '415-555-0123',
  agreedToTerms: true,
  ...extra,
});
const NEW_PASSWORD = 'Better#Pass1';

/** Everything the lead form writes for an address; all zero after a failed submit. */
async function rowsFor(email: string) {
  const n = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);
  return {
    users: await n(t.db.select({ n: count() }).from(user).where(eq(user.email, email))),
    borrowers: await n(t.db.select({ n: count() }).from(borrower).where(eq(borrower.email, email))),
    resetRequests: await n(
      t.db.select({ n: count() }).from(passwordResetRequest).where(eq(passwordResetRequest.email, email)),
    ),
    codes: await n(
      t.db
        .select({ n: count() })
        .from(verification)
        .where(eq(verification.identifier, `forget-password-otp-${email}`)),
    ),
    emails: await n(t.db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.to, email))),
  };
}
const NOTHING = { users: 0, borrowers: 0, resetRequests: 0, codes: 0, emails: 0 };

/** The same person applies again, nothing injected: a normal new account, signed in, on /hardships. */
async function appliesAgain(email: string) {
  const c = t.client();
  const res = await c.post('/api/lead', lead(email));
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json()).toEqual({ next: '/hardships' });
  expect((await c.get('/api/session')).json()).toMatchObject({
    user: { email, mustChangePassword: true, isStaff: false },
    resume: '/hardships',
  });
  expect(await rowsFor(email)).toEqual({ users: 1, borrowers: 1, resetRequests: 1, codes: 1, emails: 1 });
  const mail = await t.lastEmail(email);
  expect(mail?.kind).toBe('initial-password');
  expect(t.queued).toContain(mail?.id);
  return { client: c, code: mail!.code };
}

describe('a lead is created in one transaction', () => {
  it('leaves no account when the application insert fails, and the same email can apply again', async () => {
    const email = uniqueEmail('fail-application');
    const queuedBefore = t.queued.length;
    const c = t.client();
    const res = await c.post('/api/lead', lead(email, { utm: { utmCampaign: 'fail-application' } }));
    expect(res.statusCode).toBe(500);
    expect(await rowsFor(email)).toEqual(NOTHING);
    expect(t.queued).toHaveLength(queuedBefore);
    // Not signed in: there is no account to be signed in to.
    expect((await c.get('/api/session')).json()).toEqual({ user: null });

    const again = await appliesAgain(email);
    // The emailed code sets the password: the account is a whole one.
    const reset = await t.client().post('/api/auth/reset-password', {
      email,
      code: again.code,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const signIn = await t.client().post('/api/auth/sign-in', { username: email, password: NEW_PASSWORD });
    expect(signIn.json()).toEqual({ next: '/hardships', mustSetInitialPassword: false });
  });

  it('leaves nothing when the last write (the initial password email) fails', async () => {
    const email = uniqueEmail('fail-email');
    const res = await t.client().post('/api/lead', lead(email));
    expect(res.statusCode).toBe(500);
    expect(await rowsFor(email)).toEqual(NOTHING);
    expect(await t.db.select().from(user).where(eq(user.email, email))).toEqual([]);
  });

  it('makes one account of two submits of the same email at once', async () => {
    const email = uniqueEmail('twice');
    const answers = await Promise.all([
      t.client().post('/api/lead', lead(email)),
      t.client().post('/api/lead', lead(email)),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect(refused.json()).toMatchObject({
      code: 'UsernameExistsException',
      message: MESSAGES.usernameExists,
    });
    expect(await rowsFor(email)).toMatchObject({ users: 1, borrowers: 1, emails: 1 });
  });
});

/** An account without an application, as a crash between the two used to leave it. */
async function orphanAccount(email: string, password?: string) {
  const id = randomUUID();
  await t.db.insert(user).values({
    id,
    email,
    name: 'Robin Orphan',
    firstName: 'Robin',
    lastName: 'Orphan',
    phoneNumber: '+14155550199',
    mustChangePassword: password === undefined,
  });
  await t.db.insert(account).values({
    id: randomUUID(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: await hashPassword(password ?? randomUUID()),
  });
  return id;
}

async function applicationsOf(userId: string) {
  return t.db.select().from(application).where(eq(application.owner, userId));
}

describe('an account left without its application is repaired', () => {
  it('at sign-in, after setting a password from the emailed code, and resumes on /hardships', async () => {
    const email = uniqueEmail('orphan');
    const userId = await orphanAccount(email);
    // The stuck state: the email is taken, so the lead form refuses it.
    const refused = await t.client().post('/api/lead', lead(email));
    expect(refused.json()).toMatchObject({ code: 'UsernameExistsException' });

    // Forgot password works for the account (it exists), and the code sets a password.
    expect((await t.client().post('/api/auth/forgot-password', { email })).statusCode).toBe(204);
    const mail = await t.lastEmail(email);
    const reset = await t.client().post('/api/auth/reset-password', {
      email,
      code: mail!.code,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);

    const c = t.client();
    const signIn = await c.post('/api/auth/sign-in', { username: email, password: NEW_PASSWORD });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json()).toEqual({ next: '/hardships', mustSetInitialPassword: false });
    const [app, ...more] = await applicationsOf(userId);
    expect(more).toEqual([]);
    expect(app).toMatchObject({
      status: 'inProgress',
      lastCompletedPage: 'Lead',
      lastViewedPage: 'Hardships',
    });
    const [b] = await t.db.select().from(borrower).where(eq(borrower.applicationId, app!.id));
    expect(b).toMatchObject({
      owner: userId,
      firstName: 'Robin',
      lastName: 'Orphan',
      email,
      phoneNumber: '+14155550199',
    });
    const changes = await t.db
      .select()
      .from(applicationStatusChange)
      .where(eq(applicationStatusChange.applicationId, app!.id));
    expect(changes).toMatchObject([{ from: null, to: 'inProgress', changedBy: userId }]);
    expect((await c.get('/api/session')).json().resume).toBe('/hardships');
    // The application pages now answer.
    expect((await c.get('/api/application')).statusCode).toBe(200);

    // A later sign-in makes no second application.
    await t.client().post('/api/auth/sign-in', { username: email, password: NEW_PASSWORD });
    expect(await applicationsOf(userId)).toHaveLength(1);
  });

  it('when a signed-in account without one sends the lead form', async () => {
    const email = uniqueEmail('orphan-signed-in');
    const userId = await orphanAccount(email, NEW_PASSWORD);
    const c = t.client();
    expect((await c.post('/api/auth/sign-in', { username: email, password: NEW_PASSWORD })).statusCode).toBe(
      200,
    );
    // Take the repaired application away again: the session stays, the application is gone.
    await t.db.delete(application).where(eq(application.owner, userId));
    const res = await c.post('/api/lead', lead(email, { firstName: 'Robin', lastName: 'Orphan' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ next: '/hardships' });
    expect(await applicationsOf(userId)).toHaveLength(1);
  });

  it('never for staff, who have no application', async () => {
    const email = uniqueEmail('staff');
    const userId = await orphanAccount(email, NEW_PASSWORD);
    await t.db.insert(userGroup).values({ userId, groupName: STAFF_GROUP });
    const signIn = await t.client().post('/api/auth/sign-in', { username: email, password: NEW_PASSWORD });
    expect(signIn.json()).toEqual({ next: '/two-factor/setup', mustSetInitialPassword: false });
    expect(await applicationsOf(userId)).toEqual([]);
  });
});

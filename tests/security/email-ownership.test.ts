import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#domain/validation/messages';
import { emailChange, user } from '#server/db/schema/auth';
import { borrower } from '#server/db/schema/application';
import { createTestApp, type TestApp } from '../setup/test-app';

// Anyone can send the lead form with someone else's address and is signed in at once. That visitor could then
// set a lasting password without the emailed code, and the real owner met 'UsernameExists'. Now a first
// password needs the code sent to the address (single use), an address never proven can be claimed by
// whoever holds the mailbox through forgot password (ending the visitor's session), and an email change
// switches the username only once the code sent to the new address is given.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
const uniqueEmail = (name = 'owner') => `${name}.${Date.now()}.${++counter}@example.com`;
const information = { firstName: 'Sam', lastName: 'Squat', phoneNumber: '415-555-0123' };
const lead = (email: string) => ({ ...information, email, agreedToTerms: true });
const SQUATTER_PASSWORD = 'Squat#Pass1';
const OWNER_PASSWORD = 'Owner#Pass1';
const FAILED = {
  code: 'SetInitialPasswordFailed',
  message: MESSAGES.setInitialPasswordFailed,
  redirect: '/sign-in',
};
const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

const account = (email: string) => t.db.query.user.findFirst({ where: eq(user.email, email) });
const signInStatus = async (username: string, password: string) =>
  (await t.client().post('/api/auth/sign-in', { username, password })).statusCode;

/** Someone who sent the lead form with `email`: signed in, with an account whose password nobody knows. */
async function leadSentWith(email: string) {
  const client = t.client();
  const res = await client.post('/api/lead', lead(email));
  expect(res.statusCode, res.body).toBe(201);
  expect((await client.get('/api/session')).json().user).toMatchObject({ email, mustChangePassword: true });
  return client;
}

describe('the first password of an account made by the lead form', () => {
  it('is refused without the emailed code and with a wrong one, and nothing is set', async () => {
    const email = uniqueEmail();
    const squatter = await leadSentWith(email);
    const withoutCode = await squatter.post('/api/auth/complete-new-password', {
      ...information,
      password: SQUATTER_PASSWORD,
      confirmPassword: SQUATTER_PASSWORD,
    });
    expect(withoutCode.statusCode).toBe(400);
    expect(withoutCode.json()).toMatchObject(FAILED);

    const sent = (await t.lastEmail(email))!;
    expect(sent.kind).toBe('initial-password');
    const wrongCode = await squatter.post('/api/auth/complete-new-password', {
      ...information,
      code: otherCode(sent.code),
      password: SQUATTER_PASSWORD,
      confirmPassword: SQUATTER_PASSWORD,
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toMatchObject(FAILED);

    expect(await signInStatus(email, SQUATTER_PASSWORD)).toBe(401);
    expect(await account(email)).toMatchObject({ mustChangePassword: true, emailVerified: false });
  });

  it('is set with the code from the email: used up, the address verified, a new session for the person', async () => {
    const email = uniqueEmail();
    const client = await leadSentWith(email);
    const { code } = (await t.lastEmail(email))!;
    const body = { ...information, code, password: OWNER_PASSWORD, confirmPassword: OWNER_PASSWORD };
    const done = await client.post('/api/auth/complete-new-password', body);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ next: '/hardships' });
    expect((await client.get('/api/session')).json().user).toMatchObject({
      email,
      mustChangePassword: false,
    });
    expect(await account(email)).toMatchObject({ mustChangePassword: false, emailVerified: true });
    expect(await signInStatus(email, OWNER_PASSWORD)).toBe(200);

    // Single use: the same code sets nothing again, by either path.
    const again = await t.client().post('/api/auth/reset-password', {
      email,
      code,
      password: SQUATTER_PASSWORD,
      confirmPassword: SQUATTER_PASSWORD,
    });
    expect(again.json()).toMatchObject({ code: 'CodeMismatchException' });
    expect(await signInStatus(email, SQUATTER_PASSWORD)).toBe(401);
  });

  it('of an address someone else sent the form with is claimed by the mailbox owner through forgot password, ending the other session', async () => {
    const email = uniqueEmail();
    const squatter = await leadSentWith(email);
    // The owner meets the existing account, and asks for a link: it goes to the owner's mailbox.
    const ownerLead = await t.client().post('/api/lead', lead(email));
    expect(ownerLead.json()).toMatchObject({ code: 'UsernameExistsException' });
    expect((await t.client().post('/api/auth/forgot-password', { email })).statusCode).toBe(204);
    const { code } = (await t.lastEmail(email))!;
    const reset = await t.client().post('/api/auth/reset-password', {
      email,
      code,
      password: OWNER_PASSWORD,
      confirmPassword: OWNER_PASSWORD,
    });
    expect(reset.json()).toEqual({ next: '/sign-in', message: MESSAGES.passwordSet });

    expect((await squatter.get('/api/session')).json()).toEqual({ user: null });
    const late = await squatter.post('/api/auth/complete-new-password', {
      ...information,
      code,
      password: SQUATTER_PASSWORD,
      confirmPassword: SQUATTER_PASSWORD,
    });
    expect(late.statusCode).toBe(401);
    expect(await signInStatus(email, OWNER_PASSWORD)).toBe(200);
    expect(await signInStatus(email, SQUATTER_PASSWORD)).toBe(401);
    expect(await account(email)).toMatchObject({ mustChangePassword: false, emailVerified: true });
  });
});

describe('changing the email', () => {
  /** A borrower with a chosen password, signed in. */
  async function signedInBorrower() {
    const email = uniqueEmail('mover');
    const client = await leadSentWith(email);
    const { code } = (await t.lastEmail(email))!;
    const done = await client.post('/api/auth/complete-new-password', {
      ...information,
      code,
      password: OWNER_PASSWORD,
      confirmPassword: OWNER_PASSWORD,
    });
    expect(done.statusCode, done.body).toBe(200);
    return { email, client };
  }

  it('does not change the sign-in username until the code sent to the new address is given with the password', async () => {
    const { email, client } = await signedInBorrower();
    const newEmail = uniqueEmail('moved');
    const asked = await client.post('/api/auth/change-email', { email: newEmail, confirmEmail: newEmail });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ message: MESSAGES.verifyNewEmailSent });

    // Nothing changed yet: same session, same username, same borrower email.
    expect((await client.get('/api/session')).json().user).toMatchObject({ email });
    expect(await signInStatus(email, OWNER_PASSWORD)).toBe(200);
    expect(await signInStatus(newEmail, OWNER_PASSWORD)).toBe(401);
    expect((await t.db.query.borrower.findFirst({ where: eq(borrower.email, email) }))?.email).toBe(email);

    const mail = (await t.lastEmail(newEmail))!;
    expect(mail.kind).toBe('verify-new-email');
    expect(mail.url.pathname).toBe('/verify-new-email');

    // The code without the password of the account that asked changes nothing (and sends nothing).
    const noPassword = await t
      .client()
      .post('/api/auth/verify-new-email', { email: newEmail, code: mail.code, password: 'Guess#Pass1' });
    expect(noPassword.json()).toMatchObject({
      code: 'VerifyNewEmailFailed',
      message: MESSAGES.verifyNewEmailFailed,
    });
    expect((await t.lastEmail(newEmail))!.id).toBe(mail.id);
    // The password with a wrong code changes nothing and sends a fresh link; the old one is dead.
    const wrongCode = await t.client().post('/api/auth/verify-new-email', {
      email: newEmail,
      code: otherCode(mail.code),
      password: OWNER_PASSWORD,
    });
    expect(wrongCode.json()).toMatchObject({ code: 'VerifyNewEmailFailed' });
    const fresh = (await t.lastEmail(newEmail))!;
    expect(fresh.id).not.toBe(mail.id);
    expect(await signInStatus(newEmail, OWNER_PASSWORD)).toBe(401);
    expect((await account(email))?.email).toBe(email);

    const verified = await t
      .client()
      .post('/api/auth/verify-new-email', { email: newEmail, code: fresh.code, password: OWNER_PASSWORD });
    expect(verified.json()).toEqual({ message: MESSAGES.verifyNewEmailSuccess });
    expect(await account(newEmail)).toMatchObject({ emailVerified: true });
    expect(await t.db.query.borrower.findFirst({ where: eq(borrower.email, newEmail) })).toBeDefined();
    expect(await signInStatus(newEmail, OWNER_PASSWORD)).toBe(200);
    expect(await signInStatus(email, OWNER_PASSWORD)).toBe(401);
    // Every session of the account ended with the change.
    expect((await client.get('/api/session')).json()).toEqual({ user: null });
    // The code is used up.
    const reused = await t
      .client()
      .post('/api/auth/verify-new-email', { email: newEmail, code: fresh.code, password: OWNER_PASSWORD });
    expect(reused.json()).toMatchObject({ code: 'VerifyNewEmailFailed' });
  });

  it('leaves the email alone when the new address was taken before the code came back', async () => {
    const { email, client } = await signedInBorrower();
    const newEmail = uniqueEmail('contested');
    expect(
      (await client.post('/api/auth/change-email', { email: newEmail, confirmEmail: newEmail })).statusCode,
    ).toBe(200);
    const { code } = (await t.lastEmail(newEmail))!;
    await leadSentWith(newEmail);
    const verified = await t
      .client()
      .post('/api/auth/verify-new-email', { email: newEmail, code, password: OWNER_PASSWORD });
    expect(verified.json()).toMatchObject({ code: 'VerifyNewEmailFailed' });
    expect((await account(email))?.email).toBe(email);
    expect(await signInStatus(email, OWNER_PASSWORD)).toBe(200);
    expect(await t.db.select().from(emailChange).where(eq(emailChange.newEmail, newEmail))).toEqual([]);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#domain/validation/messages';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { account, user } from '#server/db/schema/auth';

// A lead's account has no password until the borrower sets one from the emailed code (decision 0168): no
// generated password is hashed for nobody to type. Until then every sign-in is refused like a wrong password,
// after as much work; the first password is set from the code; a signed-in borrower without one cannot
// change it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
const uniqueEmail = (name = 'pat') => `${name}.${Date.now()}.${++counter}@example.com`;
const lead = (email: string) => ({
  firstName: 'Pat',
  lastName: 'Doe',
  email,
  phoneNumber: '415-555-0123',
  agreedToTerms: true,
});
const FIRST_PASSWORD = 'First#Pass1';
const refused = {
  code: 'NotAuthorizedException',
  message: MESSAGES.incorrectCredentials,
  messageId: 'validation.incorrectCredentials',
};

async function newLead() {
  const email = uniqueEmail();
  const client = t.client();
  expect((await client.post('/api/lead', lead(email))).statusCode).toBe(201);
  const owner = await t.db.query.user.findFirst({ where: eq(user.email, email), columns: { id: true } });
  return { email, client, userId: owner!.id };
}

const credential = async (userId: string) =>
  t.db.query.account.findFirst({
    where: and(eq(account.userId, userId), eq(account.providerId, 'credential')),
  });

/** The CPU this process (the app and its embedded database) spent on one call, in ms. */
async function cpuOf(call: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await call();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('a lead before a password is set', () => {
  it('has a credential account with no password, and the lead signed them in all the same', async () => {
    const { client, userId } = await newLead();
    const row = await credential(userId);
    expect(row).toBeDefined();
    expect(row!.password).toBeNull();
    const session = (await client.get('/api/session')).json();
    expect(session.user).toMatchObject({ id: userId, mustChangePassword: true });
    expect(session.resume).toBe('/hardships');
  });

  it('refuses every sign-in like a wrong password, after as much work as a password check', async () => {
    const { email } = await newLead();
    // An account with a password of its own, for the same refusal with a real check behind it.
    const other = await newLead();
    const code = (await t.lastEmail(other.email))!.code;
    expect(
      (
        await t.client().post('/api/auth/reset-password', {
          email: other.email,
          code,
          password: FIRST_PASSWORD,
          confirmPassword: FIRST_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);

    const noPassword: number[] = [];
    const wrongPassword: number[] = [];
    for (const guess of ['Guess#Pass1', 'Guess#Pass2', 'Guess#Pass3']) {
      noPassword.push(
        await cpuOf(async () => {
          const res = await t.client().post('/api/auth/sign-in', { username: email, password: guess });
          expect(res.statusCode).toBe(401);
          expect(res.json()).toEqual(refused);
        }),
      );
      wrongPassword.push(
        await cpuOf(async () => {
          const res = await t.client().post('/api/auth/sign-in', { username: other.email, password: guess });
          expect(res.statusCode).toBe(401);
          expect(res.json()).toEqual(refused);
        }),
      );
    }
    // An argon2 hash (19 MiB, two passes) is most of a refused sign-in's CPU; without it the refusal of an
    // account with no password would take a small part of a wrong password's and tell it apart.
    expect(median(noPassword)).toBeGreaterThan(median(wrongPassword) * 0.5);
    expect((await credential((await newLead()).userId))!.password).toBeNull();
  });

  it('sets the first password from the emailed code, and signs in with it', async () => {
    const { email, userId } = await newLead();
    const code = (await t.lastEmail(email))!.code;
    const res = await t.client().post('/api/auth/reset-password', {
      email,
      code,
      password: FIRST_PASSWORD,
      confirmPassword: FIRST_PASSWORD,
    });
    expect(res.json()).toEqual({ next: '/sign-in', message: MESSAGES.passwordSet });
    expect((await credential(userId))!.password).toMatch(/^\$argon2id\$/);
    const signIn = await t.client().post('/api/auth/sign-in', { username: email, password: FIRST_PASSWORD });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toEqual({ next: '/hardships', mustSetInitialPassword: false });
  });

  it('sets the first password on the new-password path with the emailed code, and gets a new session', async () => {
    const { email, client, userId } = await newLead();
    const code = (await t.lastEmail(email))!.code;
    const done = await client.post('/api/auth/complete-new-password', {
      firstName: 'Pat',
      lastName: 'Doe',
      phoneNumber: '415-555-0123',
      password: FIRST_PASSWORD,
      confirmPassword: FIRST_PASSWORD,
      code,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await credential(userId))!.password).toMatch(/^\$argon2id\$/);
    expect((await client.get('/api/session')).json().user).toMatchObject({ mustChangePassword: false });
    const signIn = await t.client().post('/api/auth/sign-in', { username: email, password: FIRST_PASSWORD });
    expect(signIn.statusCode).toBe(200);
  });

  it('refuses a change of password, whatever is given as the current one, and leaves none set', async () => {
    const { client, userId } = await newLead();
    const res = await client.post('/api/auth/change-password', {
      currentPassword: 'Guess#Pass1',
      password: 'Newer#Pass2',
      confirmPassword: 'Newer#Pass2',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect((await credential(userId))!.password).toBeNull();
  });
});

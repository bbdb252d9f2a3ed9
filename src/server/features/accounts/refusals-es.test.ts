import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';

// An account's refusals a borrower reads (a wrong current password, an email another account has), in Spanish
// for a Spanish reader: each worded by its id, which the answer carries beside the text.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

let counter = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now()}.${++counter}@example.com`;
const PASSWORD = 'Better#Pass1';

/** A borrower from the lead form with a password set from the emailed code, signed in, reading Spanish. */
async function spanishBorrower(email = uniqueEmail('pat')) {
  const first = t.client();
  const lead = { firstName: 'Pat', lastName: 'Doe', email, phoneNumber: '415-555-0123', agreedToTerms: true };
  expect((await first.post('/api/lead', lead)).statusCode).toBe(201);
  const mail = await t.lastEmail(email);
  const set = await first.post('/api/auth/reset-password', {
    email,
    code: mail!.code,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(set.statusCode).toBe(200);
  const client = t.client();
  expect((await client.post('/api/auth/sign-in', { username: email, password: PASSWORD })).statusCode).toBe(
    200,
  );
  client.jar.set('lang', 'es');
  return { email, client };
}

describe('an account’s refusals in Spanish, with their ids', () => {
  it('a wrong current password', async () => {
    const { client } = await spanishBorrower();
    const res = await client.post('/api/auth/change-password', {
      currentPassword: 'Nope#1234',
      password: 'Newer#Pass2',
      confirmPassword: 'Newer#Pass2',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: 'NotAuthorizedException',
      message: 'Contraseña incorrecta',
      messageId: 'validation.incorrectPassword',
    });
  });

  it('a new email another account already has', async () => {
    const taken = uniqueEmail('taken');
    await spanishBorrower(taken);
    const { client } = await spanishBorrower();
    const res = await client.post('/api/auth/change-email', { email: taken, confirmEmail: taken });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'Conflict',
      message: 'Ya existe una cuenta con este correo electrónico.',
      messageId: 'validation.emailTaken',
    });
  });
});

import { randomUUID } from 'node:crypto';
import type { TestApp } from '#tests/setup/test-app';
import { createStaff } from '#server/features/accounts/create-staff';
import { authenticatorCode, base32Decode } from '#server/security/totp';

export const STAFF_TEST_PASSWORD = 'Staff#Pass9';

/**
 * A staff member signed in with the second factor, as a counsellor starts the day: created with a password,
 * signed in, authenticator app enrolled with the current code. The client keeps the verified session.
 * The current 30-second step is used up by the enrolment; a further sign-in in the same half minute needs
 * authenticatorCode(secret, 1).
 */
export async function signedInStaff(t: TestApp, o: { email?: string; name?: string } = {}) {
  const staff = await createStaff(t.db, {
    email: o.email ?? `staff-${randomUUID()}@agency.org`,
    name: o.name ?? 'Sam Staff',
    password: STAFF_TEST_PASSWORD,
    mustChangePassword: false,
  });
  const client = t.client();
  const signIn = await client.post('/api/auth/sign-in', {
    username: staff.email,
    password: STAFF_TEST_PASSWORD,
  });
  if (signIn.statusCode !== 200) throw new Error(`staff sign-in failed: ${signIn.body}`);
  const setup = await client.post('/api/auth/two-factor/setup', { password: STAFF_TEST_PASSWORD });
  if (setup.statusCode !== 200) throw new Error(`enrolment failed: ${setup.body}`);
  const { secret: base32, totpUri } = setup.json<{ secret: string; totpUri: string }>();
  const secret = base32Decode(base32);
  const confirm = await client.post('/api/auth/two-factor/setup/confirm', {
    code: authenticatorCode(secret),
  });
  if (confirm.statusCode !== 200) throw new Error(`enrolment confirmation failed: ${confirm.body}`);
  const { recoveryCodes } = confirm.json<{ recoveryCodes: string[] }>();
  return {
    client,
    userId: staff.userId,
    email: staff.email,
    password: STAFF_TEST_PASSWORD,
    secret,
    totpUri,
    recoveryCodes,
  };
}

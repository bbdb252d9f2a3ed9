import { expect } from 'vitest';
import type { TestApp } from '#tests/setup/test-app';
import { createStaff } from '#server/features/accounts/create-staff';
import { base32Decode, totp } from '#server/security/totp';
import { uniqueEmail } from './borrower-flow';

export const STAFF_PASSWORD = 'Better#Pass1';

/**
 * A signed-in staff member. The one place the portal's tests sign staff in: when sign-in gains a step (a second
 * factor), only this changes.
 */
export async function signInStaff(t: TestApp, name = 'Sam Staff') {
  const staff = await createStaff(t.db, {
    email: uniqueEmail('staff'),
    name,
    mustChangePassword: false,
    password: STAFF_PASSWORD,
  });
  const client = t.client();
  const res = await client.post('/api/auth/sign-in', { username: staff.email, password: STAFF_PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  // First sign-in enrols the second factor (TOTP) with a code computed from the secret, as the app would.
  const setup = await client.post('/api/auth/two-factor/setup', { password: STAFF_PASSWORD });
  expect(setup.statusCode, setup.body).toBe(200);
  const code = totp(base32Decode(setup.json().secret as string), Date.now());
  const confirmed = await client.post('/api/auth/two-factor/setup/confirm', { code });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { client, userId: staff.userId, email: staff.email, name };
}

export type StaffClient = Awaited<ReturnType<typeof signInStaff>>;

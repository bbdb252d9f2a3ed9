import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoFactor, user } from '#server/db/schema/auth';
import { createStaff } from '#server/features/accounts/create-staff';
import { signedInStaff } from '#tests/support/staff-sign-in';
import { authenticatorCode, base32Decode } from '#server/security/totp';
import { PASSWORD_CHANGE_REQUIRED, SET_PASSWORD_PAGE } from '#server/plugins/viewer';
import { createTestApp, type TestApp } from '../setup/test-app';
import { eventually } from '#tests/support/eventually';

// A staff account made by the CLI has a temporary password the admin saw. Until the staff member replaces
// it, the account enrols no authenticator app and no staff route answers: otherwise whoever holds the
// temporary password could tie their own app to the account and read customer information.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
const uniqueEmail = () => `temp.${Date.now()}.${++counter}@agency.org`;
const NEW_PASSWORD = 'Chosen#Pass7';
const REFUSED = { code: 'Forbidden', message: PASSWORD_CHANGE_REQUIRED, redirect: SET_PASSWORD_PAGE };

type Client = ReturnType<TestApp['client']>;
const staffRoutes = () => t.app.routeRoles.filter((r) => r.role === 'staff');
/** Every staff route, with placeholder ids and an empty body: refused before any of that is looked at. */
async function callEveryStaffRoute(client: Client) {
  const answers = [];
  for (const route of staffRoutes()) {
    const url = route.url.replace(/:[A-Za-z]+/g, '3f1c2a4e-0000-4000-8000-0000000000aa');
    const res = await client.send(route.method as 'GET', url, route.method === 'GET' ? undefined : {});
    answers.push({
      route: `${route.method} ${route.url}`,
      status: res.statusCode,
      body: res.json() as unknown,
    });
  }
  return answers;
}

describe('a staff member with a temporary password', () => {
  it('can neither enrol an authenticator app nor use a staff route until the password is replaced', async () => {
    const staff = await createStaff(t.db, {
      email: uniqueEmail(),
      name: 'Terry Temp',
      mustChangePassword: true,
    });
    const client = t.client();
    const signIn = await client.post('/api/auth/sign-in', {
      username: staff.email,
      password: staff.password,
    });
    expect(signIn.json()).toEqual({ next: SET_PASSWORD_PAGE, mustSetInitialPassword: true });
    expect((await client.get('/api/session')).json()).toMatchObject({
      user: { isStaff: true, mustChangePassword: true, secondFactorVerified: false },
      resume: SET_PASSWORD_PAGE,
    });

    // Enrolment, both steps, refused with the way to the new-password page.
    const setup = await client.post('/api/auth/two-factor/setup', { password: staff.password });
    expect(setup.statusCode).toBe(403);
    expect(setup.json()).toMatchObject(REFUSED);
    const confirm = await client.post('/api/auth/two-factor/setup/confirm', { code: '123456' });
    expect(confirm.statusCode).toBe(403);
    expect(confirm.json()).toMatchObject(REFUSED);
    expect(await t.db.select().from(twoFactor).where(eq(twoFactor.userId, staff.userId))).toEqual([]);

    // Every staff route refused the same way.
    expect(staffRoutes().length).toBeGreaterThan(5);
    for (const answer of await callEveryStaffRoute(client)) {
      expect(answer, answer.route).toMatchObject({ status: 403, body: REFUSED });
    }

    // The password replaced: enrolment goes ahead, then the portal opens.
    const done = await client.post('/api/auth/complete-new-password', {
      firstName: 'Terry',
      lastName: 'Temp',
      phoneNumber: '312-555-0100',
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ next: '/two-factor/setup' });
    // The temporary password is gone.
    expect(
      (await t.client().post('/api/auth/sign-in', { username: staff.email, password: staff.password }))
        .statusCode,
    ).toBe(401);

    const enrol = await client.post('/api/auth/two-factor/setup', { password: NEW_PASSWORD });
    expect(enrol.statusCode, enrol.body).toBe(200);
    const key = base32Decode(enrol.json<{ secret: string }>().secret);
    const confirmed = await client.post('/api/auth/two-factor/setup/confirm', {
      code: authenticatorCode(key),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().next).toBe('/summary');
    const list = await client.get('/api/staff/applications');
    expect(list.statusCode, list.body).toBe(200);
  });

  it('changed with the current password counts as replaced too', async () => {
    const staff = await createStaff(t.db, {
      email: uniqueEmail(),
      name: 'Casey Change',
      mustChangePassword: true,
    });
    const client = t.client();
    await client.post('/api/auth/sign-in', { username: staff.email, password: staff.password });
    const changed = await client.post('/api/auth/change-password', {
      currentPassword: staff.password,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const again = t.client();
    const signIn = await again.post('/api/auth/sign-in', { username: staff.email, password: NEW_PASSWORD });
    expect(signIn.json()).toEqual({ next: '/two-factor/setup', mustSetInitialPassword: false });
    expect((await again.post('/api/auth/two-factor/setup', { password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('set again on an enrolled account closes the portal after the code until it is replaced', async () => {
    const staff = await signedInStaff(t, { email: uniqueEmail(), name: 'Riley Regrant' });
    expect((await staff.client.get('/api/staff/applications')).statusCode).toBe(200);
    await t.db.update(user).set({ mustChangePassword: true }).where(eq(user.id, staff.userId));
    // Set by another program (the staff script): the servers hear of it from the database a moment later.
    await eventually(
      async () => expect((await staff.client.get('/api/staff/applications')).statusCode).toBe(403),
      2_000,
    );
    for (const answer of await callEveryStaffRoute(staff.client)) {
      expect(answer, answer.route).toMatchObject({ status: 403, body: REFUSED });
    }
    expect((await staff.client.get('/api/session')).json().resume).toBe(SET_PASSWORD_PAGE);
    const done = await staff.client.post('/api/auth/complete-new-password', {
      firstName: 'Riley',
      lastName: 'Regrant',
      phoneNumber: '312-555-0100',
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(done.json()).toEqual({ next: '/summary' });
    expect((await staff.client.get('/api/staff/applications')).statusCode).toBe(200);
  });
});

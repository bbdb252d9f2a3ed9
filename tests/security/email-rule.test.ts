import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInSchema } from '#domain/validation/account';
import { user } from '#server/db/schema/auth';
import {
  createStaff,
  DEMO_STAFF,
  ensureDemoStaff,
  parseStaffCreateArgs,
} from '#server/features/accounts/create-staff';
import { createTestApp, type TestApp } from '../setup/test-app';

// One email rule for every path: the lead form, sign-in, forgot password, change email, `npm run
// staff:create` and the demo staff account all take and refuse the same addresses, so no account exists that
// sign-in refuses, and real top-level domains (.app, .email, .dev) work end to end.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const PASSWORD = 'Better#Pass1';
let counter = 0;
const unique = (local: string, domain: string) => `${local}.${Date.now()}.${++counter}@${domain}`;

const ACCEPTED = [
  'casey@agency.app',
  'casey@agency.email',
  'casey@agency.dev',
  'casey.counsellor@agency.org',
  "o'brien+staff@mail.agency.ie",
  DEMO_STAFF.email,
];
const REFUSED = [
  'a@b',
  'a@b.c',
  'a@b.1x',
  'casey@agency',
  'casey counsellor@agency.org',
  'casey@agency .org',
  'casey@@agency.org',
  'casey@x@agency.org',
  'casey!@agency.org',
  '.casey@agency.org',
  'casey@-agency.org',
  'casey\u0000@agency.org',
  `${'a'.repeat(65)}@agency.org`,
  '',
];
const signInTakes = (email: string) =>
  signInSchema.safeParse({ username: email, password: PASSWORD }).success;

describe('staff:create checks the email as sign-in does', () => {
  it.each(ACCEPTED)('both take %s', (email) => {
    expect(signInTakes(email)).toBe(true);
    expect(parseStaffCreateArgs({ email, name: 'Casey Counsellor' })).toMatchObject({ ok: true });
  });

  it.each(REFUSED)('both refuse %j', (email) => {
    expect(signInTakes(email)).toBe(false);
    const args = parseStaffCreateArgs({ email, name: 'Casey Counsellor' });
    expect(args.ok).toBe(false);
    expect(args.ok ? [] : args.errors).toEqual([email === '' ? '--email is required' : '--email is invalid']);
  });

  it('lower-cases the email and checks the name', () => {
    expect(parseStaffCreateArgs({ email: ' Casey@Agency.APP ', name: ' Casey Counsellor ' })).toEqual({
      ok: true,
      email: 'casey@agency.app',
      name: 'Casey Counsellor',
      creditorRelations: false,
      supervisor: false,
    });
    expect(
      parseStaffCreateArgs({ email: 'casey@agency.app', name: 'Casey', 'creditor-relations': true }),
    ).toMatchObject({ ok: true, creditorRelations: true });
    expect(
      parseStaffCreateArgs({ email: 'casey@agency.app', name: 'Casey', supervisor: true }),
    ).toMatchObject({
      ok: true,
      supervisor: true,
    });
    expect(parseStaffCreateArgs({ email: 'casey@agency.org' })).toEqual({
      ok: false,
      errors: ['--name is required'],
    });
    expect(parseStaffCreateArgs({ email: 'casey@agency.org', name: 'Casey\u0000' })).toEqual({
      ok: false,
      errors: ['--name is invalid'],
    });
  });

  it('createStaff itself refuses an address sign-in would refuse, and creates nothing', async () => {
    const before = await t.db.select({ id: user.id }).from(user);
    await expect(createStaff(t.db, { email: 'casey@agency', name: 'Casey Counsellor' })).rejects.toThrow(
      'Email address is invalid',
    );
    expect(await t.db.select({ id: user.id }).from(user)).toEqual(before);
  });
});

describe('every account created is one sign-in accepts', () => {
  it('the demo staff account signs in', async () => {
    const demo = await ensureDemoStaff({ db: t.db });
    expect(demo.email).toBe(DEMO_STAFF.email);
    const res = await t
      .client()
      .post('/api/auth/sign-in', { username: DEMO_STAFF.email, password: DEMO_STAFF.password });
    expect(res.statusCode, res.body).toBe(200);
    // Typed in capitals, the address is the same username.
    const upper = await t
      .client()
      .post('/api/auth/sign-in', { username: DEMO_STAFF.email.toUpperCase(), password: DEMO_STAFF.password });
    expect(upper.statusCode, upper.body).toBe(200);
  });

  it('the demo staff account takes counselling calls, so a fresh start offers open times', async () => {
    await ensureDemoStaff({ db: t.db });
    const params = new URLSearchParams({
      from: new Date().toISOString(),
      to: new Date(Date.now() + 14 * 24 * 3_600_000).toISOString(),
      timeZone: 'America/New_York',
      language: 'es',
    });
    const res = await t.client().get(`/api/counselling/slots?${params}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { slots: unknown[] }).slots.length).toBeGreaterThan(0);
    // A second start keeps the hours it finds (a counsellor may have changed them) and adds none.
    await ensureDemoStaff({ db: t.db });
    const again = await t.client().get(`/api/counselling/slots?${params}`);
    expect((again.json() as { slots: unknown[] }).slots.length).toBe(
      (res.json() as { slots: unknown[] }).slots.length,
    );
  });

  it.each(['agency.app', 'agency.email', 'agency.dev'])('a staff account at %s signs in', async (domain) => {
    const staff = await createStaff(t.db, {
      email: unique('casey', domain),
      name: 'Casey Counsellor',
      password: PASSWORD,
      mustChangePassword: false,
    });
    const res = await t.client().post('/api/auth/sign-in', { username: staff.email, password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
  });

  it.each(['example.app', 'example.email', 'example.dev', 'example.ie'])(
    'a borrower at %s: lead, first password, sign-in, forgot password and change email',
    async (domain) => {
      const email = unique("o'brien", domain);
      const c = t.client();
      const lead = await c.post('/api/lead', {
        firstName: 'Pat',
        lastName: "O'Brien",
        email,
        phoneNumber: '415-555-0123',
        agreedToTerms: true,
      });
      expect(lead.statusCode, lead.body).toBe(201);
      const reset = await c.post('/api/auth/reset-password', {
        email,
        code: (await t.lastEmail(email))!.code,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      });
      expect(reset.statusCode, reset.body).toBe(200);
      const signedIn = t.client();
      const signIn = await signedIn.post('/api/auth/sign-in', { username: email, password: PASSWORD });
      expect(signIn.statusCode, signIn.body).toBe(200);
      expect((await t.client().post('/api/auth/forgot-password', { email })).statusCode).toBe(204);
      const newEmail = unique('pat', domain);
      const change = await signedIn.post('/api/auth/change-email', {
        email: newEmail,
        confirmEmail: newEmail,
      });
      expect(change.statusCode, change.body).toBe(200);
    },
  );

  it.each(REFUSED.filter((email) => email !== ''))(
    'lead, sign-in and forgot password refuse %j with the field message',
    async (email) => {
      const before = await t.db.select({ id: user.id }).from(user);
      const lead = await t.client().post('/api/lead', {
        firstName: 'Pat',
        lastName: 'Doe',
        email,
        phoneNumber: '415-555-0123',
        agreedToTerms: true,
      });
      expect(lead.statusCode).toBe(400);
      expect(lead.json().fieldErrors).toEqual({
        email:
          email.length > 100
            ? 'Email address must be at most 100 characters long'
            : 'Email address is invalid',
      });
      const signIn = await t.client().post('/api/auth/sign-in', { username: email, password: PASSWORD });
      expect(signIn.statusCode).toBe(400);
      expect(signIn.json().fieldErrors.username).toMatch(/^Email address (is invalid|must be at most 100)/);
      const forgot = await t.client().post('/api/auth/forgot-password', { email });
      expect(forgot.statusCode).toBe(400);
      expect(await t.db.select({ id: user.id }).from(user)).toEqual(before);
    },
  );
});

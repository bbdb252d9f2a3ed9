import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERROR_DEFAULT_MESSAGE, APP_ERROR_DEFAULT_MESSAGE_REF } from '#domain/errors';
import type { ApplicationStatus } from '#domain/flow/statuses';
import { HARDSHIP_KEYS } from '#domain/validation/application';
import { MESSAGES } from '#domain/validation/messages';
import { newStaffAccount } from '#tests/support/staff-actions';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { application, hardship } from '#server/db/schema/application';
import { user } from '#server/db/schema/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Client = ReturnType<TestApp['client']>;

let counter = 0;
const uniqueEmail = (name = 'pat') => `${name}.${Date.now()}.${++counter}@example.com`;
const NONE = {
  hasHousingIssues: false,
  hasIncreasedMedicalExpenses: false,
  hasReductionInIncome: false,
  isUnemployed: false,
  other: false,
};

/** A borrower straight from the lead form: signed in, application inProgress, Lead completed. */
async function newBorrower() {
  const email = uniqueEmail();
  const client = t.client();
  const res = await client.post('/api/lead', {
    firstName: 'Pat',
    lastName: 'Doe',
    email,
    phoneNumber: '415-555-0123',
    agreedToTerms: true,
  });
  expect(res.statusCode).toBe(201);
  const owner = await t.db.query.user.findFirst({ where: eq(user.email, email), columns: { id: true } });
  const app = await t.db.query.application.findFirst({ where: eq(application.owner, owner!.id) });
  return { client, applicationId: app!.id };
}

/** The test client knows GET and POST; PUT goes through inject with the client's cookies. */
function put(client: Client, url: string, payload: unknown) {
  const cookie = [...client.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  return t.app.inject({
    method: 'PUT',
    url,
    payload: payload as object,
    headers: { cookie, origin: t.config.publicUrl },
  });
}

const saveHardships = (client: Client, payload: unknown) =>
  put(client, '/api/application/hardships', payload);

async function hardshipRows(applicationId: string) {
  const rows = await t.db.select().from(hardship).where(eq(hardship.applicationId, applicationId));
  return new Map(rows.map((row) => [row.key, row]));
}

const applicationRow = async (id: string) =>
  (await t.db.query.application.findFirst({ where: eq(application.id, id) }))!;

describe('GET /api/application', () => {
  it('answers the caller’s application with every hardship unticked before the first save', async () => {
    const { client, applicationId } = await newBorrower();
    const res = await client.get('/api/application');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: applicationId,
      status: 'inProgress',
      lastCompletedPage: 'Lead',
      lastViewedPage: 'Hardships',
      hardships: NONE,
    });
  });

  it('answers 404 for a signed-in borrower without an application', async () => {
    const { client, applicationId } = await newBorrower();
    await t.db.delete(application).where(eq(application.id, applicationId));
    const res = await client.get('/api/application');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NotFound' });
    expect((await saveHardships(client, { other: true })).statusCode).toBe(404);
  });
});

describe('PUT /api/application/hardships', () => {
  it('saves the rows, completes Hardships, bumps the version and sends the borrower to /household', async () => {
    const { client, applicationId } = await newBorrower();
    const before = await applicationRow(applicationId);

    const res = await saveHardships(client, { hasReductionInIncome: true, isUnemployed: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ next: '/household' });

    const rows = await hardshipRows(applicationId);
    expect(Object.fromEntries([...rows].map(([key, row]) => [key, row.value]))).toEqual({
      ...NONE,
      hasReductionInIncome: true,
      isUnemployed: true,
    });
    const after = await applicationRow(applicationId);
    expect(after).toMatchObject({
      lastCompletedPage: 'Hardships',
      lastViewedPage: 'Household',
      version: before.version + 1,
    });

    // The answers survive a reload: the page reads them back.
    expect((await client.get('/api/application')).json()).toMatchObject({
      lastCompletedPage: 'Hardships',
      lastViewedPage: 'Household',
      hardships: { ...NONE, hasReductionInIncome: true, isUnemployed: true },
    });
  });

  it('writes only the rows whose value changed', async () => {
    const { client, applicationId } = await newBorrower();
    await saveHardships(client, { hasHousingIssues: true, isUnemployed: true });
    const first = await hardshipRows(applicationId);
    // Long enough for the clock to move, also when it is faked (TEST_NOW: Date moves in 20 ms steps).
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect((await saveHardships(client, { hasHousingIssues: true, other: true })).statusCode).toBe(200);
    const second = await hardshipRows(applicationId);
    expect(second.size).toBe(HARDSHIP_KEYS.length);
    for (const key of HARDSHIP_KEYS) {
      const changed = key === 'isUnemployed' || key === 'other';
      expect(second.get(key)!.id, key).toBe(first.get(key)!.id);
      expect(second.get(key)!.updatedAt.getTime() > first.get(key)!.updatedAt.getTime(), key).toBe(changed);
    }
    expect(second.get('isUnemployed')!.value).toBe(false);
    expect(second.get('other')!.value).toBe(true);

    // Saving the same answers again writes no hardship row.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await saveHardships(client, { hasHousingIssues: true, other: true });
    const third = await hardshipRows(applicationId);
    for (const key of HARDSHIP_KEYS)
      expect(third.get(key)!.updatedAt, key).toEqual(second.get(key)!.updatedAt);
  });

  it('appends the keys that were never stored and updates the ones that were', async () => {
    const { client, applicationId } = await newBorrower();
    await t.db.insert(hardship).values([
      { applicationId, key: 'hasHousingIssues', value: true },
      { applicationId, key: 'other', value: false },
    ]);
    expect((await saveHardships(client, { other: true })).statusCode).toBe(200);
    const rows = await hardshipRows(applicationId);
    expect(Object.fromEntries([...rows].map(([key, row]) => [key, row.value]))).toEqual({
      ...NONE,
      other: true,
    });
  });

  it('keeps lastCompletedPage when the borrower had gone further', async () => {
    const { client, applicationId } = await newBorrower();
    await t.db
      .update(application)
      .set({ lastCompletedPage: 'Expenses', lastViewedPage: 'Hardships' })
      .where(eq(application.id, applicationId));
    expect((await saveHardships(client, { other: true })).statusCode).toBe(200);
    expect(await applicationRow(applicationId)).toMatchObject({
      lastCompletedPage: 'Expenses',
      lastViewedPage: 'Household',
    });
  });

  it.each([[{}], [NONE]])(
    'refuses %o with the message on the first checkbox, saving nothing',
    async (body) => {
      const { client, applicationId } = await newBorrower();
      const res = await saveHardships(client, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'ValidationError',
        message: 'Please select at least one option.',
        messageId: 'validation.hardshipRequired',
        fieldErrors: { hasHousingIssues: MESSAGES.hardshipRequired },
        fieldMessages: { hasHousingIssues: { messageId: 'validation.hardshipRequired' } },
      });
      expect((await hardshipRows(applicationId)).size).toBe(0);
      expect(await applicationRow(applicationId)).toMatchObject({ lastCompletedPage: 'Lead', version: 0 });
    },
  );

  it.each([
    [{ other: true, status: 'transfer' }],
    [{ other: true, owner: 'someone-else' }],
    [{ other: 'yes' }],
  ])('refuses %o with 400, saving nothing', async (body) => {
    const { client, applicationId } = await newBorrower();
    const res = await saveHardships(client, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('ValidationError');
    expect((await hardshipRows(applicationId)).size).toBe(0);
    expect((await applicationRow(applicationId)).status).toBe('inProgress');
  });

  it.each<[ApplicationStatus, string]>([
    ['acceptOffer', '/offers/review'],
    ['disqualified', '/offers/not-qualified'],
    ['signContract', '/submitted'],
  ])('refuses with 409 when the application is %s, pointing to where it stands', async (status, redirect) => {
    const { client, applicationId } = await newBorrower();
    const lastViewedPage =
      status === 'acceptOffer' ? 'Review' : status === 'disqualified' ? 'NotQualified' : 'Submitted';
    await t.db.update(application).set({ status, lastViewedPage }).where(eq(application.id, applicationId));
    const res = await saveHardships(client, { other: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'Conflict',
      message: 'Your application has moved past this step, so these answers can no longer be changed.',
      messageId: 'validation.application.notEditable',
      redirect,
    });
    expect((await hardshipRows(applicationId)).size).toBe(0);
    expect(await applicationRow(applicationId)).toMatchObject({ lastViewedPage, version: 0 });
  });

  it('refuses with 409 before Lead is completed', async () => {
    const { client, applicationId } = await newBorrower();
    await t.db.update(application).set({ lastCompletedPage: null }).where(eq(application.id, applicationId));
    const res = await saveHardships(client, { other: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'PreconditionFailed',
      message: APP_ERROR_DEFAULT_MESSAGE.PreconditionFailed,
      messageId: APP_ERROR_DEFAULT_MESSAGE_REF.PreconditionFailed.id,
    });
    expect((await hardshipRows(applicationId)).size).toBe(0);
  });
});

describe('who may call', () => {
  it('refuses anonymous callers with 401', async () => {
    const anonymous = t.client();
    expect((await anonymous.get('/api/application')).statusCode).toBe(401);
    expect((await saveHardships(anonymous, { other: true })).statusCode).toBe(401);
    // Refused before the body is read: an anonymous caller learns nothing about the rules.
    expect((await saveHardships(anonymous, {})).statusCode).toBe(401);
  });

  it('refuses staff with 403', async () => {
    const staff = await newStaffAccount(t, {
      email: uniqueEmail('staff'),
      name: 'Sam Staff',
      mustChangePassword: false,
      password: 'Better#Pass1',
    });
    const client = t.client();
    expect(
      (await client.post('/api/auth/sign-in', { username: staff.email, password: 'Better#Pass1' }))
        .statusCode,
    ).toBe(200);
    expect((await client.get('/api/application')).statusCode).toBe(403);
    expect((await saveHardships(client, { other: true })).statusCode).toBe(403);
  });

  it('lets each borrower read and write only their own application', async () => {
    const a = await newBorrower();
    const b = await newBorrower();
    expect((await saveHardships(a.client, { hasHousingIssues: true })).statusCode).toBe(200);
    expect((await saveHardships(b.client, { isUnemployed: true })).statusCode).toBe(200);

    expect((await a.client.get('/api/application')).json()).toMatchObject({
      id: a.applicationId,
      hardships: { ...NONE, hasHousingIssues: true },
    });
    expect((await b.client.get('/api/application')).json()).toMatchObject({
      id: b.applicationId,
      hardships: { ...NONE, isUnemployed: true },
    });
    // B's save touched no row of A's application.
    const aRows = await t.db
      .select()
      .from(hardship)
      .where(and(eq(hardship.applicationId, a.applicationId), eq(hardship.value, true)));
    expect(aRows.map((row) => row.key)).toEqual(['hasHousingIssues']);
    expect((await applicationRow(a.applicationId)).version).toBe(1);
  });
});

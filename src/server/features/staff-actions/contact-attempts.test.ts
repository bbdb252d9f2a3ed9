import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { borrower } from '#server/db/schema/application';
import { contactAttempt, contactAttemptReason } from '#server/db/schema/service-work';
import { auditLog, smsOutbox } from '#server/db/schema/ops';
import { newBorrower } from '#tests/support/borrower-flow';
import { CONTACT_OFFER_ONLY_WHEN_REACHED } from '#domain/validation/staff';
import { contactAttemptText } from '#server/application/contact-attempts';
import { openSmsBody } from '#server/sms/outbox';
import { signedInStaff } from '#tests/support/staff-actions';

// Contact attempts by phone or text message, with the reasons checklist.

let t: TestApp;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signedInStaff(t, 'Sam Staff');
});
afterAll(async () => {
  await t.close();
});

const attempt = (applicationId: string, body: unknown) =>
  staff.client.post(`/api/staff/applications/${applicationId}/contact-attempts`, body);
const setReason = (id: string, key: string, body: unknown) =>
  staff.client.send('PUT', `/api/staff/contact-attempts/${id}/reasons/${key}`, body);

const textsOf = (applicationId: string) =>
  t.db
    .select()
    .from(smsOutbox)
    .where(and(eq(smsOutbox.applicationId, applicationId), eq(smsOutbox.eventType, 'contactAttempt')));

describe('POST /api/staff/applications/:id/contact-attempts', () => {
  it('records a phone attempt by the signed-in counsellor with its reasons, sends no text, audits it', async () => {
    const b = await newBorrower(t);
    const res = await attempt(b.applicationId, {
      method: 'phone',
      outcome: 'reached',
      notes: ' Reviewed the budget ',
      didTheBorrowerReceiveAnOffer: true,
      reasons: { verifyIncome: true, validateProposedBudget: false },
    });
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json();
    expect(view).toMatchObject({
      applicationId: b.applicationId,
      contactedBy: staff.userId,
      method: 'phone',
      outcome: 'reached',
      notes: 'Reviewed the budget',
      didTheBorrowerReceiveAnOffer: true,
      reasons: [
        { key: 'validateProposedBudget', value: false },
        { key: 'verifyIncome', value: true },
      ],
    });
    expect(view.textMessage).toBeUndefined();
    expect(new Date(view.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const rows = await t.db
      .select()
      .from(contactAttemptReason)
      .where(eq(contactAttemptReason.contactAttemptId, view.id));
    expect(rows).toHaveLength(2);
    expect(await textsOf(b.applicationId)).toEqual([]);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, view.id));
    expect(audit).toMatchObject([
      {
        actorId: staff.userId,
        action: 'contactAttempt',
        applicationId: b.applicationId,
        after: { outcome: 'reached', notes: 'Reviewed the budget' },
      },
    ]);
  });

  it('keeps the choice and its notes in the outcome column: the key on the first line, then the notes', async () => {
    const b = await newBorrower(t);
    await attempt(b.applicationId, { method: 'phone', outcome: 'askedToCallBack', notes: 'After 5 pm' });
    await attempt(b.applicationId, { method: 'phone', outcome: 'noAnswer' });
    const stored = await t.db
      .select({ outcome: contactAttempt.outcome, offer: contactAttempt.didTheBorrowerReceiveAnOffer })
      .from(contactAttempt)
      .where(eq(contactAttempt.applicationId, b.applicationId));
    expect(stored).toEqual(
      expect.arrayContaining([
        { outcome: 'askedToCallBack\nAfter 5 pm', offer: null },
        { outcome: 'noAnswer', offer: null },
      ]),
    );
  });

  it('shows an outcome typed as free text before it became a choice as it was typed', async () => {
    const b = await newBorrower(t);
    await t.db.insert(contactAttempt).values({
      applicationId: b.applicationId,
      contactedBy: staff.userId,
      method: 'phone',
      outcome: 'Spoke with borrower\nreviewed the plan',
      didTheBorrowerReceiveAnOffer: true,
    });
    const summary = (await staff.client.get(`/api/staff/applications/${b.applicationId}`)).json();
    expect(summary.contactHistory).toMatchObject([
      { outcome: 'Spoke with borrower\nreviewed the plan', notes: null, didTheBorrowerReceiveAnOffer: true },
    ]);
    const list = (await staff.client.get('/api/staff/contact-summary')).json();
    expect(
      list.items.find((i: { applicationId: string }) => i.applicationId === b.applicationId),
    ).toMatchObject({
      outcome: 'Spoke with borrower\nreviewed the plan',
      notes: null,
    });
  });

  it('sends a text-message attempt through the SMS outbox and hands it to the queue', async () => {
    const b = await newBorrower(t);
    const res = await attempt(b.applicationId, { method: 'textMessage', outcome: 'noAnswer' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ method: 'textMessage', textMessage: 'queued', reasons: [] });
    const texts = await textsOf(b.applicationId);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ to: '+14155550123' });
    // Stored sealed: the row holds a cipher text, never the words. (A bare 'Pat' could turn up by chance among
    // the cipher text's random letters; 'Hi Pat,' cannot, as a comma and a space are not among them.)
    expect(texts[0]!.body).toMatch(/^v2\.[A-Za-z0-9_.-]+$/);
    expect(texts[0]!.body).not.toContain('Hi Pat,');
    const text = openSmsBody(t.cipher, texts[0]!);
    expect(text).toBe(contactAttemptText({ borrowerFirstName: 'Pat', staffFirstName: 'Sam' }));
    expect(text).toMatch(/^Clearpath Debt Relief: Hi Pat, Sam from Clearpath Debt Relief tried to reach you/);
    expect(t.smsQueued).toContain(texts[0]!.id);
  });

  it('still records a text-message attempt for a borrower who opted out of SMS, but sends nothing', async () => {
    const b = await newBorrower(t);
    await t.db
      .update(borrower)
      .set({ isOptedOutOfSMS: true })
      .where(eq(borrower.applicationId, b.applicationId));
    const queuedBefore = t.smsQueued.length;
    const res = await attempt(b.applicationId, { method: 'textMessage', outcome: 'noAnswer' });
    expect(res.statusCode).toBe(201);
    expect(res.json().textMessage).toBe('optedOut');
    expect(await textsOf(b.applicationId)).toEqual([]);
    expect(t.smsQueued).toHaveLength(queuedBefore);
    expect(
      await t.db.select().from(contactAttempt).where(eq(contactAttempt.applicationId, b.applicationId)),
    ).toHaveLength(1);
  });

  it.each([
    [{}, { method: 'Contact method is required', outcome: 'Outcome is required' }],
    [{ method: 'fax', outcome: 'noAnswer' }, { method: 'Contact method is invalid' }],
    // Free text is no longer an outcome: it goes in the notes.
    [{ method: 'phone', outcome: 'Left a message' }, { outcome: 'Outcome is invalid' }],
    [
      { method: 'phone', outcome: 'reached' },
      { didTheBorrowerReceiveAnOffer: 'Did the borrower receive an offer? is required' },
    ],
    [
      { method: 'phone', outcome: 'reached', didTheBorrowerReceiveAnOffer: null },
      { didTheBorrowerReceiveAnOffer: 'Did the borrower receive an offer? is required' },
    ],
    // Refused rather than dropped: the question is not asked of a borrower who was not reached.
    [
      { method: 'phone', outcome: 'noAnswer', didTheBorrowerReceiveAnOffer: false },
      { didTheBorrowerReceiveAnOffer: CONTACT_OFFER_ONLY_WHEN_REACHED },
    ],
    [
      { method: 'phone', outcome: 'leftVoicemail', notes: 'x'.repeat(101) },
      { notes: 'Notes must be at most 100 characters long' },
    ],
  ])('refuses %j with 400 and field messages, saving nothing', async (body, fieldErrors) => {
    const b = await newBorrower(t);
    const res = await attempt(b.applicationId, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual(fieldErrors);
    expect(
      await t.db.select().from(contactAttempt).where(eq(contactAttempt.applicationId, b.applicationId)),
    ).toEqual([]);
  });

  it.each([null, [], 42])('refuses a body that is not an object (%j) with 400', async (body) => {
    const b = await newBorrower(t);
    expect((await attempt(b.applicationId, body)).statusCode).toBe(400);
  });

  it.each(['leftVoicemail', 'noAnswer', 'wrongNumber', 'askedToCallBack'])(
    'records %s with the offer question unanswered (null)',
    async (outcome) => {
      const b = await newBorrower(t);
      const res = await attempt(b.applicationId, {
        method: 'phone',
        outcome,
        didTheBorrowerReceiveAnOffer: null,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ outcome, notes: null, didTheBorrowerReceiveAnOffer: null });
    },
  );

  it('answers 404 for an application that does not exist', async () => {
    const res = await attempt('00000000-0000-4000-8000-000000000000', {
      method: 'phone',
      outcome: 'noAnswer',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('PUT /api/staff/contact-attempts/:id/reasons/:key', () => {
  it('sets a key it has and appends a key it lacks', async () => {
    const b = await newBorrower(t);
    const created = (
      await attempt(b.applicationId, {
        method: 'phone',
        outcome: 'reached',
        didTheBorrowerReceiveAnOffer: true,
        reasons: { verifyIncome: true },
      })
    ).json();

    const set = await setReason(created.id, 'verifyIncome', { value: false });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().reasons).toEqual([{ key: 'verifyIncome', value: false }]);

    const appended = await setReason(created.id, 'verifyAnExpense', { value: true });
    expect(appended.json().reasons).toEqual([
      { key: 'verifyAnExpense', value: true },
      { key: 'verifyIncome', value: false },
    ]);
    const rows = await t.db
      .select({ key: contactAttemptReason.key, value: contactAttemptReason.value })
      .from(contactAttemptReason)
      .where(eq(contactAttemptReason.contactAttemptId, created.id));
    expect(rows.sort((x, y) => x.key.localeCompare(y.key))).toEqual([
      { key: 'verifyAnExpense', value: true },
      { key: 'verifyIncome', value: false },
    ]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.id), eq(auditLog.entityType, 'contactAttemptReason')));
    expect(audits.map((a) => [a.before, a.after])).toEqual(
      expect.arrayContaining([
        [
          { key: 'verifyIncome', value: true },
          { key: 'verifyIncome', value: false },
        ],
        [
          { key: 'verifyAnExpense', value: null },
          { key: 'verifyAnExpense', value: true },
        ],
      ]),
    );
  });

  it('refuses an unknown key or a missing value with 400, and an unknown attempt with 404', async () => {
    const b = await newBorrower(t);
    const created = (await attempt(b.applicationId, { method: 'phone', outcome: 'noAnswer' })).json();
    expect((await setReason(created.id, 'callBack', { value: true })).statusCode).toBe(400);
    const missing = await setReason(created.id, 'verifyIncome', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toHaveProperty('value');
    expect(
      (await setReason('00000000-0000-4000-8000-000000000000', 'verifyIncome', { value: true })).statusCode,
    ).toBe(404);
  });
});

describe('Idempotency-Key on creating a contact attempt', () => {
  const body = { method: 'textMessage', outcome: 'leftVoicemail', didTheBorrowerReceiveAnOffer: null };
  const send = (applicationId: string, key?: string) =>
    staff.client.post(
      `/api/staff/applications/${applicationId}/contact-attempts`,
      body,
      key ? { 'idempotency-key': key } : {},
    );
  const attemptsOf = (applicationId: string) =>
    t.db.select().from(contactAttempt).where(eq(contactAttempt.applicationId, applicationId));

  it('a retried submit with the same key answers the first answer and creates nothing twice', async () => {
    const b = await newBorrower(t);
    const first = await send(b.applicationId, 'key-retry-1');
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(b.applicationId, 'key-retry-1');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await attemptsOf(b.applicationId)).toHaveLength(1);
    expect(await textsOf(b.applicationId)).toHaveLength(1);
    // Another key, or none, is another attempt.
    expect((await send(b.applicationId, 'key-retry-2')).statusCode).toBe(201);
    expect((await send(b.applicationId)).statusCode).toBe(201);
    expect(await attemptsOf(b.applicationId)).toHaveLength(3);
  });

  it('refuses the same key for another application, and frees a key whose first attempt failed', async () => {
    const a = await newBorrower(t);
    const b = await newBorrower(t);
    expect((await send(a.applicationId, 'key-other')).statusCode).toBe(201);
    const reused = await send(b.applicationId, 'key-other');
    expect(reused.statusCode).toBe(400);
    expect(await attemptsOf(b.applicationId)).toHaveLength(0);

    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await send(missing, 'key-failed')).statusCode).toBe(404);
    // The key was not kept: used again on a real application it creates the attempt.
    const retry = await staff.client.post(
      `/api/staff/applications/${b.applicationId}/contact-attempts`,
      body,
      {
        'idempotency-key': 'key-failed',
      },
    );
    expect(retry.statusCode).toBe(201);
  });
});

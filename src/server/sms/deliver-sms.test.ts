import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxSms } from '#providers/sms/sandbox';
import { borrower } from '#server/db/schema/application';
import { smsOutbox } from '#server/db/schema/ops';
import { newBorrower } from '#tests/support/borrower-flow';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { deliverSms, MAX_SMS_ATTEMPTS, OPTED_OUT_ERROR } from './deliver-sms';
import { enqueueSms } from './outbox';

// A text queued before the borrower replied STOP is not sent.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
async function queuedText(o: { optedOut: boolean; withApplication?: boolean }) {
  const b = await newBorrower(t);
  const phone = `+1310555${String(2000 + seq++).padStart(4, '0')}`;
  await t.db
    .update(borrower)
    .set({ phoneNumber: phone, isOptedOutOfSMS: o.optedOut })
    .where(eq(borrower.applicationId, b.applicationId));
  const id = await enqueueSms(t.db, t.cipher, {
    applicationId: o.withApplication === false ? null : b.applicationId,
    to: phone,
    body: 'Your offer is ready, Robin.',
    eventType: 'obtainedOffer',
  });
  return { ...b, phone, id };
}

const rowOf = async (id: string) => (await t.db.query.smsOutbox.findFirst({ where: eq(smsOutbox.id, id) }))!;

describe('deliverSms', () => {
  it('sends a text to a borrower who allows texts', async () => {
    const sms = createSandboxSms();
    const text = await queuedText({ optedOut: false });
    // What the outbox keeps is sealed: neither the text nor the name in it shows.
    // A bare 'Robin' could turn up by chance among the cipher text's random letters; ', Robin.' cannot.
    expect((await rowOf(text.id)).body).toMatch(/^v2\.[A-Za-z0-9_.-]+$/);
    expect((await rowOf(text.id)).body).not.toContain(', Robin.');
    await expect(deliverSms(t.db, t.cipher, sms, text.id)).resolves.toBe('sent');
    expect(sms.sent().map((s) => [s.to, s.body])).toEqual([[text.phone, 'Your offer is ready, Robin.']]);
    expect((await rowOf(text.id)).sentAt).not.toBeNull();
  });

  it('sends a text written in clear before texts were sealed, as it is', async () => {
    const sms = createSandboxSms();
    const text = await queuedText({ optedOut: false });
    await t.db
      .update(smsOutbox)
      .set({ body: 'Clearpath Debt Relief: written before the seal.' })
      .where(eq(smsOutbox.id, text.id));
    await expect(deliverSms(t.db, t.cipher, sms, text.id)).resolves.toBe('sent');
    expect(sms.sent().map((s) => s.body)).toEqual(['Clearpath Debt Relief: written before the seal.']);
  });

  it('refuses a sealed body copied onto a row for another number', async () => {
    const sms = createSandboxSms();
    const mine = await queuedText({ optedOut: false });
    const theirs = await queuedText({ optedOut: false });
    await t.db
      .update(smsOutbox)
      .set({ body: (await rowOf(theirs.id)).body })
      .where(eq(smsOutbox.id, mine.id));
    await expect(deliverSms(t.db, t.cipher, sms, mine.id)).rejects.toThrow(/another number/);
    expect(sms.sent()).toEqual([]);
    expect((await rowOf(mine.id)).sentAt).toBeNull();
  });

  it.each([true, false])(
    'does not send to an opted-out borrower (outbox row tied to the application: %s), and closes the row',
    async (withApplication) => {
      const sms = createSandboxSms();
      const text = await queuedText({ optedOut: true, withApplication });
      await expect(deliverSms(t.db, t.cipher, sms, text.id)).resolves.toBe('optedOut');
      expect(sms.sent()).toEqual([]);
      const row = await rowOf(text.id);
      expect(row).toMatchObject({ sentAt: null, lastError: OPTED_OUT_ERROR, attempts: MAX_SMS_ATTEMPTS });
      // Asked again (a retry), it still sends nothing.
      await expect(deliverSms(t.db, t.cipher, sms, text.id)).resolves.toBe('optedOut');
      expect(sms.sent()).toEqual([]);
    },
  );

  it('does not send to a number another borrower opted out from', async () => {
    const sms = createSandboxSms();
    const text = await queuedText({ optedOut: false });
    const other = await newBorrower(t);
    await t.db
      .update(borrower)
      .set({ phoneNumber: text.phone, isOptedOutOfSMS: true })
      .where(eq(borrower.applicationId, other.applicationId));
    await expect(deliverSms(t.db, t.cipher, sms, text.id)).resolves.toBe('optedOut');
    expect(sms.sent()).toEqual([]);
  });
});

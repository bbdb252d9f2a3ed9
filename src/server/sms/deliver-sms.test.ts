import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxSms } from '#providers/sms/sandbox';
import { createTwilioSms } from '#providers/sms/twilio';
import { startTwilioFake, type TwilioFake } from '#tests/fakes/twilio-fake';
import { borrower } from '#server/db/schema/application';
import { smsOutbox } from '#server/db/schema/ops';
import { newBorrower } from '#tests/support/borrower-flow';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { deliverSms, MAX_SMS_ATTEMPTS, OPTED_OUT_ERROR } from './deliver-sms';
import { enqueueSms } from './outbox';

// A text queued before the borrower replied STOP is not sent.

let t: TestApp;
let twilio: TwilioFake;
beforeAll(async () => {
  t = await createTestApp();
  twilio = await startTwilioFake();
});
afterAll(async () => {
  await t.close();
  await twilio?.close();
});

let seq = 0;
async function queuedText(o: { optedOut: boolean; withApplication?: boolean }) {
  const b = await newBorrower(t);
  const phone = `+1310555${String(2000 + seq++).padStart(4, '0')}`;
  await t.db
    .update(borrower)
    .set({ phoneNumber: phone, isOptedOutOfSMS: o.optedOut })
    .where(eq(borrower.applicationId, b.applicationId));
  const id = await t.db.transaction((tx) =>
    enqueueSms(tx, t.cipher, {
      applicationId: o.withApplication === false ? null : b.applicationId,
      to: phone,
      body: 'Your offer is ready, Robin.',
      eventType: 'obtainedOffer',
    }),
  );
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

  it('marks the borrower opted out when Twilio refuses the number as unsubscribed (21610), without retrying', async () => {
    // Twilio: "Once we have a blacklist entry for a particular recipient phone number, any future attempts to
    // message them will be met with a 400 response from our API, along with Error Code 21610 - Message cannot
    // be sent to the 'To' number because the customer has replied with STOP." (Twilio support for opt-out
    // keywords). The block lasts until the person replies START, so a retry can only fail again.
    const sms = createTwilioSms({
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      baseUrl: twilio.baseUrl,
      sender: { from: '+12025550100' },
    });
    const text = await queuedText({ optedOut: false });
    // Another application's borrower with the same phone: the block is on the number.
    const other = await newBorrower(t);
    await t.db
      .update(borrower)
      .set({ phoneNumber: text.phone })
      .where(eq(borrower.applicationId, other.applicationId));
    twilio.optedOut.add(text.phone);
    const before = twilio.requests.length;

    await expect(deliverSms(t.db, t.cipher, sms, text.id)).resolves.toBe('optedOut');
    expect(twilio.requests.length - before).toBe(1);
    const row = await rowOf(text.id);
    expect(row).toMatchObject({ sentAt: null, lastError: OPTED_OUT_ERROR, attempts: MAX_SMS_ATTEMPTS });
    for (const applicationId of [text.applicationId, other.applicationId]) {
      const b = await t.db.query.borrower.findFirst({ where: eq(borrower.applicationId, applicationId) });
      expect(b!.isOptedOutOfSMS).toBe(true);
    }
    // Asked again (the job queue's retry or the sweep): nothing more goes to Twilio.
    await expect(deliverSms(t.db, t.cipher, sms, text.id)).resolves.toBe('optedOut');
    expect(twilio.requests.length - before).toBe(1);
  });

  it('still records and rethrows other refusals, so the queue retries them', async () => {
    const sms = createTwilioSms({
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      baseUrl: twilio.baseUrl,
      sender: { from: '+12025550100' },
    });
    const text = await queuedText({ optedOut: false });
    twilio.replyOnce(503, { code: 20500, message: 'Internal Server Error', more_info: '', status: 503 });
    await expect(deliverSms(t.db, t.cipher, sms, text.id)).rejects.toMatchObject({ status: 503 });
    const row = await rowOf(text.id);
    expect(row.attempts).toBe(1);
    expect(row.lastError).toContain('Twilio answered 503');
    const b = await t.db.query.borrower.findFirst({ where: eq(borrower.applicationId, text.applicationId) });
    expect(b!.isOptedOutOfSMS).toBe(false);
  });
});

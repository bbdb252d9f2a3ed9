import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox } from '#server/db/schema/ops';
import { deliverSms, EXPIRED_ERROR } from '#server/sms/deliver-sms';
import { dropOldSmsBodies, enqueueSms, MAX_SMS_ATTEMPTS, openSmsBody } from '#server/sms/outbox';
import { createTestApp, type TestApp } from '../setup/test-app';

// A text greets the borrower by name and speaks of their plan. Like an email's, its body is sealed at rest and
// dropped once the text is older than EMAIL_BODY_RETENTION_DAYS: from its delivery, or from its writing when
// it was given up without going out. The row stays for the record.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 60 * 60 * 1000;
let counter = 0;
const aNumber = () => `+1415555${String(1000 + (++counter % 9000)).padStart(4, '0')}`;

async function textAt(o: { createdAt: Date; sentAt: Date | null; attempts?: number }) {
  const to = aNumber();
  const id = await t.db.transaction((tx) =>
    enqueueSms(tx, t.cipher, {
      applicationId: null,
      to,
      eventType: 'test',
      body: 'Clearpath Debt Relief: Hi Robin',
    }),
  );
  await t.db
    .update(smsOutbox)
    .set({ createdAt: o.createdAt, sentAt: o.sentAt, attempts: o.attempts ?? (o.sentAt ? 1 : 0) })
    .where(eq(smsOutbox.id, id));
  return id;
}
const rowOf = async (id: string) => (await t.db.select().from(smsOutbox).where(eq(smsOutbox.id, id)))[0]!;

describe('text bodies past the retention period', () => {
  it('drops the body of texts delivered, or given up, before the period; keeps the rest and every row', async () => {
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const oldDelivered = await textAt({ createdAt: ago(9), sentAt: ago(8) });
    const recentDelivered = await textAt({ createdAt: ago(6), sentAt: ago(6) });
    const givenUp = await textAt({ createdAt: ago(8), sentAt: null, attempts: MAX_SMS_ATTEMPTS });
    const stillTrying = await textAt({ createdAt: ago(8), sentAt: null, attempts: 2 });
    const before = await rowOf(oldDelivered);

    expect(await dropOldSmsBodies(t.db, { retentionDays: 7, now })).toBeGreaterThanOrEqual(2);

    const after = await rowOf(oldDelivered);
    expect(after.body).toBeNull();
    expect(after).toMatchObject({ to: before.to, eventType: 'test', sentAt: before.sentAt, attempts: 1 });
    expect(openSmsBody(t.cipher, after)).toBeNull();
    expect((await rowOf(givenUp)).body).toBeNull();
    // Within the period, or still to be sent: kept, and still opens.
    expect(openSmsBody(t.cipher, await rowOf(recentDelivered))).toBe('Clearpath Debt Relief: Hi Robin');
    expect(openSmsBody(t.cipher, await rowOf(stillTrying))).toBe('Clearpath Debt Relief: Hi Robin');

    // A longer period keeps more.
    const eightDays = await textAt({ createdAt: ago(9), sentAt: ago(8) });
    await dropOldSmsBodies(t.db, { retentionDays: 10, now });
    expect((await rowOf(eightDays)).body).not.toBeNull();

    // The dev mailbox lists a dropped text without failing.
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Body dropped after the retention period.');
  });

  it('a text whose body is gone is closed, not sent', async () => {
    const id = await textAt({ createdAt: new Date(), sentAt: null });
    await t.db.update(smsOutbox).set({ body: null }).where(eq(smsOutbox.id, id));
    expect(await deliverSms(t.db, t.cipher, t.sms, id)).toBe('skipped');
    expect(await rowOf(id)).toMatchObject({
      sentAt: null,
      attempts: MAX_SMS_ATTEMPTS,
      lastError: EXPIRED_ERROR,
    });
  });
});

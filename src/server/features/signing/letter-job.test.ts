import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { LETTER_SEND_QUEUE } from '#server/application/letter-queue';
import { docusign } from '#server/db/schema/enrollment';
import { emailOutbox, eSignatureSandboxEnvelope } from '#server/db/schema/ops';
import { devMailboxTransport } from '#server/email/outbox';
import { type Jobs, startJobs } from '#server/jobs/queue';
import { put } from '#tests/support/borrower-flow';
import { atPaymentOptions } from '#tests/support/enrollment';

// With the job queue running, the payment account's save writes the letter's job in its own transaction and
// answers without waiting for the PDF; the job sends the letter. A borrower opening /submitted meanwhile
// queues it again, and still one envelope is made and one signing email written.

let t: TestApp;
let jobs: Jobs | undefined;
beforeEach(async () => {
  t = await createTestApp({}, { queueLetter: (tx, applicationId) => jobs!.letterQueued(tx, applicationId) });
  jobs = await startJobs({
    database: t.database,
    transport: devMailboxTransport,
    sms: t.sms,
    log: pino({ level: 'silent' }),
    cipher: t.cipher,
    partnerWebhook: undefined,
    emailBodyRetentionDays: 7,
    sendLetter: (applicationId) => t.app.sendLetter(applicationId),
  });
});
afterEach(async () => {
  await jobs?.stop();
  jobs = undefined;
  await t.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the letter's job", () => {
  it('is written by the save, sends one envelope, and /submitted meanwhile makes no second', async () => {
    const b = await atPaymentOptions(t);
    await put(b.client, '/api/application/payments/manual-choice', { reasonForNotConnectingBank: 'other' });
    const saved = await put(b.client, '/api/application/payments/payment-account', {
      accountNumber: '123456789',
      confirmAccountNumber: '123456789',
      routingNumber: '021000021',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ next: '/submitted' });
    // The job came with the save's commit (the product records it with the job, in the same transaction).
    const { rows } = await t.database.executeSql(
      `select queued_at from job_handover where queue = $1 and key = $2`,
      [LETTER_SEND_QUEUE, b.applicationId],
    );
    expect(rows.length).toBeGreaterThan(0);

    // The borrower lands on /submitted, which polls, while the job runs.
    const deadline = Date.now() + 30_000;
    let signers: unknown[] = [];
    while (signers.length === 0 && Date.now() < deadline) {
      const res = await b.client.get('/api/application/submitted');
      expect(res.statusCode, res.body).toBe(200);
      signers = res.json().signers as unknown[];
      if (signers.length === 0) await sleep(100);
    }
    expect(signers).toEqual([{ role: 'borrower', name: 'Pat Doe', signed: false }]);
    // Visits after the letter went out, and any job they queued, change nothing.
    for (let k = 0; k < 3; k++) await b.client.get('/api/application/submitted');
    await sleep(2_500);
    expect(
      await t.db.select().from(docusign).where(eq(docusign.applicationId, b.applicationId)),
    ).toHaveLength(1);
    expect(await t.db.select().from(eSignatureSandboxEnvelope)).toHaveLength(1);
    const letters = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, b.email), eq(emailOutbox.kind, 'sign-letter')));
    expect(letters).toHaveLength(1);
  });
});

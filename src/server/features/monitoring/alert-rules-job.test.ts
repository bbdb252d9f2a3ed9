import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication } from '#tests/factories/application';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { devMailboxTransport } from '#server/email/outbox';
import { plaidItem } from '#server/db/schema/enrollment';
import { alert } from '#server/db/schema/service-work';
import { startJobs } from '#server/jobs/queue';
import { readJobCounts } from '#server/jobs/job-counts';
import { createFieldCipher } from '#server/security/field-encryption';

// The daily run of the alert rules goes through the job queue like the other scheduled work: a run queued
// by hand (as the schedule does) raises the alerts of every monitored application, and a second run nothing.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('the alert-rules job', () => {
  it('raises the alerts of monitored applications only, once however many runs', async () => {
    const disconnected = async (status: 'counselorReview' | 'inProgress') => {
      const { applicationId } = await createApplication(t.db, { application: { status } });
      await t.db.insert(plaidItem).values({
        applicationId,
        institutionId: 'ins_1',
        institutionName: 'Gingham Savings',
        isConnected: false,
      });
      return applicationId;
    };
    const enrolled = await disconnected('counselorReview');
    // Still applying: no plan yet, so nothing is monitored.
    const applying = await disconnected('inProgress');
    const alertsOf = (applicationId: string) =>
      t.db.select({ type: alert.type }).from(alert).where(eq(alert.applicationId, applicationId));

    const jobs = await startJobs({
      database: t.database,
      transport: devMailboxTransport,
      sms: t.sms,
      log: pino({ level: 'silent' }),
      cipher: createFieldCipher(t.config.encryptionKey),
      partnerWebhook: undefined,
      emailBodyRetentionDays: 7,
    });
    try {
      await jobs.alertRulesQueued();
      const deadline = Date.now() + 30_000;
      while ((await alertsOf(enrolled)).length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(await alertsOf(enrolled)).toEqual([{ type: 'bankAccountDisconnected' }]);

      await jobs.alertRulesQueued();
      // The second run has finished when the queue holds no job of it in any state but completed.
      const settled = Date.now() + 30_000;
      for (;;) {
        const live = (await readJobCounts(t.database)).filter((c) => c.queue === 'alert-rules');
        if (live.every((c) => c.count === 0) || Date.now() > settled) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(await alertsOf(enrolled)).toEqual([{ type: 'bankAccountDisconnected' }]);
      expect(await alertsOf(applying)).toEqual([]);
    } finally {
      await jobs.stop();
    }
  });
});

import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSandboxBankLink,
  SANDBOX_BANK_INSTITUTION_IDS,
  SANDBOX_BANK_PASSWORD,
  SANDBOX_BANK_USERS,
} from '#providers/bank-link/sandbox';
import { createSandboxCreditBureau } from '#providers/credit-bureau/sandbox';
import { createApplication } from '#tests/factories/application';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { devMailboxTransport } from '#server/email/outbox';
import { plaidAccount, plaidItem } from '#server/db/schema/enrollment';
import { emailOutbox, smsOutbox } from '#server/db/schema/ops';
import { alert } from '#server/db/schema/service-work';
import { startJobs } from '#server/jobs/queue';
import { readJobCounts } from '#server/jobs/job-counts';
import { createFieldCipher } from '#server/security/field-encryption';

// The monitors as the job queue runs them: the daily data refresh finds the bank asking the customer to sign
// in again and marks the connection disconnected; the alert rules then raise the alert and write the
// customer an email and a text, once however many runs.

const SECRET = 'monitor-jobs-test-secret';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const waitFor = async (check: () => Promise<boolean>, what: string) => {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

describe('the monitor jobs', () => {
  it('bank-refresh marks a bank that needs a new sign-in disconnected; alert-rules raises it and tells the customer once', async () => {
    const cipher = createFieldCipher(t.config.encryptionKey);
    const { applicationId } = await createApplication(t.db, {
      application: { status: 'transfer' },
      borrower: { email: 'kim.berg@example.com', phoneNumber: '+15555550123' },
    });
    // Linked 20 days ago as user_disconnect: the bank asks to sign in again from day 14.
    const linkedAt = new Date(Date.now() - 20 * 86_400_000);
    const then = createSandboxBankLink({ secret: SECRET, now: () => linkedAt });
    const { linkToken } = await then.createLinkToken({ applicationId });
    const username = SANDBOX_BANK_USERS.disconnect;
    const institutionId = SANDBOX_BANK_INSTITUTION_IDS.houndstooth;
    const offered = await then.signIn({
      linkToken,
      institutionId,
      username,
      password: SANDBOX_BANK_PASSWORD,
    });
    const publicToken = await then.createPublicToken({
      linkToken,
      institutionId,
      username,
      accountIds: offered.map((a) => a.accountId),
    });
    const { accessToken, itemId } = await then.exchangePublicToken({ publicToken, linkToken });
    const [item] = await t.db
      .insert(plaidItem)
      .values({
        applicationId,
        providerItemId: itemId,
        accessToken: cipher.encrypt(accessToken),
        institutionId,
        institutionName: 'Houndstooth Credit Union',
        createdAt: linkedAt,
      })
      .returning();
    await t.db
      .insert(plaidAccount)
      .values(offered.map((a) => ({ plaidItemId: item!.id, providerAccountId: a.accountId, name: a.name })));

    const jobs = await startJobs({
      database: t.database,
      transport: devMailboxTransport,
      sms: t.sms,
      log: pino({ level: 'silent' }),
      cipher,
      partnerWebhook: undefined,
      emailBodyRetentionDays: 7,
      monitors: {
        bankLink: createSandboxBankLink({ secret: SECRET }),
        creditBureau: createSandboxCreditBureau(),
        publicUrl: 'http://localhost:3000',
        creditPullDays: 30,
      },
    });
    try {
      await jobs.bankRefreshQueued();
      await waitFor(async () => {
        const [row] = await t.db.select().from(plaidItem).where(eq(plaidItem.id, item!.id));
        return row!.isConnected === false;
      }, 'the refresh to mark the item disconnected');
      const alertsOf = () =>
        t.db
          .select({ type: alert.type, triggeredBy: alert.triggeredBy })
          .from(alert)
          .where(eq(alert.applicationId, applicationId));
      for (let run = 0; run < 2; run += 1) {
        await jobs.alertRulesQueued();
        await waitFor(async () => (await alertsOf()).length > 0, 'the alert');
      }
      // Both runs have finished when no alert-rules job is left in any state but completed.
      await waitFor(async () => {
        const live = (await readJobCounts(t.database)).filter((c) => c.queue === 'alert-rules');
        return live.every((c) => c.count === 0);
      }, 'the alert-rules runs to finish');
      expect(await alertsOf()).toEqual([
        { type: 'bankAccountDisconnected', triggeredBy: [{ id: item!.id, type: 'plaidItem' }] },
      ]);
      const emails = await t.db
        .select({ to: emailOutbox.to, kind: emailOutbox.kind })
        .from(emailOutbox)
        .where(eq(emailOutbox.kind, 'alert-bank-disconnected'));
      expect(emails).toEqual([{ to: 'kim.berg@example.com', kind: 'alert-bank-disconnected' }]);
      const texts = await t.db
        .select({ eventType: smsOutbox.eventType })
        .from(smsOutbox)
        .where(eq(smsOutbox.applicationId, applicationId));
      expect(texts).toEqual([{ eventType: 'alertBankAccountDisconnected' }]);
    } finally {
      await jobs.stop();
    }
  }, 90_000);
});

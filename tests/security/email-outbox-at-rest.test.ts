import { eq } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '#server/db/schema/ops';
import {
  deliverEmail,
  dropOldEmailBodies,
  enqueueEmail,
  openEmailBody,
  smtpTransport,
} from '#server/email/outbox';
import { letterSignedEmail, resetPasswordEmail } from '#server/email/templates';
import { EMAIL_BODY_PURGE_CRON, EMAIL_BODY_PURGE_QUEUE, startJobs } from '#server/jobs/queue';
import { createTestApp, type TestApp } from '../setup/test-app';

// The outbox holds live reset codes, signing links and the signed letter. At rest they are one AES-256-GCM
// ciphertext; they are opened only to deliver the email and in the dev mailbox, and dropped once a delivered
// email is older than EMAIL_BODY_RETENTION_DAYS.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now()}.${++counter}@example.com`;
const DAY = 24 * 60 * 60 * 1000;

/** The rows to one address as the database stores them, every column as text. */
async function rawRows(to: string): Promise<string> {
  const { rows } = await t.database.executeSql(
    'select row_to_json(e)::text as row from email_outbox e where e."to" = $1',
    [to],
  );
  expect(rows.length).toBeGreaterThan(0);
  return rows.map((r) => (r as { row: string }).row).join('\n');
}

/** A Transporter stand-in that records what nodemailer would have been asked to send. */
function fakeSmtp() {
  const sent: Record<string, unknown>[] = [];
  const transporter = {
    sendMail: async (message: Record<string, unknown>) => {
      sent.push(message);
      return { messageId: 'fake' };
    },
    close: () => {},
  } as unknown as Transporter;
  return { sent, transport: smtpTransport(transporter, 'Debt Relief <no-reply@dmp.example>') };
}

describe('outbox bodies at rest', () => {
  it('a lead’s initial-password email: no code, text, subject or link in clear in the row', async () => {
    const email = uniqueEmail('lead');
    const res = await t.client().post('/api/lead', {
      firstName: 'Pat',
      lastName: 'Doe',
      email,
      phoneNumber: '415-555-0123',
      agreedToTerms: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const mail = (await t.lastEmail(email))!;
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(mail.code);

    const raw = await rawRows(email);
    expect(raw).not.toContain(mail.code);
    expect(raw).not.toContain(mail.subject);
    expect(raw).not.toContain('verification code');
    expect(raw).not.toContain('/reset-password');
    expect(raw).not.toContain(mail.text.slice(0, 40));
    // What stays readable: who it is for, what kind, and the delivery fields.
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(row).toMatchObject({ to: email, kind: 'initial-password', attempts: 0, sentAt: null });
    expect(row!.sealed).toMatch(/^v2\./);
  });

  it('the signed letter attached to an email is not stored in clear either', async () => {
    const to = uniqueEmail('signed');
    const pdf = Buffer.from('%PDF-1.7 a signed letter of authorization, page one of one');
    await t.db.transaction((tx) =>
      enqueueEmail(
        tx,
        t.cipher,
        letterSignedEmail({ to, name: 'Pat Doe', publicUrl: t.config.publicUrl, signedPdf: pdf }),
      ),
    );
    const raw = await rawRows(to);
    expect(raw).not.toContain(pdf.toString('base64').slice(0, 40));
    expect(raw).not.toContain('Letter of Authorization');
    expect((await t.lastEmail(to))!.attachments[0]!.content).toBe(pdf.toString('base64'));
  });

  it('the dev mailbox still shows the email, decrypted', async () => {
    const email = uniqueEmail('mailbox');
    await t.client().post('/api/lead', {
      firstName: 'Pat',
      lastName: 'Doe',
      email,
      phoneNumber: '415-555-0123',
      agreedToTerms: true,
    });
    const mail = (await t.lastEmail(email))!;
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(email);
    expect(page.body).toContain('Finish creating your account');
    expect(page.body).toContain(`Your verification code is ${mail.code}.`);
  });

  it('the SMTP transport is given the decrypted email', async () => {
    const to = uniqueEmail('smtp');
    const message = resetPasswordEmail({ publicUrl: t.config.publicUrl, email: to, code: '482913' });
    const id = await t.db.transaction((tx) => enqueueEmail(tx, t.cipher, message));
    const smtp = fakeSmtp();
    expect(await deliverEmail(t.db, t.cipher, smtp.transport, id)).toBe('sent');
    expect(smtp.sent).toEqual([
      expect.objectContaining({ to, subject: message.subject, text: message.text, html: message.html }),
    ]);
    expect(smtp.sent[0]!.text).toContain('482913');
  });

  it('a body copied onto another recipient’s row is refused, not sent there', async () => {
    const victim = uniqueEmail('victim');
    const thief = uniqueEmail('thief');
    const victimId = await t.db.transaction((tx) =>
      enqueueEmail(
        tx,
        t.cipher,
        resetPasswordEmail({ publicUrl: t.config.publicUrl, email: victim, code: '777001' }),
      ),
    );
    const thiefId = await t.db.transaction((tx) =>
      enqueueEmail(
        tx,
        t.cipher,
        resetPasswordEmail({ publicUrl: t.config.publicUrl, email: thief, code: '000000' }),
      ),
    );
    const [stolen] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, victimId));
    await t.db.update(emailOutbox).set({ sealed: stolen!.sealed }).where(eq(emailOutbox.id, thiefId));
    const smtp = fakeSmtp();
    await expect(deliverEmail(t.db, t.cipher, smtp.transport, thiefId)).rejects.toThrow(/another recipient/);
    expect(smtp.sent).toEqual([]);
  });
});

describe('dropping old bodies', () => {
  /** An email to `to`, then its delivery fields set as if it were written and sent at those times. */
  async function emailAt(
    to: string,
    o: { createdAt: Date; sentAt: Date | null; attempts?: number; failedAt?: Date },
  ) {
    const id = await t.db.transaction((tx) =>
      enqueueEmail(
        tx,
        t.cipher,
        resetPasswordEmail({ publicUrl: t.config.publicUrl, email: to, code: '135790' }),
      ),
    );
    await t.db
      .update(emailOutbox)
      .set({
        createdAt: o.createdAt,
        sentAt: o.sentAt,
        attempts: o.attempts ?? (o.sentAt ? 1 : 0),
        failedAt: o.failedAt ?? null,
      })
      .where(eq(emailOutbox.id, id));
    return id;
  }
  const rowOf = async (id: string) =>
    (await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;

  it('drops the body of delivered emails past the retention period only, keeping their metadata', async () => {
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const to = uniqueEmail('purge');
    const oldDelivered = await emailAt(to, { createdAt: ago(9), sentAt: ago(8) });
    const recentDelivered = await emailAt(to, { createdAt: ago(6), sentAt: ago(6) });
    const oldPending = await emailAt(to, { createdAt: ago(30), sentAt: null, attempts: 2 });
    const abandoned = await emailAt(to, { createdAt: ago(8), sentAt: null, attempts: 40, failedAt: ago(6) });
    const before = await rowOf(oldDelivered);

    expect(await dropOldEmailBodies(t.db, { retentionDays: 7, now })).toBeGreaterThanOrEqual(2);

    const after = await rowOf(oldDelivered);
    expect(after.sealed).toBeNull();
    expect(after).toMatchObject({
      to: before.to,
      kind: 'reset-password',
      createdAt: before.createdAt,
      sentAt: before.sentAt,
      attempts: before.attempts,
    });
    expect(openEmailBody(t.cipher, after)).toBeNull();
    // Given up (marked failed) long ago: nothing will send it, so its code goes too.
    expect((await rowOf(abandoned)).sealed).toBeNull();
    // Still within the period, or still to be sent: kept.
    expect((await rowOf(recentDelivered)).sealed).not.toBeNull();
    expect((await rowOf(oldPending)).sealed).not.toBeNull();

    // A longer period keeps more.
    const to2 = uniqueEmail('purge-long');
    const eightDays = await emailAt(to2, { createdAt: ago(9), sentAt: ago(8) });
    await dropOldEmailBodies(t.db, { retentionDays: 10, now });
    expect((await rowOf(eightDays)).sealed).not.toBeNull();

    // The dev mailbox lists a dropped email without failing.
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Body dropped after the retention period.');
  });

  it('the job queue purges at start and keeps an hourly schedule; pending emails go out decrypted', async () => {
    const to = uniqueEmail('queue');
    const old = await emailAt(to, {
      createdAt: new Date(Date.now() - 20 * DAY),
      sentAt: new Date(Date.now() - 19 * DAY),
    });
    const pending = await t.db.transaction((tx) =>
      enqueueEmail(
        tx,
        t.cipher,
        resetPasswordEmail({ publicUrl: t.config.publicUrl, email: to, code: '246802' }),
      ),
    );
    const smtp = fakeSmtp();
    const jobs = await startJobs({
      database: t.database,
      transport: smtp.transport,
      sms: t.sms,
      log: pino({ level: 'silent' }),
      cipher: t.cipher,
      partnerWebhook: undefined,
      emailBodyRetentionDays: 7,
    });
    try {
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        const [o, p] = [await rowOf(old), await rowOf(pending)];
        if (o.sealed === null && p.sentAt !== null) break;
        await new Promise((r) => setTimeout(r, 250));
      }
    } finally {
      await jobs.stop();
    }
    expect((await rowOf(old)).sealed).toBeNull();
    expect((await rowOf(pending)).sentAt).toBeInstanceOf(Date);
    expect(smtp.sent.find((m) => m.to === to)?.text).toContain('246802');
    const { rows } = await t.database.executeSql('select name, cron from pgboss.schedule where name = $1', [
      EMAIL_BODY_PURGE_QUEUE,
    ]);
    expect(rows).toEqual([{ name: EMAIL_BODY_PURGE_QUEUE, cron: EMAIL_BODY_PURGE_CRON }]);
  }, 60_000);
});

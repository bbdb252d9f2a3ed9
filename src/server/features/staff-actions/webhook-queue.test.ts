import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { startJobs } from '#server/jobs/queue';
import { createFieldCipher } from '#server/security/field-encryption';
import { devMailboxTransport } from '#server/email/outbox';
import { withUnit } from '#server/unit-of-work';
import {
  buildPartnerWebhookEvent,
  EVENT_ID_HEADER,
  PARTNER_WEBHOOK_QUEUE,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  verifyPartnerWebhookSignature,
} from './partner-webhook';
import { applicationIn, signedInStaff } from '#tests/support/staff-actions';

// The transfer webhook through the real job queue (pg-boss on the test database) to a partner on loopback.

const SECRET = 'a-shared-secret-of-at-least-32-characters';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Received = { headers: IncomingMessage['headers']; body: string; at: Date };

/** What the partner checks on receipt: the body, the two headers, its own clock when the request came. */
const signed = (body: string, headers: IncomingMessage['headers'], at = new Date()) => ({
  body,
  secret: SECRET,
  timestamp: headers[TIMESTAMP_HEADER] as string | undefined,
  signature: headers[SIGNATURE_HEADER] as string | undefined,
  now: at,
});

describe('the partner-webhook queue', () => {
  it('delivers a transfer’s event, signed, retrying after a failure', async () => {
    const received: Received[] = [];
    const answers = [503, 200];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        received.push({ headers: req.headers, body, at: new Date() });
        res.statusCode = answers.shift() ?? 200;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;

    const staff = await signedInStaff(t);
    const a = await applicationIn(t, 'creditorReview');
    for (const x of a.offers) {
      await staff.client.post(`/api/staff/offers/${x.id}/status`, {
        version: 0,
        status: 'accepted',
        creditorAccount: { isAch: true, accountNumber: '998877665544', routingNumber: '021000021' },
      });
    }
    expect(t.webhooksQueued).toEqual([a.applicationId]);

    const jobs = await startJobs({
      database: t.database,
      transport: devMailboxTransport,
      sms: t.sms,
      log: pino({ level: 'silent' }),
      cipher: createFieldCipher(t.config.encryptionKey),
      // A short first retry keeps the test quick; production waits PARTNER_WEBHOOK_RETRY_DELAY_SECONDS.
      partnerWebhook: { url, secret: SECRET, retryDelaySeconds: 1 },
      emailBodyRetentionDays: 7,
    });
    try {
      jobs.webhookQueued(a.applicationId);
      const deadline = Date.now() + 60_000;
      while (received.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      // Later the borrower moves the draft day: the partner hears of the plan again, as an update.
      jobs.webhookQueued(a.applicationId, 'enrollment.updated');
      while (received.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    } finally {
      await jobs.stop();
      server.close();
    }
    expect(received).toHaveLength(3);
    // The job's data is ids only: pg-boss keeps it in clear, so nothing personal goes there.
    const { rows } = await t.database.executeSql(`select data from pgboss.job where name = $1`, [
      PARTNER_WEBHOOK_QUEUE,
    ]);
    expect(rows.map((r) => Object.keys((r as { data: object }).data).sort())).toEqual([
      ['applicationId', 'createdAt', 'eventId', 'type'],
      ['applicationId', 'createdAt', 'eventId', 'type'],
    ]);
    // Nothing changed in between: the retry, built again from the database, sends the same bytes and event id,
    // signed at its own moment.
    expect(received[1]!.body).toBe(received[0]!.body);
    expect(received[1]!.headers[EVENT_ID_HEADER]).toBe(received[0]!.headers[EVENT_ID_HEADER]);
    const { body, headers } = received[1]!;
    for (const r of received)
      expect(verifyPartnerWebhookSignature(signed(r.body, r.headers, r.at))).toBe(true);
    // A partner's clock five minutes and more past the sending moment refuses the request as a replay.
    const late = new Date(Number(headers[TIMESTAMP_HEADER]) * 1000 + 301_000);
    expect(verifyPartnerWebhookSignature(signed(body, headers, late))).toBe(false);
    const event = JSON.parse(body);
    expect(event).toMatchObject({ id: headers[EVENT_ID_HEADER], applicationId: a.applicationId });
    expect(event.acceptedOffers).toHaveLength(a.offers.length);
    expect(body).not.toContain('998877665544');
    expect(headers['x-event-type']).toBe('application.transfer');
    expect(event.type).toBe('application.transfer');

    // The update: its own event id and type, the same body's shape, signed.
    const update = received[2]!;
    expect(update.headers['x-event-type']).toBe('enrollment.updated');
    expect(update.headers[EVENT_ID_HEADER]).not.toBe(headers[EVENT_ID_HEADER]);
    expect(verifyPartnerWebhookSignature(signed(update.body, update.headers, update.at))).toBe(true);
    expect(JSON.parse(update.body)).toMatchObject({
      type: 'enrollment.updated',
      applicationId: a.applicationId,
      enrollment: event.enrollment,
    });
  }, 90_000);

  it('delivers a job queued by an earlier version with the whole event, once, under its event id', async () => {
    // The queue exists: the test above created it on this database.
    const staff = await signedInStaff(t);
    const a = await applicationIn(t, 'creditorReview');
    for (const x of a.offers) {
      await staff.client.post(`/api/staff/offers/${x.id}/status`, {
        version: 0,
        status: 'accepted',
        creditorAccount: { isAch: true, accountNumber: '998877665544', routingNumber: '021000021' },
      });
    }
    const cipher = createFieldCipher(t.config.encryptionKey);
    const legacy = async (state: string) => {
      const event = (await withUnit({ database: t.database, cipher, today: t.today }, (unit) =>
        buildPartnerWebhookEvent(unit, { applicationId: a.applicationId }),
      ))!;
      const data = { eventId: event.id, body: JSON.stringify(event) };
      // As earlier versions queued it: the whole event, names and addresses included, in the job's data.
      await t.database.executeSql(
        `insert into pgboss.job (name, data, state) values ($1, $2::jsonb, $3::pgboss.job_state)`,
        [PARTNER_WEBHOOK_QUEUE, JSON.stringify(data), state],
      );
      return event;
    };
    const pending = await legacy('created');
    expect(JSON.stringify(pending)).toContain(pending.borrower.email!);

    const received: Received[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        received.push({ headers: req.headers, body, at: new Date() });
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    const jobs = await startJobs({
      database: t.database,
      transport: devMailboxTransport,
      sms: t.sms,
      log: pino({ level: 'silent' }),
      cipher,
      partnerWebhook: { url, secret: SECRET, retryDelaySeconds: 1 },
      emailBodyRetentionDays: 7,
    });
    try {
      const deadline = Date.now() + 60_000;
      while (received.length < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    } finally {
      await jobs.stop();
      server.close();
    }
    // The queued one is delivered once, under its event id, with the same event as the old job held.
    expect(received).toHaveLength(1);
    expect(received[0]!.headers[EVENT_ID_HEADER]).toBe(pending.id);
    expect(JSON.parse(received[0]!.body)).toEqual(pending);
  }, 90_000);

  it('skips the webhook, logging it, when no PARTNER_WEBHOOK_URL is configured', async () => {
    const lines: string[] = [];
    const jobs = await startJobs({
      database: t.database,
      transport: devMailboxTransport,
      sms: t.sms,
      log: pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }),
      cipher: createFieldCipher(t.config.encryptionKey),
      partnerWebhook: undefined,
      emailBodyRetentionDays: 7,
    });
    try {
      jobs.webhookQueued('00000000-0000-4000-8000-000000000000');
    } finally {
      await jobs.stop();
    }
    expect(lines.map((l) => JSON.parse(l).msg)).toContain(
      'partner webhook skipped: PARTNER_WEBHOOK_URL is not set',
    );
  }, 60_000);
});

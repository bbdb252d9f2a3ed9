import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { SmsSender } from '#providers/sms/port';
import { deliverEmail, type MailTransport, pendingEmailIds } from '../features/email/outbox';
import { deliverSms, MAX_SMS_ATTEMPTS, pendingSmsIds } from '../features/sms/deliver-sms';
import {
  buildPartnerWebhookEvent,
  deliverPartnerWebhook,
  PARTNER_WEBHOOK_QUEUE,
  PARTNER_WEBHOOK_RETRY_DELAY_SECONDS,
  PARTNER_WEBHOOK_RETRY_LIMIT,
  type PartnerWebhookJob,
  partnerWebhookJob,
} from '../features/staff-actions/partner-webhook';
import type { FieldCipher } from '../security/field-encryption';

export const EMAIL_QUEUE = 'email-deliver';
export const SMS_QUEUE = 'sms-deliver';

export type Jobs = {
  emailQueued: (id: string) => void;
  smsQueued: (id: string) => void;
  /** An application moved to transfer: its partner webhook is built now and delivered by the queue. */
  webhookQueued: (applicationId: string) => void;
  stop: () => Promise<void>;
};

/**
 * pg-boss on the product's own database (PGlite through executeSql, or PostgreSQL): durable, retried,
 * safe with several server instances. Email delivery retries with backoff.
 */
export async function startJobs(o: {
  database: Database;
  transport: MailTransport;
  sms: SmsSender;
  log: FastifyBaseLogger;
  cipher: FieldCipher;
  /** PARTNER_WEBHOOK_URL and its secret; without them transfers are logged and not announced. */
  partnerWebhook: { url: string; secret: string; retryDelaySeconds?: number } | undefined;
}): Promise<Jobs> {
  const boss = new PgBoss({
    db: { executeSql: o.database.executeSql },
    schema: 'pgboss',
    supervise: true,
    schedule: false,
  });
  boss.on('error', (error) => o.log.error({ err: error }, 'job queue error'));
  await boss.start();
  await boss.createQueue(EMAIL_QUEUE, {
    name: EMAIL_QUEUE,
    retryLimit: 8,
    retryDelay: 5,
    retryBackoff: true,
  });
  await boss.work<{ id: string }>(EMAIL_QUEUE, { pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) {
      const outcome = await deliverEmail(o.database.db, o.transport, job.data.id);
      o.log.info({ emailId: job.data.id, outcome, transport: o.transport.name }, 'email delivery');
    }
  });
  await boss.createQueue(SMS_QUEUE, {
    name: SMS_QUEUE,
    retryLimit: MAX_SMS_ATTEMPTS,
    retryDelay: 5,
    retryBackoff: true,
  });
  await boss.work<{ id: string }>(SMS_QUEUE, { pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) {
      const outcome = await deliverSms(o.database.db, o.sms, job.data.id);
      o.log.info({ smsId: job.data.id, outcome }, 'text message delivery');
    }
  });
  // The partner webhook has no outbox table: the job's data is the pending delivery (event id and body).
  await boss.createQueue(PARTNER_WEBHOOK_QUEUE, {
    name: PARTNER_WEBHOOK_QUEUE,
    retryLimit: PARTNER_WEBHOOK_RETRY_LIMIT,
    retryDelay: o.partnerWebhook?.retryDelaySeconds ?? PARTNER_WEBHOOK_RETRY_DELAY_SECONDS,
    retryBackoff: true,
  });
  const partner = o.partnerWebhook;
  if (partner) {
    await boss.work<PartnerWebhookJob>(PARTNER_WEBHOOK_QUEUE, { pollingIntervalSeconds: 1 }, async (jobs) => {
      for (const job of jobs) {
        const status = await deliverPartnerWebhook({
          url: partner.url,
          secret: partner.secret,
          job: job.data,
        });
        o.log.info({ eventId: job.data.eventId, status }, 'partner webhook delivered');
      }
    });
  }
  // Messages written while the queue was down (or whose job was lost) are picked up at start.
  for (const id of await pendingEmailIds(o.database.db)) await boss.send(EMAIL_QUEUE, { id });
  for (const id of await pendingSmsIds(o.database.db)) await boss.send(SMS_QUEUE, { id });

  return {
    emailQueued: (id) => {
      boss
        .send(EMAIL_QUEUE, { id })
        .catch((error: unknown) => o.log.error({ err: error }, 'could not queue an email'));
    },
    smsQueued: (id) => {
      boss
        .send(SMS_QUEUE, { id })
        .catch((error: unknown) => o.log.error({ err: error }, 'could not queue a text message'));
    },
    webhookQueued: (applicationId) => {
      if (!partner) {
        o.log.info({ applicationId }, 'partner webhook skipped: PARTNER_WEBHOOK_URL is not set');
        return;
      }
      buildPartnerWebhookEvent({ db: o.database.db, cipher: o.cipher, applicationId })
        .then((event) => {
          if (!event) return o.log.warn({ applicationId }, 'partner webhook: nothing to hand over');
          return boss.send(PARTNER_WEBHOOK_QUEUE, partnerWebhookJob(event)).then(() => {
            o.log.info({ applicationId, eventId: event.id }, 'partner webhook queued');
          });
        })
        .catch((error: unknown) =>
          o.log.error({ err: error, applicationId }, 'could not queue a partner webhook'),
        );
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}

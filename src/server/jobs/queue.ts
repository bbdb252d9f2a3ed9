import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { SmsSender } from '#providers/sms/port';
import {
  deliverEmail,
  dropOldEmailBodies,
  type MailTransport,
  pendingEmailIds,
} from '../features/email/outbox';
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
export const EMAIL_BODY_PURGE_QUEUE = 'email-body-purge';
/** Hourly: a body is dropped at most an hour after its retention period ends. */
export const EMAIL_BODY_PURGE_CRON = '23 * * * *';

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
  /** EMAIL_BODY_RETENTION_DAYS: delivered emails keep their body this long. */
  emailBodyRetentionDays: number;
}): Promise<Jobs> {
  const boss = new PgBoss({
    db: { executeSql: o.database.executeSql },
    schema: 'pgboss',
    supervise: true,
    // The hourly purge of old email bodies is a pg-boss schedule: one run per tick however many instances.
    schedule: true,
    cronWorkerIntervalSeconds: 30,
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
      const outcome = await deliverEmail(o.database.db, o.cipher, o.transport, job.data.id);
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
  // Delivered emails' bodies (codes, links, the signed letter) are dropped after the retention period.
  await boss.createQueue(EMAIL_BODY_PURGE_QUEUE, {
    name: EMAIL_BODY_PURGE_QUEUE,
    retryLimit: 2,
    retryDelay: 60,
  });
  await boss.work(EMAIL_BODY_PURGE_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    const dropped = await dropOldEmailBodies(o.database.db, { retentionDays: o.emailBodyRetentionDays });
    o.log.info({ dropped, retentionDays: o.emailBodyRetentionDays }, 'old email bodies dropped');
  });
  await boss.schedule(EMAIL_BODY_PURGE_QUEUE, EMAIL_BODY_PURGE_CRON);
  // Once at start too, so a server that is seldom up at the scheduled minute still purges.
  await boss.send(EMAIL_BODY_PURGE_QUEUE, {});

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

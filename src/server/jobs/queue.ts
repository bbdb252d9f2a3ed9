import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { SmsSender } from '#providers/sms/port';
import { deliverEmail, type MailTransport, pendingEmailIds } from '../features/email/outbox';
import { deliverSms, MAX_SMS_ATTEMPTS, pendingSmsIds } from '../features/sms/deliver-sms';

export const EMAIL_QUEUE = 'email-deliver';
export const SMS_QUEUE = 'sms-deliver';

export type Jobs = {
  emailQueued: (id: string) => void;
  smsQueued: (id: string) => void;
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
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}

import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { SmsSender } from '#providers/sms/port';
import {
  afterFailedDelivery,
  DEFAULT_EMAIL_RETRY,
  deliverEmail,
  dropOldEmailBodies,
  EMAIL_SEND_CONCURRENCY,
  type EmailOutboxRow,
  type EmailRetryPolicy,
  loadEmails,
  type MailTransport,
} from '#server/email/outbox';
import { deleteExpiredRateLimitCounters } from '#server/plugins/rate-limit-store';
import {
  pullAllDue,
  raiseAllAlerts,
  refreshAll,
  type MonitorDeps,
} from '#server/features/monitoring/run-monitors';
import type { Notifier } from '#server/features/monitoring/notify';
import type { BankLink } from '#providers/bank-link/port';
import type { CreditBureau } from '#providers/credit-bureau/port';
import { deliverSms, MAX_SMS_ATTEMPTS } from '#server/sms/deliver-sms';
import { dropOldSmsBodies } from '#server/sms/outbox';
import {
  buildPartnerWebhookEvent,
  deliverPartnerWebhook,
  PARTNER_WEBHOOK_QUEUE,
  PARTNER_WEBHOOK_RETRY_DELAY_SECONDS,
  PARTNER_WEBHOOK_RETRY_LIMIT,
  type LegacyPartnerWebhookJob,
  type PartnerWebhookEventType,
  type PartnerWebhookJob,
  partnerWebhookJob,
  partnerWebhookJobIds,
} from '../features/staff-actions/partner-webhook';
import type { FieldCipher } from '../security/field-encryption';
import { LETTER_SEND_QUEUE, type QueueLetter } from '#server/application/letter-queue';
import { PROPOSALS_QUEUE, type QueueProposals } from '#server/application/proposal-queue';
import { transactionSql } from '#server/db/transaction-sql';
import { InFlight } from './in-flight';
import { startWorkers } from './workers';

/** After pg-boss stops, how long its last fetches, completions and handlers may take before the database closes. */
const STOP_SETTLE_MS = 3_000;
/** pg-boss's tables live in this schema of the product's database. */
export const PGBOSS_SCHEMA = 'pgboss';
export const EMAIL_QUEUE = 'email-deliver';
/**
 * Email jobs one fetch takes. They are sent EMAIL_SEND_CONCURRENCY at a time, and a full batch is followed
 * at once by the next fetch, so a backlog (after an SMTP outage) drains at the transport's speed, not at one
 * email per polling interval.
 */
export const EMAIL_BATCH_SIZE = 50;
/** How often an idle email worker looks for jobs (pg-boss's minimum); emails queued here wake it at once. */
export const EMAIL_POLLING_SECONDS = 0.5;
/** Every 10 minutes: emails left without a job (a job lost with a crashed instance) are queued again. */
export const EMAIL_SWEEP_QUEUE = 'email-sweep';
export const EMAIL_SWEEP_CRON = '*/10 * * * *';
/** Every 10 minutes too: letters waiting without a job (see unqueuedLetterIds) are queued again. */
export const LETTER_SWEEP_QUEUE = 'letter-sweep';
/** And proposals not made whose job is gone (see unqueuedProposalIds). */
export const PROPOSALS_SWEEP_QUEUE = 'proposals-sweep';
/**
 * Daily: proposals sent and left unanswered past their programme's days get the programme's silent default
 * (silent-creditors.ts). One run at a time; a run answers at most a few hundred, and queues the next at once.
 */
export const SILENT_CREDITORS_QUEUE = 'proposals-silent-default';
const SILENT_CREDITORS_CRON = '45 6 * * *';
/** EMAIL_GIVE_UP_HOURS when the caller does not say. */
export const DEFAULT_EMAIL_GIVE_UP_HOURS = 48;
export const SMS_QUEUE = 'sms-deliver';
export const SMS_SWEEP_QUEUE = 'sms-sweep';
/** Texts fetched per poll, and sent at a time. */
const SMS_BATCH_SIZE = 20;
const SMS_SEND_CONCURRENCY = 5;
export const EMAIL_BODY_PURGE_QUEUE = 'email-body-purge';
/** Hourly: a body is dropped at most an hour after its retention period ends. */
export const EMAIL_BODY_PURGE_CRON = '23 * * * *';
/** Hourly: the rate limits' counters whose window ended are deleted. */
export const RATE_LIMIT_CLEANUP_QUEUE = 'rate-limit-cleanup';
const RATE_LIMIT_CLEANUP_CRON = '41 * * * *';
/** Unsigned letters whose first draft came too close are made again early each morning (UTC). */
export const LETTER_RENEWAL_QUEUE = 'letter-renewal';
const LETTER_RENEWAL_CRON = '17 6 * * *';
/**
 * Daily: the alert rules over every monitored application, as of the run's moment. One run per day however
 * many instances (a pg-boss schedule); a run that fails half-way is retried and raises nothing twice.
 */
/** The counselling calls' reminders, a day and an hour before each call (call-reminders.ts). */
export const CALL_REMINDERS_QUEUE = 'counselling-call-reminders';
// Every five minutes: the hour's reminder goes at most five minutes late.
const CALL_REMINDERS_CRON = '*/5 * * * *';
export const ALERT_RULES_QUEUE = 'alert-rules';
const ALERT_RULES_CRON = '15 6 * * *';
/**
 * Daily, before the alert rules: the data refresh of every monitored application's banks (balances,
 * transactions, the four-weekly income snapshot and debt score).
 */
export const BANK_REFRESH_QUEUE = 'bank-refresh';
const BANK_REFRESH_CRON = '0 5 * * *';
/**
 * Daily, after the refresh and before the rules: the soft credit pull of each monitored application whose last
 * pull is MONITOR_CREDIT_PULL_DAYS old (so each customer is pulled about monthly, on their own day).
 */
export const CREDIT_PULL_QUEUE = 'credit-pull';
const CREDIT_PULL_CRON = '40 5 * * *';
/** The monitors' queues share these: one run at a time, retried after a failure (each run is safe to repeat). */
const MONITOR_QUEUE_OPTIONS = {
  // One run at a time: a second queued while one runs waits for it rather than doubling the work.
  policy: 'singleton',
  retryLimit: 3,
  retryDelay: 300,
  expireInSeconds: 4 * 60 * 60,
} as const;

export type Jobs = {
  /** Queues a run of the alert rules now (the schedule runs them daily). */
  alertRulesQueued: () => Promise<void>;
  /** Queues a data refresh now (the schedule runs it daily); nothing without `monitors`. */
  bankRefreshQueued: () => Promise<void>;
  /** Queues the due credit pulls now (the schedule runs them daily); nothing without `monitors`. */
  creditPullQueued: () => Promise<void>;
  emailQueued: (id: string) => void;
  smsQueued: (id: string) => void;
  /** An application moved to transfer: its partner webhook is queued (ids only) and built when delivered. */
  /** Queues the partner's event about the application (the transfer unless said otherwise). */
  webhookQueued: (applicationId: string, type?: PartnerWebhookEventType) => void;
  /** The Letter of Authorization's job, written in the caller's transaction (the payment account's save). */
  letterQueued: QueueLetter;
  /** The proposals' job, written in quality control's transaction. */
  proposalsQueued: QueueProposals;
  stop: () => Promise<void>;
};

/**
 * pg-boss on the product's own database (PGlite through executeSql, or PostgreSQL): durable, retried,
 * safe with several server instances.
 *
 * Email: one job per outbox row at most. The queue's 'stately' policy with the row id as singleton key lets
 * the database refuse a second queued job for the same row, and the sweep at start skips rows that already
 * have a queued, waiting or running job, so a restart no longer doubles the backlog. A failed send is tried
 * again after a doubling delay (see EmailRetryPolicy) until the email is EMAIL_GIVE_UP_HOURS old; then it is
 * marked failed for staff to see.
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
  /** EMAIL_GIVE_UP_HOURS: an email still undelivered this long after it was written is marked failed. */
  emailGiveUpHours?: number;
  /** Delays between attempts; DEFAULT_EMAIL_RETRY unless a test wants them short. */
  emailRetry?: Omit<EmailRetryPolicy, 'giveUpHours'>;
  /** The clock that decides when an email is given up (tests move it). */
  now?: () => Date;
  /**
   * What the monitors read through and where alert messages link to. Without it only the alert rules run,
   * over what the database holds, and write no emails or texts.
   */
  /** The daily sweep of unsigned letters whose first draft came too close (renew-stale-letters.ts). */
  renewStaleLetters?: () => Promise<number>;
  /** Writes the counselling calls' reminders due at `now` (each once); answers the outbox rows to queue. */
  sendCallReminders?: (now: Date) => Promise<{ emailIds: string[]; smsIds: string[] }>;
  /** Sends an application's Letter of Authorization unless it already went (the letter's job). */
  sendLetter?: (applicationId: string) => Promise<void>;
  /** Prepares the proposals of an application not made yet (the proposals' job). */
  prepareProposals?: (applicationId: string) => Promise<void>;
  /** Applies the silent-creditor default where it is due; answers how many and whether more wait. */
  applySilentDefaults?: () => Promise<{ applied: number; more: boolean }>;
  monitors?: {
    bankLink: BankLink;
    creditBureau: CreditBureau;
    publicUrl: string;
    /** MONITOR_CREDIT_PULL_DAYS. */
    creditPullDays: number;
  };
}): Promise<Jobs> {
  // Everything the queue has running, so that stop() can wait for it before the database closes.
  const inFlight = new InFlight();
  const boss = new PgBoss({
    db: { executeSql: inFlight.executeSql(o.database.executeSql) },
    schema: PGBOSS_SCHEMA,
    supervise: true,
    // The hourly purge of old email bodies is a pg-boss schedule: one run per tick however many instances.
    schedule: true,
    cronWorkerIntervalSeconds: 30,
  });
  boss.on('error', (error) => o.log.error({ err: error }, 'job queue error'));
  await boss.start();
  // Every queue this instance works on: their jobs are leased, and handed back if their instance dies.
  const workedQueues = new Set<string>();
  const workers = await startWorkers({
    database: o.database,
    boss,
    schema: PGBOSS_SCHEMA,
    queues: () => [...workedQueues],
    log: o.log,
  });
  /**
   * boss.work, with each handler's run counted as in flight, and its jobs leased to this instance while it
   * runs (workers.ts): if the process dies, another instance (or this one restarted) runs them again within
   * seconds, not after the queue's expiry.
   */
  const work = <T>(name: string, options: PgBoss.WorkOptions, handler: PgBoss.WorkHandler<T>) => {
    workedQueues.add(name);
    return boss.work<T>(name, options, (jobs) =>
      inFlight.track(
        (async () => {
          const ids = jobs.map((job) => job.id);
          await workers.lease(name, ids);
          try {
            return await handler(jobs);
          } finally {
            // A lease left behind is harmless: it names a job no longer active, and goes with the instance.
            await workers.release(ids).catch((error: unknown) => {
              o.log.warn({ err: error }, 'could not release job leases');
            });
          }
        })(),
      ),
    );
  };
  const emailQueue = {
    name: EMAIL_QUEUE,
    policy: 'stately',
    // The handler schedules its own retries (below); pg-boss's retries only cover a job lost with its
    // worker (a crash, a stop mid-send, a batch past its expiry), so the first comes within seconds: the
    // email was acknowledged and the person is waiting for it. The expiry is a last resort: a dead
    // instance's jobs are handed back long before it (workers.ts).
    retryLimit: 5,
    retryDelay: 2,
    retryBackoff: true,
    expireInSeconds: 30 * 60,
  } as const;
  await boss.createQueue(EMAIL_QUEUE, emailQueue);
  // A database whose queue was created by an earlier version keeps its old options: bring it up to date.
  await boss.updateQueue(EMAIL_QUEUE, emailQueue);

  const retry: EmailRetryPolicy = {
    giveUpHours: o.emailGiveUpHours ?? DEFAULT_EMAIL_GIVE_UP_HOURS,
    ...(o.emailRetry ?? DEFAULT_EMAIL_RETRY),
  };
  const now = o.now ?? (() => new Date());
  const queueEmail = (id: string, startAfter?: Date) =>
    boss.send(EMAIL_QUEUE, { id }, startAfter ? { singletonKey: id, startAfter } : { singletonKey: id });

  /** One attempt; on failure, the next one is queued (the same row, one job) or the email is given up. */
  const attemptEmail = async (id: string, row: EmailOutboxRow | null) => {
    try {
      const outcome = await deliverEmail(o.database.db, o.cipher, o.transport, id, row);
      o.log.info({ emailId: id, outcome, transport: o.transport.name }, 'email delivery');
      return;
    } catch {
      // The error text stays in the row's lastError: it can name the recipient, so it is not logged.
    }
    const next = await afterFailedDelivery(o.database.db, id, { ...retry, now: now() });
    if (next === 'skipped') return;
    if ('failedAt' in next) {
      o.log.warn(
        { emailId: id, giveUpHours: retry.giveUpHours },
        'email given up: not delivered within EMAIL_GIVE_UP_HOURS (listed at /api/staff/email-failures)',
      );
      return;
    }
    // Queued while this job is still active: 'stately' allows one queued beside one active per row.
    await queueEmail(id, next.retryAt);
    o.log.info({ emailId: id, retryAt: next.retryAt.toISOString() }, 'email delivery failed; retry queued');
  };

  // The worker's id, to wake it; known once work() answers (notifying '' before then does nothing).
  let emailWorker = '';
  emailWorker = await work<{ id: string }>(
    EMAIL_QUEUE,
    { batchSize: EMAIL_BATCH_SIZE, pollingIntervalSeconds: EMAIL_POLLING_SECONDS },
    async (jobs) => {
      // One job per row in a batch: keyless duplicates queued by earlier versions would otherwise be sent
      // twice, in parallel. The extra ones complete without doing anything.
      const unique = [...new Map(jobs.map((job) => [job.data.id, job])).values()];
      // The batch's rows in one read. No other job can deliver them meanwhile ('stately': one active job per
      // row), so they stay current while the batch runs.
      const rows = await loadEmails(
        o.database.db,
        unique.map((job) => job.data.id),
      );
      // pg-boss completes or fails a batch as a whole: each job's own error fails that job alone (pg-boss
      // then retries it), and the handler returns so the others complete.
      await inParallel(unique, EMAIL_SEND_CONCURRENCY, async (job) => {
        try {
          await attemptEmail(job.data.id, rows.get(job.data.id) ?? null);
        } catch (error) {
          o.log.error({ err: error, emailId: job.data.id }, 'email job failed');
          await boss
            .fail(EMAIL_QUEUE, job.id, { message: error instanceof Error ? error.message : String(error) })
            .catch((failError: unknown) => o.log.error({ err: failError }, 'could not fail an email job'));
        }
      });
      // A full batch means more are probably waiting: fetch again now rather than after the interval.
      if (jobs.length === EMAIL_BATCH_SIZE) boss.notifyWorker(emailWorker);
    },
  );

  /**
   * Queues every email still to deliver that has no live job, written at least `minAgeSeconds` ago; returns
   * how many were queued.
   */
  const sweepEmails = async (minAgeSeconds: number) => {
    const ids = await unqueuedEmailIds(o.database, minAgeSeconds);
    for (let at = 0; at < ids.length; at += SWEEP_INSERT_CHUNK) {
      await boss.insert(
        ids
          .slice(at, at + SWEEP_INSERT_CHUNK)
          .map((id) => ({ name: EMAIL_QUEUE, data: { id }, singletonKey: id })),
      );
    }
    if (ids.length > 0) boss.notifyWorker(emailWorker);
    return ids.length;
  };
  await boss.createQueue(EMAIL_SWEEP_QUEUE, { name: EMAIL_SWEEP_QUEUE, retryLimit: 1, retryDelay: 60 });
  await work(EMAIL_SWEEP_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    // Emails written in the last minute are skipped: their own announcement is most likely on its way.
    const queued = await sweepEmails(60);
    if (queued > 0) o.log.info({ queued }, 'emails without a job queued again');
  });
  await boss.schedule(EMAIL_SWEEP_QUEUE, EMAIL_SWEEP_CRON);

  // Texts, like emails, have one job per outbox row at most ('stately' with the row id as singleton key):
  // two jobs for one row could both read it unsent and send the text twice.
  const smsQueue = {
    name: SMS_QUEUE,
    policy: 'stately',
    retryLimit: MAX_SMS_ATTEMPTS,
    retryDelay: 5,
    retryBackoff: true,
  } as const;
  await boss.createQueue(SMS_QUEUE, smsQueue);
  await boss.updateQueue(SMS_QUEUE, smsQueue);
  const queueSms = (id: string) => boss.send(SMS_QUEUE, { id }, { singletonKey: id });
  let smsWorker = '';
  smsWorker = await work<{ id: string }>(
    SMS_QUEUE,
    { batchSize: SMS_BATCH_SIZE, pollingIntervalSeconds: 1 },
    async (jobs) => {
      // As for emails: several at a time, and a failed text fails its own job alone (pg-boss retries it).
      await inParallel(jobs, SMS_SEND_CONCURRENCY, async (job) => {
        try {
          const outcome = await deliverSms(o.database.db, o.cipher, o.sms, job.data.id);
          o.log.info({ smsId: job.data.id, outcome }, 'text message delivery');
        } catch (error) {
          // The provider's message can name the number: it stays in the row's lastError, not in the log.
          o.log.warn({ smsId: job.data.id }, 'text message not delivered: retried later');
          await boss
            .fail(SMS_QUEUE, job.id, { message: error instanceof Error ? error.message : String(error) })
            .catch((failError: unknown) => o.log.error({ err: failError }, 'could not fail a text job'));
        }
      });
      if (jobs.length === SMS_BATCH_SIZE) boss.notifyWorker(smsWorker);
    },
  );
  // Every 10 minutes, as for emails: texts left without a job (one that ran out of retries through crashes).
  await boss.createQueue(SMS_SWEEP_QUEUE, { name: SMS_SWEEP_QUEUE, retryLimit: 1, retryDelay: 60 });
  await work(SMS_SWEEP_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    const ids = await unqueuedSmsIds(o.database, { minAgeSeconds: 60 });
    for (const id of ids) await queueSms(id);
    if (ids.length > 0) o.log.info({ queued: ids.length }, 'text messages without a job queued again');
  });
  await boss.schedule(SMS_SWEEP_QUEUE, EMAIL_SWEEP_CRON);
  // The partner webhook has no outbox table: the job's data is the pending delivery (event and application
  // ids; the body is built when it runs, see partner-webhook.ts).
  await boss.createQueue(PARTNER_WEBHOOK_QUEUE, {
    name: PARTNER_WEBHOOK_QUEUE,
    retryLimit: PARTNER_WEBHOOK_RETRY_LIMIT,
    retryDelay: o.partnerWebhook?.retryDelaySeconds ?? PARTNER_WEBHOOK_RETRY_DELAY_SECONDS,
    retryBackoff: true,
  });
  const partner = o.partnerWebhook;
  if (partner) {
    await work<PartnerWebhookJob | LegacyPartnerWebhookJob>(
      PARTNER_WEBHOOK_QUEUE,
      { pollingIntervalSeconds: 1 },
      async (jobs) => {
        for (const job of jobs) {
          const ids = partnerWebhookJobIds(job.data);
          if (!ids) {
            o.log.error({ jobId: job.id }, 'partner webhook: job data not understood; nothing sent');
            continue;
          }
          const event = await buildPartnerWebhookEvent({
            db: o.database.db,
            cipher: o.cipher,
            applicationId: ids.applicationId,
            eventId: ids.eventId,
            type: ids.type,
            now: new Date(ids.createdAt),
          });
          if (!event) {
            // Erased, or its enrollment undone, since the transfer: there is nothing left to announce.
            o.log.warn(
              { eventId: ids.eventId, applicationId: ids.applicationId },
              'partner webhook: nothing to hand over',
            );
            continue;
          }
          const status = await deliverPartnerWebhook({
            url: partner.url,
            secret: partner.secret,
            delivery: { eventId: event.id, type: event.type, body: JSON.stringify(event) },
          });
          o.log.info({ eventId: ids.eventId, status }, 'partner webhook delivered');
        }
      },
    );
  }
  // Jobs queued by versions that kept the whole event in the job's data: rewritten to ids, queued or done.
  const rewritten = await forgetPartnerWebhookBodies(o.database);
  if (rewritten > 0) o.log.info({ rewritten }, 'partner webhook jobs rewritten to ids only');
  // Delivered emails' bodies (codes, links, the signed letter) and texts' bodies are dropped after the retention
  // period.
  await boss.createQueue(EMAIL_BODY_PURGE_QUEUE, {
    name: EMAIL_BODY_PURGE_QUEUE,
    retryLimit: 2,
    retryDelay: 60,
  });
  await work(EMAIL_BODY_PURGE_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    const dropped = await dropOldEmailBodies(o.database.db, { retentionDays: o.emailBodyRetentionDays });
    const droppedTexts = await dropOldSmsBodies(o.database.db, { retentionDays: o.emailBodyRetentionDays });
    o.log.info(
      { dropped, droppedTexts, retentionDays: o.emailBodyRetentionDays },
      'old email and text bodies dropped',
    );
  });
  await boss.schedule(EMAIL_BODY_PURGE_QUEUE, EMAIL_BODY_PURGE_CRON);
  // Once at start too, so a server that is seldom up at the scheduled minute still purges.
  await boss.send(EMAIL_BODY_PURGE_QUEUE, {});

  await boss.createQueue(RATE_LIMIT_CLEANUP_QUEUE, {
    name: RATE_LIMIT_CLEANUP_QUEUE,
    retryLimit: 2,
    retryDelay: 60,
  });
  await work(RATE_LIMIT_CLEANUP_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    const deleted = await deleteExpiredRateLimitCounters(o.database.executeSql);
    o.log.info({ deleted }, 'expired rate-limit counters deleted');
  });
  await boss.schedule(RATE_LIMIT_CLEANUP_QUEUE, RATE_LIMIT_CLEANUP_CRON);

  if (o.renewStaleLetters) {
    const renew = o.renewStaleLetters;
    await boss.createQueue(LETTER_RENEWAL_QUEUE, {
      name: LETTER_RENEWAL_QUEUE,
      retryLimit: 2,
      retryDelay: 300,
    });
    await work(LETTER_RENEWAL_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
      const renewed = await renew();
      o.log.info({ renewed }, 'stale letters of authorization made again');
    });
    await boss.schedule(LETTER_RENEWAL_QUEUE, LETTER_RENEWAL_CRON);
    // Once at start too, so a server that is seldom up at the scheduled minute still sweeps.
    await boss.send(LETTER_RENEWAL_QUEUE, {});
  }

  if (o.sendCallReminders) {
    const remind = o.sendCallReminders;
    await boss.createQueue(CALL_REMINDERS_QUEUE, {
      name: CALL_REMINDERS_QUEUE,
      // One run at a time; a reminder's row keeps two runs (or two servers) from sending it twice anyway.
      policy: 'singleton',
      retryLimit: 2,
      retryDelay: 60,
    });
    await work(CALL_REMINDERS_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
      const written = await remind(now());
      for (const id of written.emailIds) await queueEmail(id);
      for (const id of written.smsIds) await queueSms(id);
      if (written.emailIds.length > 0)
        o.log.info({ reminders: written.emailIds.length }, 'call reminders sent');
    });
    await boss.schedule(CALL_REMINDERS_QUEUE, CALL_REMINDERS_CRON);
  }

  // The customer hears of a low balance or a lost bank connection: the messages are written with the alert
  // and handed to their queues once it commits.
  const notifier: Notifier | undefined = o.monitors && {
    cipher: o.cipher,
    publicUrl: o.monitors.publicUrl,
    onEmailQueued: (id) => {
      queueEmail(id).catch((error: unknown) => o.log.error({ err: error }, 'could not queue an email'));
    },
    onSmsQueued: (id) => {
      queueSms(id).catch((error: unknown) => o.log.error({ err: error }, 'could not queue a text message'));
    },
  };
  await boss.createQueue(ALERT_RULES_QUEUE, { name: ALERT_RULES_QUEUE, ...MONITOR_QUEUE_OPTIONS });
  await work(ALERT_RULES_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    const run = await raiseAllAlerts(o.database.db, { asOf: now(), notifier });
    o.log.info({ applications: run.applications, raised: run.raised }, 'alert rules run');
  });
  await boss.schedule(ALERT_RULES_QUEUE, ALERT_RULES_CRON);
  if (o.monitors) {
    const monitors: MonitorDeps = {
      db: o.database.db,
      bankLink: o.monitors.bankLink,
      creditBureau: o.monitors.creditBureau,
      cipher: o.cipher,
      notifier,
      log: o.log,
    };
    const settings = { creditPullDays: o.monitors.creditPullDays };
    await boss.createQueue(BANK_REFRESH_QUEUE, { name: BANK_REFRESH_QUEUE, ...MONITOR_QUEUE_OPTIONS });
    await work(BANK_REFRESH_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
      const run = await refreshAll(monitors, { asOf: now(), settings });
      o.log.info({ applications: run.applications, outcomes: run.outcomes }, 'bank data refresh run');
    });
    await boss.schedule(BANK_REFRESH_QUEUE, BANK_REFRESH_CRON);
    await boss.createQueue(CREDIT_PULL_QUEUE, { name: CREDIT_PULL_QUEUE, ...MONITOR_QUEUE_OPTIONS });
    await work(CREDIT_PULL_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
      const run = await pullAllDue(monitors, { asOf: now(), settings });
      o.log.info({ applications: run.applications, outcomes: run.outcomes }, 'credit pull run');
    });
    await boss.schedule(CREDIT_PULL_QUEUE, CREDIT_PULL_CRON);
  }

  // The letter of authorization, queued by the payment account's save in its own transaction. One job per
  // application at a time: a second (from a visit to /submitted) waits for the first and finds the envelope.
  const letterQueue = {
    name: LETTER_SEND_QUEUE,
    policy: 'stately',
    retryLimit: 8,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 10 * 60,
  } as const;
  await boss.createQueue(LETTER_SEND_QUEUE, letterQueue);
  await boss.updateQueue(LETTER_SEND_QUEUE, letterQueue);
  const sendLetter = o.sendLetter;
  const sweepLetters = async () => {
    if (!sendLetter) return 0;
    const ids = await unqueuedLetterIds(o.database);
    for (const id of ids) await boss.send(LETTER_SEND_QUEUE, { applicationId: id }, { singletonKey: id });
    return ids.length;
  };
  if (sendLetter) {
    await work<{ applicationId: string }>(
      LETTER_SEND_QUEUE,
      { pollingIntervalSeconds: 1, batchSize: 1 },
      async ([job]) => {
        // A failure (the provider down) fails the job: pg-boss retries it after a doubling delay.
        await sendLetter(job!.data.applicationId);
        o.log.info({ applicationId: job!.data.applicationId }, 'letter of authorization job done');
      },
    );
    // Letters whose job ran out of retries, or was written by a version without it: queued again.
    await boss.createQueue(LETTER_SWEEP_QUEUE, { name: LETTER_SWEEP_QUEUE, retryLimit: 1, retryDelay: 60 });
    await work(LETTER_SWEEP_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
      const queued = await sweepLetters();
      if (queued > 0) o.log.info({ queued }, 'letters of authorization without a job queued again');
    });
    await boss.schedule(LETTER_SWEEP_QUEUE, EMAIL_SWEEP_CRON);
  }

  // The proposals to the creditors, queued by quality control's pass in its own transaction. One job per
  // application at a time; a retry (the document store unreachable) makes only what the last run did not.
  const proposalsQueue = {
    name: PROPOSALS_QUEUE,
    policy: 'stately',
    retryLimit: 8,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: 10 * 60,
  } as const;
  await boss.createQueue(PROPOSALS_QUEUE, proposalsQueue);
  await boss.updateQueue(PROPOSALS_QUEUE, proposalsQueue);
  const prepareProposals = o.prepareProposals;
  const sweepProposals = async () => {
    if (!prepareProposals) return 0;
    const ids = await unqueuedProposalIds(o.database);
    for (const id of ids) await boss.send(PROPOSALS_QUEUE, { applicationId: id }, { singletonKey: id });
    return ids.length;
  };
  if (prepareProposals) {
    await work<{ applicationId: string }>(
      PROPOSALS_QUEUE,
      { pollingIntervalSeconds: 1, batchSize: 1 },
      async ([job]) => {
        await prepareProposals(job!.data.applicationId);
        o.log.info({ applicationId: job!.data.applicationId }, 'proposals job done');
      },
    );
    await boss.createQueue(PROPOSALS_SWEEP_QUEUE, {
      name: PROPOSALS_SWEEP_QUEUE,
      retryLimit: 1,
      retryDelay: 60,
    });
    await work(PROPOSALS_SWEEP_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
      const queued = await sweepProposals();
      if (queued > 0) o.log.info({ queued }, 'proposals without a job queued again');
    });
    await boss.schedule(PROPOSALS_SWEEP_QUEUE, EMAIL_SWEEP_CRON);
  }

  if (o.applySilentDefaults) {
    const apply = o.applySilentDefaults;
    await boss.createQueue(SILENT_CREDITORS_QUEUE, {
      name: SILENT_CREDITORS_QUEUE,
      ...MONITOR_QUEUE_OPTIONS,
    });
    await work(SILENT_CREDITORS_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
      const run = await apply();
      o.log.info({ applied: run.applied }, 'silent-creditor defaults applied');
      // A full run leaves more: the next one is queued now rather than tomorrow.
      if (run.more) await boss.send(SILENT_CREDITORS_QUEUE, {});
    });
    await boss.schedule(SILENT_CREDITORS_QUEUE, SILENT_CREDITORS_CRON);
    // Once at start too, so a server that is seldom up at the scheduled minute still applies them.
    await boss.send(SILENT_CREDITORS_QUEUE, {});
  }

  // Jobs a dead instance had running go back to the queue first (at once on the embedded database, whose
  // last process is dead if this one starts): then the sweeps below see them as queued, not lost.
  const handedBack = await workers.sweep();
  if (handedBack > 0) o.log.warn({ jobs: handedBack }, 'jobs of a dead server instance handed back at start');
  const proposalsQueued = await sweepProposals();
  if (proposalsQueued > 0) o.log.info({ queued: proposalsQueued }, 'pending proposals queued at start');
  const lettersQueued = await sweepLetters();
  if (lettersQueued > 0)
    o.log.info({ queued: lettersQueued }, 'pending letters of authorization queued at start');
  // Messages written while the queue was down (or whose job was lost) are picked up at start. Emails that
  // still have a job are left to it.
  const swept = await sweepEmails(0);
  if (swept > 0) o.log.info({ queued: swept }, 'pending emails queued at start');
  for (const id of await unqueuedSmsIds(o.database)) await queueSms(id);

  return {
    alertRulesQueued: async () => {
      await boss.send(ALERT_RULES_QUEUE, {});
    },
    bankRefreshQueued: async () => {
      if (o.monitors) await boss.send(BANK_REFRESH_QUEUE, {});
    },
    creditPullQueued: async () => {
      if (o.monitors) await boss.send(CREDIT_PULL_QUEUE, {});
    },
    emailQueued: (id) => {
      queueEmail(id)
        // Wakes this instance's worker: a reset code goes out now, not at the next poll.
        .then(() => boss.notifyWorker(emailWorker))
        .catch((error: unknown) => o.log.error({ err: error }, 'could not queue an email'));
    },
    smsQueued: (id) => {
      queueSms(id).catch((error: unknown) => o.log.error({ err: error }, 'could not queue a text message'));
    },
    webhookQueued: (applicationId, type) => {
      if (!partner) {
        o.log.info({ applicationId, type }, 'partner webhook skipped: PARTNER_WEBHOOK_URL is not set');
        return;
      }
      const data = partnerWebhookJob(applicationId, now(), undefined, type);
      boss
        .send(PARTNER_WEBHOOK_QUEUE, data)
        .then(() =>
          o.log.info({ applicationId, eventId: data.eventId, type: data.type }, 'partner webhook queued'),
        )
        .catch((error: unknown) =>
          o.log.error({ err: error, applicationId }, 'could not queue a partner webhook'),
        );
    },
    letterQueued: async (tx, applicationId) => {
      await boss.send(
        LETTER_SEND_QUEUE,
        { applicationId },
        { singletonKey: applicationId, db: { executeSql: transactionSql(tx) } },
      );
    },
    proposalsQueued: async (tx, applicationId) => {
      await boss.send(
        PROPOSALS_QUEUE,
        { applicationId },
        { singletonKey: applicationId, db: { executeSql: transactionSql(tx) } },
      );
    },
    stop: async () => {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      // pg-boss may still be fetching or completing (see InFlight): give that a moment to settle.
      const settled = await inFlight.settleAndClose(STOP_SETTLE_MS);
      if (!settled) o.log.warn('job queue stopped with work still running; its jobs will be retried');
      // Unregistered only now: the jobs still running (past the wait) are handed back at once by the others.
      await workers.stop();
      o.transport.close?.();
    },
  };
}

/** Jobs per insert statement when the sweep queues a backlog. */
const SWEEP_INSERT_CHUNK = 500;

/**
 * Outbox emails still to deliver (not sent, not given up, body kept) without a live job: none queued,
 * waiting to retry or running. Matched on the job's data rather than its singleton key, so jobs queued by
 * earlier versions (without a key) count too.
 */
async function unqueuedEmailIds(database: Database, minAgeSeconds: number): Promise<string[]> {
  const { rows } = await database.executeSql(
    `select e.id from email_outbox e
      where e.sent_at is null and e.failed_at is null and e.sealed is not null
        and e.created_at <= now() - make_interval(secs => $2)
        and not exists (
          select 1 from ${PGBOSS_SCHEMA}.job j
           where j.name = $1 and j.state < 'completed' and j.data->>'id' = e.id::text
        )
      order by e.created_at`,
    [EMAIL_QUEUE, minAgeSeconds],
  );
  return rows.map((row) => (row as { id: string }).id);
}

/**
 * Rewrites the data of partner-webhook jobs that still hold a whole event (queued by an earlier version, in
 * any state, archived ones included) to the ids the worker needs, so the names, emails and addresses in it
 * do not stay in pg-boss's tables. Returns how many were rewritten. A job whose body cannot be read keeps
 * it (the worker reports it) rather than losing the delivery silently.
 */
async function forgetPartnerWebhookBodies(database: Database): Promise<number> {
  let rewritten = 0;
  for (const table of ['job', 'archive']) {
    const exists = await database.executeSql(`select to_regclass($1) as t`, [`${PGBOSS_SCHEMA}.${table}`]);
    if (!(exists.rows[0] as { t: string | null }).t) continue;
    const { rows } = await database.executeSql(
      `select id, data from ${PGBOSS_SCHEMA}.${table} where name = $1 and data->>'body' is not null`,
      [PARTNER_WEBHOOK_QUEUE],
    );
    for (const row of rows as { id: string; data: LegacyPartnerWebhookJob }[]) {
      const ids = partnerWebhookJobIds(row.data);
      if (!ids) continue;
      await database.executeSql(
        `update ${PGBOSS_SCHEMA}.${table} set data = $3::jsonb where name = $1 and id = $2`,
        [PARTNER_WEBHOOK_QUEUE, row.id, JSON.stringify(ids)],
      );
      rewritten++;
    }
  }
  return rewritten;
}

/**
 * Applications waiting for their Letter of Authorization (payment account saved, status signContract, no
 * envelope) with no live letter job.
 */
async function unqueuedLetterIds(database: Database, limit = 500): Promise<string[]> {
  const { rows } = await database.executeSql(
    `select a.id from application a
      where a.status = 'signContract'
        and not exists (select 1 from docusign d where d.application_id = a.id)
        and not exists (
          select 1 from ${PGBOSS_SCHEMA}.job j
           where j.name = $1 and j.state < 'completed' and j.singleton_key = a.id::text
        )
      order by a.created_at
      limit $2`,
    [LETTER_SEND_QUEUE, limit],
  );
  return rows.map((row) => (row as { id: string }).id);
}

/**
 * Applications past quality control (creditorReview) with an offer on the plan still without its proposal, and
 * no live proposals job: a job that ran out of retries (the document store down for long), or an application
 * that passed quality control before proposals existed. An offer on the plan: of the newest decision, kept by
 * the borrower, not declined, with a balance.
 */
export async function unqueuedProposalIds(database: Database, limit = 500): Promise<string[]> {
  const { rows } = await database.executeSql(
    `select a.id from application a
      where a.status = 'creditorReview'
        and exists (
          select 1 from offer o
           where o.application_id = a.id and o.proposal_s3_key is null and not o.declined_by_borrower
             and o.status is distinct from 'declined' and o.balance > 0
             and o.decision_id = (select d.id from decision d where d.application_id = a.id
                                   order by d.created_at desc limit 1)
        )
        and not exists (
          select 1 from ${PGBOSS_SCHEMA}.job j
           where j.name = $1 and j.state < 'completed' and j.singleton_key = a.id::text
        )
      order by a.created_at
      limit $2`,
    [PROPOSALS_QUEUE, limit],
  );
  return rows.map((row) => (row as { id: string }).id);
}

/** Texts still to send whose job is gone (written while the queue was down, or lost), oldest first. */
async function unqueuedSmsIds(
  database: Database,
  o: { minAgeSeconds?: number; limit?: number } = {},
): Promise<string[]> {
  const { rows } = await database.executeSql(
    `select s.id from sms_outbox s
      where s.sent_at is null and s.attempts < $2
        and s.created_at <= now() - make_interval(secs => $4)
        and not exists (
          select 1 from ${PGBOSS_SCHEMA}.job j
           where j.name = $1 and j.state < 'completed' and j.data->>'id' = s.id::text
        )
      order by s.created_at
      limit $3`,
    [SMS_QUEUE, MAX_SMS_ATTEMPTS, o.limit ?? 500, o.minAgeSeconds ?? 0],
  );
  return rows.map((row) => (row as { id: string }).id);
}

/** Runs `run` over `items`, at most `limit` at a time. */
async function inParallel<T>(items: T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

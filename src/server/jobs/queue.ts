import PgBoss from 'pg-boss';
import { z } from 'zod';
import type { ExecuteSql } from '#server/db/client';
import type { QueueLetter } from '#server/application/letter-queue';
import type { QueueProposals } from '#server/application/proposal-queue';
import {
  type PartnerWebhookEventType,
  partnerWebhookJob as partnerWebhookPayload,
} from '../features/staff-actions/partner-webhook';
import { transactionSql } from '#server/db/transaction-sql';
import type { JobContext, JobDeps, QueueOptions, SendOptions } from './define-job';
import { deadLetterQueue, forgetHandover, recordHandover } from './handover';
import { InFlight } from './in-flight';
import { PGBOSS_SCHEMA } from './job-counts';
import { startWorkers } from './workers';
import { todayIn } from '#domain/calendar';
import { withUnit } from '#server/unit-of-work';
import { JOBS } from './definitions';
import { FALLBACK_POLLING_SECONDS } from './polling';
import { alertRulesJob } from './definitions/alert-rules';
import { bankRefreshJob } from './definitions/bank-refresh';
import { creditPullJob } from './definitions/credit-pull';
import { queueEmail } from './definitions/email-deliver';
import { letterSendJob } from './definitions/letter-send';
import { partnerWebhookJob } from './definitions/partner-webhook';
import { proposalsPrepareJob } from './definitions/proposals-prepare';
import { queueSms } from './definitions/sms-deliver';

export { PGBOSS_SCHEMA } from './job-counts';
// The queues' names and settings, where the callers and tests have always found them.
export { ALERT_RULES_QUEUE } from './definitions/alert-rules';
export { BANK_REFRESH_QUEUE } from './definitions/bank-refresh';
export { CALL_REMINDERS_QUEUE } from './definitions/call-reminders';
export { CREDIT_PULL_QUEUE } from './definitions/credit-pull';
export { EMAIL_BODY_PURGE_CRON, EMAIL_BODY_PURGE_QUEUE } from './definitions/email-body-purge';
export {
  DEFAULT_EMAIL_GIVE_UP_HOURS,
  EMAIL_BATCH_SIZE,
  EMAIL_POLLING_SECONDS,
  EMAIL_QUEUE,
} from './definitions/email-deliver';
export { EMAIL_SWEEP_CRON, EMAIL_SWEEP_QUEUE } from './definitions/email-sweep';
export { LETTER_RENEWAL_QUEUE } from './definitions/letter-renewal';
export { LETTER_SWEEP_QUEUE } from './definitions/letter-sweep';
export { PROPOSALS_SWEEP_QUEUE, unqueuedProposalIds } from './definitions/proposals-sweep';
export { RATE_LIMIT_CLEANUP_QUEUE } from './definitions/rate-limit-cleanup';
export { SILENT_CREDITORS_QUEUE } from './definitions/silent-creditors';
export { SMS_QUEUE } from './definitions/sms-deliver';
export { SMS_SWEEP_QUEUE } from './definitions/sms-sweep';

/** After pg-boss stops, how long its last fetches, completions and handlers may take before the database closes. */
const STOP_SETTLE_MS = 3_000;
/** Jobs per insert statement when a sweep queues a backlog. */
const SEND_MANY_CHUNK = 500;
/**
 * A job queued to start later (an email's retry) wakes this instance's worker when it is due, if that is within
 * this long; one due later is left to the queue's poll, which is then a small part of its wait.
 */
const PLANNED_WAKE_LIMIT_MS = 60 * 60_000;
/** After a job's start time: pg-boss compares it with the database's clock, which may run a little behind. */
const PLANNED_WAKE_MARGIN_MS = 1_000;
/**
 * The letter's worker is woken this long after the payment account's save commits, not at once. At once, its
 * fetch fell within milliseconds of the save's answer, and a crash at that moment caught the job fetched but
 * not yet leased, which only the queue's expiry (10 minutes for the letter) hands back (decision 0178):
 * tests/scale/crash-recovery.test.ts kills the server as soon as it sees the commit and lost the letter in 2
 * of 5 runs. A second later the borrower is still reading the next page.
 */
const LETTER_WAKE_AFTER_COMMIT_MS = 1_000;

export type Jobs = {
  /** Queues a run of the alert rules now (the schedule runs them daily). */
  alertRulesQueued: () => Promise<void>;
  /** Queues a data refresh now (the schedule runs it daily); nothing without `monitors`. */
  bankRefreshQueued: () => Promise<void>;
  /** Queues the due credit pulls now (the schedule runs them daily); nothing without `monitors`. */
  creditPullQueued: () => Promise<void>;
  emailQueued: (id: string) => void;
  smsQueued: (id: string) => void;
  /** Queues the partner's event about the application (the transfer unless said otherwise): ids only. */
  webhookQueued: (applicationId: string, type?: PartnerWebhookEventType) => void;
  /** The Letter of Authorization's job, written in the caller's transaction (the payment account's save). */
  letterQueued: QueueLetter;
  /** The proposals' job, written in quality control's transaction. */
  proposalsQueued: QueueProposals;
  stop: () => Promise<void>;
};

/**
 * pg-boss on the product's own database (PGlite through executeSql, or PostgreSQL): durable, retried,
 * safe with several server instances. Every job is one definition under `definitions/` (see define-job.ts),
 * all listed in `definitions/index.ts`: this creates each one's queue, works it where this set-up can, and
 * schedules it. Only pg-boss's public API is used (a test fails on SQL that names its schema).
 */
export async function startJobs(o: JobDeps): Promise<Jobs> {
  // Everything the queue has running, so that stop() can wait for it before the database closes.
  const inFlight = new InFlight();
  const boss = new PgBoss({
    db: { executeSql: inFlight.executeSql(o.database.executeSql) },
    schema: PGBOSS_SCHEMA,
    // Its maintenance (expiring jobs past their expiry, archiving, deleting) every maintenanceIntervalSeconds,
    // its default of two minutes: one statement a round when there is nothing to do.
    supervise: true,
    // The schedules (the hourly purge, the sweeps) are pg-boss's: one run per tick however many instances.
    // pg-boss checks them every 30 s (cronMonitorIntervalSeconds, its default: a tick is due within the minute
    // that follows it, so a longer check could miss one) and queues the tick's job through its own queue, which
    // this polls every cronWorkerIntervalSeconds. Every scheduled job is daily, hourly or five-minutely.
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
    queues: () => [...workedQueues],
    log: o.log,
  });
  // The worker ids, to wake one (notifying '' before its work() answered does nothing).
  const workerIds = new Map<string, string>();
  const now = o.now ?? (() => new Date());
  // The jobs a handler failed one by one (ctx.fail) while it runs: their leases are deleted at once (workers.ts).
  const failedJobs = new Set<string>();

  // A queue's poll is only the fallback (polling.ts): a job this instance queues wakes its worker
  // here, at once when committed, or when it is due when queued to start later. A worker busy with a batch
  // fetches again as soon as it ends.
  let stopped = false;
  const plannedWakes = new Set<NodeJS.Timeout>();
  const wake = (queue: string) => {
    if (!stopped) boss.notifyWorker(workerIds.get(queue) ?? '');
  };
  const wakeIn = (queue: string, ms: number) => {
    const timer = setTimeout(() => {
      plannedWakes.delete(timer);
      wake(queue);
    }, ms);
    timer.unref();
    plannedWakes.add(timer);
  };
  const wakeWhenDue = (queue: string, startAfter?: Date) => {
    // The real clock, as the database's: `now` is the clock tests move to decide when an email is given up.
    const wait = startAfter ? startAfter.getTime() - Date.now() : 0;
    if (wait <= 0) return wake(queue);
    if (wait > PLANNED_WAKE_LIMIT_MS) return;
    wakeIn(queue, wait + PLANNED_WAKE_MARGIN_MS);
  };

  // What a unit written by a job announces once it commits: the same hand-over the app's requests use.
  const announce = {
    email: (id: string) => {
      // send wakes this instance's worker: a reset code goes out now, not at the next poll.
      queueEmail(ctx, id).catch((error: unknown) => o.log.error({ err: error }, 'could not queue an email'));
    },
    sms: (id: string) => {
      queueSms(ctx, id).catch((error: unknown) =>
        o.log.error({ err: error }, 'could not queue a text message'),
      );
    },
    webhook: (applicationId: string, type?: PartnerWebhookEventType) => {
      if (!o.partnerWebhook) {
        o.log.info({ applicationId, type }, 'partner webhook skipped: PARTNER_WEBHOOK_URL is not set');
        return;
      }
      const data = partnerWebhookPayload(applicationId, now(), undefined, type);
      ctx
        .send(partnerWebhookJob, data)
        .then(() =>
          o.log.info({ applicationId, eventId: data.eventId, type: data.type }, 'partner webhook queued'),
        )
        .catch((error: unknown) =>
          o.log.error({ err: error, applicationId }, 'could not queue a partner webhook'),
        );
    },
  };
  const inTransaction = (tx: Parameters<QueueLetter>[0]): SendOptions => ({
    executeSql: transactionSql(tx) satisfies ExecuteSql,
  });
  const unitServices = {
    database: o.database,
    cipher: o.cipher,
    today: () => todayIn(o.agencyTimeZone, now()),
    onEmailQueued: announce.email,
    onSmsQueued: announce.sms,
    onWebhookQueued: announce.webhook,
    // Written in the caller's transaction: the worker is woken by the unit once that commits.
    queueLetter: async (tx: Parameters<QueueLetter>[0], applicationId: string) => {
      await ctx.send(letterSendJob, { applicationId }, inTransaction(tx));
      return () => wakeIn(letterSendJob.name, LETTER_WAKE_AFTER_COMMIT_MS);
    },
    queueProposals: async (tx: Parameters<QueueProposals>[0], applicationId: string) => {
      await ctx.send(proposalsPrepareJob, { applicationId }, inTransaction(tx));
      return () => wake(proposalsPrepareJob.name);
    },
  };

  const ctx: JobContext = {
    deps: o,
    log: o.log,
    now,
    send: async (definition, payload, options: SendOptions = {}) => {
      // A payload the worker would refuse is a mistake in the caller: it throws here, before anything is queued.
      const data = definition.payload.parse(payload) as object;
      const singletonKey = definition.singletonKey?.(payload);
      const executeSql = options.executeSql;
      const id = await boss.send(definition.name, data, {
        ...(singletonKey === undefined ? {} : { singletonKey }),
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(executeSql ? { db: { executeSql } } : {}),
      });
      // No id: a job of this key is already waiting (pg-boss's singleton), and its send recorded the handover.
      if (id !== null && definition.handover && singletonKey !== undefined) {
        await recordHandover(executeSql ?? o.database.executeSql, definition.name, [singletonKey]);
      }
      // Committed already unless written in the caller's transaction, whose commit the caller waits for.
      if (id !== null && !executeSql) wakeWhenDue(definition.name, options.startAfter);
      return id;
    },
    sendMany: async (definition, payloads) => {
      const valid = payloads.map((payload) => definition.payload.parse(payload));
      for (let at = 0; at < valid.length; at += SEND_MANY_CHUNK) {
        const chunk = valid.slice(at, at + SEND_MANY_CHUNK);
        const keys = chunk.map((payload) => definition.singletonKey?.(payload));
        await boss.insert(
          chunk.map((payload, k) => ({
            name: definition.name,
            data: payload as object,
            ...(keys[k] === undefined ? {} : { singletonKey: keys[k] }),
          })),
        );
        if (definition.handover) {
          await recordHandover(
            o.database.executeSql,
            definition.name,
            keys.filter((key) => key !== undefined),
          );
        }
      }
      if (valid.length > 0) wake(definition.name);
      return valid.length;
    },
    fail: async (definition, jobId, error) => {
      failedJobs.add(jobId);
      await boss
        .fail(definition.name, jobId, { message: error instanceof Error ? error.message : String(error) })
        .catch((failError: unknown) =>
          o.log.error({ err: failError, queue: definition.name }, 'could not fail a job'),
        );
    },
    wake: (definition) => wake(definition.name),
    openUnit: (fn) => withUnit(unitServices, fn),
  };

  /**
   * boss.work, with each handler's run counted as in flight, and its jobs leased to this instance while it
   * runs (workers.ts): if the process dies, another instance (or this one restarted) runs them again within
   * seconds, not after the queue's expiry. Each job's payload is checked against the definition's schema
   * first: a job that does not match is failed with a log line naming its queue, id and the fields at fault
   * (never their values), and the rest of the batch runs.
   */
  const work = async <P>(
    name: string,
    schema: z.ZodType<P>,
    options: PgBoss.WorkOptions,
    handler: (jobs: { id: string; payload: P }[]) => Promise<void>,
  ) => {
    workedQueues.add(name);
    const batchSize = options.batchSize ?? 1;
    const id = await boss.work<unknown>(name, options, (jobs) =>
      inFlight.track(
        (async () => {
          const ids = jobs.map((job) => job.id);
          await workers.lease(name, ids);
          let threw = true;
          try {
            const valid: { id: string; payload: P }[] = [];
            for (const job of jobs) {
              const parsed = schema.safeParse(job.data);
              if (parsed.success) {
                valid.push({ id: job.id, payload: parsed.data });
                continue;
              }
              o.log.error(
                {
                  queue: name,
                  jobId: job.id,
                  fields: parsed.error.issues.map((issue) => issue.path.join('.')),
                },
                'job payload does not match its schema: job failed without running',
              );
              await ctx.fail({ name }, job.id, new Error('payload does not match its schema'));
            }
            if (valid.length > 0) await handler(valid);
            threw = false;
          } finally {
            // The jobs pg-boss completes now go with the next heartbeat; those it retries (a throw fails the
            // whole batch) at once. A lease left behind is harmless: it names a job no longer active, and goes
            // with the instance.
            const failed = threw ? ids : ids.filter((jobId) => failedJobs.has(jobId));
            for (const jobId of ids) failedJobs.delete(jobId);
            workers.release(threw ? [] : ids.filter((jobId) => !failed.includes(jobId)));
            await workers.releaseNow(failed).catch((error: unknown) => {
              o.log.warn({ err: error }, 'could not release job leases');
            });
          }
          // pg-boss's worker sleeps its whole polling interval after every fetch unless it is woken. A full
          // batch says more jobs may be waiting (a sweep's backlog, a burst of letters): fetch again at once,
          // so a backlog drains at the handlers' pace, not one batch per poll.
          if (jobs.length >= batchSize && !stopped) boss.notifyWorker(workerIds.get(name) ?? '');
        })(),
      ),
    );
    workerIds.set(name, id);
  };

  // The queues as the database has them: one made by an earlier version with other options is brought up to
  // date, a missing one is made (pg-boss makes a table for each), and one as wanted is left alone.
  const existing = new Map((await boss.getQueues()).map((queue) => [queue.name, queue]));
  const ensureQueue = async (queue: PgBoss.Queue) => {
    const found = existing.get(queue.name);
    if (!found) return boss.createQueue(queue.name, queue);
    const wanted = { policy: 'standard', ...queue } as Record<string, unknown>;
    const differs = Object.keys(wanted).some(
      (key) => (found as unknown as Record<string, unknown>)[key] !== wanted[key],
    );
    if (differs) await boss.updateQueue(queue.name, queue);
  };
  for (const definition of JOBS) {
    const worked = !definition.enabled || definition.enabled(o);
    if (!worked && !definition.createAlways) continue;
    const options: QueueOptions =
      typeof definition.queue === 'function' ? definition.queue(o) : definition.queue;
    let deadLetter: string | undefined;
    if (definition.handover) {
      // pg-boss queues the data of a job that gave up for good here: its handover is forgotten, so the
      // sweep queues the item again if it is still to do (handover.ts).
      deadLetter = deadLetterQueue(definition.name);
      await ensureQueue({ name: deadLetter, retryLimit: 3, retryDelay: 60 });
    }
    await ensureQueue({ name: definition.name, ...options, ...(deadLetter ? { deadLetter } : {}) });
    if (!worked) continue;
    await work(definition.name, definition.payload, definition.work, (jobs) => definition.handler(jobs, ctx));
    if (deadLetter) {
      await work(
        deadLetter,
        definition.payload,
        { pollingIntervalSeconds: FALLBACK_POLLING_SECONDS },
        async (jobs) => {
          const keys = jobs.map((job) => definition.singletonKey!(job.payload));
          await forgetHandover(o.database.executeSql, definition.name, keys);
          o.log.warn(
            { queue: definition.name, jobs: keys.length },
            'jobs gave up: queued again by the next sweep',
          );
        },
      );
    }
    // pg-boss's cron sends the schedule's data as each job's payload, null when none is given, which the
    // payload's schema refuses: a scheduled job would fail every time without running. It gets `{}`, as a job
    // queued at start does (schedule() replaces a schedule stored earlier without data).
    if (definition.cron) await boss.schedule(definition.name, definition.cron, {});
    if (definition.runAtStart) await ctx.send(definition, {});
  }

  // Jobs a dead instance had running go back to the queue first (at once on the embedded database, whose
  // last process is dead if this one starts): then the sweeps see them as queued, not lost.
  const handedBack = await workers.sweep();
  if (handedBack > 0) o.log.warn({ jobs: handedBack }, 'jobs of a dead server instance handed back at start');
  for (const definition of JOBS) if (definition.atStart) await definition.atStart(ctx);

  return {
    alertRulesQueued: async () => {
      await ctx.send(alertRulesJob, {});
    },
    bankRefreshQueued: async () => {
      if (o.monitors) await ctx.send(bankRefreshJob, {});
    },
    creditPullQueued: async () => {
      if (o.monitors) await ctx.send(creditPullJob, {});
    },
    emailQueued: announce.email,
    smsQueued: announce.sms,
    webhookQueued: announce.webhook,
    letterQueued: unitServices.queueLetter,
    proposalsQueued: unitServices.queueProposals,
    stop: async () => {
      stopped = true;
      for (const timer of plannedWakes) clearTimeout(timer);
      plannedWakes.clear();
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

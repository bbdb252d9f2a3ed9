import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database, ExecuteSql } from '#server/db/client';
import type { SmsSender } from '#providers/sms/port';
import type { EmailRetryPolicy, MailTransport } from '#server/email/outbox';
import type { BankLink } from '#providers/bank-link/port';
import type { CreditBureau } from '#providers/credit-bureau/port';
import type { FieldCipher } from '#server/security/field-encryption';
import type { OpenUnit } from '#server/unit-of-work';

/**
 * One background job: its queue, the shape of its payload and what runs it. Each job is one file under
 * `definitions/`, listed once in `definitions/index.ts`; startJobs (queue.ts) creates every listed queue and
 * works it, and every job is sent through `JobContext.send`, which checks the payload against the same
 * schema the worker checks it with. Only pg-boss's public API is used: the queue's own tables are pg-boss's
 * business (their layout changes between its versions).
 */
export type JobDefinition<P = unknown> = {
  /** The queue's name (pg-boss's): stays the same across versions, or jobs already queued are lost. */
  name: string;
  /** pg-boss's options of the queue (policy, retries, expiry); a function when they depend on the set-up. */
  queue: QueueOptions | ((deps: JobDeps) => QueueOptions);
  /** What a job carries: ids only, never anything personal (pg-boss keeps it in clear). */
  payload: z.ZodType<P>;
  /** One job per key at a time with a 'stately' or 'singleton' queue (an outbox row's id, an application's). */
  singletonKey?: (payload: P) => string;
  /**
   * The product records that this job's key was queued (job_handover, see handover.ts), and forgets it when
   * the job gives up for good: the job's sweep queues again what is still to do and has no such record.
   */
  handover?: boolean;
  /**
   * How the worker fetches: batch size and polling interval. The poll is the fallback for jobs no worker was
   * woken for (polling.ts): DELIVERY_POLLING_SECONDS for what a person waits for, else
   * FALLBACK_POLLING_SECONDS.
   */
  work: PgBoss.WorkOptions;
  /** A cron (UTC): pg-boss runs the job on it, once per tick however many instances. */
  cron?: string;
  /** Queued once at every start too, so a server seldom up at the scheduled minute still runs it. */
  runAtStart?: boolean;
  /** Whether this set-up works the queue (its dependency was given); always when not said. */
  enabled?: (deps: JobDeps) => boolean;
  /** The queue is created even where this set-up does not work it: callers queue its jobs anyway. */
  createAlways?: boolean;
  /** Runs once at start, in the list's order, after the jobs of a dead instance were handed back. */
  atStart?: (ctx: JobContext) => Promise<void>;
  /**
   * Runs a batch of jobs whose payloads passed the schema. A throw fails the whole batch (pg-boss retries
   * each job); a handler that fails jobs one by one uses `ctx.fail` and returns.
   */
  handler: (jobs: ValidJob<P>[], ctx: JobContext) => Promise<void>;
};

export type QueueOptions = Omit<PgBoss.Queue, 'name' | 'deadLetter'>;

/** A job whose payload is valid. */
export type ValidJob<P> = { id: string; payload: P };

/** Checks the definition's types where it is written (no runtime work). */
export function defineJob<P>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}

/** What the jobs are given at start: the database, the providers, and the use cases they run. */
export type JobDeps = {
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
   * AGENCY_TIME_ZONE: the monitors count their days (a balance's day, the next payment date) in it, as the
   * rest of the app does. The configuration's default zone when not given (tests).
   */
  agencyTimeZone?: string;
  /** AGENCY_POSTING_WINDOW_BUSINESS_DAYS: a creditor's window to post a payment (10 when not given). */
  agencyPostingWindowDays?: number;
  /** The daily sweep of unsigned letters whose first draft came too close (renew-stale-letters.ts). */
  renewStaleLetters?: () => Promise<number>;
  /**
   * Where the counselling calls' reminders link to and the secret their links are signed with (PUBLIC_URL,
   * AUTH_SECRET); without them the reminders' job does not run.
   */
  callReminders?: { publicUrl: string; authSecret: string };
  /** Sends an application's Letter of Authorization unless it already went (the letter's job). */
  sendLetter?: (applicationId: string) => Promise<void>;
  /** Prepares the proposals of an application not made yet (the proposals' job). */
  prepareProposals?: (applicationId: string) => Promise<void>;
  /**
   * Where the emails of the silent-creditor default link to (PUBLIC_URL); without it the silent-creditor job
   * does not run.
   */
  silentDefaults?: { publicUrl: string };
  /**
   * What the monitors read through and where alert messages link to. Without it only the alert rules run,
   * over what the database holds, and write no emails or texts.
   */
  monitors?: {
    bankLink: BankLink;
    creditBureau: CreditBureau;
    publicUrl: string;
    /** MONITOR_CREDIT_PULL_DAYS. */
    creditPullDays: number;
  };
};

export type SendOptions = {
  startAfter?: Date;
  /**
   * The caller's transaction: the job (and its handover) exists exactly when it commits, and the caller wakes
   * the worker then (`wake`); without it the job is committed at once and its worker woken by `send`.
   */
  executeSql?: ExecuteSql;
};

/** What a handler is given besides its jobs. */
export type JobContext = {
  deps: JobDeps;
  log: FastifyBaseLogger;
  now: () => Date;
  /**
   * Queues a job: its payload is checked against its definition's schema first (a bad one throws). This
   * instance's worker of the queue is woken once the job can run (at once, or when `startAfter` is due), so the
   * queue's poll is only the fallback for jobs queued elsewhere.
   */
  send: <P>(definition: JobDefinition<P>, payload: P, options?: SendOptions) => Promise<string | null>;
  /**
   * Queues many jobs of one definition in a few statements (a sweep's backlog) and wakes the worker; answers
   * how many.
   */
  sendMany: <P>(definition: JobDefinition<P>, payloads: P[]) => Promise<number>;
  /** Fails one job of a batch (pg-boss retries it) while the others complete. */
  fail: (definition: { name: string }, jobId: string, error: unknown) => Promise<void>;
  /** Wakes this instance's worker of the queue now, rather than at its next poll. */
  wake: (definition: { name: string }) => void;
  /**
   * Opens a unit of work for the job (src/server/unit-of-work.ts): one transaction, today in the agency's
   * calendar, the cipher, the audit writer, and an outbox whose emails, texts, partner events and jobs are
   * handed to their queues by the unit once it commits. A job calls its vendors outside it.
   */
  openUnit: OpenUnit;
};

/** A job of any payload, as the list of every job holds them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each job's own type is checked by defineJob
export type AnyJobDefinition = JobDefinition<any>;

import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { application } from './application';
import { ciphertext } from './columns';

/**
 * Email outbox: a row is written in the same transaction as the change that causes the email;
 * a pg-boss worker delivers it (SMTP, the dev mailbox, or the log) and stamps sentAt.
 *
 * The body (subject, text, html, links, attachments) carries live reset codes, signing links and the signed
 * letter, so it is stored only as one AES-256-GCM ciphertext in `sealed` and set to null once a delivered
 * email is older than the retention period. Recipient, kind and the delivery fields stay in clear so the
 * queue and the dev mailbox can list rows without the key.
 *
 * A failed delivery is retried with growing delays until the email is EMAIL_GIVE_UP_HOURS old; then
 * `failedAt` is stamped and nothing tries again. Staff see those in the dev mailbox and at
 * /api/staff/email-failures.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    /** The encrypted body (see src/server/email/outbox.ts); null once dropped after delivery. */
    sealed: ciphertext('sealed'),
    kind: text('kind').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When the queue gave up on it (never delivered within the give-up age); null while it is still tried. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    index('email_outbox_to_idx').on(t.to, t.createdAt),
    index('email_outbox_unsent_idx').on(t.sentAt),
    index('email_outbox_failed_idx').on(t.failedAt),
  ],
);

/** Who did what to which record, and the values before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    applicationId: uuid('application_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The borrower summary's history reads an application's staff actions and its openings (a counsellor
    // opening the summary, 'viewBorrowerSummary') apart: an application opened thousands of times must not
    // make its last few actions slow to find, nor its openings slow to count. Every read of an application's
    // audit names one side or the other, so there is no index of all of them (migration 0023).
    index('audit_log_application_actions_idx')
      .on(t.applicationId, t.createdAt)
      .where(sql`action <> 'viewBorrowerSummary'`),
    index('audit_log_application_openings_idx')
      .on(t.applicationId, t.createdAt)
      .where(sql`action = 'viewBorrowerSummary'`),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
  ],
);

/**
 * Text-message outbox, like the email one: written in the transaction that causes the message (an
 * 'obtainedOffer' outreach event, a staff text contact attempt); a pg-boss worker sends it through the SMS
 * provider and stamps sentAt. Never written for a borrower who opted out of SMS.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id').references(() => application.id, { onDelete: 'cascade' }),
    /** +1 and 10 digits. */
    to: text('to').notNull(),
    /**
     * The text, sealed with ENCRYPTION_KEY (src/server/sms/outbox.ts). Rows written before texts were sealed
     * hold it in clear until `npm run keys:rotate` seals them. Null once dropped, as email bodies are, after the
     * retention period (EMAIL_BODY_RETENTION_DAYS) from its delivery, or from its writing if it was never sent.
     */
    body: ciphertext('body'),
    /** What caused it: 'obtainedOffer' (outreach event) or 'contactAttempt'. */
    eventType: text('event_type').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    providerMessageId: text('provider_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('sms_outbox_application_idx').on(t.applicationId, t.createdAt),
    index('sms_outbox_unsent_idx').on(t.sentAt),
  ],
);

/**
 * Idempotency keys: a creating request sent again with the same `Idempotency-Key` by the same
 * person gets the first answer back instead of creating twice. A row is written (status null) before the
 * handler runs, so a concurrent duplicate is refused while the first is in progress; failures remove it.
 */
export const idempotencyKey = pgTable(
  'idempotency_key',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    /** Who sent it; '' for anonymous callers. */
    actorId: text('actor_id').notNull(),
    /** Method and route pattern, e.g. 'POST /api/staff/applications/:id/contact-attempts'. */
    route: text('route').notNull(),
    /** The request's own URL (with ids), so the same key on another record is not a replay. */
    url: text('url').notNull(),
    status: integer('status'),
    body: jsonb('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('idempotency_key_key_actor_route_key').on(t.key, t.actorId, t.route),
    index('idempotency_key_created_at_idx').on(t.createdAt),
  ],
);

/**
 * Envelopes of the built-in e-signature sandbox (its documents and signers), so a signing link emailed before
 * a restart still works after it. Not used with a real e-signature provider, but a staging site
 * (ALLOW_SANDBOX_PROVIDERS=true) may hold real people's letters: each envelope (the letter's PDF, the signers'
 * names, emails and link tokens) is one JSON text sealed with ENCRYPTION_KEY in `sealed`, re-sealed by key
 * rotation like every sealed column. `data` held envelopes in clear before they were sealed; it is read only
 * for those, and emptied when they are next saved.
 */
export const eSignatureSandboxEnvelope = pgTable('e_signature_sandbox_envelope', {
  envelopeId: text('envelope_id').primaryKey(),
  data: jsonb('data'),
  sealed: ciphertext('sealed'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/** Raw bytes: node-postgres reads a bytea as a Buffer, PGlite as a Uint8Array; both are handed on as bytes. */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value),
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * The document store kept in the database (DOCUMENT_STORE=database, the default on PostgreSQL): each document
 * by its key, as the store is given it, which is always sealed with ENCRYPTION_KEY (sealed-documents.ts).
 * Every instance on the database reads the same documents, with nothing more to set up.
 */
export const storedDocument = pgTable('stored_document', {
  key: text('key').primaryKey(),
  body: bytes('body').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/** Provider webhooks already handled, by the provider's event id: a redelivered event is acknowledged, not redone. */
export const webhookEvent = pgTable(
  'webhook_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('webhook_event_provider_event_id_key').on(t.provider, t.eventId)],
);

/**
 * Per-address request counters of the rate limits (sign-in, lead, codes, signing), kept in the database so
 * that every server instance counts the same requests (REDIS_URL moves them to Redis instead). The key is a
 * SHA-256 of the limiter and the client address, so no address is stored; rows past their window are
 * counted again from 1 and deleted by the hourly clean-up.
 */
export const rateLimitCounter = pgTable(
  'rate_limit_counter',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counter_resets_at_idx').on(t.resetsAt)],
);

/**
 * The server instances running job workers, each with when it last said it was alive (every few seconds).
 * An instance not seen for a while is dead (killed, crashed, cut off): the jobs it had picked up are handed
 * to the living at once, rather than waiting for the queue's own expiry (jobs/workers.ts).
 */
export const jobWorker = pgTable(
  'job_worker',
  {
    id: uuid('id').primaryKey(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_worker_seen_at_idx').on(t.seenAt)],
);

/**
 * Which instance is running which job of the queue (pg-boss records no owner): taken when a worker starts a
 * batch, given back when it ends, and gone with its instance's row.
 */
export const jobLease = pgTable(
  'job_lease',
  {
    /** pg-boss's job id (a retried job keeps its id; its new run takes the lease over). */
    jobId: uuid('job_id').primaryKey(),
    queue: text('queue').notNull(),
    workerId: uuid('worker_id')
      .notNull()
      .references(() => jobWorker.id, { onDelete: 'cascade' }),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_lease_worker_idx').on(t.workerId)],
);

/**
 * What the product handed to the job queue and has not heard back about: one row per queue and item (an
 * outbox row's id, an application's id), written when its job is sent and deleted when the job gives up
 * for good (its dead-letter job). The sweeps queue again the items still to do that have no row here, so
 * they never need to read the queue's own tables (jobs/handover.ts).
 */
export const jobHandover = pgTable(
  'job_handover',
  {
    queue: text('queue').notNull(),
    key: text('key').notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.queue, t.key] }), index('job_handover_queued_at_idx').on(t.queuedAt)],
);

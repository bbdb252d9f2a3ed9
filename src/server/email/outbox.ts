import { and, asc, count, desc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { builtOnce } from '#server/db/built-once';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { EmailFailuresView } from '#domain/flow/staff-views';
import type { Db, Transaction } from '#server/db/client';
import { emailOutbox } from '#server/db/schema/ops';
import type { FieldCipher } from '#server/security/field-encryption';
import type { EmailAttachment, EmailMessage } from './templates';

/**
 * What an email says: codes, links, the signed letter. Stored only encrypted (the `sealed` column), read
 * back only to deliver it and in the dev mailbox.
 */
export type EmailBody = {
  subject: string;
  text: string;
  html: string | null;
  links: { label: string; url: string }[];
  attachments: EmailAttachment[];
};

/**
 * Encrypts a body for the outbox. The recipient goes inside too, so a body copied onto another row (someone
 * with write access to the table pointing a reset code at their own address) is refused when opened.
 */
export function sealEmailBody(cipher: FieldCipher, to: string, body: EmailBody): string {
  return cipher.encrypt(JSON.stringify({ to, ...body }));
}

/** The decrypted body of an outbox row, or null when it was dropped after delivery. */
export function openEmailBody(
  cipher: FieldCipher,
  row: { to: string; sealed: string | null },
): EmailBody | null {
  if (row.sealed === null) return null;
  const { to, ...body } = JSON.parse(cipher.decrypt(row.sealed)) as EmailBody & { to: string };
  if (to !== row.to) throw new Error('This outbox email was sealed for another recipient');
  return body;
}

/** Writes an email to the outbox, inside the caller's transaction, its body encrypted. Delivery happens after commit. */
export async function enqueueEmail(
  tx: Transaction,
  cipher: FieldCipher,
  message: EmailMessage,
): Promise<string> {
  const [row] = await tx
    .insert(emailOutbox)
    .values({
      to: message.to,
      sealed: sealEmailBody(cipher, message.to, {
        subject: message.subject,
        text: message.text,
        html: message.html,
        links: message.links,
        attachments: message.attachments ?? [],
      }),
      kind: message.kind,
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

export type MailTransport = {
  name: 'smtp' | 'dev-mailbox' | 'log';
  send: (message: {
    to: string;
    kind: string;
    subject: string;
    text: string;
    html: string | null;
    attachments: EmailAttachment[];
  }) => Promise<void>;
  /** Closes pooled connections, if any (the job queue calls it when it stops). */
  close?: () => void;
};

/**
 * Emails the queue sends at once (and the SMTP pool's connection count). Sending one at a time made the
 * queue as slow as one SMTP round trip per email; a few in parallel is what most relays accept per client.
 */
export const EMAIL_SEND_CONCURRENCY = 5;

export function smtpTransport(transporter: Transporter, from: string): MailTransport {
  return {
    name: 'smtp',
    send: async (m) => {
      await transporter.sendMail({
        from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html ?? undefined,
        attachments: m.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.content, 'base64'),
        })),
      });
    },
    close: () => transporter.close(),
  };
}

/** Development transport: the email stays in the outbox table and /dev/mailbox shows it. */
export const devMailboxTransport: MailTransport = { name: 'dev-mailbox', send: async () => {} };

/**
 * Demo transport (EMAIL_TRANSPORT=log): nothing is sent. Each email is logged by kind and number of
 * recipients only: its address, codes and links would otherwise end up in the logs.
 */
export function logTransport(log: Pick<FastifyBaseLogger, 'info'>): MailTransport {
  return {
    name: 'log',
    send: async (m) => {
      const recipients = m.to.split(',').filter((a) => a.trim() !== '').length;
      log.info({ kind: m.kind, recipients }, 'email not sent: EMAIL_TRANSPORT=log');
    },
  };
}

export type EmailOutboxRow = typeof emailOutbox.$inferSelect;

// Every email's delivery reads its row and marks it sent: built once (built-once.ts), not for every email.
const emailsByIds = builtOnce((db: Db) =>
  db
    .select()
    .from(emailOutbox)
    .where(sql`${emailOutbox.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('email_outbox_by_ids'),
);
const emailSent = builtOnce((db: Db) =>
  db
    .update(emailOutbox)
    .set({
      // An instant as text (toISOString): the column's own conversion does not apply to a placeholder.
      sentAt: sql`${sql.placeholder('sentAt')}::timestamptz`,
      attempts: sql`${sql.placeholder('attempts')}::integer`,
      lastError: null,
    })
    .where(eq(emailOutbox.id, sql.placeholder('id')))
    .prepare('email_outbox_sent'),
);

/**
 * The outbox rows of a batch of jobs, read in one query: the queue would otherwise spend as long reading
 * rows one by one as sending them.
 */
export async function loadEmails(db: Db, ids: string[]): Promise<Map<string, EmailOutboxRow>> {
  if (ids.length === 0) return new Map();
  const rows = await emailsByIds(db).execute({ ids });
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Delivers one outbox email; records a failed attempt (attempts, lastError) and rethrows, and the job queue
 * then asks afterFailedDelivery when to try again. Skips an email already sent or given up. `loaded` is the
 * row as loadEmails read it (null: not found); without it the row is read here.
 */
export async function deliverEmail(
  db: Db,
  cipher: FieldCipher,
  transport: MailTransport,
  id: string,
  loaded?: EmailOutboxRow | null,
): Promise<'sent' | 'skipped'> {
  const row = loaded === undefined ? (await loadEmails(db, [id])).get(id) : (loaded ?? undefined);
  if (!row || row.sentAt || row.failedAt || row.sealed === null) return 'skipped';
  try {
    const body = openEmailBody(cipher, row)!;
    await transport.send({ to: row.to, kind: row.kind, ...body });
    await emailSent(db).execute({ id, sentAt: new Date().toISOString(), attempts: row.attempts + 1 });
    return 'sent';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(emailOutbox)
      .set({ attempts: row.attempts + 1, lastError: message.slice(0, 500) })
      .where(eq(emailOutbox.id, id));
    throw error;
  }
}

/**
 * How long the queue waits before trying a failed email again, and when it stops. The wait doubles from
 * `firstDelaySeconds` up to `maxDelaySeconds`: a short SMTP hiccup costs seconds, a long outage is probed
 * every few minutes rather than hammered, and mail goes out soon after the server is back.
 */
export type EmailRetryPolicy = {
  giveUpHours: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
};

export const DEFAULT_EMAIL_RETRY: Omit<EmailRetryPolicy, 'giveUpHours'> = {
  firstDelaySeconds: 10,
  maxDelaySeconds: 10 * 60,
};

/** Seconds to wait after the `attempts`-th failed attempt (1 for the first failure). */
export function emailRetryDelaySeconds(
  attempts: number,
  policy: Pick<EmailRetryPolicy, 'firstDelaySeconds' | 'maxDelaySeconds'>,
): number {
  const doublings = Math.min(Math.max(attempts - 1, 0), 30);
  return Math.min(policy.maxDelaySeconds, policy.firstDelaySeconds * 2 ** doublings);
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * After a failed attempt (deliverEmail threw): when to try again, or, once the email is `giveUpHours` old,
 * nothing more: `failedAt` is stamped. The last retry is placed at the give-up time itself, so an email is
 * marked failed on time rather than up to one delay late. 'skipped' when the row is gone, sent or already
 * failed.
 */
export async function afterFailedDelivery(
  db: Db,
  id: string,
  o: EmailRetryPolicy & { now: Date },
): Promise<{ retryAt: Date } | { failedAt: Date } | 'skipped'> {
  const row = await db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, id) });
  if (!row || row.sentAt || row.failedAt) return 'skipped';
  const giveUpAt = row.createdAt.getTime() + o.giveUpHours * HOUR_MS;
  if (o.now.getTime() >= giveUpAt) {
    const marked = await db
      .update(emailOutbox)
      .set({ failedAt: o.now })
      .where(and(eq(emailOutbox.id, id), isNull(emailOutbox.sentAt), isNull(emailOutbox.failedAt)))
      .returning({ id: emailOutbox.id });
    return marked.length > 0 ? { failedAt: o.now } : 'skipped';
  }
  const next = o.now.getTime() + emailRetryDelaySeconds(row.attempts, o) * 1000;
  return { retryAt: new Date(Math.min(next, giveUpAt)) };
}

/** Ids of emails still to send, oldest first: neither delivered nor given up, body still there. */
export async function pendingEmailIds(db: Db, limit = 100): Promise<string[]> {
  const rows = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(isNull(emailOutbox.sentAt), isNull(emailOutbox.failedAt), isNotNull(emailOutbox.sealed)))
    .orderBy(asc(emailOutbox.createdAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** How many emails the queue gave up on. */
export async function countFailedEmails(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(emailOutbox).where(isNotNull(emailOutbox.failedAt));
  return row?.n ?? 0;
}

/** Newest failed emails listed at most by emailFailures. */
export const EMAIL_FAILURES_LIMIT = 100;

/**
 * Emails the queue gave up on, for staff: how many, and the newest with recipient, kind and last error (never
 * the body). Someone has to tell these people by other means, or send again what they asked for.
 */
export async function emailFailures(db: Db): Promise<EmailFailuresView> {
  const items = await db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.to,
      kind: emailOutbox.kind,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      createdAt: emailOutbox.createdAt,
      failedAt: emailOutbox.failedAt,
    })
    .from(emailOutbox)
    .where(isNotNull(emailOutbox.failedAt))
    .orderBy(desc(emailOutbox.failedAt))
    .limit(EMAIL_FAILURES_LIMIT);
  return {
    failed: await countFailedEmails(db),
    items: items.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      failedAt: r.failedAt!.toISOString(),
    })),
    limit: EMAIL_FAILURES_LIMIT,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Drops the body of emails delivered more than `retentionDays` ago, and of emails the queue gave up on
 * (marked failed) written that long ago: their codes and links have no use left, and a copy kept is a copy
 * that can leak. Recipient, kind and the delivery fields stay. Returns how many bodies were dropped.
 */
export async function dropOldEmailBodies(db: Db, o: { retentionDays: number; now?: Date }): Promise<number> {
  const cutoff = new Date((o.now ?? new Date()).getTime() - o.retentionDays * DAY_MS);
  const dropped = await db
    .update(emailOutbox)
    .set({ sealed: null })
    .where(
      and(
        isNotNull(emailOutbox.sealed),
        or(
          lt(emailOutbox.sentAt, cutoff),
          and(isNotNull(emailOutbox.failedAt), lt(emailOutbox.createdAt, cutoff)),
        ),
      ),
    )
    .returning({ id: emailOutbox.id });
  return dropped.length;
}

import { and, asc, eq, gte, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Db, Tx } from '../../db/client';
import { emailOutbox } from '../../db/schema/ops';
import type { FieldCipher } from '../../security/field-encryption';
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
export async function enqueueEmail(tx: Tx, cipher: FieldCipher, message: EmailMessage): Promise<string> {
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
};

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

export const MAX_EMAIL_ATTEMPTS = 8;

/** Delivers one outbox email; records the failure and rethrows so the job queue retries. */
export async function deliverEmail(
  db: Db,
  cipher: FieldCipher,
  transport: MailTransport,
  id: string,
): Promise<'sent' | 'skipped'> {
  const row = await db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, id) });
  if (!row || row.sentAt || row.sealed === null) return 'skipped';
  try {
    const body = openEmailBody(cipher, row)!;
    await transport.send({ to: row.to, kind: row.kind, ...body });
    await db
      .update(emailOutbox)
      .set({ sentAt: new Date(), attempts: row.attempts + 1, lastError: null })
      .where(eq(emailOutbox.id, id));
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

/** Ids of emails still to send (for the sweep at start and after an outage). */
export async function pendingEmailIds(db: Db, limit = 100): Promise<string[]> {
  const rows = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        isNull(emailOutbox.sentAt),
        isNotNull(emailOutbox.sealed),
        lt(emailOutbox.attempts, MAX_EMAIL_ATTEMPTS),
      ),
    )
    .orderBy(asc(emailOutbox.createdAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Drops the body of emails delivered more than `retentionDays` ago, and of emails the queue gave up on
 * (every attempt failed) written that long ago: their codes and links have no use left, and a copy kept is
 * a copy that can leak. Recipient, kind and the delivery fields stay. Returns how many bodies were dropped.
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
          and(
            isNull(emailOutbox.sentAt),
            gte(emailOutbox.attempts, MAX_EMAIL_ATTEMPTS),
            lt(emailOutbox.createdAt, cutoff),
          ),
        ),
      ),
    )
    .returning({ id: emailOutbox.id });
  return dropped.length;
}

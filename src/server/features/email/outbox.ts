import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Db, Tx } from '../../db/client';
import { type EmailAttachment, emailOutbox } from '../../db/schema/ops';
import type { EmailMessage } from './templates';

/** Writes an email to the outbox, inside the caller's transaction. Delivery happens after commit. */
export async function enqueueEmail(tx: Tx, message: EmailMessage): Promise<string> {
  const [row] = await tx
    .insert(emailOutbox)
    .values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      links: message.links,
      attachments: message.attachments ?? [],
      kind: message.kind,
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

export type MailTransport = {
  name: 'smtp' | 'dev-mailbox';
  send: (message: {
    to: string;
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

export const MAX_EMAIL_ATTEMPTS = 8;

/** Delivers one outbox email; records the failure and rethrows so the job queue retries. */
export async function deliverEmail(
  db: Db,
  transport: MailTransport,
  id: string,
): Promise<'sent' | 'skipped'> {
  const row = await db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, id) });
  if (!row || row.sentAt) return 'skipped';
  try {
    await transport.send(row);
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
    .where(and(isNull(emailOutbox.sentAt), lt(emailOutbox.attempts, MAX_EMAIL_ATTEMPTS)))
    .orderBy(asc(emailOutbox.createdAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

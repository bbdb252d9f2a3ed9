import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { emailOutbox, smsOutbox } from '#server/db/schema/ops';
import { countFailedEmails, openEmailBody } from '#server/email/outbox';
import { openSmsBody } from '#server/sms/outbox';
import type { OpenUnit } from '#server/unit-of-work';
import type { FieldCipher } from '#server/security/field-encryption';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * An attachment's download header. A Spanish file name ("Carta de autorización (firmada).pdf") is not plain
 * ASCII, which a header cannot carry as is: the UTF-8 name goes in filename* (RFC 6266), with an ASCII
 * stand-in for old clients.
 */
export function contentDisposition(filename: string): string {
  const plain = filename.replace(/"/g, '');
  if (/^[\x20-\x7e]*$/.test(plain)) return `attachment; filename="${plain}"`;
  const ascii = plain
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|\\/g, '_');
  const utf8 = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

/**
 * Where an email stands: delivered, still being tried, or given up (the queue tries no more). A failed one
 * never says 'delivered', which the browser tests look for.
 */
function deliveryStatus(e: typeof emailOutbox.$inferSelect): string {
  if (e.sentAt) return 'delivered';
  if (e.failedAt)
    return `<span class="status">failed: given up ${e.failedAt.toISOString()} after ${e.attempts} attempts</span>`;
  return `pending (attempts ${e.attempts})`;
}

/** What the mailbox is given: the door to units of work (it reads the outboxes in one), nothing else. */
export type MailboxDeps = { openUnit: OpenUnit };

/**
 * Development mailbox: every email and text message the product sent, newest first, with the emails' links.
 * Never in production. Email and text bodies are encrypted in the outboxes and opened here for display; a body dropped
 * after the retention period shows as such.
 */
export const mailboxRoutes: FastifyPluginAsync<MailboxDeps> = async (app, { openUnit }) => {
  app.get<{ Params: { id: string; index: string } }>(
    '/dev/mailbox/emails/:id/attachments/:index',
    async (request, reply) => {
      const { id, index } = request.params;
      if (!/^[0-9a-f-]{36}$/i.test(id) || !/^\d{1,2}$/.test(index)) return reply.status(404).send();
      const file = await openUnit(async ({ tx, cipher }) => {
        const [row] = await tx.select().from(emailOutbox).where(eq(emailOutbox.id, id));
        return row && openEmailBody(cipher, row)?.attachments[Number(index)];
      });
      if (!file) return reply.status(404).send();
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', contentDisposition(file.filename))
        .type(file.contentType)
        .send(Buffer.from(file.content, 'base64'));
    },
  );

  /** The body, or why it cannot be shown (one row sealed with an older key must not break the page). */
  const readable = (cipher: FieldCipher, row: typeof emailOutbox.$inferSelect) => {
    try {
      return openEmailBody(cipher, row) ?? 'Body dropped after the retention period.';
    } catch {
      return 'Body unreadable with the current ENCRYPTION_KEY.';
    }
  };
  /** A text's body, sealed like an email's. */
  const readableText = (cipher: FieldCipher, row: typeof smsOutbox.$inferSelect) => {
    try {
      return openSmsBody(cipher, row) ?? 'Body dropped after the retention period.';
    } catch {
      return 'Text unreadable with the current ENCRYPTION_KEY.';
    }
  };

  app.get('/dev/mailbox', async (_request, reply) => {
    // One unit reads the emails, the count of failed ones and the texts, and opens their bodies; the page is
    // made from them after it.
    const { emails, failed, texts } = await openUnit(async ({ tx, cipher }) => {
      const emailRows = await tx.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(200);
      const textRows = await tx.select().from(smsOutbox).orderBy(desc(smsOutbox.createdAt)).limit(200);
      return {
        emails: emailRows.map((row) => ({ row, body: readable(cipher, row) })),
        failed: await countFailedEmails(tx),
        texts: textRows.map((row) => ({ row, body: readableText(cipher, row) })),
      };
    });
    const items = emails
      .map(({ row: e, body }) => {
        const meta = `To <strong class="to">${esc(e.to)}</strong> · ${esc(e.kind)} · ${e.createdAt.toISOString()} · ${deliveryStatus(e)}`;
        const article = e.failedAt ? '<article class="mail failed">' : '<article class="mail">';
        if (typeof body === 'string')
          return `${article}
  <p class="meta">${meta}</p>
  <p>${body}</p>
</article>`;
        return `${article}
  <h2>${esc(body.subject)}</h2>
  <p class="meta">${meta}</p>
  <pre>${esc(body.text)}</pre>
  <ul>${body.links.map((l) => `<li><a href="${esc(l.url)}">${esc(l.label)}</a></li>`).join('')}</ul>
  ${
    body.attachments.length > 0
      ? `<p class="meta">Attached: ${body.attachments
          .map((a, i) => `<a href="/dev/mailbox/emails/${e.id}/attachments/${i}">${esc(a.filename)}</a>`)
          .join(', ')}</p>`
      : ''
  }
</article>`;
      })
      .join('\n');
    const textItems = texts
      .map(
        ({ row: m, body }) => `<article class="mail sms">
  <p class="meta">Text to <strong class="to">${esc(m.to)}</strong> · ${esc(m.eventType)} · ${m.createdAt.toISOString()} · ${m.sentAt ? 'delivered' : `pending (attempts ${m.attempts})`}</p>
  <pre>${esc(body)}</pre>
</article>`,
      )
      .join('\n');
    // Everything inside <main>: a screen reader reaches the mail by its landmark (axe checks this page too).
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox</title><style>body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
.mail{border:1px solid #d1d5db;border-radius:.5rem;padding:1rem;margin:1rem 0;overflow-wrap:anywhere}.failed{border-color:#b91c1c}.failed .status,.warn{color:#b91c1c;font-weight:600}.meta{color:#4b5563;font-size:.9rem}pre{white-space:pre-wrap;background:#f9fafb;padding:.75rem}</style></head>
<body><main><h1>Dev mailbox</h1><p>Emails sent by this development server (${emails.length}). This page does not exist in production.</p>
${failed > 0 ? `<p class="warn">${failed} email${failed === 1 ? '' : 's'} failed: the queue gave up and will not try again.</p>` : ''}
${items || '<p>No emails yet.</p>'}
<h2 id="texts">Text messages (${texts.length})</h2>${textItems || '<p>No text messages yet.</p>'}</main></body></html>`);
  });
};

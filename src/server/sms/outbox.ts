import { and, gte, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db, Transaction } from '#server/db/client';
import { smsOutbox } from '#server/db/schema/ops';
import { type FieldCipher, isSealedValue } from '#server/security/field-encryption';

/** A text not delivered after this many tries is given up (deliver-sms.ts). */
export const MAX_SMS_ATTEMPTS = 8;

/**
 * A text's body greets the borrower by name and says what their plan is doing, so the outbox keeps it sealed
 * with ENCRYPTION_KEY, as it does email bodies. The number goes inside too: a sealed body copied onto another
 * row (someone with write access to the table pointing a text at their own phone) is refused when opened.
 */
export function sealSmsBody(cipher: FieldCipher, to: string, body: string): string {
  return cipher.encrypt(JSON.stringify({ to, body }));
}

/**
 * The text of an outbox row. Rows written before texts were sealed hold it in clear (every text the product
 * writes starts with the company's name, never 'v1.' or 'v2.') and are read as they are until
 * `npm run keys:rotate` seals them. Null once the body was dropped after the retention period.
 */
export function openSmsBody(cipher: FieldCipher, row: { to: string; body: string | null }): string | null {
  if (row.body === null) return null;
  if (!isSealedValue(row.body)) return row.body;
  const { to, body } = JSON.parse(cipher.decrypt(row.body)) as { to: string; body: string };
  if (to !== row.to) throw new Error('This outbox text was sealed for another number');
  return body;
}

/**
 * Writes a text to the outbox inside the caller's transaction, its body sealed; the job queue sends it after
 * the commit. Returns the row's id, to hand to the queue.
 */
export async function enqueueSms(
  tx: Transaction,
  cipher: FieldCipher,
  text: { applicationId: string | null; to: string; eventType: string; body: string },
): Promise<string> {
  const [row] = await tx
    .insert(smsOutbox)
    .values({
      applicationId: text.applicationId,
      to: text.to,
      eventType: text.eventType,
      body: sealSmsBody(cipher, text.to, text.body),
    })
    .returning({ id: smsOutbox.id });
  return row!.id;
}

const DAY_MS = 86_400_000;

/**
 * Drops the body of each text delivered more than `retentionDays` ago, and of each never delivered (opted out, or
 * out of attempts) written that long ago: a text greets the borrower by name and speaks of their plan, and once
 * it has gone out nothing needs it. The row stays (number, kind, delivery fields) for the record. Returns how many
 * bodies were dropped.
 */
export async function dropOldSmsBodies(db: Db, o: { retentionDays: number; now?: Date }): Promise<number> {
  const cutoff = new Date((o.now ?? new Date()).getTime() - o.retentionDays * DAY_MS);
  const dropped = await db
    .update(smsOutbox)
    .set({ body: null })
    .where(
      and(
        isNotNull(smsOutbox.body),
        or(
          lt(smsOutbox.sentAt, cutoff),
          and(
            isNull(smsOutbox.sentAt),
            lt(smsOutbox.createdAt, cutoff),
            gte(smsOutbox.attempts, MAX_SMS_ATTEMPTS),
          ),
        ),
      ),
    )
    .returning({ id: smsOutbox.id });
  return dropped.length;
}

import { and, eq, or, sql } from 'drizzle-orm';
import { isRecipientOptedOut, type SmsSender } from '#providers/sms/port';
import { builtOnce } from '#server/db/built-once';
import type { Db } from '#server/db/client';
import { borrower } from '#server/db/schema/application';
import { smsOutbox } from '#server/db/schema/ops';
import type { FieldCipher } from '#server/security/field-encryption';
import { MAX_SMS_ATTEMPTS, openSmsBody } from './outbox';

export { MAX_SMS_ATTEMPTS };

export const OPTED_OUT_ERROR = 'Not sent: the borrower opted out of text messages.';
export const EXPIRED_ERROR = 'Not sent: its body was dropped after the retention period.';

// Every text's delivery reads its row, asks whether its recipient opted out and marks it sent: built once
// (built-once.ts), not for every text.
const smsById = builtOnce((db: Db) =>
  db.query.smsOutbox
    .findFirst({ where: eq(smsOutbox.id, sql.placeholder('id')) })
    .prepare('sms_outbox_by_id'),
);
// A text of no application has a null applicationId, which equals nothing: only its number is asked about.
const optedOutBorrower = builtOnce((db: Db) =>
  db
    .select({ id: borrower.id })
    .from(borrower)
    .where(
      and(
        eq(borrower.isOptedOutOfSMS, true),
        or(
          eq(borrower.applicationId, sql.placeholder('applicationId')),
          eq(borrower.phoneNumber, sql.placeholder('to')),
        ),
      ),
    )
    .limit(1)
    .prepare('sms_opted_out_borrower'),
);
const smsSent = builtOnce((db: Db) =>
  db
    .update(smsOutbox)
    .set({
      // An instant as text (toISOString): the column's own conversion does not apply to a placeholder.
      sentAt: sql`${sql.placeholder('sentAt')}::timestamptz`,
      attempts: sql`${sql.placeholder('attempts')}::integer`,
      lastError: null,
      providerMessageId: sql`${sql.placeholder('providerMessageId')}::text`,
    })
    .where(eq(smsOutbox.id, sql.placeholder('id')))
    .prepare('sms_outbox_sent'),
);

/**
 * Sends one outbox text through the SMS provider; records a failure and rethrows so the job queue retries.
 *
 * A text queued before the borrower opted out (a reply STOP) is not sent: it is closed with the reason as its
 * error and its attempts used up, so neither a retry nor the sweep of unqueued texts picks it up again. A
 * number counts as opted out when the application's borrower is, or any borrower with that number is (the
 * STOP came from the phone, whichever application it belongs to).
 *
 * The provider may know of an opt-out the product missed (a reply that never reached the webhook, or one sent
 * while the webhook was down): it then refuses the text (Twilio's error 21610). That refusal is final until
 * the person opts back in, so instead of retrying, every borrower with that number is marked opted out and the
 * row is closed as above, in one transaction.
 */
export async function deliverSms(
  db: Db,
  cipher: FieldCipher,
  sms: SmsSender,
  id: string,
): Promise<'sent' | 'skipped' | 'optedOut'> {
  const row = await smsById(db).execute({ id });
  if (!row || row.sentAt) return 'skipped';
  const optedOut = await optedOutBorrower(db).execute({ applicationId: row.applicationId, to: row.to });
  if (optedOut.length > 0) {
    await db
      .update(smsOutbox)
      .set({ attempts: Math.max(row.attempts, MAX_SMS_ATTEMPTS), lastError: OPTED_OUT_ERROR })
      .where(eq(smsOutbox.id, id));
    return 'optedOut';
  }
  const body = openSmsBody(cipher, row);
  if (body === null) {
    // Dropped after the retention period without ever going out: too late to send, closed as given up.
    await db
      .update(smsOutbox)
      .set({ attempts: Math.max(row.attempts, MAX_SMS_ATTEMPTS), lastError: EXPIRED_ERROR })
      .where(eq(smsOutbox.id, id));
    return 'skipped';
  }
  try {
    const { id: providerMessageId } = await sms.send({ to: row.to, body });
    await smsSent(db).execute({
      id,
      sentAt: new Date().toISOString(),
      attempts: row.attempts + 1,
      providerMessageId,
    });
    return 'sent';
  } catch (error) {
    if (isRecipientOptedOut(error)) {
      await db.transaction(async (tx) => {
        await tx
          .update(borrower)
          .set({ isOptedOutOfSMS: true, updatedAt: sql`now()` })
          .where(and(eq(borrower.phoneNumber, row.to), eq(borrower.isOptedOutOfSMS, false)));
        await tx
          .update(smsOutbox)
          .set({ attempts: Math.max(row.attempts + 1, MAX_SMS_ATTEMPTS), lastError: OPTED_OUT_ERROR })
          .where(eq(smsOutbox.id, id));
      });
      return 'optedOut';
    }
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(smsOutbox)
      .set({ attempts: row.attempts + 1, lastError: message.slice(0, 500) })
      .where(eq(smsOutbox.id, id));
    throw error;
  }
}

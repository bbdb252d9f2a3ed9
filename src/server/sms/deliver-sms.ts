import { eq } from 'drizzle-orm';
import type { SmsSender } from '#providers/sms/port';
import type { Db } from '#server/db/client';
import { smsOutbox } from '#server/db/schema/ops';

export const MAX_SMS_ATTEMPTS = 8;

/** Sends one outbox text through the SMS provider; records a failure and rethrows so the job queue retries. */
export async function deliverSms(db: Db, sms: SmsSender, id: string): Promise<'sent' | 'skipped'> {
  const row = await db.query.smsOutbox.findFirst({ where: eq(smsOutbox.id, id) });
  if (!row || row.sentAt) return 'skipped';
  try {
    const { id: providerMessageId } = await sms.send({ to: row.to, body: row.body });
    await db
      .update(smsOutbox)
      .set({ sentAt: new Date(), attempts: row.attempts + 1, lastError: null, providerMessageId })
      .where(eq(smsOutbox.id, id));
    return 'sent';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(smsOutbox)
      .set({ attempts: row.attempts + 1, lastError: message.slice(0, 500) })
      .where(eq(smsOutbox.id, id));
    throw error;
  }
}

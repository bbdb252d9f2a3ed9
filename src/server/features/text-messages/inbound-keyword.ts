import { eq, sql } from 'drizzle-orm';
import type { SmsKeywordAction } from '#domain/sms-keywords';
import { borrower } from '#server/db/schema/application';
import { webhookEvent } from '#server/db/schema/ops';
import type { Unit } from '#server/unit-of-work';

/** What a keyword did: whether the message was new, how many borrowers it changed, and their languages. */
export type InboundKeywordResult = { fresh: boolean; changed: number; languages: (string | null)[] };

/**
 * Records one inbound text (by its MessageSid, so Twilio's retry of the same message changes nothing) and
 * applies its keyword to every borrower with the sender's number: an opt-out or opt-in sets their choice about
 * texts; HELP only reads their languages, for the answer. Nothing is sent from here: the answer, if any, is
 * the webhook's reply to Twilio.
 */
export async function recordInboundKeyword(
  unit: Unit,
  { messageSid, from, action }: { messageSid: string; from: string; action: SmsKeywordAction },
): Promise<InboundKeywordResult> {
  const { tx } = unit;
  const [fresh] = await tx
    .insert(webhookEvent)
    .values({ provider: 'twilio-sms', eventId: messageSid })
    .onConflictDoNothing()
    .returning({ id: webhookEvent.id });
  if (!fresh || action === 'none') return { fresh: Boolean(fresh), changed: 0, languages: [] };
  const rows =
    action === 'help'
      ? await tx
          .select({ language: borrower.preferredLanguage })
          .from(borrower)
          .where(eq(borrower.phoneNumber, from))
      : await tx
          .update(borrower)
          .set({ isOptedOutOfSMS: action === 'optOut', updatedAt: sql`now()` })
          .where(eq(borrower.phoneNumber, from))
          .returning({ language: borrower.preferredLanguage });
  return {
    fresh: true,
    changed: action === 'help' ? 0 : rows.length,
    languages: rows.map((r) => r.language),
  };
}

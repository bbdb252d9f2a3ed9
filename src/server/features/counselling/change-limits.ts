import { and, count, eq, gt, sql } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { MESSAGE_REFS, MESSAGES } from '#domain/validation/messages';
import type { Transaction } from '#server/unit-of-work';
import { counsellingCallNotice } from '#server/db/schema/index';

// Anyone may book a call for any email address without an account, and each booking, move or cancellation
// emails that address. These caps keep that from becoming a way to flood someone's inbox
// (docs/decisions/0161-counselling-call-change-caps.md).

const HOUR = 3_600_000;

export const CALL_CHANGE_LIMITS = {
  /** Moves through a call's emailed link; past them the person calls the agency. */
  movesPerCall: 5,
  /** Emails a person's own actions on calls (booked, moved, cancelled) send one address in 24 hours. */
  emailsPerRecipientPerDay: 8,
  /** Requests to one call's link that change it, per hour, from any address (the route's second limit). */
  changesPerCallPerHour: 10,
  /** Requests to one call's link that read it, per minute, from any address. */
  readsPerCallPerMinute: 30,
} as const;

export const TOO_MANY_MOVES = MESSAGES.counsellingTooManyMoves;
export const TOO_MANY_EMAILS = MESSAGES.counsellingTooManyEmails;

const recipientOf = (email: string) => email.trim().toLowerCase();

/**
 * How many emails of a person's own actions went to `email` in the last 24 hours. Taken under a lock on the
 * address for the rest of the transaction, so two instances counting at once cannot both slip past the cap.
 */
export async function callEmailsSentToday(tx: Transaction, email: string, now: Date): Promise<number> {
  const recipient = recipientOf(email);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`counselling-notice:${recipient}`}))`);
  const [row] = await tx
    .select({ n: count() })
    .from(counsellingCallNotice)
    .where(
      and(
        eq(counsellingCallNotice.recipient, recipient),
        gt(counsellingCallNotice.createdAt, new Date(now.getTime() - 24 * HOUR)),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Refuses (429) when `email` already had its day's emails: a new booking or a move would send another. */
export async function refuseWhenInboxFull(tx: Transaction, email: string, now: Date): Promise<void> {
  if ((await callEmailsSentToday(tx, email, now)) >= CALL_CHANGE_LIMITS.emailsPerRecipientPerDay)
    throw new AppError('RateLimited', MESSAGE_REFS.counsellingTooManyEmails);
}

/** Counts an email a person's action on a call sends, in the transaction that queues it. */
export async function noteCallEmail(
  tx: Transaction,
  o: { email: string; callId: string; kind: string; now: Date },
): Promise<void> {
  await tx
    .insert(counsellingCallNotice)
    .values({ recipient: recipientOf(o.email), callId: o.callId, kind: o.kind, createdAt: o.now });
}

/** Refuses (409) a move past the call's cap of moves through its link. */
export function refuseTooManyMoves(call: { linkMoves: number }): void {
  if (call.linkMoves >= CALL_CHANGE_LIMITS.movesPerCall)
    throw new AppError('Conflict', MESSAGE_REFS.counsellingTooManyMoves);
}

import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { LIVE_CALL_STATES } from '#domain/counselling/calls';
import type { CallView } from '#domain/validation/counselling';
import type { Db } from '#server/db/client';
import { counsellingCall, user } from '#server/db/schema/index';
import { callTokenKey, signCallToken } from './call-token';
import { callView } from './call-view';

/**
 * Gives a borrower the calls booked with their email address before their account existed (or while they were
 * signed out). Only once the account's address is proven: an account is made from the lead form before its
 * owner has shown they read that mailbox, and a stranger typing someone else's address must not see their
 * call. Addresses are compared without regard to case. Answers how many calls it attached.
 */
export async function attachCallsByEmail(db: Db, userId: string): Promise<number> {
  const [account] = await db
    .select({ email: user.email, verified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId));
  if (!account?.verified) return 0;
  const attached = await db
    .update(counsellingCall)
    .set({ borrowerUserId: userId })
    .where(
      and(
        isNull(counsellingCall.borrowerUserId),
        sql`lower(${counsellingCall.email}) = lower(${account.email})`,
      ),
    )
    .returning({ id: counsellingCall.id });
  return attached.length;
}

/**
 * The signed-in borrower's next call (live, not yet over), with a link token for its page, or null. Calls
 * booked with their address before the account existed are attached first.
 */
export async function readMyUpcomingCall(o: {
  db: Db;
  userId: string;
  authSecret: string;
  now?: Date;
}): Promise<{ call: (CallView & { token: string }) | null }> {
  const now = o.now ?? new Date();
  await attachCallsByEmail(o.db, o.userId);
  const [row] = await o.db
    .select({ call: counsellingCall, counsellorFirstName: user.firstName })
    .from(counsellingCall)
    .leftJoin(user, eq(user.id, counsellingCall.counsellorId))
    .where(
      and(
        eq(counsellingCall.borrowerUserId, o.userId),
        inArray(counsellingCall.state, [...LIVE_CALL_STATES]),
        gt(counsellingCall.endsAt, now),
      ),
    )
    .orderBy(asc(counsellingCall.startsAt))
    .limit(1);
  if (!row) return { call: null };
  const token = signCallToken(callTokenKey(o.authSecret), row.call.id, row.call.endsAt);
  return { call: { ...callView(row.call, row.counsellorFirstName, now), token } };
}

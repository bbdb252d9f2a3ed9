import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { LIVE_CALL_STATES } from '#domain/counselling/calls';
import type { CallView } from '#domain/validation/counselling';
import type { Unit } from '#server/unit-of-work';
import { counsellingCall, user } from '#server/db/schema/index';
import { type CallTokenKey, signCallToken } from './call-token';
import { callView } from './call-view';
import { attachCallsByEmail } from '#server/counselling/attach-calls';

/**
 * The signed-in borrower's next call (live, not yet over), with a link token for its page, or null. Calls
 * booked with their address before the account existed are attached first.
 */
export async function readMyUpcomingCall(
  unit: Unit,
  o: { userId: string; key: CallTokenKey; now?: Date },
): Promise<{ call: (CallView & { token: string }) | null }> {
  const now = o.now ?? new Date();
  await attachCallsByEmail(unit.tx, o.userId);
  const [row] = await unit.tx
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
  const token = signCallToken(o.key, row.call.id, row.call.endsAt, row.call.revision);
  return { call: { ...callView(row.call, row.counsellorFirstName, now), token } };
}

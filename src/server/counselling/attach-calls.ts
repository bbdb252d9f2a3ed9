import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Transaction } from '#server/db/client';
import { counsellingCall, user } from '#server/db/schema/index';

// Shared by the accounts (an address proven) and the counselling call (the borrower's own call read).

/**
 * Gives a borrower the calls booked with their email address before their account existed (or while they were
 * signed out). Only once the account's address is proven: an account is made from the lead form before its
 * owner has shown they read that mailbox, and a stranger typing someone else's address must not see their
 * call. Addresses are compared without regard to case. Answers how many calls it attached.
 */
export async function attachCallsByEmail(db: Transaction, userId: string): Promise<number> {
  const [account] = await db
    .select({ email: user.email, verified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId));
  if (!account?.verified) return 0;
  const attached = await db
    .update(counsellingCall)
    // Not a change of the call itself: updated_at stays, since the reminders read it as when the call was last
    // booked or moved (src/domain/counselling/reminders.ts).
    .set({ borrowerUserId: userId, updatedAt: sql`${counsellingCall.updatedAt}` })
    .where(
      and(
        isNull(counsellingCall.borrowerUserId),
        sql`lower(${counsellingCall.email}) = lower(${account.email})`,
      ),
    )
    .returning({ id: counsellingCall.id });
  return attached.length;
}

import { eq, lt, sql } from 'drizzle-orm';
import { signInFailure } from '#server/db/schema/auth';
import type { Transaction } from '#server/unit-of-work';

/**
 * The per-account limit on password guesses, on top of the per-address one: a guesser with many addresses
 * still gets only a few tries per account. Counted per username (the lower-cased email) whether or not an
 * account has it, so a locked account, an open one and an unknown name answer alike.
 */

/** Wrong passwords in a row before the first lockout. */
export const LOCKOUT_AFTER_FAILURES = 5;
/** The first lockout; each further wrong password once a lockout has passed doubles it, up to the cap. */
export const FIRST_LOCKOUT_SECONDS = 60;
export const MAX_LOCKOUT_SECONDS = 15 * 60;
/** Wrong passwords older than this are forgotten: a few typos a month never add up to a lockout. */
export const FAILURE_MEMORY_SECONDS = 24 * 60 * 60;

/** How long the account waits after its n-th wrong password in a row (0 before the limit). */
export function lockoutSeconds(failures: number): number {
  if (failures < LOCKOUT_AFTER_FAILURES) return 0;
  // Capped exponent first: 2 ** large is Infinity, and the cap is reached long before.
  const doublings = Math.min(failures - LOCKOUT_AFTER_FAILURES, 10);
  return Math.min(FIRST_LOCKOUT_SECONDS * 2 ** doublings, MAX_LOCKOUT_SECONDS);
}

/**
 * Starts a password check for a username. Answers false while the username is locked out: the password must
 * then not be looked at. Otherwise the try is counted as a failure before the password is checked (and the
 * lockout set when this try reaches the limit), so tries sent at the same moment cannot all slip in before
 * the lock; a right password then clears the count with clearPasswordFailures.
 *
 * One statement, so every server instance sees the same count: the conditional upsert changes nothing and
 * returns no row when the stored lockout has not passed yet.
 */
export async function beginPasswordAttempt(
  tx: Transaction,
  username: string,
  now = new Date(),
): Promise<boolean> {
  const at = now.toISOString();
  const forgetBefore = new Date(now.getTime() - FAILURE_MEMORY_SECONDS * 1000).toISOString();
  const t = signInFailure;
  // Our own constants, written into the statement (not user input).
  const limit = sql.raw(String(LOCKOUT_AFTER_FAILURES));
  const first = sql.raw(String(FIRST_LOCKOUT_SECONDS));
  const cap = sql.raw(String(MAX_LOCKOUT_SECONDS));
  const failures = sql`(case when ${t.lastFailureAt} < ${forgetBefore}::timestamptz then 1 else ${t.failures} + 1 end)`;
  const rows = await tx
    .insert(t)
    .values({ username, failures: 1, lastFailureAt: now, lockedUntil: null })
    .onConflictDoUpdate({
      target: t.username,
      set: {
        failures,
        lastFailureAt: now,
        // The same doubling as lockoutSeconds, in SQL so the count and the lockout change together.
        lockedUntil: sql`case when ${failures} >= ${limit}
          then ${at}::timestamptz
            + least(${first} * power(2, least(${failures} - ${limit}, 10)), ${cap}) * interval '1 second'
          else null end`,
      },
      setWhere: sql`${t.lockedUntil} is null or ${t.lockedUntil} <= ${at}::timestamptz`,
    })
    .returning({ username: t.username });
  return rows.length > 0;
}

/** A right password: the username starts again from no failures. Old rows of other names go too. */
export async function clearPasswordFailures(
  tx: Transaction,
  username: string,
  now = new Date(),
): Promise<void> {
  await tx.delete(signInFailure).where(eq(signInFailure.username, username));
  const forgetBefore = new Date(now.getTime() - FAILURE_MEMORY_SECONDS * 1000);
  await tx.delete(signInFailure).where(lt(signInFailure.lastFailureAt, forgetBefore));
}

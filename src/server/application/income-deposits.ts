import { desc, eq, inArray } from 'drizzle-orm';
import type { Reader } from '#server/db/client';
import { incomeSnapshot, plaidTransaction } from '#server/db/schema/enrollment';

/** A snapshot lists about three months of deposits; a weekly payday is 13. */
const MAX_DEPOSITS_READ = 100;

/**
 * The income deposits of the newest income snapshot (they show the borrower's usual payday) and when that
 * snapshot was made (a bank connected after the draft day was chosen may suggest another day).
 */
export async function incomeDeposits(
  db: Reader,
  applicationId: string,
): Promise<{ dates: string[]; readAt: Date | null }> {
  const snapshot = await db.query.incomeSnapshot.findFirst({
    where: eq(incomeSnapshot.applicationId, applicationId),
    orderBy: [desc(incomeSnapshot.createdAt)],
    columns: { incomeTransactionIds: true, createdAt: true },
  });
  return depositsOfSnapshot(db, snapshot);
}

/**
 * The newest income snapshot as a relational read of the application's row (`with: { incomeSnapshots:
 * NEWEST_INCOME_SNAPSHOT }`): a caller that reads the row anyway reads it in the same statement, then hands it
 * to depositsOfSnapshot.
 */
export const NEWEST_INCOME_SNAPSHOT = {
  orderBy: [desc(incomeSnapshot.createdAt)],
  limit: 1,
  columns: { incomeTransactionIds: true as const, createdAt: true as const },
};

/** incomeDeposits of a snapshot already read (undefined: the application has none). */
export async function depositsOfSnapshot(
  db: Reader,
  snapshot: { incomeTransactionIds: string[] | null; createdAt: Date } | undefined,
): Promise<{ dates: string[]; readAt: Date | null }> {
  const ids = snapshot?.incomeTransactionIds ?? [];
  if (ids.length === 0) return { dates: [], readAt: snapshot?.createdAt ?? null };
  const rows = await db
    .select({ date: plaidTransaction.date })
    .from(plaidTransaction)
    .where(inArray(plaidTransaction.id, ids.slice(0, MAX_DEPOSITS_READ)));
  return { dates: rows.map((r) => r.date), readAt: snapshot!.createdAt };
}

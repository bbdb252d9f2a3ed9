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
  const ids = snapshot?.incomeTransactionIds ?? [];
  if (ids.length === 0) return { dates: [], readAt: snapshot?.createdAt ?? null };
  const rows = await db
    .select({ date: plaidTransaction.date })
    .from(plaidTransaction)
    .where(inArray(plaidTransaction.id, ids.slice(0, MAX_DEPOSITS_READ)));
  return { dates: rows.map((r) => r.date), readAt: snapshot!.createdAt };
}

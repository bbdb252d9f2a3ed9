import { AppError } from '#domain/errors';
import { HARDSHIP_KEYS, type HardshipKey } from '#domain/validation/application';
import type { Transaction } from '#server/unit-of-work';
import { ownCurrentApplication } from '#server/application/own-application';

/** A borrower owns exactly one application, found by owner; any other is invisible. */
export async function findOwnApplication(db: Transaction, userId: string) {
  const found = await db.query.application.findFirst({
    where: ownCurrentApplication(userId),
    columns: { id: true, status: true, lastCompletedPage: true, lastViewedPage: true },
    with: { hardships: { columns: { key: true, value: true } } },
  });
  if (!found) throw new AppError('NotFound');
  return found;
}

/** Every hardship key with its stored value; a key never saved reads as not ticked. */
export function hardshipRecord(
  rows: readonly { key: HardshipKey; value: boolean }[],
): Record<HardshipKey, boolean> {
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  return Object.fromEntries(HARDSHIP_KEYS.map((key) => [key, stored.get(key) ?? false])) as Record<
    HardshipKey,
    boolean
  >;
}

import { inArray } from 'drizzle-orm';
import type { StaffMember } from '#domain/flow/staff-views';
import { MESSAGES } from '#domain/validation/messages';
import type { Transaction } from '#server/unit-of-work';
import { user } from '#server/db/schema/auth';

/** A staff member's name as the portal shows it: 'Name Unavailable' when none is known. */
export const staffDisplayName = (name: string | null | undefined): string =>
  name?.trim() || MESSAGES.nameUnavailable;

/**
 * Names of the given users, in one query; unknown ids read as 'Name Unavailable'. Only a select is needed: the
 * contact summary's reads, still on the database's own connections, pass theirs.
 */
export async function staffMembers(
  db: Pick<Transaction, 'select'>,
  ids: Iterable<string | null | undefined>,
): Promise<(id: string | null | undefined) => StaffMember | null> {
  const wanted = [...new Set([...ids].filter((id): id is string => Boolean(id)))];
  const rows =
    wanted.length === 0
      ? []
      : await db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, wanted));
  const names = new Map(rows.map((r) => [r.id, staffDisplayName(r.name)]));
  return (id) => (id ? { id, name: names.get(id) ?? MESSAGES.nameUnavailable } : null);
}

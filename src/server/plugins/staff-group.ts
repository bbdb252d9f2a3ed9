import { eq } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client';
import { userGroup } from '#server/db/schema/auth';

/** Staff are members of a group whose name contains CustomerService. */
export const STAFF_GROUP = 'CustomerService-us-east-2';
const isStaffGroup = (name: string) => name.includes('CustomerService');

/**
 * Whether the user is in a staff group now. Read when a session begins and kept on it (session.isStaff), so
 * the requests of that session need no second query.
 */
export async function isStaffUser(db: Db | Tx, userId: string): Promise<boolean> {
  const groups = await db
    .select({ name: userGroup.groupName })
    .from(userGroup)
    .where(eq(userGroup.userId, userId));
  return groups.some((g) => isStaffGroup(g.name));
}

import { and, eq } from 'drizzle-orm';
import type { Reader } from '#server/db/client';
import { userGroup } from '#server/db/schema/auth';

/** Staff are members of a group whose name contains CustomerService. */
export const STAFF_GROUP = 'CustomerService-us-east-2';
const isStaffGroup = (name: string) => name.includes('CustomerService');

/**
 * Creditor relations staff: staff (members of the staff group too) who also maintain the creditors and their
 * concession programmes. Every staff member reads those; only this group changes them.
 */
export const CREDITOR_RELATIONS_GROUP = 'CreditorRelations';

/**
 * Supervisors: staff (members of the staff group too) who may reopen a quality control a counsellor failed
 * (decision 0143). Given by `npm run staff:create -- --supervisor`; read at each reopen, so taking a person out
 * of the group takes the right away at once.
 */
export const SUPERVISOR_GROUP = 'Supervisors';

/** Whether the user is a member of `group` now (read at each call: membership is checked where it matters). */
export async function isInGroup(db: Reader, userId: string, group: string): Promise<boolean> {
  const [found] = await db
    .select({ name: userGroup.groupName })
    .from(userGroup)
    .where(and(eq(userGroup.userId, userId), eq(userGroup.groupName, group)))
    .limit(1);
  return found !== undefined;
}

/**
 * Whether the user is in a staff group now. Read when a session begins and kept on it (session.isStaff), so
 * the requests of that session need no second query.
 */
export async function isStaffUser(db: Reader, userId: string): Promise<boolean> {
  const groups = await db
    .select({ name: userGroup.groupName })
    .from(userGroup)
    .where(eq(userGroup.userId, userId));
  return groups.some((g) => isStaffGroup(g.name));
}

import { asc, eq, like } from 'drizzle-orm';
import type { StaffListView } from '#domain/flow/staff-views';
import type { Unit } from '#server/unit-of-work';
import { user, userGroup } from '#server/db/schema/auth';
import { staffDisplayName } from './staff-names';

/** Upper bound of the staff list: an agency's team, not a user directory. */
export const STAFF_LIST_LIMIT = 1000;

/** Members of the staff group(s) (a group whose name contains CustomerService). */
export async function listStaff(unit: Unit): Promise<StaffListView> {
  const rows = await unit.tx
    .selectDistinct({ id: user.id, name: user.name, email: user.email })
    .from(userGroup)
    .innerJoin(user, eq(user.id, userGroup.userId))
    .where(like(userGroup.groupName, '%CustomerService%'))
    .orderBy(asc(user.name), asc(user.id))
    .limit(STAFF_LIST_LIMIT);
  return { users: rows.map((r) => ({ id: r.id, name: staffDisplayName(r.name), email: r.email })) };
}

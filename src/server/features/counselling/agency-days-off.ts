import { asc, eq, gte } from 'drizzle-orm';
import { agencyHolidaysBetween } from '#domain/counselling/closed-days';
import { AppError } from '#domain/errors';
import type { AgencyDayOffInput, AgencyDaysOffView } from '#domain/validation/counselling-staff';
import { agencyDayOff } from '#server/db/schema/index';
import { isInGroup, SUPERVISOR_GROUP } from '#server/plugins/staff-group';
import type { Unit } from '#server/unit-of-work';

// The days the whole agency is closed, beyond the holidays it knows by rule: no counselling call is offered on
// them (slots.ts). Every staff member reads them; supervisors add and remove them (routes.ts).

export const DAY_OFF_EXISTS = 'That day is already a day off.';
export const DAYS_OFF_SUPERVISORS_ONLY = 'Only supervisors can change the days the agency is closed.';

/** Refuses (403) a staff member who is not a supervisor, in the unit that would make the change. */
async function refuseUnlessSupervisor(unit: Unit, actorId: string): Promise<void> {
  if (!(await isInGroup(unit.tx, actorId, SUPERVISOR_GROUP)))
    throw new AppError('Forbidden', DAYS_OFF_SUPERVISORS_ONLY);
}

/** GET /api/staff/counselling/agency-days-off: the added days from today on, and the coming year's holidays. */
export async function listAgencyDaysOff(
  unit: Unit,
  o: { userId: string; agencyTimeZone: string },
): Promise<AgencyDaysOffView> {
  const { today } = unit;
  const canEdit = await isInGroup(unit.tx, o.userId, SUPERVISOR_GROUP);
  const rows = await unit.tx
    .select({ day: agencyDayOff.day, name: agencyDayOff.name })
    .from(agencyDayOff)
    .where(gte(agencyDayOff.day, today))
    .orderBy(asc(agencyDayOff.day))
    .limit(366);
  const inAYear = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
  return {
    timeZone: o.agencyTimeZone,
    canEdit,
    daysOff: rows,
    holidays: agencyHolidaysBetween(today, inAYear),
  };
}

/** Adds a day off for the whole agency (supervisors only); the same day twice is a 409. Slots already booked on it are kept. */
export async function addAgencyDayOff(unit: Unit, o: { actorId: string; input: AgencyDayOffInput }) {
  await refuseUnlessSupervisor(unit, o.actorId);
  const [row] = await unit.tx
    .insert(agencyDayOff)
    .values({ day: o.input.day, name: o.input.name, createdBy: o.actorId })
    .onConflictDoNothing()
    .returning({ day: agencyDayOff.day, name: agencyDayOff.name });
  if (!row) throw new AppError('Conflict', DAY_OFF_EXISTS);
  await unit.audit({
    actorId: o.actorId,
    action: 'agencyDayOffAdded',
    entityType: 'agency_day_off',
    entityId: row.day,
    after: { name: row.name },
  });
  return row;
}

/** Removes a day off (supervisors only); an unknown day is a 404. */
export async function removeAgencyDayOff(unit: Unit, o: { actorId: string; day: string }) {
  await refuseUnlessSupervisor(unit, o.actorId);
  const [row] = await unit.tx
    .delete(agencyDayOff)
    .where(eq(agencyDayOff.day, o.day))
    .returning({ day: agencyDayOff.day });
  if (!row) throw new AppError('NotFound');
  await unit.audit({
    actorId: o.actorId,
    action: 'agencyDayOffRemoved',
    entityType: 'agency_day_off',
    entityId: row.day,
  });
}

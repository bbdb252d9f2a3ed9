import { and, asc, eq, gt } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import type { Weekday } from '#domain/counselling/slots';
import {
  clockOfMinutes,
  minutesOfClock,
  type CounsellorAvailabilityInput,
  type CounsellorAvailabilityView,
} from '#domain/validation/counselling';
import type { Unit } from '#server/unit-of-work';
import { counsellor, counsellorTimeOff, counsellorWeeklyHours } from '#server/db/schema/index';

// A staff member's own counselling availability: languages, weekly hours (agency time) and time off. Each staff
// member sets only their own; calls already booked stay as they are when hours change.

/** What the Preferences page shows: hours by weekday and start, time off not yet over. */
export async function readAvailability(
  unit: Unit,
  o: { userId: string; agencyTimeZone: string; now?: Date },
): Promise<CounsellorAvailabilityView> {
  const now = o.now ?? new Date();
  const { tx } = unit;
  const [person] = await tx.select().from(counsellor).where(eq(counsellor.userId, o.userId));
  const hours = await tx
    .select()
    .from(counsellorWeeklyHours)
    .where(eq(counsellorWeeklyHours.counsellorId, o.userId))
    .orderBy(asc(counsellorWeeklyHours.weekday), asc(counsellorWeeklyHours.startMinute));
  const timeOff = await tx
    .select()
    .from(counsellorTimeOff)
    .where(and(eq(counsellorTimeOff.counsellorId, o.userId), gt(counsellorTimeOff.endsAt, now)))
    .orderBy(asc(counsellorTimeOff.startsAt));
  return {
    timeZone: o.agencyTimeZone,
    languages: person?.languages ?? [],
    weeklyHours: hours.map((h) => ({
      weekday: h.weekday,
      start: clockOfMinutes(h.startMinute),
      end: clockOfMinutes(h.endMinute),
    })),
    timeOff: timeOff.map((t) => ({
      id: t.id,
      startsAt: t.startsAt.toISOString(),
      endsAt: t.endsAt.toISOString(),
    })),
  };
}

/** Replaces the staff member's languages and weekly hours in the unit (making them a counsellor). */
export async function saveAvailability(
  unit: Unit,
  o: { userId: string; input: CounsellorAvailabilityInput; agencyTimeZone: string },
): Promise<CounsellorAvailabilityView> {
  const { tx } = unit;
  await tx
    .insert(counsellor)
    .values({ userId: o.userId, languages: o.input.languages })
    .onConflictDoUpdate({
      target: counsellor.userId,
      set: { languages: o.input.languages, updatedAt: new Date() },
    });
  await tx.delete(counsellorWeeklyHours).where(eq(counsellorWeeklyHours.counsellorId, o.userId));
  if (o.input.weeklyHours.length > 0) {
    await tx.insert(counsellorWeeklyHours).values(
      o.input.weeklyHours.map((row) => ({
        counsellorId: o.userId,
        weekday: row.weekday as Weekday,
        startMinute: minutesOfClock(row.start),
        endMinute: minutesOfClock(row.end),
      })),
    );
  }
  return readAvailability(unit, { userId: o.userId, agencyTimeZone: o.agencyTimeZone });
}

export const NOT_A_COUNSELLOR = 'Set your languages and weekly hours first.';

/** Adds time off; the staff member must be a counsellor already (hours saved once). */
export async function addTimeOff(unit: Unit, o: { userId: string; startsAt: Date; endsAt: Date }) {
  const [person] = await unit.tx.select().from(counsellor).where(eq(counsellor.userId, o.userId));
  if (!person) throw new AppError('PreconditionFailed', NOT_A_COUNSELLOR);
  const [row] = await unit.tx
    .insert(counsellorTimeOff)
    .values({ counsellorId: o.userId, startsAt: o.startsAt, endsAt: o.endsAt })
    .returning();
  return { id: row!.id, startsAt: row!.startsAt.toISOString(), endsAt: row!.endsAt.toISOString() };
}

/** Removes one of the staff member's own time-off entries; anyone else's is not found. */
export async function removeTimeOff(unit: Unit, o: { userId: string; id: string }) {
  const removed = await unit.tx
    .delete(counsellorTimeOff)
    .where(and(eq(counsellorTimeOff.id, o.id), eq(counsellorTimeOff.counsellorId, o.userId)))
    .returning({ id: counsellorTimeOff.id });
  if (removed.length === 0) throw new AppError('NotFound');
}

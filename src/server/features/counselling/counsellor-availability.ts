import { and, asc, eq, gt } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import type { Weekday } from '#domain/counselling/slots';
import {
  clockOfMinutes,
  minutesOfClock,
  type CounsellorAvailabilityInput,
  type CounsellorAvailabilityView,
} from '#domain/validation/counselling';
import type { Db, Tx } from '#server/db/client';
import { counsellor, counsellorTimeOff, counsellorWeeklyHours } from '#server/db/schema/index';

// A staff member's own counselling availability: languages, weekly hours (agency time) and time off. Each staff
// member sets only their own; calls already booked stay as they are when hours change.

/** What the Preferences page shows: hours by weekday and start, time off not yet over. */
export async function readAvailability(o: {
  db: Db | Tx;
  userId: string;
  agencyTimeZone: string;
  now?: Date;
}): Promise<CounsellorAvailabilityView> {
  const now = o.now ?? new Date();
  const [person] = await o.db.select().from(counsellor).where(eq(counsellor.userId, o.userId));
  const hours = await o.db
    .select()
    .from(counsellorWeeklyHours)
    .where(eq(counsellorWeeklyHours.counsellorId, o.userId))
    .orderBy(asc(counsellorWeeklyHours.weekday), asc(counsellorWeeklyHours.startMinute));
  const timeOff = await o.db
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

/** Replaces the staff member's languages and weekly hours in one transaction (making them a counsellor). */
export async function saveAvailability(o: {
  db: Db;
  userId: string;
  input: CounsellorAvailabilityInput;
  agencyTimeZone: string;
}): Promise<CounsellorAvailabilityView> {
  return o.db.transaction(async (tx) => {
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
    return readAvailability({ db: tx, userId: o.userId, agencyTimeZone: o.agencyTimeZone });
  });
}

export const NOT_A_COUNSELLOR = 'Set your languages and weekly hours first.';

/** Adds time off; the staff member must be a counsellor already (hours saved once). */
export async function addTimeOff(o: { db: Db; userId: string; startsAt: Date; endsAt: Date }) {
  const [person] = await o.db.select().from(counsellor).where(eq(counsellor.userId, o.userId));
  if (!person) throw new AppError('PreconditionFailed', NOT_A_COUNSELLOR);
  const [row] = await o.db
    .insert(counsellorTimeOff)
    .values({ counsellorId: o.userId, startsAt: o.startsAt, endsAt: o.endsAt })
    .returning();
  return { id: row!.id, startsAt: row!.startsAt.toISOString(), endsAt: row!.endsAt.toISOString() };
}

/** Removes one of the staff member's own time-off entries; anyone else's is not found. */
export async function removeTimeOff(o: { db: Db; userId: string; id: string }) {
  const removed = await o.db
    .delete(counsellorTimeOff)
    .where(and(eq(counsellorTimeOff.id, o.id), eq(counsellorTimeOff.counsellorId, o.userId)))
    .returning({ id: counsellorTimeOff.id });
  if (removed.length === 0) throw new AppError('NotFound');
}

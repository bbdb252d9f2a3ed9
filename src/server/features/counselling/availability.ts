import { and, eq, gt, gte, inArray, lt, lte, max, ne } from 'drizzle-orm';
import { utcDayOf } from '#domain/calendar';
import type { CounsellorAvailability, Interval, SlotRules } from '#domain/counselling/slots';
import { LIVE_CALL_STATES } from '#domain/counselling/calls';
import type { Transaction } from '#server/unit-of-work';
import {
  agencyDayOff,
  counsellingCall,
  counsellor,
  counsellorTimeOff,
  counsellorWeeklyHours,
} from '#server/db/schema/index';

const MINUTE = 60_000;

/**
 * Every counsellor's hours, with the time off and live calls that touch the span (widened by the buffer, as a
 * call just outside the span still keeps its neighbour free). `exceptCallId` leaves one call out: the call
 * being moved does not stand in its own way.
 */
export async function loadAvailability(
  tx: Transaction,
  o: {
    span: Interval;
    rules: Pick<SlotRules, 'bufferMinutes'>;
    onlyCounsellorId?: string;
    exceptCallId?: string;
  },
): Promise<CounsellorAvailability[]> {
  const buffer = o.rules.bufferMinutes * MINUTE;
  const from = new Date(o.span.startsAt.getTime() - buffer);
  const to = new Date(o.span.endsAt.getTime() + buffer);
  const only = o.onlyCounsellorId;
  // One after the other: inside a transaction they share one connection, which runs one query at a time.
  const people = await tx
    .select({ id: counsellor.userId, languages: counsellor.languages })
    .from(counsellor)
    .where(only ? eq(counsellor.userId, only) : undefined);
  const hours = await tx
    .select()
    .from(counsellorWeeklyHours)
    .where(only ? eq(counsellorWeeklyHours.counsellorId, only) : undefined);
  const timeOff = await tx
    .select()
    .from(counsellorTimeOff)
    .where(
      and(
        lt(counsellorTimeOff.startsAt, to),
        gt(counsellorTimeOff.endsAt, from),
        only ? eq(counsellorTimeOff.counsellorId, only) : undefined,
      ),
    );
  const calls = await tx
    .select({
      counsellorId: counsellingCall.counsellorId,
      startsAt: counsellingCall.startsAt,
      endsAt: counsellingCall.endsAt,
    })
    .from(counsellingCall)
    .where(
      and(
        inArray(counsellingCall.state, [...LIVE_CALL_STATES]),
        lt(counsellingCall.startsAt, to),
        gt(counsellingCall.endsAt, from),
        only ? eq(counsellingCall.counsellorId, only) : undefined,
        o.exceptCallId ? ne(counsellingCall.id, o.exceptCallId) : undefined,
      ),
    );
  return people.map((person) => ({
    id: person.id,
    languages: person.languages,
    weeklyHours: hours
      .filter((h) => h.counsellorId === person.id)
      .map((h) => ({ weekday: h.weekday, startMinute: h.startMinute, endMinute: h.endMinute })),
    timeOff: timeOff.filter((t) => t.counsellorId === person.id),
    calls: calls.filter((c) => c.counsellorId === person.id),
  }));
}

/** When each counsellor was last given a call (for round-robin); absent when never. */
export async function lastAssignments(tx: Transaction, counsellorIds: string[]): Promise<Map<string, Date>> {
  if (counsellorIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: counsellingCall.counsellorId, at: max(counsellingCall.createdAt) })
    .from(counsellingCall)
    .where(inArray(counsellingCall.counsellorId, counsellorIds))
    .groupBy(counsellingCall.counsellorId);
  return new Map(rows.flatMap((r) => (r.id !== null && r.at !== null ? [[r.id, new Date(r.at)]] : [])));
}

/**
 * The agency's own days off that a span may touch ('yyyy-MM-dd'): the calendar days around it, a day either
 * side, as the agency's day and the span need not line up.
 */
export async function loadAgencyDaysOff(tx: Transaction, span: Interval): Promise<Set<string>> {
  const day = (at: number) => utcDayOf(new Date(at));
  const rows = await tx
    .select({ day: agencyDayOff.day })
    .from(agencyDayOff)
    .where(
      and(
        gte(agencyDayOff.day, day(span.startsAt.getTime() - 2 * 24 * 60 * MINUTE)),
        lte(agencyDayOff.day, day(span.endsAt.getTime() + 2 * 24 * 60 * MINUTE)),
      ),
    );
  return new Set(rows.map((r) => r.day));
}

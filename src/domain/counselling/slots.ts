import { TZDate } from '@date-fns/tz';
import { isAgencyClosed } from './closed-days';

// The counselling call's open times. Everything here is pure: the server reads the counsellors' hours, time off
// and calls, the clock, and hands them in. Instants are Dates (UTC underneath); only weekly hours are local,
// written in the agency's time zone, because a counsellor works "Monday 9 to 5" there whatever the season.

/** ISO weekday: 1 is Monday, 7 is Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** One stretch of a counsellor's week, minutes from midnight in the agency's time zone (end excluded). */
export type WeeklyHours = { weekday: Weekday; startMinute: number; endMinute: number };

/** A span of time between two instants (end excluded). */
export type Interval = { startsAt: Date; endsAt: Date };

export type CounsellorAvailability = {
  id: string;
  /** Languages the counsellor holds a call in ('en', 'es'). */
  languages: readonly string[];
  weeklyHours: readonly WeeklyHours[];
  timeOff: readonly Interval[];
  /** Calls already booked with this counsellor (booked or rescheduled; cancelled ones are left out). */
  calls: readonly Interval[];
};

export type SlotRules = {
  /** Length of a call. */
  callMinutes: number;
  /** Free time kept after (and before) every call, for notes and a late start. */
  bufferMinutes: number;
  /** How long before its start a slot stops being offered. */
  minimumNoticeMinutes: number;
  /** How far ahead slots are offered, in days from now. */
  horizonDays: number;
};

/**
 * The agency's defaults: half-hour calls, a quarter of an hour between two calls, nothing sooner than two hours
 * ahead (a counsellor needs to see it coming) and four weeks ahead at most (hours change; a call far off is
 * often forgotten).
 */
export const DEFAULT_SLOT_RULES: SlotRules = {
  callMinutes: 30,
  bufferMinutes: 15,
  minimumNoticeMinutes: 120,
  horizonDays: 28,
};

/** An open time: its instants and who could take it, with the languages they speak between them. */
export type Slot = {
  startsAt: Date;
  endsAt: Date;
  counsellorIds: string[];
  languages: string[];
};

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const overlaps = (a: Interval, b: Interval) => a.startsAt < b.endsAt && b.startsAt < a.endsAt;

/** The instant at a local wall-clock time in `timeZone` (a time the clocks skip is read one hour later). */
function instantAt(
  timeZone: string,
  day: { year: number; month: number; day: number },
  minute: number,
): Date {
  const hours = Math.floor(minute / 60);
  return new Date(new TZDate(day.year, day.month - 1, day.day, hours, minute % 60, 0, 0, timeZone).getTime());
}

/** The calendar days (in `timeZone`) that the span from `from` to `to` touches, with their ISO weekday. */
function daysBetween(from: Date, to: Date, timeZone: string) {
  const days: { year: number; month: number; day: number; weekday: Weekday }[] = [];
  const first = new TZDate(from.getTime(), timeZone);
  // Noon of each day: never a time the clocks skip or repeat.
  let cursor = new TZDate(first.getFullYear(), first.getMonth(), first.getDate(), 12, 0, 0, 0, timeZone);
  while (cursor.getTime() - 12 * 60 * MINUTE <= to.getTime()) {
    const weekday = (cursor.getDay() === 0 ? 7 : cursor.getDay()) as Weekday;
    days.push({ year: cursor.getFullYear(), month: cursor.getMonth() + 1, day: cursor.getDate(), weekday });
    cursor = new TZDate(cursor.getFullYear(), cursor.getMonth(), cursor.getDate() + 1, 12, 0, 0, 0, timeZone);
  }
  return days;
}

const dayText = (day: { year: number; month: number; day: number }) =>
  `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;

/**
 * The start times one counsellor's hours offer between two instants, before bookings and time off. None on a
 * day the agency is closed (its holidays and `daysOff`, days in the agency's time zone).
 */
export function workingStarts(o: {
  weeklyHours: readonly WeeklyHours[];
  agencyTimeZone: string;
  rules: Pick<SlotRules, 'callMinutes' | 'bufferMinutes'>;
  from: Date;
  to: Date;
  daysOff?: ReadonlySet<string>;
}): Interval[] {
  const step = (o.rules.callMinutes + o.rules.bufferMinutes) * MINUTE;
  const length = o.rules.callMinutes * MINUTE;
  const found: Interval[] = [];
  // A day early and a day late: the agency's day and the requested span need not line up.
  const days = daysBetween(
    new Date(o.from.getTime() - DAY),
    new Date(o.to.getTime() + DAY),
    o.agencyTimeZone,
  );
  for (const day of days) {
    if (isAgencyClosed(dayText(day), o.daysOff)) continue;
    for (const hours of o.weeklyHours) {
      if (hours.weekday !== day.weekday) continue;
      const windowStart = instantAt(o.agencyTimeZone, day, hours.startMinute);
      const windowEnd = instantAt(o.agencyTimeZone, day, hours.endMinute);
      for (let at = windowStart.getTime(); at + length <= windowEnd.getTime(); at += step) {
        if (at >= o.from.getTime() && at < o.to.getTime()) {
          found.push({ startsAt: new Date(at), endsAt: new Date(at + length) });
        }
      }
    }
  }
  return found;
}

/** Whether a counsellor is free for the call `slot`: no time off over it, no call within the buffer of it. */
export function isFree(
  counsellor: Pick<CounsellorAvailability, 'timeOff' | 'calls'>,
  slot: Interval,
  rules: Pick<SlotRules, 'bufferMinutes'>,
): boolean {
  const buffer = rules.bufferMinutes * MINUTE;
  const padded = {
    startsAt: new Date(slot.startsAt.getTime() - buffer),
    endsAt: new Date(slot.endsAt.getTime() + buffer),
  };
  return (
    !counsellor.timeOff.some((off) => overlaps(off, slot)) &&
    !counsellor.calls.some((c) => overlaps(c, padded))
  );
}

/** The earliest and latest start a booking made at `now` may have. */
export function bookableWindow(now: Date, rules: Pick<SlotRules, 'minimumNoticeMinutes' | 'horizonDays'>) {
  return {
    earliest: new Date(now.getTime() + rules.minimumNoticeMinutes * MINUTE),
    latest: new Date(now.getTime() + rules.horizonDays * DAY),
  };
}

/**
 * The open slots between `from` and `to` (clipped to the minimum notice and the horizon from `now`), merged
 * over the counsellors: a time is open when at least one counsellor works then and is free. With `language`,
 * only times a counsellor speaking it is free. Sorted by start.
 */
export function openSlots(o: {
  counsellors: readonly CounsellorAvailability[];
  agencyTimeZone: string;
  rules: SlotRules;
  now: Date;
  from: Date;
  to: Date;
  language?: string;
  /** The agency's own days off (its holidays are known by rule). */
  daysOff?: ReadonlySet<string>;
}): Slot[] {
  const window = bookableWindow(o.now, o.rules);
  const from = new Date(Math.max(o.from.getTime(), window.earliest.getTime()));
  const to = new Date(Math.min(o.to.getTime(), window.latest.getTime()));
  if (from >= to) return [];
  const byStart = new Map<number, Slot>();
  for (const counsellor of o.counsellors) {
    const starts = workingStarts({
      ...counsellor,
      agencyTimeZone: o.agencyTimeZone,
      rules: o.rules,
      from,
      to,
      daysOff: o.daysOff,
    });
    for (const slot of starts) {
      if (!isFree(counsellor, slot, o.rules)) continue;
      const key = slot.startsAt.getTime();
      const open = byStart.get(key) ?? { ...slot, counsellorIds: [], languages: [] };
      open.counsellorIds.push(counsellor.id);
      for (const language of counsellor.languages) {
        if (!open.languages.includes(language)) open.languages.push(language);
      }
      byStart.set(key, open);
    }
  }
  return [...byStart.values()]
    .filter((slot) => !o.language || slot.languages.includes(o.language))
    .map((slot) => ({ ...slot, counsellorIds: slot.counsellorIds.sort(), languages: slot.languages.sort() }))
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/**
 * Who of the counsellors may take a call at `slot`: those whose hours offer exactly that start and who are
 * free then. The server asks this again inside the booking's transaction, under a lock on each counsellor.
 */
export function counsellorsFreeAt(o: {
  counsellors: readonly CounsellorAvailability[];
  agencyTimeZone: string;
  rules: SlotRules;
  slot: Interval;
  daysOff?: ReadonlySet<string>;
}): string[] {
  return o.counsellors
    .filter((c) => {
      const starts = workingStarts({
        weeklyHours: c.weeklyHours,
        agencyTimeZone: o.agencyTimeZone,
        rules: o.rules,
        from: o.slot.startsAt,
        to: new Date(o.slot.startsAt.getTime() + 1),
        daysOff: o.daysOff,
      });
      return (
        starts.some((s) => s.startsAt.getTime() === o.slot.startsAt.getTime()) && isFree(c, o.slot, o.rules)
      );
    })
    .map((c) => c.id);
}

/** A slot as a person in `timeZone` reads it: the day 'yyyy-MM-dd' and the time 'HH:mm' there. */
export function localTimeOf(at: Date, timeZone: string): { day: string; time: string } {
  // Read through Intl, which needs nothing of the Date class (a test may replace it to move the clock).
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

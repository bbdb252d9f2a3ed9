import { isLiveCall, type CallState } from './calls';

// When a counselling call's reminders go: a day before and an hour before its start.

export const CALL_REMINDER_KINDS = ['day', 'hour'] as const;
export type CallReminderKind = (typeof CALL_REMINDER_KINDS)[number];

const HOUR = 3_600_000;

/** How long before the start each reminder goes. */
export const REMINDER_LEAD: Record<CallReminderKind, number> = { day: 24 * HOUR, hour: HOUR };

/**
 * The reminder due for a call now, if any. The hour's reminder is due in the last hour before the start; the
 * day's between a day and an hour before, but only for a call booked (or moved) more than a day ahead: a call
 * made for this afternoon has just had its confirmation, and a "tomorrow" reminder would only repeat it.
 * Nothing for a call that is not live (cancelled, done) or has started. Whether it was already sent is the
 * caller's to know (one reminder of a kind per revision of the call).
 */
export function dueReminder(
  call: { startsAt: Date; state: CallState; changedAt: Date },
  now: Date,
): CallReminderKind | null {
  if (!isLiveCall(call.state)) return null;
  const ahead = call.startsAt.getTime() - now.getTime();
  if (ahead <= 0) return null;
  if (ahead <= REMINDER_LEAD.hour) return 'hour';
  if (ahead <= REMINDER_LEAD.day) {
    const bookedAhead = call.startsAt.getTime() - call.changedAt.getTime();
    return bookedAhead > REMINDER_LEAD.day ? 'day' : null;
  }
  return null;
}

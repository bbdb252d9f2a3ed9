import { addDays, dayIn, startOfDayIn } from '../calendar';
import { isLiveCall, type CallState } from './calls';

// What a counsellor may record after a call: it was held (completed) or the borrower did not answer (missed).

export const CALL_OUTCOMES = ['completed', 'missed'] as const satisfies readonly CallState[];
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

export const CALL_OUTCOME_LABELS = {
  completed: 'Completed',
  missed: 'Missed',
} as const satisfies Record<CallOutcome, string>;

export const CALL_STATE_LABELS = {
  booked: 'Booked',
  rescheduled: 'Rescheduled',
  cancelled: 'Cancelled',
  completed: 'Completed',
  missed: 'Missed',
  awaitingNewTime: 'Awaiting new time',
} as const satisfies Record<CallState, string>;

export const OUTCOME_REFUSED = {
  notLive: 'Only a booked or rescheduled call can be marked completed or missed.',
  notYet: 'A call can be marked only on its day or after it.',
} as const;

/**
 * Why a call cannot be marked now, or null when it can: it must still be live (booked or rescheduled; a
 * cancelled call never took place, a marked one is final) and its day in the agency's time zone must have come.
 * "Its day", not "its start": a counsellor who rang a few minutes early, or marks the morning's calls at once,
 * must not have to wait for the clock.
 */
export function outcomeRefusal(
  call: { state: CallState; startsAt: Date },
  now: Date,
  agencyTimeZone: string,
): keyof typeof OUTCOME_REFUSED | null {
  if (!isLiveCall(call.state)) return 'notLive';
  if (dayIn(call.startsAt, agencyTimeZone) > dayIn(now, agencyTimeZone)) return 'notYet';
  return null;
}

/**
 * The instants that bound the agency's day containing `now`: its midnight and the next one (23 or 25 hours
 * apart on the days the clocks change).
 */
export function agencyDayBounds(now: Date, agencyTimeZone: string, days = 1): { from: Date; to: Date } {
  const today = dayIn(now, agencyTimeZone);
  return {
    from: startOfDayIn(today, agencyTimeZone),
    to: startOfDayIn(addDays(today, days), agencyTimeZone),
  };
}

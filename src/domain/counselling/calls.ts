// A counselling call's states and choices, shared by the server, the screens and the schema.

/**
 * booked: made and waiting; rescheduled: moved to another time and waiting (still live); cancelled by the
 * borrower (or the agency); completed or missed: marked by the counsellor after its time. awaitingNewTime: the
 * host asked in Cal.com for the call to be moved ("request reschedule"): Cal.com cancelled its booking and
 * emailed the borrower a link to choose a new time; the call holds no time (not live) until Cal.com reports the
 * booking made from that link, which moves the call there.
 */
export const CALL_STATES = [
  'booked',
  'rescheduled',
  'cancelled',
  'completed',
  'missed',
  'awaitingNewTime',
] as const;
export type CallState = (typeof CALL_STATES)[number];

/** The states that hold a counsellor's slot. */
export const LIVE_CALL_STATES: readonly CallState[] = ['booked', 'rescheduled'];

export const isLiveCall = (state: CallState) => LIVE_CALL_STATES.includes(state);

/**
 * How the borrower is reminded before the call: by email, or by email and text message (sent only while the
 * number has not opted out of texts).
 */
export const REMINDER_CHOICES = ['email', 'emailAndText'] as const;
export type ReminderChoice = (typeof REMINDER_CHOICES)[number];

/** The languages a call can be held in. */
export const CALL_LANGUAGES = ['en', 'es'] as const;
export type CallLanguage = (typeof CALL_LANGUAGES)[number];

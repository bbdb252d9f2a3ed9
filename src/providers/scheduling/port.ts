/**
 * Where counselling calls are scheduled: the product's own scheduler (counsellors' hours in the service
 * portal; the default) or an agency's Cal.com event type. The product asks it for open times, books one, moves
 * or cancels a booking by the reference it gave.
 *
 * A booking's reference is opaque to the caller: the in-product scheduler's is the call's signed link token,
 * Cal.com's its booking uid. Moving a booking may give a new reference (Cal.com makes a new booking and
 * cancels the old one), so the caller keeps the one `reschedule` answers.
 *
 * Every adapter passes tests/contracts/scheduling.contract.ts.
 */
export interface SchedulingProvider {
  /** Which adapter this is, for the start banner and the logs. */
  readonly kind: 'in-product' | 'cal-com';
  /** Open start times from `from` (inclusive) to `to` (exclusive), earliest first. */
  listSlots(query: SlotsQuery): Promise<ScheduledSlot[]>;
  /** Books the slot starting at `startsAt`; rejects with SchedulingError('slotTaken') when it is not open. */
  book(request: BookingRequest): Promise<Booking>;
  /** Moves a booking to another open start; 'slotTaken' when it is not open, 'notFound' for an unknown one. */
  reschedule(reference: string, startsAt: Date): Promise<Booking>;
  /** Cancels a booking, freeing its slot; 'notFound' for an unknown reference, 'notChangeable' when over. */
  cancel(reference: string): Promise<void>;
}

export type SlotsQuery = { from: Date; to: Date; timeZone: string; language?: 'en' | 'es' };

export type ScheduledSlot = { startsAt: Date; endsAt: Date };

export type BookingRequest = {
  startsAt: Date;
  firstName: string;
  lastName: string;
  email: string;
  /** E.164 ('+13125550100'). */
  phoneNumber: string;
  /** The borrower's time zone, for the times in their emails. */
  timeZone: string;
  language: 'en' | 'es';
};

export type Booking = {
  reference: string;
  startsAt: Date;
  endsAt: Date;
  /**
   * The email of the host the scheduler gave the booking to, when it says (Cal.com's first host); the caller
   * matches it to a staff member. Undefined for the product's own, whose call row names its counsellor.
   */
  hostEmail?: string;
};

/**
 * slotTaken: the time is not open (taken, off the grid, too soon); alreadyBooked: the person has a live
 * booking; notFound: no such booking; notChangeable: it is cancelled or over; unavailable: the scheduler could
 * not be reached or answered something else.
 */
export type SchedulingErrorCode =
  'slotTaken' | 'alreadyBooked' | 'notFound' | 'notChangeable' | 'unavailable';

/**
 * What the scheduler answered, for the log when a refusal is not one the borrower can act on (a rejected key,
 * a booking field the event type requires): its HTTP status and its error's code name ('BadRequestException'),
 * never its message, which may repeat the attendee's details.
 */
export type SchedulingRefusal = { status: number; code?: string };

/** A refusal the caller can act on; its message names no person, email or reference (it may be logged). */
export class SchedulingError extends Error {
  constructor(
    readonly code: SchedulingErrorCode,
    message: string = code,
    readonly refusal?: SchedulingRefusal,
  ) {
    super(message);
    this.name = 'SchedulingError';
  }
}

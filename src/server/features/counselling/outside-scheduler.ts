import type { FastifyBaseLogger } from 'fastify';
import { localTimeOf } from '#domain/counselling/slots';
import { AppError } from '#domain/errors';
import type { BookCallInput, ChangeCallInput, SlotQuery, SlotsView } from '#domain/validation/counselling';
import { MESSAGE_REFS, MESSAGES } from '#domain/validation/messages';
import { SchedulingError, type Booking, type SchedulingProvider } from '#providers/scheduling/port';
import type { Viewer } from '#server/plugins/viewer';
import type { OpenUnit } from '#server/unit-of-work';
import { type CallLinks, contactOf, refuseSecondUpcomingCall } from './book-call';
import { callView, type CallRow } from './call-view';
import { changeOwnCall } from './change-call';
import {
  heldCallOfToken,
  type OutsideBooking,
  saveOutsideBooking,
  saveOutsideChange,
} from './outside-call-rows';
import { isUniqueViolation } from './take-slot';

// The counselling call when an outside scheduler (Cal.com) holds the time: the slots, the host and the
// booking are its; the product still keeps its own row of the call (the portal's card, the service portal's
// lists, the outcome, the reminders read it), with the outside booking's reference, and sends its own emails
// with its own links, which are the only way of changing the call that keeps the two in step.

export const SCHEDULER_UNAVAILABLE = MESSAGES.counsellingSchedulerUnavailable;

/**
 * The public API's answer to the scheduler's refusal: the product's own words, or a 503 when it is down. A
 * refusal the borrower cannot act on that the scheduler gave as an answer (a 4xx: a rejected key, a booking
 * field the event type requires, a setting) is also logged, so staff see the misconfiguration: its status and
 * error code only, never the person or the booking.
 */
function refusal(error: unknown, when: 'book' | 'change', log?: FastifyBaseLogger): AppError {
  if (!(error instanceof SchedulingError)) throw error;
  const answered = error.refusal;
  if (error.code === 'unavailable' && answered && answered.status >= 400 && answered.status < 500)
    log?.warn(
      { when, calComStatus: answered.status, calComCode: answered.code ?? null },
      'counselling call: Cal.com refused a request the borrower cannot change; check the event type and API key',
    );
  switch (error.code) {
    case 'slotTaken':
      return new AppError('Conflict', MESSAGE_REFS.counsellingSlotTaken);
    case 'alreadyBooked':
      return new AppError('Conflict', MESSAGE_REFS.counsellingAlreadyBooked);
    case 'notFound':
    case 'notChangeable':
      // At booking, an unknown booking or refused change can only mean the event type is misconfigured.
      if (when === 'change') return new AppError('Conflict', MESSAGE_REFS.counsellingCallNotChangeable);
      break;
    case 'unavailable':
      break;
  }
  return new AppError('ProviderError', MESSAGE_REFS.counsellingSchedulerUnavailable, { status: 503 });
}

/**
 * The outside scheduler's open times, as the booking page reads them. Its slots name no language (its hosts are
 * its own business); `language` is handed on, and picks Cal.com's event type for calls in Spanish when the
 * agency has one (docs/decisions/0131-cal-com-event-type-for-calls-in-spanish.md).
 */
export async function listOutsideSlots(o: {
  scheduler: SchedulingProvider;
  query: SlotQuery;
  log?: FastifyBaseLogger;
}): Promise<SlotsView> {
  const { query } = o;
  const slots = await o.scheduler
    .listSlots({ from: query.from, to: query.to, timeZone: query.timeZone, language: query.language })
    .catch((error: unknown) => {
      throw refusal(error, 'book', o.log);
    });
  return {
    timeZone: query.timeZone,
    slots: slots.map((slot) => {
      const local = localTimeOf(slot.startsAt, query.timeZone);
      return {
        startsAt: slot.startsAt.toISOString(),
        endsAt: slot.endsAt.toISOString(),
        localDay: local.day,
        localTime: local.time,
        languages: [],
      };
    }),
  };
}

/** The attendee's first and last names for the outside scheduler (a signed-in borrower's are their account's). */
function namesOf(input: BookCallInput, viewer: Viewer | null, fallback: string) {
  if (viewer && !viewer.isStaff)
    return {
      firstName: viewer.firstName ?? input.firstName ?? fallback,
      lastName: viewer.lastName ?? input.lastName ?? '',
    };
  return { firstName: input.firstName ?? fallback, lastName: input.lastName ?? '' };
}

/**
 * Books at the outside scheduler, then writes the call's row and its confirmation in a unit. The booking comes
 * first because only the scheduler knows whether the time is open, and outside any unit, so no transaction
 * waits for it; if the row then cannot be written (the address booked meanwhile, the database down), the
 * outside booking is cancelled again, so neither side keeps a call the other does not know.
 */
export async function bookOutsideCall(o: {
  openUnit: OpenUnit;
  scheduler: SchedulingProvider;
  links: CallLinks;
  input: BookCallInput;
  viewer: Viewer | null;
  log: FastifyBaseLogger;
  now?: Date;
}) {
  const { input } = o;
  const now = o.now ?? new Date();
  const contact = contactOf(input, o.viewer);
  // Refused before asking the scheduler, so a second booking does not reach the host's calendar at all.
  await o.openUnit((unit) => refuseSecondUpcomingCall(unit.tx, contact.email, now));

  const booking: Booking = await o.scheduler
    .book({
      startsAt: input.startsAt,
      ...namesOf(input, o.viewer, contact.name),
      email: contact.email,
      phoneNumber: contact.phoneNumber,
      timeZone: input.timeZone,
      language: input.language,
    })
    .catch((error: unknown) => {
      throw refusal(error, 'book', o.log);
    });

  let saved: { row: CallRow; token: string };
  try {
    saved = await o.openUnit((unit) =>
      saveOutsideBooking(unit, { links: o.links, booking, contact, input, now }),
    );
  } catch (error) {
    await o.scheduler.cancel(booking.reference).catch(() => {
      // Nothing personal in the line: staff find the booking in Cal.com by its time.
      o.log.error(
        { scheduler: o.scheduler.kind, startsAt: booking.startsAt.toISOString() },
        'counselling call: an outside booking could not be saved nor cancelled',
      );
    });
    // The host already has a call of the product's own at that start (one booked before the switch).
    if (isUniqueViolation(error)) throw new AppError('Conflict', MESSAGE_REFS.counsellingSlotTaken);
    throw error;
  }
  o.log.info(
    { callId: saved.row.id, counsellorId: saved.row.counsellorId, scheduler: o.scheduler.kind },
    'counselling call booked',
  );
  return { ...callView(saved.row, null, now), token: saved.token };
}

/**
 * Moves or cancels, from its emailed link, a call the outside scheduler holds: a unit reads the call (and
 * refuses one that cannot change), the scheduler is asked outside any unit, and a second unit writes its
 * answer and the email, provided the row is still as read (saveOutsideChange): two clicks on one link are
 * decided one after the other, the second refused, and a refusal or an outage of the scheduler leaves the row
 * as it was. A call of the product's own (booked before the switch to the outside scheduler) is changed by the
 * product's rules, as before.
 */
export async function changeOutsideCall(o: {
  openUnit: OpenUnit;
  scheduler: SchedulingProvider;
  links: CallLinks;
  agencyTimeZone: string;
  token: string;
  input: ChangeCallInput;
  log: FastifyBaseLogger;
  now?: Date;
}) {
  const { input } = o;
  const now = o.now ?? new Date();
  const held = await o.openUnit((unit) => heldCallOfToken(unit, { links: o.links, token: o.token, now }));
  if (held === 'own') return changeOwnCall({ ...o, now });

  let moved: OutsideBooking | null = null;
  if (input.action === 'cancel') {
    await o.scheduler.cancel(held.providerRef).catch((error: unknown) => {
      // Already cancelled there (from the scheduler's own email, say): the call is cancelled here too.
      if (error instanceof SchedulingError && (error.code === 'notChangeable' || error.code === 'notFound'))
        return;
      throw refusal(error, 'change', o.log);
    });
  } else {
    moved = await o.scheduler.reschedule(held.providerRef, input.startsAt).catch((error: unknown) => {
      throw refusal(error, 'change', o.log);
    });
  }

  let outcome: { row: CallRow; token: string | null; firstName: string | null };
  try {
    outcome = await o.openUnit((unit) => saveOutsideChange(unit, { links: o.links, held, moved }));
  } catch (error) {
    // The scheduler said yes; the row could not follow (changed meanwhile, or the database failed).
    o.log.error(
      { scheduler: o.scheduler.kind, action: input.action },
      'counselling call: the outside scheduler may have changed a call whose row could not be saved',
    );
    if (isUniqueViolation(error)) throw new AppError('Conflict', MESSAGE_REFS.counsellingSlotTaken);
    throw error;
  }
  o.log.info({ callId: outcome.row.id, state: outcome.row.state }, 'counselling call changed');
  return { ...callView(outcome.row, outcome.firstName, now), token: outcome.token };
}

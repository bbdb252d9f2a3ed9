import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isLiveCall } from '#domain/counselling/calls';
import { localTimeOf } from '#domain/counselling/slots';
import { AppError } from '#domain/errors';
import type { BookCallInput, ChangeCallInput, SlotQuery, SlotsView } from '#domain/validation/counselling';
import { MESSAGES } from '#domain/validation/messages';
import { SchedulingError, type Booking, type SchedulingProvider } from '#providers/scheduling/port';
import type { Tx } from '#server/db/client';
import { counsellingCall, user, userGroup } from '#server/db/schema/index';
import { enqueueEmail } from '#server/email/outbox';
import type { Viewer } from '#server/plugins/viewer';
import { STAFF_GROUP } from '#server/plugins/staff-group';
import type { Services } from '#server/services';
import { ALREADY_BOOKED, contactOf, refuseSecondUpcomingCall, writeBookedCall } from './book-call';
import { callEmail } from './call-email';
import { callTokenKey, openCallToken, signCallToken } from './call-token';
import { callView, type CallRow } from './call-view';
import { CALL_NOT_CHANGEABLE, callOfToken, changeCallByToken, counsellorFirstName } from './change-call';
import { isUniqueViolation, SLOT_TAKEN } from './take-slot';

// The counselling call when an outside scheduler (Cal.com) holds the time: the slots, the host and the
// booking are its; the product still keeps its own row of the call (the portal's card, the service portal's
// lists, the outcome, the reminders read it), with the outside booking's reference, and sends its own emails
// with its own links, which are the only way of changing the call that keeps the two in step.

export const SCHEDULER_UNAVAILABLE = MESSAGES.counsellingSchedulerUnavailable;

/** The public API's answer to the scheduler's refusal: the product's own words, or a 503 when it is down. */
function refusal(error: unknown, when: 'book' | 'change'): AppError {
  if (!(error instanceof SchedulingError)) throw error;
  switch (error.code) {
    case 'slotTaken':
      return new AppError('Conflict', SLOT_TAKEN);
    case 'alreadyBooked':
      return new AppError('Conflict', ALREADY_BOOKED);
    case 'notFound':
    case 'notChangeable':
      // At booking, an unknown booking or refused change can only mean the event type is misconfigured.
      if (when === 'change') return new AppError('Conflict', CALL_NOT_CHANGEABLE);
      break;
    case 'unavailable':
      break;
  }
  return new AppError('ProviderError', SCHEDULER_UNAVAILABLE, { status: 503 });
}

/** The staff member whose email is the host's (compared without regard to case), or null when none is. */
export async function staffMemberOf(tx: Tx, hostEmail: string | undefined): Promise<string | null> {
  if (!hostEmail) return null;
  const [found] = await tx
    .select({ id: user.id })
    .from(user)
    .innerJoin(userGroup, and(eq(userGroup.userId, user.id), eq(userGroup.groupName, STAFF_GROUP)))
    .where(sql`lower(${user.email}) = lower(${hostEmail})`)
    .limit(1);
  return found?.id ?? null;
}

/**
 * The outside scheduler's open times, as the booking page reads them. Its slots name no language (its hosts are
 * its own business); `language` is handed on, and picks Cal.com's event type for calls in Spanish when the
 * agency has one (docs/decisions/0131-cal-com-event-type-for-calls-in-spanish.md).
 */
export async function listOutsideSlots(o: {
  scheduler: SchedulingProvider;
  query: SlotQuery;
}): Promise<SlotsView> {
  const { query } = o;
  const slots = await o.scheduler
    .listSlots({ from: query.from, to: query.to, timeZone: query.timeZone, language: query.language })
    .catch((error: unknown) => {
      throw refusal(error, 'book');
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
 * Books at the outside scheduler, then writes the call's row and its confirmation in one transaction. The
 * booking comes first because only the scheduler knows whether the time is open; if the row then cannot be
 * written (the address booked meanwhile, the database down), the outside booking is cancelled again, so
 * neither side keeps a call the other does not know.
 */
export async function bookOutsideCall(o: {
  services: Services;
  scheduler: SchedulingProvider;
  input: BookCallInput;
  viewer: Viewer | null;
  log: FastifyBaseLogger;
  now?: Date;
}) {
  const { services, input } = o;
  const now = o.now ?? new Date();
  const { db } = services.database;
  const contact = contactOf(input, o.viewer);
  // Refused before asking the scheduler, so a second booking does not reach the host's calendar at all.
  await refuseSecondUpcomingCall(db, contact.email, now);

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
      throw refusal(error, 'book');
    });

  let saved: { row: CallRow; token: string; emailId: string };
  try {
    saved = await db.transaction(async (tx) => {
      await refuseSecondUpcomingCall(tx, contact.email, now);
      return writeBookedCall(tx, services, {
        counsellorId: await staffMemberOf(tx, booking.hostEmail),
        startsAt: booking.startsAt,
        endsAt: booking.endsAt,
        providerRef: booking.reference,
        ...contact,
        language: input.language,
        reminder: input.reminder,
        timeZone: input.timeZone,
      });
    });
  } catch (error) {
    await o.scheduler.cancel(booking.reference).catch(() => {
      // Nothing personal in the line: staff find the booking in Cal.com by its time.
      o.log.error(
        { scheduler: o.scheduler.kind, startsAt: booking.startsAt.toISOString() },
        'counselling call: an outside booking could not be saved nor cancelled',
      );
    });
    // The host already has a call of the product's own at that start (one booked before the switch).
    if (isUniqueViolation(error)) throw new AppError('Conflict', SLOT_TAKEN);
    throw error;
  }
  services.onEmailQueued?.(saved.emailId);
  o.log.info(
    { callId: saved.row.id, counsellorId: saved.row.counsellorId, scheduler: o.scheduler.kind },
    'counselling call booked',
  );
  return { ...callView(saved.row, null, now), token: saved.token };
}

/**
 * Moves or cancels, from its emailed link, a call the outside scheduler holds. The call's row is locked for the
 * whole change, the scheduler asked under that lock, and the row and its email written in the same
 * transaction: two clicks on one link are decided one after the other, and a refusal or an outage leaves the
 * row as it was. A call of the product's own (booked before the switch to the outside scheduler) is changed by
 * the product's rules, as before.
 */
export async function changeOutsideCall(o: {
  services: Services;
  scheduler: SchedulingProvider;
  token: string;
  input: ChangeCallInput;
  log: FastifyBaseLogger;
  now?: Date;
}) {
  const { services, input } = o;
  const now = o.now ?? new Date();
  const { db } = services.database;
  const key = callTokenKey(services.config.authSecret);
  const opened = openCallToken(key, o.token, now);
  const [held] =
    'refused' in opened
      ? []
      : await db
          .select({ providerRef: counsellingCall.providerRef })
          .from(counsellingCall)
          .where(eq(counsellingCall.id, opened.callId));
  // A bad or expired link is refused by the product's own path, with its own words.
  if (!held?.providerRef) return changeCallByToken(o);

  let outcome: { row: CallRow; emailId: string; firstName: string | null };
  try {
    outcome = await db.transaction(async (tx) => {
      const call = await callOfToken(tx, services, o.token, now, true);
      if (!isLiveCall(call.state) || call.startsAt <= now || !call.providerRef)
        throw new AppError('Conflict', CALL_NOT_CHANGEABLE);
      let row: CallRow;
      if (input.action === 'cancel') {
        await o.scheduler.cancel(call.providerRef).catch((error: unknown) => {
          // Already cancelled there (from the scheduler's own email, say): the call is cancelled here too.
          if (
            error instanceof SchedulingError &&
            (error.code === 'notChangeable' || error.code === 'notFound')
          )
            return;
          throw refusal(error, 'change');
        });
        [row] = (await tx
          .update(counsellingCall)
          .set({ state: 'cancelled', revision: call.revision + 1 })
          .where(eq(counsellingCall.id, call.id))
          .returning()) as [CallRow];
      } else {
        const moved = await o.scheduler
          .reschedule(call.providerRef, input.startsAt)
          .catch((error: unknown) => {
            throw refusal(error, 'change');
          });
        [row] = (await tx
          .update(counsellingCall)
          .set({
            // A move may go to another host; an answer that names none keeps the counsellor.
            counsellorId:
              moved.hostEmail === undefined ? call.counsellorId : await staffMemberOf(tx, moved.hostEmail),
            startsAt: moved.startsAt,
            endsAt: moved.endsAt,
            state: 'rescheduled',
            providerRef: moved.reference,
            revision: call.revision + 1,
          })
          .where(eq(counsellingCall.id, call.id))
          .returning()) as [CallRow];
      }
      const kind = input.action === 'cancel' ? 'cancelled' : 'rescheduled';
      const token = kind === 'cancelled' ? null : signCallToken(key, row.id, row.endsAt);
      const emailId = await enqueueEmail(
        tx,
        services.cipher,
        callEmail({ call: row, kind, publicUrl: services.config.publicUrl, token }),
      );
      return { row, emailId, firstName: await counsellorFirstName(tx, row.counsellorId) };
    });
  } catch (error) {
    // A refusal left both sides as they were; anything else came after the scheduler may have said yes.
    if (!(error instanceof AppError))
      o.log.error(
        { scheduler: o.scheduler.kind, action: input.action },
        'counselling call: the outside scheduler may have changed a call whose row could not be saved',
      );
    if (isUniqueViolation(error)) throw new AppError('Conflict', SLOT_TAKEN);
    throw error;
  }
  services.onEmailQueued?.(outcome.emailId);
  o.log.info({ callId: outcome.row.id, state: outcome.row.state }, 'counselling call changed');
  return callView(outcome.row, outcome.firstName, now);
}

import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '#domain/errors';
import { e164ToPhone } from '#domain/validation/format';
import { SchedulingError, type Booking, type SchedulingProvider } from '#providers/scheduling/port';
import { counsellingCall } from '#server/db/schema/index';
import type { Services } from '#server/services';
import { ALREADY_BOOKED, bookCall } from './book-call';
import { callTokenKey, openCallToken, signCallToken } from './call-token';
import { CALL_NOT_CHANGEABLE, changeCallByToken } from './change-call';
import { listSlots } from './list-slots';
import { SLOT_TAKEN } from './take-slot';

/**
 * The product's own scheduler behind the scheduling port: the counsellors' hours, round-robin assignment and
 * the one-winner-per-slot rule of book-call.ts, unchanged. A booking's reference is the call's signed link
 * token, so the port's reschedule and cancel are what the emailed links do.
 */
export function createInProductScheduler(o: {
  services: Services;
  log: FastifyBaseLogger;
}): SchedulingProvider {
  const { services, log } = o;
  const key = () => callTokenKey(services.config.authSecret);

  /** The port's refusal for the product's own errors (same words as the public API answers). */
  function translate(error: unknown): never {
    if (error instanceof AppError) {
      if (error.code === 'NotFound') throw new SchedulingError('notFound', error.message);
      if (error.code === 'Conflict' && error.message === SLOT_TAKEN)
        throw new SchedulingError('slotTaken', error.message);
      if (error.code === 'Conflict' && error.message === ALREADY_BOOKED)
        throw new SchedulingError('alreadyBooked', error.message);
      if (error.code === 'Conflict' && error.message === CALL_NOT_CHANGEABLE)
        throw new SchedulingError('notChangeable', error.message);
    }
    throw error;
  }

  async function bookingOfToken(token: string): Promise<Booking> {
    const opened = openCallToken(key(), token, new Date());
    if ('refused' in opened) throw new SchedulingError('notFound');
    const [row] = await services.database.db
      .select({ id: counsellingCall.id, startsAt: counsellingCall.startsAt, endsAt: counsellingCall.endsAt })
      .from(counsellingCall)
      .where(eq(counsellingCall.id, opened.callId));
    if (!row) throw new SchedulingError('notFound');
    // A moved call's links expire with its new end, as the email's do.
    return {
      reference: signCallToken(key(), row.id, row.endsAt),
      startsAt: row.startsAt,
      endsAt: row.endsAt,
    };
  }

  return {
    kind: 'in-product',

    async listSlots(q) {
      const view = await listSlots({ services, query: q });
      return view.slots.map((s) => ({ startsAt: new Date(s.startsAt), endsAt: new Date(s.endsAt) }));
    },

    async book(r) {
      const booked = await bookCall({
        services,
        input: {
          startsAt: r.startsAt,
          timeZone: r.timeZone,
          language: r.language,
          reminder: 'email',
          firstName: r.firstName,
          lastName: r.lastName,
          email: r.email,
          phoneNumber: e164ToPhone(r.phoneNumber),
        },
        viewer: null,
        log,
      }).catch(translate);
      return {
        reference: booked.token,
        startsAt: new Date(booked.startsAt),
        endsAt: new Date(booked.endsAt),
      };
    },

    async reschedule(reference, startsAt) {
      await changeCallByToken({
        services,
        token: reference,
        input: { action: 'reschedule', startsAt },
        log,
      }).catch(translate);
      return bookingOfToken(reference);
    },

    async cancel(reference) {
      await changeCallByToken({ services, token: reference, input: { action: 'cancel' }, log }).catch(
        translate,
      );
    },
  };
}

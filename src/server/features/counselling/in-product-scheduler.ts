import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '#domain/errors';
import { e164ToPhone } from '#domain/validation/format';
import { SchedulingError, type Booking, type SchedulingProvider } from '#providers/scheduling/port';
import { counsellingCall } from '#server/db/schema/index';
import { ALREADY_BOOKED, bookCall, type CallLinks } from './book-call';
import { callTokenKey, isReplacedLink, openCallToken, signCallToken } from './call-token';
import { CALL_NOT_CHANGEABLE, changeOwnCall } from './change-call';
import type { CounsellingDeps } from './deps';
import { listSlots } from './list-slots';
import { inContendedUnit, SLOT_TAKEN } from './take-slot';

/**
 * The product's own scheduler behind the scheduling port: the counsellors' hours, round-robin assignment and
 * the one-winner-per-slot rule of book-call.ts, unchanged. A booking's reference is the call's signed link
 * token, so the port's reschedule and cancel are what the emailed links do.
 */
export function createInProductScheduler(
  o: CounsellingDeps & { log: FastifyBaseLogger },
): SchedulingProvider {
  const { openUnit, config, log } = o;
  const links: CallLinks = { key: callTokenKey(config.authSecret), publicUrl: config.publicUrl };
  const { agencyTimeZone } = config;

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
    const opened = openCallToken(links.key, token, new Date());
    if ('refused' in opened) throw new SchedulingError('notFound');
    const [row] = await openUnit((unit) =>
      unit.tx
        .select({
          id: counsellingCall.id,
          startsAt: counsellingCall.startsAt,
          endsAt: counsellingCall.endsAt,
          revision: counsellingCall.revision,
          state: counsellingCall.state,
        })
        .from(counsellingCall)
        .where(eq(counsellingCall.id, opened.callId)),
    );
    if (!row || isReplacedLink(row, opened.revision)) throw new SchedulingError('notFound');
    // A moved call's links expire with its new end, as the email's do.
    return {
      reference: signCallToken(links.key, row.id, row.endsAt, row.revision),
      startsAt: row.startsAt,
      endsAt: row.endsAt,
    };
  }

  return {
    kind: 'in-product',

    async listSlots(q) {
      const view = await openUnit((unit) => listSlots(unit, { agencyTimeZone, query: q }));
      return view.slots.map((s) => ({ startsAt: new Date(s.startsAt), endsAt: new Date(s.endsAt) }));
    },

    async book(r) {
      const booked = await inContendedUnit(openUnit, (unit) =>
        bookCall(unit, {
          links,
          agencyTimeZone,
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
          now: new Date(),
        }),
      ).catch(translate);
      log.info({ callId: booked.row.id, counsellorId: booked.row.counsellorId }, 'counselling call booked');
      return { reference: booked.token, startsAt: booked.row.startsAt, endsAt: booked.row.endsAt };
    },

    async reschedule(reference, startsAt) {
      // The move replaces the call's link: the booking's reference becomes the new one.
      const moved = await changeOwnCall({
        openUnit,
        links,
        agencyTimeZone,
        token: reference,
        input: { action: 'reschedule', startsAt },
        log,
      }).catch(translate);
      return bookingOfToken(moved.token!);
    },

    async cancel(reference) {
      await changeOwnCall({
        openUnit,
        links,
        agencyTimeZone,
        token: reference,
        input: { action: 'cancel' },
        log,
      }).catch(translate);
    },
  };
}

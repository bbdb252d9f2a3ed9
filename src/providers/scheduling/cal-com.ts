import { utcDayOf } from '#domain/calendar';
import {
  SchedulingError,
  type Booking,
  type BookingRequest,
  type ScheduledSlot,
  type SchedulingProvider,
  type SlotsQuery,
} from './port';

// Cal.com's API v2: an agency that already schedules there keeps its event type, hosts and calendars; the
// product reads the event type's open slots and books, moves and cancels through it. An agency whose Spanish
// speakers host an event type of their own names it too: calls in Spanish are then listed and booked there
// (docs/decisions/0131-cal-com-event-type-for-calls-in-spanish.md).
//   GET  /v2/slots?eventTypeId&start&end&timeZone         cal-api-version 2024-09-04
//        → { status: 'success', data: { 'yyyy-MM-dd': [{ start: '<ISO with offset>' }] } }
//   POST /v2/bookings { eventTypeId, start, attendee: { name, email, timeZone, language, phoneNumber } }
//   POST /v2/bookings/{uid}/reschedule { start }  (a new booking, with its own uid)
//   POST /v2/bookings/{uid}/cancel { cancellationReason }
//        cal-api-version 2024-08-13 → { status: 'success', data: { uid, start, end, status, hosts, ... } }
//        (hosts: [{ id, name, email, username, timeZone }], the first being the one the booking went to)
// Every call carries the API key as a Bearer token.

export const CAL_COM_SLOTS_VERSION = '2024-09-04';
export const CAL_COM_BOOKINGS_VERSION = '2024-08-13';

export type CalComOptions = {
  /** 'https://api.cal.com' in production; a local fake in tests. */
  baseUrl: string;
  apiKey: string;
  eventTypeId: number;
  /**
   * The event type of the calls in Spanish (hosted by counsellors who speak it); unset, calls in Spanish are
   * listed and booked in `eventTypeId` like the others.
   */
  spanishEventTypeId?: number | undefined;
  /** The event type's call length, for a slot's end (the slots answer gives starts only). */
  callMinutes: number;
  fetch?: typeof fetch;
  /** How long one request may take before the booking is refused as unavailable. */
  timeoutMs?: number;
};

type Envelope<T> =
  { status: 'success'; data: T } | { status: 'error'; error?: { code?: string; message?: string } };
type CalBooking = {
  uid: string;
  start: string;
  end: string;
  status: string;
  hosts?: { email?: unknown }[];
};

/**
 * Cal.com's 400 answers (API v2, bookings 2024-08-13) that mean the asked start is no longer open. Its booking
 * errors are turned into these messages (apps/api/v2 …/bookings/2024-08-13/services/errors.service.ts):
 * no_available_users_found_error → "User either already has booking at this time or is not available" (or
 * "One of the hosts either …" for a team's event type); booking_time_out_of_bounds_error → "The event type can't
 * be booked at the "start" time provided. This could be because it's too soon (violating the minimum booking
 * notice) or too far in the future …"; a start gone by → "Attempting to book a meeting in the past.". The bare
 * error codes are matched too, for the answers that pass them through unchanged.
 */
const NO_LONGER_OPEN = [
  /either already has booking at this time or is not available/i,
  /can't be booked at the "start" time provided/i,
  /attempting to book a meeting in the past/i,
  /^(no_available_users_found_error|booking_time_out_of_bounds_error|hosts_unavailable_for_booking)$/,
];

/**
 * Cal.com's 400 answers that mean the booking itself can no longer be changed: already cancelled ("This booking
 * has already been cancelled.", "Can't reschedule booking with uid=… because it has been cancelled…") or over
 * ("Cannot cancel a booking that has already ended").
 */
const NOT_CHANGEABLE = [/already been cancelled/i, /because it has been cancelled/i, /already ended/i];

export function createCalComScheduler(o: CalComOptions): SchedulingProvider {
  const doFetch = o.fetch ?? fetch;
  const base = o.baseUrl.replace(/\/+$/, '');
  /** The event type a call in `language` is listed and booked in. */
  const eventTypeOf = (language: 'en' | 'es' | undefined): number =>
    language === 'es' && o.spanishEventTypeId !== undefined ? o.spanishEventTypeId : o.eventTypeId;

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    version: string,
    body?: unknown,
  ): Promise<{ status: number; envelope: Envelope<T> | null }> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${o.apiKey}`,
          'cal-api-version': version,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(o.timeoutMs ?? 10_000),
      });
    } catch {
      throw new SchedulingError('unavailable', 'Cal.com could not be reached');
    }
    const envelope = (await res.json().catch(() => null)) as Envelope<T> | null;
    return { status: res.status, envelope };
  }

  /** The booking an answer carries, or the refusal its status says (never the answer's text: it names people). */
  function bookingOf(
    answer: { status: number; envelope: Envelope<CalBooking> | null },
    op: 'book' | 'reschedule',
  ): Booking {
    const { status, envelope } = answer;
    if (status >= 200 && status < 300 && envelope?.status === 'success') {
      const data = envelope.data as Partial<CalBooking> | undefined;
      const startsAt = new Date(String(data?.start));
      const endsAt = new Date(String(data?.end));
      // An answer without a usable uid or times is Cal.com misbehaving: nothing can be recorded from it.
      if (
        typeof data?.uid !== 'string' ||
        !data.uid ||
        Number.isNaN(startsAt.getTime()) ||
        !(endsAt > startsAt)
      )
        throw new SchedulingError('unavailable', 'Cal.com answered a booking without its uid or times');
      const host = Array.isArray(data.hosts) ? data.hosts[0]?.email : undefined;
      return {
        reference: data.uid,
        startsAt,
        endsAt,
        ...(typeof host === 'string' && host ? { hostEmail: host } : {}),
      };
    }
    throw refusal(answer, op);
  }

  /**
   * The refusal an error answer means. Cal.com answers 400 for many things, of which only a few mean the time
   * is gone; the others (a required booking field, a booker limit, a refused setting) would refuse every time
   * the borrower could pick, so they are "not available right now", carrying the status and Cal.com's error
   * code name for the log (never its message: it may repeat the attendee's details).
   */
  function refusal(
    answer: { status: number; envelope: Envelope<unknown> | null },
    op: 'slots' | 'book' | 'reschedule' | 'cancel',
  ): SchedulingError {
    const { status, envelope } = answer;
    const error = envelope?.status === 'error' ? envelope.error : undefined;
    const message = typeof error?.message === 'string' ? error.message : '';
    const code =
      typeof error?.code === 'string' && /^[A-Za-z_]{1,64}$/.test(error.code) ? error.code : undefined;
    const detail = { status, ...(code ? { code } : {}) };
    if (status === 404 && op !== 'slots' && op !== 'book')
      return new SchedulingError('notFound', 'Cal.com has no such booking', detail);
    if (op === 'book' || op === 'reschedule') {
      // Cal.com maps a host no longer free, a booking written twice at one time and full seats to 409.
      if (status === 409) return new SchedulingError('slotTaken', 'Cal.com refused the time', detail);
      if (status === 400 && NO_LONGER_OPEN.some((words) => words.test(message)))
        return new SchedulingError('slotTaken', 'Cal.com refused the time', detail);
    }
    if (op !== 'slots' && status === 400 && NOT_CHANGEABLE.some((words) => words.test(message)))
      return new SchedulingError('notChangeable', 'Cal.com refused the change', detail);
    return new SchedulingError('unavailable', `Cal.com answered ${status}`, detail);
  }

  return {
    kind: 'cal-com',

    async listSlots(q: SlotsQuery): Promise<ScheduledSlot[]> {
      const params = new URLSearchParams({
        eventTypeId: String(eventTypeOf(q.language)),
        // Cal.com takes days (or instants); ask for the days the span touches and keep the instants inside it.
        start: utcDayOf(q.from),
        end: utcDayOf(q.to),
        timeZone: q.timeZone,
      });
      const answer = await call<Record<string, { start: string }[]>>(
        'GET',
        `/v2/slots?${params}`,
        CAL_COM_SLOTS_VERSION,
      );
      const { status, envelope } = answer;
      if (status !== 200 || envelope?.status !== 'success') throw refusal(answer, 'slots');
      // Days mapping to lists; anything else is Cal.com misbehaving, not an empty calendar.
      if (typeof envelope.data !== 'object' || envelope.data === null || Array.isArray(envelope.data))
        throw new SchedulingError('unavailable', 'Cal.com answered slots in an unknown shape');
      const length = o.callMinutes * 60_000;
      return Object.values(envelope.data)
        .flatMap((day) => (Array.isArray(day) ? day : []))
        .map((slot) => new Date(String((slot as { start?: unknown } | null)?.start)))
        .filter((at) => !Number.isNaN(at.getTime()) && at >= q.from && at < q.to)
        .sort((a, b) => a.getTime() - b.getTime())
        .map((startsAt) => ({ startsAt, endsAt: new Date(startsAt.getTime() + length) }));
    },

    async book(r: BookingRequest): Promise<Booking> {
      return bookingOf(
        await call<CalBooking>('POST', '/v2/bookings', CAL_COM_BOOKINGS_VERSION, {
          eventTypeId: eventTypeOf(r.language),
          start: r.startsAt.toISOString(),
          attendee: {
            name: [r.firstName, r.lastName].filter(Boolean).join(' '),
            email: r.email,
            timeZone: r.timeZone,
            language: r.language,
            phoneNumber: r.phoneNumber,
          },
        }),
        'book',
      );
    },

    async reschedule(reference: string, startsAt: Date): Promise<Booking> {
      return bookingOf(
        await call<CalBooking>(
          'POST',
          `/v2/bookings/${encodeURIComponent(reference)}/reschedule`,
          CAL_COM_BOOKINGS_VERSION,
          { start: startsAt.toISOString() },
        ),
        'reschedule',
      );
    },

    async cancel(reference: string): Promise<void> {
      const answer = await call<CalBooking>(
        'POST',
        `/v2/bookings/${encodeURIComponent(reference)}/cancel`,
        CAL_COM_BOOKINGS_VERSION,
        { cancellationReason: 'Cancelled by the borrower' },
      );
      if (answer.status >= 200 && answer.status < 300 && answer.envelope?.status === 'success') return;
      throw refusal(answer, 'cancel');
    },
  };
}

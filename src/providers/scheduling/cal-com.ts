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

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

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
  function bookingOf(answer: { status: number; envelope: Envelope<CalBooking> | null }): Booking {
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
    throw refusal(status);
  }

  function refusal(status: number): SchedulingError {
    if (status === 404) return new SchedulingError('notFound', 'Cal.com has no such booking');
    // Cal.com answers 400 for a start that is not an open slot, 409 for one just taken.
    if (status === 400 || status === 409) return new SchedulingError('slotTaken', 'Cal.com refused the time');
    if (status === 403 || status === 422)
      return new SchedulingError('notChangeable', 'Cal.com refused the change');
    return new SchedulingError('unavailable', `Cal.com answered ${status}`);
  }

  return {
    kind: 'cal-com',

    async listSlots(q: SlotsQuery): Promise<ScheduledSlot[]> {
      const params = new URLSearchParams({
        eventTypeId: String(eventTypeOf(q.language)),
        // Cal.com takes days (or instants); ask for the days the span touches and keep the instants inside it.
        start: isoDay(q.from),
        end: isoDay(q.to),
        timeZone: q.timeZone,
      });
      const { status, envelope } = await call<Record<string, { start: string }[]>>(
        'GET',
        `/v2/slots?${params}`,
        CAL_COM_SLOTS_VERSION,
      );
      if (status !== 200 || envelope?.status !== 'success') throw refusal(status);
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
      // A cancel names no time: Cal.com's 400 here says the booking is already cancelled or over.
      if (answer.status === 400) throw new SchedulingError('notChangeable', 'Cal.com refused the change');
      throw refusal(answer.status);
    },
  };
}

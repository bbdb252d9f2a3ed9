import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Cal.com's API v2, for the Cal.com scheduler's tests. It answers the documented shapes
 * of the four calls the adapter makes, and nothing else:
 * - GET /v2/slots?eventTypeId&start&end&timeZone (cal-api-version 2024-09-04)
 *   → { status: 'success', data: { 'yyyy-MM-dd': [{ start }] } }, the days in the asked time zone;
 * - POST /v2/bookings { eventTypeId, start, attendee } → 201 { status: 'success', data: booking }, the
 *   booking carrying `hosts: [{ id, name, email, username, timeZone }]` (the host it went to: `host`);
 * - POST /v2/bookings/{uid}/reschedule { start } → 201, a new booking (new uid), the old one cancelled;
 * - POST /v2/bookings/{uid}/cancel { cancellationReason } → 200, the booking cancelled.
 * Bookings answer cal-api-version 2024-08-13. The event type offers a slot every hour on the hour, 30
 * minutes long, from 09:00 to 16:00 UTC on weekdays, not taken by a live booking of its own. A second event
 * type, the calls in Spanish (`spanishEventTypeId`), has a host of its own (`spanishHost`) and offers
 * 12:00 to 15:00 UTC only. A booking moved stays in its event type. Without the Bearer key it answers 401;
 * errors come as { status: 'error', error: { code, message } }.
 */

export type CalComFakeRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | undefined;
  apiVersion: string | undefined;
};

type FakeBooking = {
  uid: string;
  eventTypeId: number;
  start: string;
  end: string;
  status: 'accepted' | 'cancelled';
  attendee: unknown;
  host: CalComHost;
};

export type CalComFake = {
  baseUrl: string;
  apiKey: string;
  eventTypeId: number;
  /** The event type of the calls in Spanish, with its own host and hours. */
  spanishEventTypeId: number;
  spanishHost: CalComHost;
  bookings: Map<string, FakeBooking>;
  requests: CalComFakeRequest[];
  /** The host the event type gives the next bookings to (round-robin is Cal.com's own business). */
  host: CalComHost;
  /** Answers the next request with this status and body instead. */
  replyOnce(status: number, body: unknown): void;
  close(): Promise<void>;
};

export type CalComHost = { id: number; name: string; email: string; username: string; timeZone: string };

const CALL_MINUTES = 30;
const DAY = 86_400_000;

function dayIn(at: Date, timeZone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}`;
}

export async function startCalComFake(): Promise<CalComFake> {
  const apiKey = `cal_test_${randomBytes(12).toString('hex')}`;
  const eventTypeId = 4242;
  const spanishEventTypeId = 4243;
  const spanishHost: CalComHost = {
    id: 8,
    name: 'Sofía Host',
    email: 'sofia.host@agency.test',
    username: 'sofia',
    timeZone: 'America/Chicago',
  };
  /** Each event type's hours, UTC: [first start, end). */
  const HOURS: Record<number, [number, number]> = { [eventTypeId]: [9, 16], [spanishEventTypeId]: [12, 15] };
  const isEventType = (id: unknown): id is number => typeof id === 'number' && id in HOURS;
  const bookings = new Map<string, FakeBooking>();
  const requests: CalComFakeRequest[] = [];
  let once: { status: number; body: unknown } | undefined;
  const state = {
    host: {
      id: 7,
      name: 'Casey Host',
      email: 'casey.host@agency.test',
      username: 'casey',
      timeZone: 'America/Chicago',
    } as CalComHost,
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, code: string, message: string) =>
    send(res, status, { status: 'error', error: { code, message } });

  const taken = (start: string, type: number) =>
    [...bookings.values()].some(
      (b) => b.status === 'accepted' && b.start === start && b.eventTypeId === type,
    );

  /** The event type's open starts between two days (inclusive), as ISO instants. */
  function openStarts(startDay: string, endDay: string, type: number): Date[] {
    const [first, last] = HOURS[type]!;
    const found: Date[] = [];
    for (
      let t = Date.parse(`${startDay}T00:00:00Z`) - DAY;
      t <= Date.parse(`${endDay}T00:00:00Z`) + 2 * DAY;
      t += DAY
    ) {
      const day = new Date(t);
      if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
      for (let hour = first; hour < last; hour++) {
        const at = new Date(t + hour * 3_600_000);
        if (at.getTime() > Date.now() && !taken(at.toISOString(), type)) found.push(at);
      }
    }
    return found;
  }

  const newBooking = (start: string, attendee: unknown, type: number): FakeBooking => {
    const booking: FakeBooking = {
      uid: randomBytes(10).toString('hex'),
      eventTypeId: type,
      start,
      end: new Date(Date.parse(start) + CALL_MINUTES * 60_000).toISOString(),
      status: 'accepted',
      attendee,
      host: type === spanishEventTypeId ? spanishHost : state.host,
    };
    bookings.set(booking.uid, booking);
    return booking;
  };
  const view = (b: FakeBooking) => ({
    id: bookings.size,
    uid: b.uid,
    title: 'Counselling call',
    status: b.status,
    start: b.start,
    end: b.end,
    duration: CALL_MINUTES,
    eventTypeId: b.eventTypeId,
    hosts: [b.host],
    attendees: [b.attendee],
  });

  /** A start Cal.com would accept: an ISO instant on the event type's grid, open, in the future. */
  const bookable = (start: unknown, type: number): start is string =>
    typeof start === 'string' &&
    !Number.isNaN(Date.parse(start)) &&
    openStarts(start.slice(0, 10), start.slice(0, 10), type).some((at) => at.getTime() === Date.parse(start));

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      return error(res, 400, 'BadRequestException', 'Invalid JSON');
    }
    const record: CalComFakeRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      authorization: req.headers.authorization,
      apiVersion: req.headers['cal-api-version'] as string | undefined,
    };
    requests.push(record);
    if (once) {
      const { status, body: reply } = once;
      once = undefined;
      return send(res, status, reply);
    }
    if (record.authorization !== `Bearer ${apiKey}`)
      return error(res, 401, 'UnauthorizedException', 'Invalid Access Token.');

    if (record.method === 'GET' && url.pathname === '/v2/slots') {
      const { eventTypeId: id, start, end, timeZone = 'UTC' } = record.query;
      const type = Number(id);
      if (!isEventType(type)) return error(res, 404, 'NotFoundException', 'Event type not found');
      if (!start || !end) return error(res, 400, 'BadRequestException', 'start and end are required');
      const data: Record<string, { start: string }[]> = {};
      for (const at of openStarts(start.slice(0, 10), end.slice(0, 10), type)) {
        const day = dayIn(at, timeZone);
        if (day < start.slice(0, 10) || day > end.slice(0, 10)) continue;
        (data[day] ??= []).push({ start: at.toISOString() });
      }
      return send(res, 200, { status: 'success', data });
    }

    const b = body as { eventTypeId?: number; start?: unknown; attendee?: unknown } | undefined;
    if (record.method === 'POST' && url.pathname === '/v2/bookings') {
      if (!isEventType(b?.eventTypeId)) return error(res, 404, 'NotFoundException', 'Event type not found');
      if (!bookable(b.start, b.eventTypeId))
        return error(
          res,
          400,
          'BadRequestException',
          'User either already has booking at this time or is not available',
        );
      return send(res, 201, {
        status: 'success',
        data: view(newBooking(b.start, b.attendee, b.eventTypeId)),
      });
    }
    const action = /^\/v2\/bookings\/([^/]+)\/(reschedule|cancel)$/.exec(url.pathname);
    if (record.method === 'POST' && action) {
      const existing = bookings.get(decodeURIComponent(action[1]!));
      if (!existing) return error(res, 404, 'NotFoundException', 'Booking not found');
      // Cal.com's own words for each (handleCancelBooking; bookings.service canRescheduleBooking).
      if (existing.status === 'cancelled')
        return action[2] === 'cancel'
          ? error(res, 400, 'BadRequestException', 'This booking has already been cancelled.')
          : error(
              res,
              400,
              'BadRequestException',
              `Can't reschedule booking with uid=${existing.uid} because it has been cancelled. Please provide uid of a booking that is not cancelled.`,
            );
      if (action[2] === 'cancel') {
        existing.status = 'cancelled';
        return send(res, 200, { status: 'success', data: view(existing) });
      }
      if (!bookable(b?.start, existing.eventTypeId))
        return error(
          res,
          400,
          'BadRequestException',
          'User either already has booking at this time or is not available',
        );
      existing.status = 'cancelled';
      return send(res, 201, {
        status: 'success',
        data: view(newBooking(b!.start as string, existing.attendee, existing.eventTypeId)),
      });
    }
    return error(res, 404, 'NotFoundException', 'Not found');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => error(res, 500, 'InternalServerErrorException', 'fake failed'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey,
    eventTypeId,
    spanishEventTypeId,
    spanishHost,
    bookings,
    requests,
    get host() {
      return state.host;
    },
    set host(host: CalComHost) {
      state.host = host;
    },
    replyOnce: (status, body) => {
      once = { status, body };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

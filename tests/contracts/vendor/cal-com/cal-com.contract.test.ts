import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCalComScheduler } from '#providers/scheduling/cal-com';
import { field, vendorDocument } from '../documents';
import { startPrism, type Prism } from '../prism';
import { startRewritingProxy } from '../rewriting-proxy';

// The real Cal.com adapter against Cal.com's API v2 document (docs/api-reference/v2/openapi.json, from a fork
// of calcom/cal.com: README.md beside this file says which and how it differs from upstream), trimmed to the
// calls the adapter makes and served by Prism: each request must pass the document's schema (the
// cal-api-version header, the booking's required start and attendee, the attendee's language among Cal.com's),
// and the adapter reads the answers the document describes.

const doc = vendorDocument('cal-com', 'openapi.trimmed.json');

/** Serves the bookings, refusing a request that breaks the document. */
let prism: Prism;
/**
 * Serves the slots, only logging what it finds: the document's schema for the slots answer describes the
 * inner map of days (`data`) as the whole body, while its own example (Cal.com's real answer) is the
 * envelope { status, data }, so Prism with --errors answers a 500 instead of the example.
 */
let slotsPrism: Prism;
let proxy: Awaited<ReturnType<typeof startRewritingProxy>>;
let slotsProxy: Awaited<ReturnType<typeof startRewritingProxy>>;

/** What Prism finds wrong with the slots example, which keeps the slots' Prism from refusing requests. */
const SLOTS_SCHEMA_BREAKS_ITS_EXAMPLE = [
  'response.body.status Response body property status must be array',
  'response.body.data Response body property data must be array',
  'response.body Response body must match exactly one schema in oneOf',
];

beforeAll(async () => {
  [prism, slotsPrism] = await Promise.all([startPrism(doc.path), startPrism(doc.path, { errors: false })]);
  [proxy, slotsProxy] = await Promise.all([
    startRewritingProxy(prism.url),
    startRewritingProxy(slotsPrism.url),
  ]);
});
afterAll(async () => {
  await Promise.all([proxy?.close(), slotsProxy?.close()]);
  await Promise.all([prism?.close(), slotsPrism?.close()]);
});
afterEach(async () => {
  proxy.requests.length = 0;
  slotsProxy.requests.length = 0;
  const slotsViolations = await slotsPrism.takeViolations();
  // Anything Prism found wrong in a request of this test fails it, even what Prism only warns about.
  expect([
    ...(await prism.takeViolations()),
    ...slotsViolations.filter((v) => !v.includes(': response.body')),
  ]).toEqual([]);
  for (const v of slotsViolations.filter((v) => v.includes(': response.body')))
    expect(
      SLOTS_SCHEMA_BREAKS_ITS_EXAMPLE.some((known) => v.endsWith(known)),
      v,
    ).toBe(true);
});

const scheduler = () =>
  createCalComScheduler({
    // Slots from the Prism that serves them, everything else from the one that refuses bad requests.
    baseUrl: proxy.url,
    fetch: (input, init) => {
      const url = new URL(String(input));
      return fetch(
        url.pathname === '/v2/slots' ? `${slotsProxy.url}${url.pathname}${url.search}` : url,
        init,
      );
    },
    apiKey: 'cal_live_contract0123456789abcdef',
    eventTypeId: 1234,
    spanishEventTypeId: 5678,
    callMinutes: 30,
  });

const request = {
  startsAt: new Date('2050-09-05T07:00:00.000Z'),
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane.doe@example.org',
  phoneNumber: '+12025550143',
  timeZone: 'America/New_York',
};

describe("the Cal.com adapter against Cal.com's published API v2 document", () => {
  it('reads an event type’s open slots from GET /v2/slots as the document’s example gives them', async () => {
    // The document's example answer (on the first of the answer's schemas, the default format): two days,
    // two starts each, written with a +02:00 offset.
    const documented = field(
      doc.json,
      'paths./v2/slots.get.responses.200.content.application/json.schema.oneOf.0.example',
    ) as { data: Record<string, { start: string }[]> };
    const starts = Object.values(documented.data).flatMap((day) => day.map((slot) => slot.start));
    const slots = await scheduler().listSlots({
      from: new Date('2050-09-05T00:00:00Z'),
      to: new Date('2050-09-07T00:00:00Z'),
      timeZone: 'Europe/Rome',
    });
    expect(slots.map((s) => s.startsAt.toISOString())).toEqual(
      starts.map((start) => new Date(start).toISOString()),
    );
    expect(slots[0]!.endsAt.getTime() - slots[0]!.startsAt.getTime()).toBe(30 * 60_000);
  });

  it('asks for a Spanish call’s slots in its own event type', async () => {
    await scheduler().listSlots({
      from: new Date('2050-09-05T00:00:00Z'),
      to: new Date('2050-09-07T00:00:00Z'),
      timeZone: 'America/Chicago',
      language: 'es',
    });
    expect(slotsProxy.requests).toEqual(['GET /v2/slots']);
  });

  it('books with POST /v2/bookings as documented, and reads the booking of the answer', async () => {
    const booking = await scheduler().book({ ...request, language: 'en' });
    expect(booking.reference).toEqual(expect.any(String));
    expect(booking.endsAt > booking.startsAt).toBe(true);
    expect(proxy.requests).toEqual(['POST /v2/bookings']);
  });

  it('books a call in Spanish, its attendee’s language among Cal.com’s', async () => {
    await scheduler().book({ ...request, language: 'es' });
  });

  it('moves a booking with POST /v2/bookings/{bookingUid}/reschedule as documented', async () => {
    const moved = await scheduler().reschedule('booking_uid_123', new Date('2050-09-06T08:00:00Z'));
    expect(moved.reference).toEqual(expect.any(String));
    expect(proxy.requests).toEqual(['POST /v2/bookings/booking_uid_123/reschedule']);
  });

  it('cancels a booking with POST /v2/bookings/{bookingUid}/cancel as documented', async () => {
    await scheduler().cancel('booking_uid_123');
    expect(proxy.requests).toEqual(['POST /v2/bookings/booking_uid_123/cancel']);
  });
});

describe("Cal.com's slots document", () => {
  it('still has the schema break that keeps the slots’ Prism from refusing requests', async () => {
    await scheduler().listSlots({
      from: new Date('2050-09-05T00:00:00Z'),
      to: new Date('2050-09-07T00:00:00Z'),
      timeZone: 'UTC',
    });
    const found = (await slotsPrism.takeViolations()).filter((v) => v.includes(': response.body'));
    expect(found.map((v) => SLOTS_SCHEMA_BREAKS_ITS_EXAMPLE.find((known) => v.endsWith(known)))).toEqual(
      expect.arrayContaining(SLOTS_SCHEMA_BREAKS_ITS_EXAMPLE),
    );
  });
});

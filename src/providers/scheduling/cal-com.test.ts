import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedulingContract } from '#tests/contracts/scheduling.contract';
import { startCalComFake, type CalComFake } from '#tests/fakes/cal-com-fake';
import { CAL_COM_BOOKINGS_VERSION, CAL_COM_SLOTS_VERSION, createCalComScheduler } from './cal-com';
import { createSchedulingProvider } from './index';
import { SchedulingError } from './port';

let fake: CalComFake;
beforeAll(async () => {
  fake = await startCalComFake();
});
afterAll(async () => {
  await fake.close();
});

const scheduler = (apiKey = fake.apiKey) =>
  createCalComScheduler({ baseUrl: fake.baseUrl, apiKey, eventTypeId: fake.eventTypeId, callMinutes: 30 });

schedulingContract('Cal.com v2 against its fake', () => scheduler());

describe('the Cal.com scheduler', () => {
  it('asks for slots with the event type, the days, the time zone, its API version and the Bearer key', async () => {
    fake.requests.length = 0;
    const from = new Date('2030-03-04T00:00:00Z');
    await scheduler().listSlots({ from, to: new Date('2030-03-06T00:00:00Z'), timeZone: 'America/Chicago' });
    expect(fake.requests[0]).toMatchObject({
      method: 'GET',
      path: '/v2/slots',
      query: {
        eventTypeId: String(fake.eventTypeId),
        start: '2030-03-04',
        end: '2030-03-06',
        timeZone: 'America/Chicago',
      },
      authorization: `Bearer ${fake.apiKey}`,
      apiVersion: CAL_COM_SLOTS_VERSION,
    });
  });

  it('books with the attendee and the bookings API version', async () => {
    const [slot] = await scheduler().listSlots({
      from: new Date(Date.now() + 86_400_000),
      to: new Date(Date.now() + 8 * 86_400_000),
      timeZone: 'UTC',
    });
    fake.requests.length = 0;
    await scheduler().book({
      startsAt: slot!.startsAt,
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: 'ana@example.com',
      phoneNumber: '+13125550100',
      timeZone: 'America/Chicago',
      language: 'es',
    });
    expect(fake.requests[0]).toMatchObject({
      path: '/v2/bookings',
      apiVersion: CAL_COM_BOOKINGS_VERSION,
      body: {
        eventTypeId: fake.eventTypeId,
        start: slot!.startsAt.toISOString(),
        attendee: { name: 'Ana Ruiz', email: 'ana@example.com', timeZone: 'America/Chicago', language: 'es' },
      },
    });
  });

  it('answers the host Cal.com gave the booking to, by its email', async () => {
    const [slot] = await scheduler().listSlots({
      from: new Date(Date.now() + 86_400_000),
      to: new Date(Date.now() + 8 * 86_400_000),
      timeZone: 'UTC',
    });
    const booking = await scheduler().book({
      startsAt: slot!.startsAt,
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: 'ana.host@example.com',
      phoneNumber: '+13125550100',
      timeZone: 'America/Chicago',
      language: 'en',
    });
    expect(booking.hostEmail).toBe(fake.host.email);
    expect(fake.bookings.get(booking.reference)!.status).toBe('accepted');
  });

  it('gives up on a Cal.com that does not answer in time, as unavailable', async () => {
    // A server that never answers: only the adapter's own timeout ends the wait.
    const silent: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error));
      });
    const slow = createCalComScheduler({
      baseUrl: fake.baseUrl,
      apiKey: fake.apiKey,
      eventTypeId: fake.eventTypeId,
      callMinutes: 30,
      fetch: silent,
      timeoutMs: 50,
    });
    const error = await slow.cancel('any').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SchedulingError);
    expect((error as SchedulingError).code).toBe('unavailable');
  });

  it('refuses as unavailable an answer it cannot use (no uid, no times, slots not by day)', async () => {
    const q = { from: new Date(), to: new Date(Date.now() + 86_400_000), timeZone: 'UTC' };
    const request = {
      startsAt: new Date(Date.now() + 86_400_000),
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: 'ana.odd@example.com',
      phoneNumber: '+13125550100',
      timeZone: 'UTC',
      language: 'en' as const,
    };
    for (const run of [
      () => {
        fake.replyOnce(201, { status: 'success', data: { start: 'soon' } });
        return scheduler().book(request);
      },
      () => {
        fake.replyOnce(200, { status: 'success', data: null });
        return scheduler().listSlots(q);
      },
      () => {
        fake.replyOnce(200, { status: 'success', data: ['2030-01-01T10:00:00Z'] });
        return scheduler().listSlots(q);
      },
    ]) {
      const error = await run().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SchedulingError);
      expect((error as SchedulingError).code).toBe('unavailable');
    }
  });

  it('refuses as unavailable on a wrong key, an outage or an unreachable server, naming nobody', async () => {
    const q = { from: new Date(), to: new Date(Date.now() + 86_400_000), timeZone: 'UTC' };
    for (const run of [
      () => scheduler('wrong-key').listSlots(q),
      () => {
        fake.replyOnce(503, { status: 'error' });
        return scheduler().listSlots(q);
      },
      () =>
        createCalComScheduler({
          baseUrl: 'http://127.0.0.1:9',
          apiKey: 'k',
          eventTypeId: 1,
          callMinutes: 30,
        }).listSlots(q),
    ]) {
      const error = await run().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SchedulingError);
      expect((error as SchedulingError).code).toBe('unavailable');
    }
  });

  it('reads as "taken" only the refusals that say the time is gone; any other 4xx is unavailable', async () => {
    const request = {
      startsAt: new Date(Date.now() + 86_400_000),
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: 'ana.refused@example.com',
      phoneNumber: '+13125550100',
      timeZone: 'UTC',
      language: 'en' as const,
    };
    const refusedWith = async (status: number, message: string) => {
      fake.replyOnce(status, { status: 'error', error: { code: 'BadRequestException', message } });
      const error = await scheduler()
        .book(request)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SchedulingError);
      return error as SchedulingError;
    };
    // Cal.com's API v2 (bookings 2024-08-13) turns its booking errors into these 400 messages.
    for (const gone of [
      'User either already has booking at this time or is not available',
      'One of the hosts either already has booking at this time or is not available',
      `The event type can't be booked at the "start" time provided. This could be because it's too soon (violating the minimum booking notice) or too far in the future (outside the event's scheduling window).`,
      'Attempting to book a meeting in the past.',
    ])
      expect((await refusedWith(400, gone)).code, gone).toBe('slotTaken');
    // And maps a host no longer free or a booking written twice at one time to 409.
    expect((await refusedWith(409, 'booking_conflict_error')).code).toBe('slotTaken');

    for (const [status, other] of [
      [400, 'Missing required booking field response: phone'],
      [
        400,
        "Attendee with this email can't book because the maximum number of active bookings has been reached.",
      ],
      [400, 'Bad request: Please check your request data and try again'],
      [403, 'Forbidden'],
      [422, "Can't book this team event type because it has no hosts."],
      [404, 'Event type with id 4242 not found.'],
    ] as const) {
      const error = await refusedWith(status, other);
      expect(error.code, other).toBe('unavailable');
      // For the log: the status and Cal.com's error code name, never its message.
      expect(error.refusal).toEqual({ status, code: 'BadRequestException' });
      expect(error.message).not.toContain(other);
    }
  });

  it('reads a cancel refused as already cancelled or over as not changeable, others as unavailable', async () => {
    const refusedWith = async (message: string) => {
      fake.replyOnce(400, { status: 'error', error: { code: 'BadRequestException', message } });
      return (
        (await scheduler()
          .cancel('some-uid')
          .catch((e: unknown) => e)) as SchedulingError
      ).code;
    };
    expect(await refusedWith('This booking has already been cancelled.')).toBe('notChangeable');
    expect(await refusedWith('Cannot cancel a booking that has already ended')).toBe('notChangeable');
    // A refused setting is not a cancelled booking: the row must not be cancelled on its account.
    expect(await refusedWith('This event type does not allow cancellations')).toBe('unavailable');
    expect(await refusedWith('Cancellation reason is required')).toBe('unavailable');
  });

  it('is chosen by configuration, the product’s own otherwise', () => {
    const inProduct = { kind: 'in-product' } as never;
    expect(
      createSchedulingProvider(
        { scheduling: { kind: 'in-product' } },
        { inProduct: () => inProduct, callMinutes: 30 },
      ),
    ).toBe(inProduct);
    expect(
      createSchedulingProvider(
        { scheduling: { kind: 'cal-com', baseUrl: fake.baseUrl, apiKey: 'k', eventTypeId: 1 } },
        { inProduct: () => inProduct, callMinutes: 30 },
      ).kind,
    ).toBe('cal-com');
  });
});

describe('the Cal.com scheduler with an event type for calls in Spanish', () => {
  const bilingual = () =>
    createCalComScheduler({
      baseUrl: fake.baseUrl,
      apiKey: fake.apiKey,
      eventTypeId: fake.eventTypeId,
      spanishEventTypeId: fake.spanishEventTypeId,
      callMinutes: 30,
    });
  const week = () => ({
    from: new Date(Date.now() + 86_400_000),
    to: new Date(Date.now() + 8 * 86_400_000),
    timeZone: 'UTC',
  });
  const person = {
    firstName: 'Ana',
    lastName: 'Ruiz',
    email: 'ana@example.com',
    phoneNumber: '+13125550100',
    timeZone: 'America/Chicago',
  };
  const hoursOf = (slots: { startsAt: Date }[]) =>
    [...new Set(slots.map((s) => s.startsAt.getUTCHours()))].sort((a, b) => a - b);

  it('lists the Spanish event type’s slots for a call in Spanish, the main one’s otherwise', async () => {
    fake.requests.length = 0;
    const spanish = await bilingual().listSlots({ ...week(), language: 'es' });
    const english = await bilingual().listSlots({ ...week(), language: 'en' });
    const unsaid = await bilingual().listSlots(week());
    expect(fake.requests.map((r) => r.query.eventTypeId)).toEqual([
      String(fake.spanishEventTypeId),
      String(fake.eventTypeId),
      String(fake.eventTypeId),
    ]);
    // The fake's Spanish hosts work 12:00 to 15:00 UTC, the others 09:00 to 16:00.
    expect(hoursOf(spanish)).toEqual([12, 13, 14]);
    expect(hoursOf(english)).toEqual([9, 10, 11, 12, 13, 14, 15]);
    expect(unsaid).toEqual(english);
  });

  it('books a call in Spanish with its hosts, and a move keeps it there', async () => {
    const [first, second] = await bilingual().listSlots({ ...week(), language: 'es' });
    fake.requests.length = 0;
    const booking = await bilingual().book({ ...person, startsAt: first!.startsAt, language: 'es' });
    expect(fake.requests[0]?.body).toMatchObject({ eventTypeId: fake.spanishEventTypeId });
    expect(booking.hostEmail).toBe(fake.spanishHost.email);
    const moved = await bilingual().reschedule(booking.reference, second!.startsAt);
    expect(moved.hostEmail).toBe(fake.spanishHost.email);
    expect(fake.bookings.get(moved.reference)?.eventTypeId).toBe(fake.spanishEventTypeId);
    await bilingual().cancel(moved.reference);
  });

  it('books a call in English in the main event type', async () => {
    const [slot] = await bilingual().listSlots({ ...week(), language: 'en' });
    fake.requests.length = 0;
    const booking = await bilingual().book({ ...person, startsAt: slot!.startsAt, language: 'en' });
    expect(fake.requests[0]?.body).toMatchObject({ eventTypeId: fake.eventTypeId });
    expect(booking.hostEmail).toBe(fake.host.email);
    await bilingual().cancel(booking.reference);
  });

  it('is given the Spanish event type by configuration', async () => {
    const configured = createSchedulingProvider(
      {
        scheduling: {
          kind: 'cal-com',
          baseUrl: fake.baseUrl,
          apiKey: fake.apiKey,
          eventTypeId: fake.eventTypeId,
          spanishEventTypeId: fake.spanishEventTypeId,
        },
      },
      { inProduct: () => ({}) as never, callMinutes: 30 },
    );
    fake.requests.length = 0;
    await configured.listSlots({ ...week(), language: 'es' });
    expect(fake.requests[0]?.query.eventTypeId).toBe(String(fake.spanishEventTypeId));
  });
});

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

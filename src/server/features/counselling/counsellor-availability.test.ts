import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff } from '#tests/support/staff-actions';
import type { Client } from '#tests/support/borrower-flow';
import { createTestApp, type TestApp } from '#tests/setup/test-app';

const HOUR = 3_600_000;
let t: TestApp;
let ana: Client;
let bea: Client;
beforeAll(async () => {
  t = await createTestApp();
  ana = (await signedInStaff(t, 'Ana Counsellor')).client;
  bea = (await signedInStaff(t, 'Bea Counsellor')).client;
});
afterAll(async () => {
  await t.close();
});

const AVAILABILITY = '/api/staff/counselling/availability';
const TIME_OFF = '/api/staff/counselling/time-off';

async function slotsAhead(days: number) {
  const params = new URLSearchParams({
    from: new Date().toISOString(),
    to: new Date(Date.now() + days * 24 * HOUR).toISOString(),
    timeZone: 'America/New_York',
  });
  const res = await t.client().get(`/api/counselling/slots?${params}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { slots: { startsAt: string; localDay: string; localTime: string }[] }).slots;
}

describe("a counsellor's own availability", () => {
  it('starts empty, saves languages and weekly hours, and the public slots follow them', async () => {
    expect((await ana.get(AVAILABILITY)).json()).toEqual({
      timeZone: 'America/New_York',
      languages: [],
      weeklyHours: [],
      timeOff: [],
    });
    const res = await ana.send('PUT', AVAILABILITY, {
      languages: ['en', 'es'],
      weeklyHours: [
        { weekday: 3, start: '13:00', end: '14:00' },
        { weekday: 1, start: '09:00', end: '10:30' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      languages: ['en', 'es'],
      weeklyHours: [
        { weekday: 1, start: '09:00', end: '10:30' },
        { weekday: 3, start: '13:00', end: '14:00' },
      ],
    });
    const slots = await slotsAhead(8);
    // Monday 9:00 and 9:45 (10:30 would end past 10:30), Wednesday 13:00 (13:45 would end past 14:00).
    expect(slots.length).toBeGreaterThanOrEqual(2);
    for (const slot of slots) {
      const weekday = new Date(`${slot.localDay}T12:00:00Z`).getUTCDay();
      expect([
        [1, '09:00'],
        [1, '09:45'],
        [3, '13:00'],
      ]).toContainEqual([weekday, slot.localTime]);
    }

    expect((await ana.send('PUT', AVAILABILITY, { languages: ['en'], weeklyHours: [] })).statusCode).toBe(
      200,
    );
    expect(await slotsAhead(8)).toEqual([]);
  });

  it('takes time off, which closes the slots it covers, and only its owner removes it', async () => {
    await bea.send('PUT', AVAILABILITY, {
      languages: ['en'],
      weeklyHours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
    });
    const before = await slotsAhead(3);
    const off = await bea.post(TIME_OFF, {
      startsAt: new Date().toISOString(),
      endsAt: new Date(Date.now() + 26 * HOUR).toISOString(),
    });
    expect(off.statusCode, off.body).toBe(201);
    const { id } = off.json() as { id: string };
    const after = await slotsAhead(3);
    expect(after.length).toBeLessThan(before.length);
    expect(new Date(after[0]!.startsAt).getTime()).toBeGreaterThanOrEqual(Date.now() + 26 * HOUR - 60_000);
    expect(
      ((await bea.get(AVAILABILITY)).json() as { timeOff: { id: string }[] }).timeOff.map((x) => x.id),
    ).toEqual([id]);

    // Another staff member's time off, or one that does not exist, is not found.
    expect((await ana.send('DELETE', `${TIME_OFF}/${id}`)).statusCode).toBe(404);
    expect((await bea.send('DELETE', `${TIME_OFF}/${randomUUID()}`)).statusCode).toBe(404);
    expect((await bea.send('DELETE', `${TIME_OFF}/${id}`)).statusCode).toBe(204);
    expect((await slotsAhead(3)).length).toBe(before.length);
  });

  it('refuses time off before the hours are saved', async () => {
    const carl = (await signedInStaff(t, 'Carl New')).client;
    const res = await carl.post(TIME_OFF, {
      startsAt: new Date().toISOString(),
      endsAt: new Date(Date.now() + HOUR).toISOString(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Set your languages and weekly hours first.');
  });

  it.each([
    [
      'hours that overlap on one day',
      {
        weeklyHours: [
          { weekday: 2, start: '09:00', end: '12:00' },
          { weekday: 2, start: '11:00', end: '13:00' },
        ],
      },
      'These hours overlap other hours of the same day.',
    ],
    [
      'an end before the start',
      { weeklyHours: [{ weekday: 2, start: '12:00', end: '09:00' }] },
      'The end must come after the start.',
    ],
    [
      'an hour that does not exist',
      { weeklyHours: [{ weekday: 2, start: '25:00', end: '26:00' }] },
      'Start is invalid',
    ],
    [
      'a control character in a time',
      { weeklyHours: [{ weekday: 2, start: '09:00\u0000', end: '10:00' }] },
      'Start is invalid',
    ],
    ['a weekday of 1e308', { weekday: 1e308, weeklyHours: undefined, languages: undefined }, undefined],
    ['no language', { languages: [] }, 'Choose at least one language.'],
    ['a language the product does not have', { languages: ['fr'] }, 'Language is invalid'],
    [
      'a thousand stretches',
      { weeklyHours: Array.from({ length: 1000 }, () => ({ weekday: 1, start: '09:00', end: '10:00' })) },
      'Weekly hours is invalid',
    ],
  ])('refuses %s with 400', async (_name, over, message) => {
    const body = { languages: ['en'], weeklyHours: [{ weekday: 1, start: '09:00', end: '17:00' }], ...over };
    const res = await ana.send('PUT', AVAILABILITY, body);
    expect(res.statusCode, res.body).toBe(400);
    if (message)
      expect(Object.values(res.json().fieldErrors ?? {}).concat(res.json().message)).toContain(message);
  });

  it.each([
    ['an impossible date', { startsAt: '2026-02-30T09:00:00Z', endsAt: '2026-03-02T09:00:00Z' }],
    ['an end before the start', { startsAt: '2026-03-02T09:00:00Z', endsAt: '2026-03-01T09:00:00Z' }],
    ['ten years off', { startsAt: '2026-03-02T09:00:00Z', endsAt: '2036-03-01T09:00:00Z' }],
    ['a huge number', { startsAt: 1e308, endsAt: '2026-03-01T09:00:00Z' }],
    ['both ends too long to be dates', { startsAt: 'a'.repeat(41), endsAt: 'a'.repeat(41) }],
  ])('refuses time off with %s with 400', async (_name, body) => {
    expect((await bea.post(TIME_OFF, body)).statusCode).toBe(400);
  });

  it('answers 400 to a time-off id that is not one', async () => {
    expect((await bea.send('DELETE', `${TIME_OFF}/not-an-id`)).statusCode).toBe(400);
  });
});

import path from 'node:path';
import { calComSignature } from '#providers/scheduling/cal-com-webhook';
import { startCalComFake, type CalComFake } from '#tests/fakes/cal-com-fake';
import { checkAccessibility, expect, test } from './support/axe';
import { picture, reportFailure, watchErrors } from './support/browser';
import { journeyEnv, startServer, type TestServer } from './support/server';

/**
 * A call held in Cal.com whose host asked for a new time ("request reschedule"): the emailed link's page says
 * the counsellor asked to move the call, strikes the old time and offers nothing to change there, in English and
 * in Spanish, at 390 and 1280 px. The call is booked through the product against the local fake of Cal.com and
 * the request arrives as Cal.com's signed webhook. Pictures: /work/shots/cal-com (or JOURNEY_SHOTS_DIR).
 */

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;
const SECRET = 'whsec-journey-0123456789abcdef';
const shots = process.env.JOURNEY_SHOTS_DIR ?? '/work/shots/cal-com';

let fake: CalComFake;
let server: TestServer;

test.beforeAll(async () => {
  fake = await startCalComFake();
  const env = await journeyEnv();
  server = await startServer({
    ...env,
    SCHEDULING_PROVIDER: 'cal-com',
    CAL_COM_API_KEY: fake.apiKey,
    CAL_COM_EVENT_TYPE_ID: String(fake.eventTypeId),
    CAL_COM_API_URL: fake.baseUrl,
    CAL_COM_WEBHOOK_SECRET: SECRET,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

/** Books the first open Cal.com time through the product's API; the call's link token and its Cal.com uid. */
async function bookAndRequestNewTime(language: 'en' | 'es', email: string) {
  const params = new URLSearchParams({
    from: new Date(Date.now() + 86_400_000).toISOString(),
    to: new Date(Date.now() + 8 * 86_400_000).toISOString(),
    timeZone: 'America/Chicago',
  });
  const slots = (await (await fetch(`${server.url}/api/counselling/slots?${params}`)).json()) as {
    slots: { startsAt: string }[];
  };
  const booked = await fetch(`${server.url}/api/counselling/calls`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({
      startsAt: slots.slots[0]!.startsAt,
      timeZone: 'America/Chicago',
      language,
      reminder: 'email',
      firstName: 'Rosa',
      lastName: 'Diaz',
      email,
      phoneNumber: '415-555-0188',
    }),
  });
  expect(booked.status, await booked.clone().text()).toBe(201);
  const { token } = (await booked.json()) as { token: string };
  const uid = [...fake.bookings.values()].find(
    (b) => (b.attendee as { email?: string }).email === email,
  )!.uid;
  // Cal.com's notice of the host's request: BOOKING_CANCELLED with requestReschedule: true.
  const raw = JSON.stringify({
    triggerEvent: 'BOOKING_CANCELLED',
    createdAt: new Date().toISOString(),
    payload: {
      uid,
      startTime: slots.slots[0]!.startsAt,
      status: 'CANCELLED',
      cancellationReason: 'Please reschedule.',
      requestReschedule: true,
    },
  });
  const delivered = await fetch(`${server.url}/api/webhooks/scheduling`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-cal-signature-256': calComSignature(SECRET, raw) },
    body: raw,
  });
  expect(delivered.status).toBe(200);
  return token;
}

for (const size of SIZES) {
  test(`a call whose host asked for a new time, at ${size.width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    await page.setViewportSize(size);
    await reportFailure(page, errors, `awaiting-new-time-failure-${size.width}`, async () => {
      for (const [language, heading, help] of [
        [
          'en',
          'Your counsellor asked to move your call',
          'You will get an email with a link to choose a new time.',
        ],
        [
          'es',
          'Su consejero pidió cambiar la hora de su llamada',
          'Recibirá un correo electrónico con un enlace',
        ],
      ] as const) {
        const token = await bookAndRequestNewTime(language, `rosa.${language}.${size.width}@example.com`);
        const query = `token=${encodeURIComponent(token)}${language === 'es' ? '&lang=es' : ''}`;
        await page.goto(`${server.url}/counselling-call?${query}`);
        await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible({ timeout: 30_000 });
        await expect(page.getByText(help)).toBeVisible();
        // Nothing to change from here, and no calendar file offering the old time.
        await expect(
          page.getByRole('button', {
            name: /Choose another time|Elegir otra hora|Cancel the call|Cancelar la llamada/,
          }),
        ).toHaveCount(0);
        await expect(page.getByRole('link', { name: /\.ics/ })).toHaveCount(0);
        await checkAccessibility(page, `awaiting new time (${language}) at ${size.width}`);
        expect
          .soft(await page.evaluate(() => document.documentElement.scrollWidth), 'scrolls sideways')
          .toBeLessThanOrEqual(size.width);
        await picture(page, path.join(shots, `counselling-awaiting-new-time-${language}-${size.width}.png`));
      }
      expect(errors).toEqual([]);
    });
  });
}

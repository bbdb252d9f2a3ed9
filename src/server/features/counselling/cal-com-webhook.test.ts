import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { calComSignature } from '#providers/scheduling/cal-com-webhook';
import { counsellingCall } from '#server/db/schema/index';
import { uniqueEmail } from '#tests/support/borrower-flow';
import { signedInStaff } from '#tests/support/staff-actions';
import { startCalComFake, type CalComFake } from '#tests/fakes/cal-com-fake';
import { createTestApp, type TestApp } from '#tests/setup/test-app';

// Cal.com's webhook: a call booked through the product and then cancelled or moved in Cal.com itself (its own
// emails and pages) is brought in step on the product's row, with the product's own email, once per change.

const DAY = 86_400_000;
const SECRET = 'whsec-test-0123456789abcdef';
const PATH = '/api/webhooks/scheduling';

let fake: CalComFake;
let t: TestApp;
let off: TestApp;
let casey: Awaited<ReturnType<typeof signedInStaff>>;
let robin: Awaited<ReturnType<typeof signedInStaff>>;
const lines: string[] = [];

beforeAll(async () => {
  fake = await startCalComFake();
  const calCom = {
    SCHEDULING_PROVIDER: 'cal-com',
    CAL_COM_API_KEY: fake.apiKey,
    CAL_COM_EVENT_TYPE_ID: String(fake.eventTypeId),
    CAL_COM_API_URL: fake.baseUrl,
  };
  t = await createTestApp(
    { ...calCom, CAL_COM_WEBHOOK_SECRET: SECRET, LOG_LEVEL: 'info' },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
  off = await createTestApp(calCom);
  casey = await signedInStaff(t, 'Casey Host');
  robin = await signedInStaff(t, 'Robin Other');
});
afterAll(async () => {
  await t.close();
  await off.close();
  await fake.close();
});
beforeEach(async () => {
  await t.db.delete(counsellingCall);
  fake.bookings.clear();
  fake.host = { ...fake.host, email: casey.email };
  lines.length = 0;
});

const rows = () => t.db.select().from(counsellingCall);

/** Books the first open slot through the product's public route, as a visitor; the booking uid and email. */
async function bookedCall(language: 'en' | 'es' = 'en') {
  const params = new URLSearchParams({
    from: new Date(Date.now() + DAY).toISOString(),
    to: new Date(Date.now() + 8 * DAY).toISOString(),
    timeZone: 'America/Chicago',
  });
  const slots = (await t.client().get(`/api/counselling/slots?${params}`)).json().slots as {
    startsAt: string;
  }[];
  const email = uniqueEmail('cal');
  const res = await t.client().post('/api/counselling/calls', {
    startsAt: slots[0]!.startsAt,
    timeZone: 'America/Chicago',
    language,
    reminder: 'email',
    firstName: 'Vera',
    lastName: 'Visitor',
    email,
    phoneNumber: '415-555-0188',
  });
  expect(res.statusCode, res.body).toBe(201);
  const row = (await rows()).find((r) => r.email === email);
  return { uid: row!.providerRef!, email, startsAt: slots[0]!.startsAt, later: slots[3]!.startsAt };
}

/** The end of a 30-minute call; an impossible start (the hostile cases) is its own end. */
function halfHourAfter(startTime: string) {
  const end = new Date(Date.parse(startTime) + 30 * 60_000);
  return Number.isNaN(end.getTime()) ? startTime : end.toISOString();
}

/** A booking payload shaped as Cal.com sends it (with the personal fields the product must not log). */
function bookingPayload(uid: string, startTime: string, email: string, over: Record<string, unknown> = {}) {
  return {
    uid,
    bookingId: 17,
    title: 'Counselling call between Casey Host and Vera Visitor',
    type: 'counselling-call',
    startTime,
    endTime: halfHourAfter(startTime),
    organizer: {
      id: 7,
      name: 'Casey Host',
      email: casey.email,
      timeZone: 'America/Chicago',
      language: { locale: 'en' },
    },
    attendees: [{ name: 'Vera Visitor', email, timeZone: 'America/Chicago', language: { locale: 'en' } }],
    responses: { name: { value: 'Vera Visitor' }, email: { value: email } },
    status: 'ACCEPTED',
    ...over,
  };
}

function deliver(app: TestApp, body: unknown, o: { signature?: string | null; raw?: string } = {}) {
  const raw = o.raw ?? JSON.stringify(body);
  const signature = o.signature === undefined ? calComSignature(SECRET, raw) : o.signature;
  return app.app.inject({
    method: 'POST',
    url: PATH,
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'x-cal-signature-256': signature }),
    },
    payload: raw,
  });
}

const cancelled = (uid: string, startTime: string, email: string) => ({
  triggerEvent: 'BOOKING_CANCELLED',
  createdAt: new Date().toISOString(),
  payload: bookingPayload(uid, startTime, email, {
    status: 'CANCELLED',
    cancellationReason: 'Cannot make it',
  }),
});

const rescheduled = (oldUid: string, newUid: string, startTime: string, email: string, over = {}) => ({
  triggerEvent: 'BOOKING_RESCHEDULED',
  createdAt: new Date().toISOString(),
  payload: bookingPayload(newUid, startTime, email, { rescheduleUid: oldUid, ...over }),
});

describe('POST /api/webhooks/scheduling (Cal.com)', () => {
  it('cancels the call a borrower cancelled in Cal.com, with the product’s email, once', async () => {
    const call = await bookedCall();
    const event = cancelled(call.uid, call.startsAt, call.email);
    const res = await deliver(t, event);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await rows();
    expect(row).toMatchObject({ state: 'cancelled', revision: 1, providerRef: call.uid });
    expect((await t.emailsTo(call.email)).map((m) => m.kind)).toEqual([
      'counselling-call-booked',
      'counselling-call-cancelled',
    ]);
    // Cal.com retries a delivery it is not sure of: the second changes nothing and sends nothing.
    expect((await deliver(t, event)).statusCode).toBe(200);
    expect((await rows())[0]).toMatchObject({ state: 'cancelled', revision: 1 });
    expect(await t.emailsTo(call.email)).toHaveLength(2);
    const log = lines.join('\n');
    expect(log).toContain('BOOKING_CANCELLED');
    for (const personal of [call.email, call.uid, 'Vera', casey.email]) expect(log).not.toContain(personal);
  });

  it('moves the call a borrower moved in Cal.com: the new uid, times and host, a fresh link, once', async () => {
    const call = await bookedCall();
    const newUid = `new${randomBytes(8).toString('hex')}`;
    const event = rescheduled(call.uid, newUid, call.later, call.email, {
      organizer: { id: 8, name: 'Robin Other', email: robin.email.toUpperCase() },
    });
    const res = await deliver(t, event);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await rows();
    expect(row).toMatchObject({
      state: 'rescheduled',
      revision: 1,
      providerRef: newUid,
      counsellorId: robin.userId,
    });
    expect(row!.startsAt.toISOString()).toBe(call.later);
    expect(row!.endsAt.getTime() - row!.startsAt.getTime()).toBe(30 * 60_000);
    const mails = await t.emailsTo(call.email);
    expect(mails.map((m) => m.kind)).toEqual(['counselling-call-booked', 'counselling-call-rescheduled']);
    // The fresh link opens the moved call.
    const link = mails[1]!.links[0]!.url;
    const token = new URL(link).searchParams.get('token')!;
    const read = await t.client().get(`/api/counselling/calls/by-token/${token}`);
    expect(read.json()).toMatchObject({
      state: 'rescheduled',
      startsAt: call.later,
      counsellorFirstName: 'Robin',
    });

    // The same event again is applied once.
    expect((await deliver(t, event)).statusCode).toBe(200);
    expect((await rows())[0]).toMatchObject({ revision: 1, providerRef: newUid });
    expect(await t.emailsTo(call.email)).toHaveLength(2);
    const log = lines.join('\n');
    for (const personal of [call.email, call.uid, newUid, robin.email]) expect(log).not.toContain(personal);
  });

  it('applies two deliveries of one move arriving at once only once', async () => {
    const call = await bookedCall();
    const event = rescheduled(call.uid, `twin${randomBytes(8).toString('hex')}`, call.later, call.email);
    const answers = await Promise.all([deliver(t, event), deliver(t, event)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await rows())[0]).toMatchObject({ state: 'rescheduled', revision: 1 });
    expect(await t.emailsTo(call.email)).toHaveLength(2);
  });

  it('leaves the row as it was (409) when the new host already has a product call at the new time', async () => {
    const call = await bookedCall();
    // The second booking takes the next open slot, with the same host: moving the first onto it collides.
    const other = await bookedCall();
    const res = await deliver(t, rescheduled(call.uid, 'collides1', other.startsAt, call.email));
    expect(res.statusCode).toBe(409);
    const after = (await rows()).find((r) => r.email === call.email)!;
    expect(after).toMatchObject({ state: 'booked', revision: 0, providerRef: call.uid });
    expect(after.startsAt.toISOString()).toBe(call.startsAt);
    expect(await t.emailsTo(call.email)).toHaveLength(1);
  });

  it('ignores the notice of a move the product made itself (its row already holds the new uid)', async () => {
    const call = await bookedCall();
    const { token } = {
      token: new URL((await t.emailsTo(call.email))[0]!.links[0]!.url).searchParams.get('token')!,
    };
    const moved = await t.client().post(`/api/counselling/calls/by-token/${token}`, {
      action: 'reschedule',
      startsAt: call.later,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [after] = await rows();
    const res = await deliver(t, rescheduled(call.uid, after!.providerRef!, call.later, call.email));
    expect(res.statusCode).toBe(200);
    expect((await rows())[0]).toMatchObject({ revision: 1, providerRef: after!.providerRef });
    expect(await t.emailsTo(call.email)).toHaveLength(2);
  });

  it('keeps a call whose host asked to reschedule awaiting the borrower’s new time, and moves it there', async () => {
    const call = await bookedCall();
    // Cal.com's "request reschedule" (a host's action): "The booking will be cancelled and the attendee will
    // receive an email with a link to reschedule." It sends BOOKING_CANCELLED with `requestReschedule: true`
    // (a plain cancel sends `false`), the reason prefixed with "Please reschedule." and `cancelledBy` the host.
    const request = {
      triggerEvent: 'BOOKING_CANCELLED',
      createdAt: new Date().toISOString(),
      payload: bookingPayload(call.uid, call.startsAt, call.email, {
        status: 'CANCELLED',
        cancellationReason: 'Please reschedule. Casey is out sick that day',
        cancelledBy: casey.email,
        requestReschedule: true,
      }),
    };
    const res = await deliver(t, request);
    expect(res.statusCode, res.body).toBe(200);
    expect((await rows())[0]).toMatchObject({ state: 'awaitingNewTime', revision: 1, providerRef: call.uid });
    let mails = await t.emailsTo(call.email);
    expect(mails.map((m) => m.kind)).toEqual([
      'counselling-call-booked',
      'counselling-call-rescheduleRequested',
    ]);
    expect(mails[1]!.subject).toBe('Your counsellor asked to move your call');
    expect(mails[1]!.text).toContain('needs to move your call with a credit counsellor on');
    expect(mails[1]!.text).toContain('a separate email with a link to choose a new time');
    // No link of the product's: Cal.com's own is the only way to choose the new time of that booking.
    expect(mails[1]!.links).toEqual([]);
    // A retried delivery changes nothing and sends nothing.
    expect((await deliver(t, request)).statusCode).toBe(200);
    expect((await rows())[0]).toMatchObject({ state: 'awaitingNewTime', revision: 1 });
    expect(await t.emailsTo(call.email)).toHaveLength(2);
    // The emailed link's page shows the call awaiting its new time, with nothing to change there, and its
    // calendar file takes the old time out of a calendar.
    const token = new URL(mails[0]!.links[0]!.url).searchParams.get('token')!;
    const page = await t.client().get(`/api/counselling/calls/by-token/${token}`);
    expect(page.json()).toMatchObject({ state: 'awaitingNewTime', changeable: false });
    const file = await t.client().get(`/api/counselling/calls/by-token/${token}/invitation`);
    expect(file.headers['content-type']).toContain('method=CANCEL');
    expect(file.body).toContain('STATUS:CANCELLED');

    // The borrower picks the new time from Cal.com's email: Cal.com books it as a reschedule of the old
    // booking (`rescheduleUid`), and sends BOOKING_RESCHEDULED.
    const newUid = `chosen${randomBytes(8).toString('hex')}`;
    const chosen = rescheduled(call.uid, newUid, call.later, call.email, {
      rescheduleStartTime: call.startsAt,
      rescheduledBy: call.email,
    });
    expect((await deliver(t, chosen)).statusCode).toBe(200);
    const [row] = await rows();
    expect(row).toMatchObject({
      state: 'rescheduled',
      revision: 2,
      providerRef: newUid,
      counsellorId: casey.userId,
    });
    expect(row!.startsAt.toISOString()).toBe(call.later);
    mails = await t.emailsTo(call.email);
    expect(mails.map((m) => m.kind)).toEqual([
      'counselling-call-booked',
      'counselling-call-rescheduleRequested',
      'counselling-call-rescheduled',
    ]);
    const log = lines.join('\n');
    for (const personal of [call.email, call.uid, newUid, casey.email, 'out sick'])
      expect(log).not.toContain(personal);
  });

  it('tells a Spanish-speaking borrower in Spanish that the counsellor asked to move the call', async () => {
    const call = await bookedCall('es');
    const res = await deliver(t, {
      triggerEvent: 'BOOKING_CANCELLED',
      payload: bookingPayload(call.uid, call.startsAt, call.email, {
        status: 'CANCELLED',
        requestReschedule: true,
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = (await t.emailsTo(call.email)).at(-1)!;
    expect(mail.kind).toBe('counselling-call-rescheduleRequested');
    expect(mail.subject).toBe('Su consejero pidió cambiar la hora de su llamada');
    expect(mail.text).toContain('necesita cambiar la hora de su llamada con un consejero de crédito del');
    // The attached calendar file takes the old time out of the borrower's calendar.
    const ics = Buffer.from(mail.attachments[0]!.content, 'base64').toString('utf8');
    expect(ics).toContain('METHOD:CANCEL');
  });

  it('moves a call awaiting its new time on a BOOKING_CREATED that names the booking it replaces', async () => {
    const call = await bookedCall();
    await deliver(t, {
      triggerEvent: 'BOOKING_CANCELLED',
      payload: bookingPayload(call.uid, call.startsAt, call.email, {
        status: 'CANCELLED',
        requestReschedule: true,
      }),
    });
    const newUid = `created${randomBytes(8).toString('hex')}`;
    const res = await deliver(t, {
      triggerEvent: 'BOOKING_CREATED',
      payload: bookingPayload(newUid, call.later, call.email, { rescheduleUid: call.uid }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await rows())[0]).toMatchObject({ state: 'rescheduled', revision: 2, providerRef: newUid });
  });

  it('cancels for good a call cancelled without a reschedule request (requestReschedule false)', async () => {
    const call = await bookedCall();
    const event = cancelled(call.uid, call.startsAt, call.email);
    (event.payload as Record<string, unknown>).requestReschedule = false;
    expect((await deliver(t, event)).statusCode).toBe(200);
    expect((await rows())[0]).toMatchObject({ state: 'cancelled', revision: 1 });
    // A move notice for a cancelled call changes nothing (Cal.com refuses to reschedule a cancelled booking).
    expect((await deliver(t, rescheduled(call.uid, 'afterCancel1', call.later, call.email))).statusCode).toBe(
      200,
    );
    expect((await rows())[0]).toMatchObject({ state: 'cancelled', revision: 1, providerRef: call.uid });
  });

  it('acknowledges bookings it does not hold and other events, changing nothing', async () => {
    const call = await bookedCall();
    for (const event of [
      cancelled('someoneElsesBooking', call.startsAt, call.email),
      rescheduled('unknownOld', 'unknownNew', call.later, call.email),
      {
        triggerEvent: 'BOOKING_CREATED',
        createdAt: new Date().toISOString(),
        payload: bookingPayload(call.uid, call.startsAt, call.email),
      },
      {
        triggerEvent: 'PING',
        createdAt: new Date().toISOString(),
        payload: { type: 'Test', title: 'Test trigger event' },
      },
      { triggerEvent: 'MEETING_ENDED', payload: { anything: [1, 2, 3] } },
    ]) {
      const res = await deliver(t, event);
      expect(res.statusCode, event.triggerEvent).toBe(200);
    }
    expect((await rows())[0]).toMatchObject({ state: 'booked', revision: 0, providerRef: call.uid });
    expect(await t.emailsTo(call.email)).toHaveLength(1);
    expect(lines.join('\n')).toContain('PING');
  });

  it('refuses a missing, wrong or foreign signature with 401 and does nothing', async () => {
    const call = await bookedCall();
    const event = cancelled(call.uid, call.startsAt, call.email);
    const raw = JSON.stringify(event);
    for (const signature of [
      null,
      '',
      'not-hex',
      calComSignature('another-secret-0123456789', raw),
      calComSignature(SECRET, `${raw} `),
      calComSignature(SECRET, raw).slice(0, 62),
      `sha256=${calComSignature(SECRET, raw)}`,
    ]) {
      const res = await deliver(t, event, { signature, raw });
      expect(res.statusCode, String(signature)).toBe(401);
    }
    // A signed body altered on the way.
    const altered = raw.replace('BOOKING_CANCELLED', 'BOOKING_CANCELLED ');
    expect(
      (await deliver(t, event, { raw: altered, signature: calComSignature(SECRET, raw) })).statusCode,
    ).toBe(401);
    expect((await rows())[0]).toMatchObject({ state: 'booked', revision: 0 });
  });

  it('answers 404 when CAL_COM_WEBHOOK_SECRET is unset, whatever the signature', async () => {
    const res = await deliver(off, { triggerEvent: 'PING', payload: {} });
    expect(res.statusCode).toBe(404);
  });

  it('refuses hostile, invalid and oversized bodies with 4xx, never 5xx, writing nothing', async () => {
    const call = await bookedCall();
    const raws = [
      '',
      'not json',
      '[]',
      'null',
      '{"triggerEvent": 5}',
      '{"triggerEvent": "BOOKING_CANCELLED\\u0000"}',
      JSON.stringify({ triggerEvent: 'BOOKING_CANCELLED', payload: {} }),
      JSON.stringify({ triggerEvent: 'BOOKING_CANCELLED', payload: { uid: `${call.uid}\u0000` } }),
      JSON.stringify({ triggerEvent: 'BOOKING_CANCELLED', payload: { uid: 'x'.repeat(10_000) } }),
      JSON.stringify(rescheduled(call.uid, 'n1', '2026-02-30T10:00:00Z', call.email)),
      JSON.stringify(rescheduled(call.uid, 'n1', '+275760-09-13T00:00:00Z', call.email)),
      JSON.stringify(rescheduled(call.uid, 'n1', call.later, call.email, { endTime: call.startsAt })),
      JSON.stringify(rescheduled(call.uid, 'n1', call.later, call.email, { rescheduleUid: undefined })),
      JSON.stringify(rescheduled(call.uid, 'n1', call.later, call.email, { organizer: { email: 12 } })),
      JSON.stringify({ triggerEvent: 'BOOKING_RESCHEDULED', payload: 'x'.repeat(300 * 1024) }),
    ];
    for (const raw of raws) {
      const res = await deliver(t, null, { raw });
      expect(res.statusCode, raw.slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, raw.slice(0, 80)).toBeLessThan(500);
    }
    expect((await rows())[0]).toMatchObject({ state: 'booked', revision: 0, providerRef: call.uid });
    expect(await t.emailsTo(call.email)).toHaveLength(1);
  });
});

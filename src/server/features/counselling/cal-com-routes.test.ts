import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agencyDayBounds } from '#domain/counselling/outcome';
import { counsellingCall, user } from '#server/db/schema/index';
import { newBorrower, uniqueEmail } from '#tests/support/borrower-flow';
import { signedInStaff } from '#tests/support/staff-actions';
import { startCalComFake, type CalComFake } from '#tests/fakes/cal-com-fake';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { unitOpener } from '#server/unit-of-work';
import { sendDueCallReminders } from './call-reminders';
import { callTokenKey, signCallToken } from './call-token';

// The public counselling routes with SCHEDULING_PROVIDER=cal-com, against the local fake of Cal.com's API v2:
// Cal.com's slots, its booking uid and host kept on the product's own row of the call, the emailed links
// moving and cancelling at Cal.com, and its refusals and outages answered as the product's own.

const DAY = 86_400_000;
const SLOT_TAKEN = 'This time is no longer open. Please choose another.';
const NOT_CHANGEABLE = 'This call can no longer be changed.';
const UNAVAILABLE = 'Booking is not available right now. Please try again in a few minutes.';

let fake: CalComFake;
let t: TestApp;
let casey: Awaited<ReturnType<typeof signedInStaff>>;
const lines: string[] = [];

beforeAll(async () => {
  fake = await startCalComFake();
  t = await createTestApp(
    {
      SCHEDULING_PROVIDER: 'cal-com',
      CAL_COM_API_KEY: fake.apiKey,
      CAL_COM_EVENT_TYPE_ID: String(fake.eventTypeId),
      CAL_COM_API_URL: fake.baseUrl,
      LOG_LEVEL: 'info',
    },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
  casey = await signedInStaff(t, 'Casey Host');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(async () => {
  await t.db.delete(counsellingCall);
  fake.bookings.clear();
  fake.requests.length = 0;
  // The host Cal.com gives the bookings to is a staff member here (Cal.com may write the address otherwise).
  fake.host = { ...fake.host, email: casey.email.toUpperCase() };
});

type Slot = { startsAt: string; endsAt: string; localDay: string; localTime: string; languages: string[] };

async function openSlots(): Promise<Slot[]> {
  const params = new URLSearchParams({
    from: new Date(Date.now() + DAY).toISOString(),
    to: new Date(Date.now() + 8 * DAY).toISOString(),
    timeZone: 'America/Chicago',
  });
  const res = await t.client().get(`/api/counselling/slots?${params}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { slots: Slot[] }).slots;
}

const visitor = (startsAt: string, over: Record<string, unknown> = {}) => ({
  startsAt,
  timeZone: 'America/Chicago',
  language: 'en',
  reminder: 'emailAndText',
  firstName: 'Vera',
  lastName: 'Visitor',
  email: uniqueEmail('vera'),
  phoneNumber: '415-555-0188',
  ...over,
});

const book = (body: Record<string, unknown>) => t.client().post('/api/counselling/calls', body);
const change = (token: string, body: Record<string, unknown>) =>
  t.client().post(`/api/counselling/calls/by-token/${token}`, body);
const bookingRequests = () => fake.requests.filter((r) => r.method === 'POST');
const rows = () => t.db.select().from(counsellingCall);

describe('the public counselling routes with Cal.com', () => {
  it('lists Cal.com’s open times, each with its day and time in the asked zone and no languages', async () => {
    const slots = await openSlots();
    expect(slots.length).toBeGreaterThan(0);
    expect(fake.requests[0]).toMatchObject({ path: '/v2/slots', query: { timeZone: 'America/Chicago' } });
    const first = new Date(slots[0]!.startsAt);
    expect(first.getUTCMinutes()).toBe(0);
    expect(new Date(slots[0]!.endsAt).getTime() - first.getTime()).toBe(30 * 60_000);
    const local = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Chicago',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(first);
    expect(local).toBe(`${slots[0]!.localDay}, ${slots[0]!.localTime}`);
    expect(slots[0]!.languages).toEqual([]);
  });

  it('books at Cal.com and keeps the product’s row with its uid and the staff member who is its host', async () => {
    const [slot] = await openSlots();
    const body = visitor(slot!.startsAt);
    const res = await book(body);
    expect(res.statusCode, res.body).toBe(201);
    const booked = res.json() as { token: string; state: string; startsAt: string };
    expect(booked).toMatchObject({ state: 'booked', startsAt: slot!.startsAt });

    const [booking] = [...fake.bookings.values()];
    expect(booking).toMatchObject({ start: slot!.startsAt, status: 'accepted' });
    expect(bookingRequests()[0]!.body).toMatchObject({
      eventTypeId: fake.eventTypeId,
      attendee: { name: 'Vera Visitor', email: body.email, phoneNumber: '+14155550188' },
    });
    const [row] = await rows();
    expect(row).toMatchObject({
      providerRef: booking!.uid,
      counsellorId: casey.userId,
      state: 'booked',
      email: body.email,
      reminder: 'emailAndText',
      timeZone: 'America/Chicago',
    });
    expect(row!.startsAt.toISOString()).toBe(slot!.startsAt);

    // The product's own confirmation, with the product's links (which keep Cal.com and the row in step).
    const [mail] = await t.emailsTo(body.email);
    expect(mail!.kind).toBe('counselling-call-booked');
    expect(mail!.links.map((l) => l.url)).toEqual([
      `http://localhost:3000/counselling-call?token=${booked.token}&action=reschedule`,
      `http://localhost:3000/counselling-call?token=${booked.token}&action=cancel`,
    ]);
    // The link's page reads the call, with its counsellor's first name.
    const read = await t.client().get(`/api/counselling/calls/by-token/${booked.token}`);
    expect(read.json()).toMatchObject({ state: 'booked', counsellorFirstName: 'Casey' });
    expect(lines.join('\n')).not.toContain(body.email);
    expect(lines.join('\n')).not.toContain(booking!.uid);
  });

  it('leaves the counsellor empty when Cal.com’s host is not a staff member here', async () => {
    fake.host = { ...fake.host, email: 'someone.else@elsewhere.test' };
    const [slot] = await openSlots();
    const res = await book(visitor(slot!.startsAt));
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await rows();
    expect(row!.counsellorId).toBeNull();
    const read = await t.client().get(`/api/counselling/calls/by-token/${res.json().token}`);
    expect(read.json()).toMatchObject({ counsellorFirstName: null, changeable: true });
  });

  it('shows a signed-in borrower’s Cal.com call on the portal’s card and the staff summary', async () => {
    const [slot] = await openSlots();
    const b = await newBorrower(t, 'Calcom');
    const res = await b.client.post('/api/counselling/calls', {
      startsAt: slot!.startsAt,
      timeZone: 'America/Chicago',
      language: 'es',
      reminder: 'email',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(bookingRequests()[0]!.body).toMatchObject({
      attendee: { name: 'Pat Calcom', email: b.email, language: 'es' },
    });
    const card = await b.client.get('/api/customer-portal/counselling-call');
    expect(card.json().call).toMatchObject({ startsAt: slot!.startsAt, counsellorFirstName: 'Casey' });
    const summary = await casey.client.get(`/api/staff/applications/${b.applicationId}/counselling-calls`);
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json().calls[0]).toMatchObject({
      startsAt: slot!.startsAt,
      counsellor: { id: casey.userId, name: 'Casey Host' },
    });
  });

  it('gives a call booked signed out to the account whose address is proven, on the portal’s card', async () => {
    const [slot] = await openSlots();
    const b = await newBorrower(t, 'Later');
    expect((await book(visitor(slot!.startsAt, { email: b.email.toUpperCase() }))).statusCode).toBe(201);
    await t.db.update(user).set({ emailVerified: true }).where(eq(user.id, b.userId));
    const card = await b.client.get('/api/customer-portal/counselling-call');
    expect(card.json().call).toMatchObject({ startsAt: slot!.startsAt, state: 'booked' });
    expect((await rows())[0]!.borrowerUserId).toBe(b.userId);
  });

  it('answers a time Cal.com refuses with the product’s 409 and writes nothing', async () => {
    const [slot] = await openSlots();
    expect((await book(visitor(slot!.startsAt))).statusCode).toBe(201);
    const again = await book(visitor(slot!.startsAt));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SLOT_TAKEN);
    const offGrid = new Date(new Date(slot!.startsAt).getTime() + 7 * 60_000).toISOString();
    expect((await book(visitor(offGrid))).statusCode).toBe(409);
    expect(await rows()).toHaveLength(1);
  });

  it('keeps one upcoming call per address without asking Cal.com for a second', async () => {
    const [slot, next] = await openSlots();
    const email = uniqueEmail('once');
    expect((await book(visitor(slot!.startsAt, { email }))).statusCode).toBe(201);
    const second = await book(visitor(next!.startsAt, { email }));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      'You already have a call booked. Use the links in its email to move or cancel it.',
    );
    expect(bookingRequests()).toHaveLength(1);
  });

  it('moves the call at Cal.com from the emailed link, keeping the new booking’s uid', async () => {
    const [slot, , later] = await openSlots();
    const body = visitor(slot!.startsAt);
    const { token } = (await book(body)).json() as { token: string };
    const [before] = await rows();
    const res = await change(token, { action: 'reschedule', startsAt: later!.startsAt });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'rescheduled', startsAt: later!.startsAt });

    const [after] = await rows();
    expect(fake.bookings.get(before!.providerRef!)!.status).toBe('cancelled');
    expect(after!.providerRef).not.toBe(before!.providerRef);
    expect(fake.bookings.get(after!.providerRef!)).toMatchObject({
      status: 'accepted',
      start: later!.startsAt,
    });
    expect(after).toMatchObject({ state: 'rescheduled', revision: 1, counsellorId: casey.userId });
    expect(after!.startsAt.toISOString()).toBe(later!.startsAt);
    expect(bookingRequests().at(-1)!.path).toBe(`/v2/bookings/${before!.providerRef}/reschedule`);
    expect((await t.emailsTo(body.email)).map((m) => m.kind)).toEqual([
      'counselling-call-booked',
      'counselling-call-rescheduled',
    ]);
  });

  it('refuses a move to a time Cal.com has not open with the product’s 409, the row unchanged', async () => {
    const [slot, next] = await openSlots();
    expect((await book(visitor(next!.startsAt))).statusCode).toBe(201);
    const { token } = (await book(visitor(slot!.startsAt))).json() as { token: string };
    const res = await change(token, { action: 'reschedule', startsAt: next!.startsAt });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SLOT_TAKEN);
    const mine = (await rows()).find((r) => r.startsAt.toISOString() === slot!.startsAt)!;
    expect(mine).toMatchObject({ state: 'booked', revision: 0 });
    expect(fake.bookings.get(mine.providerRef!)!.status).toBe('accepted');
  });

  it('keeps the call as it was when Cal.com answers a move with 409, telling the borrower the time is gone', async () => {
    const [slot, , later] = await openSlots();
    const body = visitor(slot!.startsAt);
    const { token } = (await book(body)).json() as { token: string };
    const [before] = await rows();
    // Cal.com's own mapping of a booking written twice at one time (its error code booking_conflict_error).
    fake.replyOnce(409, { status: 'error', error: { code: 'HttpError', message: 'booking_conflict_error' } });
    const res = await change(token, { action: 'reschedule', startsAt: later!.startsAt });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SLOT_TAKEN);
    const [after] = await rows();
    expect(after).toEqual(before);
    expect((await t.emailsTo(body.email)).map((m) => m.kind)).toEqual(['counselling-call-booked']);
    // And the link still works: the borrower picks another time.
    const retry = await change(token, { action: 'reschedule', startsAt: later!.startsAt });
    expect(retry.statusCode, retry.body).toBe(200);
  });

  it('answers 503 to a refusal that is not about the time, and logs it without the person', async () => {
    const [slot] = await openSlots();
    const body = visitor(slot!.startsAt);
    // A booking-field validation refusal: the event type asks for an answer the product does not send. Picking
    // another time would never help, so it is not "taken".
    fake.replyOnce(400, {
      status: 'error',
      error: {
        code: 'BadRequestException',
        message: `Missing required booking field response: ${body.email}`,
      },
    });
    lines.length = 0;
    const res = await book(body);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(UNAVAILABLE);
    expect(await rows()).toEqual([]);
    const logged = lines.join('\n');
    expect(logged).toMatch(/Cal\.com refused/);
    expect(logged).toContain('"calComStatus":400');
    expect(logged).toContain('"calComCode":"BadRequestException"');
    expect(logged).not.toContain(body.email);
    expect(logged).not.toContain('Missing required');
  });

  it('cancels at Cal.com from the emailed link; a second cancel is refused', async () => {
    const [slot] = await openSlots();
    const body = visitor(slot!.startsAt);
    const { token } = (await book(body)).json() as { token: string };
    const res = await change(token, { action: 'cancel' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'cancelled', changeable: false });
    const [row] = await rows();
    expect(row).toMatchObject({ state: 'cancelled', revision: 1 });
    expect(fake.bookings.get(row!.providerRef!)!.status).toBe('cancelled');
    const again = await change(token, { action: 'cancel' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(NOT_CHANGEABLE);
    expect((await t.emailsTo(body.email)).map((m) => m.kind)).toContain('counselling-call-cancelled');
  });

  it('cancels a call Cal.com already cancelled (from its own email) here too', async () => {
    const [slot] = await openSlots();
    const { token } = (await book(visitor(slot!.startsAt))).json() as { token: string };
    const [row] = await rows();
    fake.bookings.get(row!.providerRef!)!.status = 'cancelled';
    expect((await change(token, { action: 'cancel' })).statusCode).toBe(200);
    expect((await rows())[0]!.state).toBe('cancelled');
  });

  it('answers 503 when Cal.com is down, and writes nothing', async () => {
    fake.replyOnce(500, { status: 'error' });
    const params = new URLSearchParams({
      from: new Date(Date.now() + DAY).toISOString(),
      to: new Date(Date.now() + 2 * DAY).toISOString(),
      timeZone: 'America/Chicago',
    });
    const slotsRes = await t.client().get(`/api/counselling/slots?${params}`);
    expect(slotsRes.statusCode).toBe(503);
    expect(slotsRes.json().message).toBe(UNAVAILABLE);

    const [slot, later] = await openSlots();
    fake.replyOnce(503, { status: 'error' });
    const res = await book(visitor(slot!.startsAt));
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(UNAVAILABLE);
    expect(await rows()).toEqual([]);

    // An answer Cal.com should never give: a booking without its uid.
    fake.replyOnce(201, { status: 'success', data: { status: 'accepted' } });
    expect((await book(visitor(slot!.startsAt))).statusCode).toBe(503);
    expect(await rows()).toEqual([]);

    const body = visitor(slot!.startsAt);
    const { token } = (await book(body)).json() as { token: string };
    for (const action of [{ action: 'reschedule', startsAt: later!.startsAt }, { action: 'cancel' }]) {
      fake.replyOnce(502, { status: 'error' });
      const failed = await change(token, action);
      expect(failed.statusCode).toBe(503);
      expect(failed.json().message).toBe(UNAVAILABLE);
    }
    const [row] = await rows();
    expect(row).toMatchObject({ state: 'booked', revision: 0 });
    expect(row!.startsAt.toISOString()).toBe(slot!.startsAt);
    expect((await t.emailsTo(body.email)).map((m) => m.kind)).toEqual(['counselling-call-booked']);
  });

  it('answers 503 in Spanish to a Spanish reader', async () => {
    const [slot] = await openSlots();
    fake.replyOnce(503, { status: 'error' });
    const res = await t
      .client()
      .post('/api/counselling/calls', visitor(slot!.startsAt), { 'accept-language': 'es-US,es;q=0.9' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(
      'Las reservas no están disponibles en este momento. Inténtelo de nuevo en unos minutos.',
    );
  });

  it('cancels the Cal.com booking again when the row cannot be written', async () => {
    const [slot] = await openSlots();
    // A call of the product's own, booked for the same host at that start before the switch to Cal.com.
    await t.db.insert(counsellingCall).values({
      counsellorId: casey.userId,
      startsAt: new Date(slot!.startsAt),
      endsAt: new Date(slot!.endsAt),
      state: 'booked',
      name: 'Earlier Caller',
      phoneNumber: '+14155550100',
      email: uniqueEmail('earlier'),
      language: 'en',
      reminder: 'email',
      timeZone: 'America/Chicago',
    });
    const res = await book(visitor(slot!.startsAt));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SLOT_TAKEN);
    const [booking] = [...fake.bookings.values()];
    expect(booking!.status).toBe('cancelled');
    expect(bookingRequests().map((r) => r.path)).toEqual([
      '/v2/bookings',
      `/v2/bookings/${booking!.uid}/cancel`,
    ]);
    expect(await rows()).toHaveLength(1);
  });

  it.each([
    ['a control character in a name', { firstName: 'Ve\u0007ra' }],
    ['a huge year', { startsAt: '+275760-09-13T00:00:00Z' }],
    ['an impossible date', { startsAt: '2026-02-30T10:00:00Z' }],
    ['a counsellor chosen by the caller', { counsellorId: 'x' }],
  ])('answers 400 to %s without asking Cal.com', async (_name, over) => {
    const [slot] = await openSlots();
    const res = await book(visitor(slot!.startsAt, over));
    expect(res.statusCode, res.body).toBe(400);
    expect(bookingRequests()).toEqual([]);
    expect(await rows()).toEqual([]);
  });

  it('answers a forged link with 404 and a bad time with 400, without asking Cal.com', async () => {
    const [slot] = await openSlots();
    const { token } = (await book(visitor(slot!.startsAt))).json() as { token: string };
    fake.requests.length = 0;
    const forged = `${token.slice(0, -2)}AA`;
    expect((await change(forged, { action: 'cancel' })).statusCode).toBe(404);
    expect((await change(`x${randomUUID()}`, { action: 'cancel' })).statusCode).toBe(400);
    expect((await change(token, { action: 'reschedule', startsAt: '2026-02-30T10:00:00Z' })).statusCode).toBe(
      400,
    );
    expect((await change(token, { action: 'reschedule' })).statusCode).toBe(400);
    expect(fake.requests).toEqual([]);
  });

  it('cancels a call the product booked before the switch by the product’s own rules, not at Cal.com', async () => {
    const [row] = await t.db
      .insert(counsellingCall)
      .values({
        counsellorId: casey.userId,
        startsAt: new Date(Date.now() + 3 * DAY),
        endsAt: new Date(Date.now() + 3 * DAY + 30 * 60_000),
        state: 'booked',
        name: 'Earlier Caller',
        phoneNumber: '+14155550100',
        email: uniqueEmail('earlier'),
        language: 'en',
        reminder: 'email',
        timeZone: 'America/Chicago',
      })
      .returning();
    const token = signCallToken(callTokenKey(t.config.authSecret), row!.id, row!.endsAt, row!.revision);
    expect((await change(token, { action: 'cancel' })).statusCode).toBe(200);
    expect((await rows())[0]!.state).toBe('cancelled');
    expect(fake.requests).toEqual([]);
  });
});

describe('a call Cal.com holds in the service portal', () => {
  it('lists a call whose host is not on staff in everyone’s day, and lets staff mark it', async () => {
    const { from } = agencyDayBounds(new Date(), t.config.agencyTimeZone);
    const [call] = await t.db
      .insert(counsellingCall)
      .values({
        counsellorId: null,
        providerRef: `uid-${randomUUID()}`,
        startsAt: new Date(from.getTime() + 60_000),
        endsAt: new Date(from.getTime() + 31 * 60_000),
        state: 'booked',
        name: 'Val Visitor',
        phoneNumber: '+14155550199',
        email: uniqueEmail('val'),
        language: 'en',
        reminder: 'email',
        timeZone: 'America/Chicago',
      })
      .returning();
    const mine = await casey.client.get('/api/staff/counselling/calls/today');
    expect(mine.json().calls).toEqual([]);
    const all = await casey.client.get('/api/staff/counselling/calls/today?scope=all');
    expect(all.json().calls).toEqual([
      expect.objectContaining({ id: call!.id, counsellor: { id: null, name: null }, markable: true }),
    ]);
    const marked = await casey.client.send('POST', `/api/staff/counselling/calls/${call!.id}/outcome`, {
      outcome: 'completed',
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().call).toMatchObject({ state: 'completed', outcomeRecordedBy: 'Casey Host' });
    expect(fake.requests).toEqual([]);
  });
});

describe('the product’s emails for a call Cal.com holds', () => {
  it('sends the product’s reminders (email, and text to those who chose it) for a Cal.com call', async () => {
    const [slot] = await openSlots();
    const body = visitor(slot!.startsAt);
    expect((await book(body)).statusCode).toBe(201);
    const [row] = await rows();
    const openUnit = unitOpener({ database: t.database, cipher: t.cipher, today: t.today });
    const sweep = (now: Date) =>
      sendDueCallReminders(openUnit, {
        publicUrl: t.config.publicUrl,
        authSecret: t.config.authSecret,
        now,
      });
    const hourBefore = new Date(row!.startsAt.getTime() - 30 * 60_000);
    expect(await sweep(hourBefore)).toEqual({ reminders: 1, texts: 1 });
    expect(await sweep(hourBefore)).toEqual({ reminders: 0, texts: 0 });
    expect((await t.emailsTo(body.email)).map((m) => m.kind)).toContain('counselling-call-reminder-hour');
    // Nothing but the booking went to Cal.com: its reminders are not asked for.
    expect(bookingRequests().map((r) => r.path)).toEqual(['/v2/bookings']);
    await t.db.delete(counsellingCall).where(eq(counsellingCall.id, row!.id));
  });
});

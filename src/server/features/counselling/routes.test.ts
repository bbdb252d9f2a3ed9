import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newBorrower, uniqueEmail } from '#tests/support/borrower-flow';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { user, userGroup } from '#server/db/schema/auth';
import {
  counsellingCall,
  counsellor,
  counsellorTimeOff,
  counsellorWeeklyHours,
} from '#server/db/schema/index';
import { STAFF_GROUP } from '#server/plugins/staff-group';
import { callTokenKey, signCallToken } from './call-token';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'info' },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
});
afterAll(async () => {
  await t.close();
});
// Each test sets up its own counsellors on an empty calendar.
beforeEach(async () => {
  await t.db.delete(counsellingCall);
  await t.db.delete(counsellor);
});

const HOUR = 3_600_000;

/** A staff member taking calls every day, all day, in the agency's time (so a slot is open every 45 minutes). */
async function addCounsellor(firstName: string, languages: string[] = ['en']) {
  const id = randomUUID();
  await t.db
    .insert(user)
    .values({ id, email: uniqueEmail(firstName.toLowerCase()), name: firstName, firstName });
  await t.db.insert(userGroup).values({ userId: id, groupName: STAFF_GROUP });
  await t.db.insert(counsellor).values({ userId: id, languages });
  await t.db.insert(counsellorWeeklyHours).values(
    ([1, 2, 3, 4, 5, 6, 7] as const).map((weekday) => ({
      counsellorId: id,
      weekday,
      startMinute: 0,
      endMinute: 1440,
    })),
  );
  return id;
}

type SlotsBody = { slots: { startsAt: string; localDay: string; localTime: string; languages: string[] }[] };

async function openSlots(query: Record<string, string> = {}) {
  const from = new Date(Date.now() + HOUR).toISOString();
  const to = new Date(Date.now() + 49 * HOUR).toISOString();
  const params = new URLSearchParams({ from, to, timeZone: 'America/Los_Angeles', ...query });
  const res = await t.client().get(`/api/counselling/slots?${params}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as SlotsBody).slots;
}

const visitor = (startsAt: string, over: Record<string, unknown> = {}) => ({
  startsAt,
  timeZone: 'America/Los_Angeles',
  language: 'en',
  reminder: 'emailAndText',
  firstName: 'Vera',
  lastName: 'Visitor',
  email: uniqueEmail('vera'),
  phoneNumber: '415-555-0188',
  ...over,
});

describe('GET /api/counselling/slots', () => {
  it('lists the open slots from two hours ahead, each with its day and time in the asked time zone', async () => {
    await addCounsellor('Ana');
    const slots = await openSlots();
    expect(slots.length).toBeGreaterThan(40);
    const first = new Date(slots[0]!.startsAt);
    expect(first.getTime()).toBeGreaterThanOrEqual(Date.now() + 2 * HOUR - 60_000);
    expect(first.getTime() - Date.now()).toBeLessThan(2 * HOUR + 46 * 60_000);
    const local = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Los_Angeles',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(first);
    expect(local).toBe(`${slots[0]!.localDay}, ${slots[0]!.localTime}`);
    expect(slots[0]!.languages).toEqual(['en']);
  });

  it('lists only the times a Spanish speaker is free when asked in Spanish', async () => {
    await addCounsellor('Ana');
    expect(await openSlots({ language: 'es' })).toEqual([]);
    await addCounsellor('Luis', ['en', 'es']);
    expect((await openSlots({ language: 'es' }))[0]!.languages).toEqual(['en', 'es']);
  });

  it('leaves out a counsellor’s time off and an empty agency has no slots', async () => {
    expect(await openSlots()).toEqual([]);
    const id = await addCounsellor('Ana');
    await t.db
      .insert(counsellorTimeOff)
      .values({ counsellorId: id, startsAt: new Date(), endsAt: new Date(Date.now() + 30 * HOUR) });
    const slots = await openSlots();
    expect(new Date(slots[0]!.startsAt).getTime()).toBeGreaterThanOrEqual(Date.now() + 30 * HOUR);
  });

  it.each([
    ['an impossible date', { from: '2026-02-30T10:00:00Z' }],
    ['a date without its offset', { from: '2026-03-01T10:00:00' }],
    ['a huge year', { to: '+275760-09-13T00:00:00Z' }],
    ['an abbreviation for a time zone', { timeZone: 'EST' }],
    ['a control character in the time zone', { timeZone: 'America/New_York\u0000' }],
    ['a span ending before it starts', { to: new Date(Date.now() - HOUR).toISOString() }],
    ['a span of a year', { to: new Date(Date.now() + 365 * 24 * HOUR).toISOString() }],
    ['an unknown language', { language: 'fr' }],
    ['an unknown parameter', { counsellorId: 'x' }],
    // Both ends too long to be dates: the span checks must not read them as dates (this once answered 500).
    [
      'two overlong ends and a number for a zone',
      { from: 'a'.repeat(41), to: 'a'.repeat(41), timeZone: '1e+308' },
    ],
    ['an end too long to be a date', { to: 'a'.repeat(41) }],
  ])('answers 400 to %s', async (_name, query) => {
    const params = new URLSearchParams({
      from: new Date().toISOString(),
      to: new Date(Date.now() + 24 * HOUR).toISOString(),
      timeZone: 'America/New_York',
      ...query,
    });
    const res = await t.client().get(`/api/counselling/slots?${params}`);
    expect(res.statusCode, res.body).toBe(400);
  });
});

describe('POST /api/counselling/calls', () => {
  it('books an anonymous visitor’s call and emails the invitation with links that work without signing in', async () => {
    const ana = await addCounsellor('Ana');
    const [slot] = await openSlots();
    const body = visitor(slot!.startsAt);
    const res = await t.client().post('/api/counselling/calls', body);
    expect(res.statusCode, res.body).toBe(201);
    const booked = res.json() as { token: string; state: string; startsAt: string; changeable: boolean };
    expect(booked).toMatchObject({ state: 'booked', startsAt: slot!.startsAt, changeable: true });
    expect(JSON.stringify(booked)).not.toContain(body.email);

    const [row] = await t.db.select().from(counsellingCall);
    expect(row).toMatchObject({
      counsellorId: ana,
      borrowerUserId: null,
      name: 'Vera Visitor',
      email: body.email,
      phoneNumber: '+14155550188',
      language: 'en',
      reminder: 'emailAndText',
      timeZone: 'America/Los_Angeles',
    });
    expect(row!.endsAt.getTime() - row!.startsAt.getTime()).toBe(30 * 60_000);

    const [mail] = await t.emailsTo(body.email);
    expect(mail!.kind).toBe('counselling-call-booked');
    expect(mail!.links.map((l) => l.url)).toEqual([
      `http://localhost:3000/counselling-call?token=${booked.token}&action=reschedule`,
      `http://localhost:3000/counselling-call?token=${booked.token}&action=cancel`,
    ]);
    // The time as the visitor reads it, in their own zone.
    const when = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Los_Angeles',
      hour: 'numeric',
      minute: '2-digit',
    }).format(new Date(slot!.startsAt));
    expect(mail!.text).toContain(when);
    expect(mail!.text).toMatch(/P[DS]T/);
    const ics = Buffer.from(mail!.attachments[0]!.content, 'base64').toString('utf8');
    expect(mail!.attachments[0]!.contentType).toContain('text/calendar');
    const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain(`DTSTART:${stamp(slot!.startsAt)}`);
    expect(ics).toContain(`DTEND:${stamp(row!.endsAt.toISOString())}`);
    expect(ics.replace(/\r\n /g, '')).toContain(`UID:counselling-call-${row!.id}@localhost`);
    expect(ics).toContain('SEQUENCE:0');
    expect(t.queued).toContain(mail!.id);
  });

  it('writes the email of a call in Spanish in Spanish, its time in Spanish words and its links asking for Spanish', async () => {
    await addCounsellor('Luis', ['en', 'es']);
    const [slot] = await openSlots({ language: 'es' });
    const body = visitor(slot!.startsAt, { language: 'es', timeZone: 'America/New_York' });
    expect((await t.client().post('/api/counselling/calls', body)).statusCode).toBe(201);
    const [mail] = await t.emailsTo(body.email);
    expect(mail!.subject).toBe('Su llamada con un consejero de crédito');
    const day = new Intl.DateTimeFormat('es-US', { timeZone: 'America/New_York', weekday: 'long' }).format(
      new Date(slot!.startsAt),
    );
    expect(mail!.text).toContain(day);
    expect(mail!.links.every((l) => l.url.endsWith('&lang=es'))).toBe(true);
    const ics = Buffer.from(mail!.attachments[0]!.content, 'base64').toString('utf8');
    expect(ics).toContain('SUMMARY:Llamada con un consejero de crédito');
  });

  it('asks an anonymous visitor for every contact field, naming each', async () => {
    await addCounsellor('Ana');
    const [slot] = await openSlots();
    const res = await t.client().post('/api/counselling/calls', {
      startsAt: slot!.startsAt,
      timeZone: 'America/New_York',
      language: 'en',
      reminder: 'email',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email address is required',
      phoneNumber: 'Phone number is required',
    });
  });

  it('books a signed-in borrower’s call with their own account’s email and phone', async () => {
    await addCounsellor('Ana');
    const [slot] = await openSlots();
    const b = await newBorrower(t, 'Booker');
    const res = await b.client.post('/api/counselling/calls', {
      startsAt: slot!.startsAt,
      timeZone: 'America/Chicago',
      language: 'en',
      reminder: 'email',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(counsellingCall);
    expect(row).toMatchObject({
      borrowerUserId: b.userId,
      email: b.email,
      phoneNumber: '+14155550123',
      name: 'Pat Booker',
    });
    expect(await t.emailsTo(b.email)).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'counselling-call-booked' })]),
    );
  });

  it('refuses a slot already taken (one counsellor) with 409, and a time outside the open hours', async () => {
    await addCounsellor('Ana');
    const [slot, next] = await openSlots();
    expect((await t.client().post('/api/counselling/calls', visitor(slot!.startsAt))).statusCode).toBe(201);
    const again = await t.client().post('/api/counselling/calls', visitor(slot!.startsAt));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This time is no longer open. Please choose another.');
    // Off the grid, too soon, too far ahead.
    const offGrid = new Date(new Date(next!.startsAt).getTime() + 5 * 60_000).toISOString();
    for (const startsAt of [offGrid, new Date(Date.now() + HOUR).toISOString(), '2099-01-01T10:00:00Z']) {
      expect((await t.client().post('/api/counselling/calls', visitor(startsAt))).statusCode).toBe(409);
    }
  });

  it('keeps one upcoming call per email address; once it is cancelled, another can be booked', async () => {
    await addCounsellor('Ana');
    const [slot, next] = await openSlots();
    const email = uniqueEmail('once');
    const first = await t.client().post('/api/counselling/calls', visitor(slot!.startsAt, { email }));
    expect(first.statusCode).toBe(201);
    const second = await t
      .client()
      .post('/api/counselling/calls', visitor(next!.startsAt, { email: email.toUpperCase() }));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      'You already have a call booked. Use the links in its email to move or cancel it.',
    );
    const { token } = first.json() as { token: string };
    expect(
      (await t.client().post(`/api/counselling/calls/by-token/${token}`, { action: 'cancel' })).statusCode,
    ).toBe(200);
    expect(
      (await t.client().post('/api/counselling/calls', visitor(next!.startsAt, { email }))).statusCode,
    ).toBe(201);
  });

  it('shares the calls round-robin and gives a Spanish speaker to a borrower who asked for Spanish', async () => {
    const ana = await addCounsellor('Ana');
    const bea = await addCounsellor('Bea');
    const luis = await addCounsellor('Luis', ['en', 'es']);
    const [slot, next] = await openSlots();
    const spanish = await t
      .client()
      .post('/api/counselling/calls', visitor(next!.startsAt, { language: 'es' }));
    expect(spanish.statusCode).toBe(201);
    for (let i = 0; i < 3; i++) {
      expect((await t.client().post('/api/counselling/calls', visitor(slot!.startsAt))).statusCode).toBe(201);
    }
    const calls = await t.db.select().from(counsellingCall);
    expect(calls.find((c) => c.language === 'es')!.counsellorId).toBe(luis);
    // Luis had the last call: Ana and Bea (never assigned) first, Luis last.
    const atSlot = calls
      .filter((c) => c.startsAt.toISOString() === slot!.startsAt)
      .sort((a, b) => +a.createdAt - +b.createdAt);
    expect(atSlot.map((c) => c.counsellorId)).toEqual(
      [ana, bea, luis]
        .sort()
        .filter((id) => id !== luis)
        .concat(luis),
    );
    expect((await t.client().post('/api/counselling/calls', visitor(slot!.startsAt))).statusCode).toBe(409);
  });

  it.each([
    ['a control character in a name', { firstName: 'Ve\u0007ra' }],
    ['a name of 10,000 characters', { lastName: 'x'.repeat(10_000) }],
    ['an impossible date', { startsAt: '2026-02-30T10:00:00Z' }],
    ['a number for the time', { startsAt: 1e308 }],
    ['a huge year', { startsAt: '+275760-09-13T00:00:00Z' }],
    ['an offset for a time zone', { timeZone: '+05:00' }],
    ['an unknown reminder', { reminder: 'pigeon' }],
    ['a state chosen by the caller', { state: 'completed' }],
    ['a counsellor chosen by the caller', { counsellorId: 'x' }],
    ['a phone number that is not one', { phoneNumber: '555' }],
    ['an email that is not one', { email: 'vera@' }],
  ])('answers 400 to %s', async (_name, over) => {
    await addCounsellor('Ana');
    const [slot] = await openSlots();
    const res = await t.client().post('/api/counselling/calls', visitor(slot!.startsAt, over));
    expect(res.statusCode, res.body).toBe(400);
    expect(await t.db.select().from(counsellingCall)).toEqual([]);
  });
});

describe('the emailed links: GET and POST /api/counselling/calls/by-token/:token', () => {
  async function bookOne() {
    await addCounsellor('Ana');
    const slots = await openSlots();
    const body = visitor(slots[0]!.startsAt);
    const res = await t.client().post('/api/counselling/calls', body);
    expect(res.statusCode, res.body).toBe(201);
    return { token: (res.json() as { token: string }).token, slots, email: body.email };
  }

  it('reads the call, moves it (a new email, the invitation’s SEQUENCE raised) and cancels it', async () => {
    const { token, slots, email } = await bookOne();
    const read = await t.client().get(`/api/counselling/calls/by-token/${token}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ state: 'booked', counsellorFirstName: 'Ana', changeable: true });
    expect(read.body).not.toContain(email);

    const moved = await t.client().post(`/api/counselling/calls/by-token/${token}`, {
      action: 'reschedule',
      startsAt: slots[3]!.startsAt,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ state: 'rescheduled', startsAt: slots[3]!.startsAt });
    // The move answers the call's new link; the booking email's link no longer reads or changes it.
    const newToken = (moved.json() as { token: string }).token;
    expect(newToken).not.toBe(token);
    const movedMail = (await t.emailsTo(email)).at(-1)!;
    expect(movedMail.text).toContain(encodeURIComponent(newToken));
    expect(movedMail.kind).toBe('counselling-call-rescheduled');
    expect(Buffer.from(movedMail.attachments[0]!.content, 'base64').toString('utf8')).toContain('SEQUENCE:1');
    // The first slot is open again.
    expect((await openSlots())[0]!.startsAt).toBe(slots[0]!.startsAt);

    const cancelled = await t
      .client()
      .post(`/api/counselling/calls/by-token/${newToken}`, { action: 'cancel' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ state: 'cancelled', changeable: false, token: null });
    const cancelMail = (await t.emailsTo(email)).at(-1)!;
    expect(cancelMail.kind).toBe('counselling-call-cancelled');
    const ics = Buffer.from(cancelMail.attachments[0]!.content, 'base64').toString('utf8');
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('STATUS:CANCELLED');
    expect(
      (await t.client().post(`/api/counselling/calls/by-token/${newToken}`, { action: 'cancel' })).statusCode,
    ).toBe(409);
    // A cancelled call's time can be booked again.
    expect((await t.client().post('/api/counselling/calls', visitor(slots[3]!.startsAt))).statusCode).toBe(
      201,
    );
  });

  it('refuses to move a call onto a taken time', async () => {
    const { token, slots } = await bookOne();
    expect((await t.client().post('/api/counselling/calls', visitor(slots[1]!.startsAt))).statusCode).toBe(
      201,
    );
    const res = await t.client().post(`/api/counselling/calls/by-token/${token}`, {
      action: 'reschedule',
      startsAt: slots[1]!.startsAt,
    });
    expect(res.statusCode).toBe(409);
  });

  it('answers 404 to a token altered, signed with another secret, naming no call, or expired', async () => {
    const { token } = await bookOne();
    const [body, mac] = token.split('.') as [string, string];
    const key = callTokenKey(t.config.authSecret);
    const other = callTokenKey(randomBytes(32).toString('hex'));
    const [row] = await t.db.select().from(counsellingCall);
    const forged = [
      `${body}.${mac.startsWith('AA') ? 'BB' : 'AA'}${mac.slice(2)}`,
      `${body.startsWith('AA') ? 'BB' : 'AA'}${body.slice(2)}.${mac}`,
      signCallToken(other, row!.id, row!.endsAt, row!.revision),
      signCallToken(key, randomUUID(), row!.endsAt, 0),
      signCallToken(key, row!.id, new Date(Date.now() - 1000), row!.revision),
    ];
    for (const bad of forged) {
      expect((await t.client().get(`/api/counselling/calls/by-token/${bad}`)).statusCode).toBe(404);
      expect(
        (await t.client().post(`/api/counselling/calls/by-token/${bad}`, { action: 'cancel' })).statusCode,
      ).toBe(404);
    }
    expect(
      (
        await t
          .client()
          .get(
            `/api/counselling/calls/by-token/${signCallToken(key, row!.id, new Date(Date.now() - 1000), row!.revision)}`,
          )
      ).json().message,
    ).toBe('This link has expired: the call it was for is over.');
    const [still] = await t.db.select().from(counsellingCall).where(eq(counsellingCall.id, row!.id));
    expect(still!.state).toBe('booked');
  });

  it.each([
    [
      'a token of control characters',
      '%07%07%07%07%07%07%07%07%07%07%07%07%07%07%07%07%07%07%07%07.x',
      undefined,
    ],
    ['a token of 5,000 characters', `${'a'.repeat(5000)}.b`, undefined],
    ['an unknown action', 'TOKEN', { action: 'complete' }],
    ['an impossible new time', 'TOKEN', { action: 'reschedule', startsAt: '2026-13-01T10:00:00Z' }],
    ['a new time as a huge number', 'TOKEN', { action: 'reschedule', startsAt: Number.MAX_VALUE }],
  ])('answers 4xx, never 5xx, to %s', async (_name, tokenOrPlaceholder, payload) => {
    const { token } = await bookOne();
    const url = `/api/counselling/calls/by-token/${tokenOrPlaceholder === 'TOKEN' ? token : tokenOrPlaceholder}`;
    const res = payload ? await t.client().post(url, payload) : await t.client().get(url);
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('what reaches the logs', () => {
  it('never the visitor’s email, phone, name or a link’s token', async () => {
    await addCounsellor('Ana');
    const [slot] = await openSlots();
    const body = visitor(slot!.startsAt, { email: uniqueEmail('secret.person') });
    lines.length = 0;
    const res = await t.client().post('/api/counselling/calls', body);
    const { token } = res.json() as { token: string };
    await t.client().get(`/api/counselling/calls/by-token/${token}`);
    await t.client().post(`/api/counselling/calls/by-token/${token}`, { action: 'cancel' });
    const log = lines.join('\n');
    expect(log).toContain('counselling call booked');
    expect(log).toContain('/api/counselling/calls/by-token/[redacted]');
    for (const secret of [body.email, '5550188', 'Visitor', token, token.split('.')[1]!]) {
      expect(log).not.toContain(secret);
    }
  });
});

describe('two people booking the same slot at the same instant', () => {
  it('gives it to exactly one: one 201, every other 409', async () => {
    await addCounsellor('Ana');
    const [slot] = await openSlots();
    const N = 8;
    const answers = await Promise.all(
      Array.from({ length: N }, () => t.client().post('/api/counselling/calls', visitor(slot!.startsAt))),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes, answers.map((r) => r.body).join('\n')).toEqual([201, ...Array(N - 1).fill(409)]);
    const live = await t.db.select().from(counsellingCall);
    expect(live).toHaveLength(1);
  });

  it('is refused by the database itself, even when a writer skips the checks', async () => {
    const ana = await addCounsellor('Ana');
    const startsAt = new Date(Date.now() + 5 * HOUR);
    const row = {
      counsellorId: ana,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      name: 'A',
      phoneNumber: '+14155550188',
      email: 'a@example.com',
      language: 'en',
      reminder: 'email' as const,
      timeZone: 'UTC',
    };
    await t.db.insert(counsellingCall).values(row);
    await expect(t.db.insert(counsellingCall).values(row)).rejects.toThrow();
    // A cancelled call does not hold the slot.
    await t.db.update(counsellingCall).set({ state: 'cancelled' });
    await t.db.insert(counsellingCall).values(row);
  });
});

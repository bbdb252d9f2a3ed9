import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIXED, formatEnglish } from '#domain/i18n/validation-messages';
import { uniqueEmail } from '#tests/support/borrower-flow';
import { signedInStaff } from '#tests/support/staff-actions';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { user, userGroup } from '#server/db/schema/auth';
import {
  agencyDayOff,
  counsellingCall,
  counsellingCallNotice,
  counsellor,
  counsellorWeeklyHours,
} from '#server/db/schema/index';
import { STAFF_GROUP } from '#server/plugins/staff-group';
import { callTokenKey } from './call-token';
import { CALL_CHANGE_LIMITS } from './change-limits';
import { answerContention } from './take-slot';

// What keeps the public booking from being turned against someone: one live link per call, caps on moves and
// on the emails one address receives, a rate limit by the call as well as by the client address; and the days
// the agency is closed.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let t: TestApp;
let addresses = 0;
/** A client address of its own for each request, as from many machines (TRUST_PROXY counts by it). */
const fromAnywhere = () => ({ 'x-forwarded-for': `203.0.113.${(++addresses % 250) + 1}` });

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(counsellingCallNotice);
  await t.db.delete(counsellingCall);
  await t.db.delete(counsellor);
  await t.db.delete(agencyDayOff);
});

async function addCounsellor() {
  const id = randomUUID();
  await t.db.insert(user).values({ id, email: uniqueEmail('ana'), name: 'Ana', firstName: 'Ana' });
  await t.db.insert(userGroup).values({ userId: id, groupName: STAFF_GROUP });
  await t.db.insert(counsellor).values({ userId: id, languages: ['en', 'es'] });
  await t.db.insert(counsellorWeeklyHours).values(
    ([1, 2, 3, 4, 5, 6, 7] as const).map((weekday) => ({
      counsellorId: id,
      weekday,
      startMinute: 0,
      endMinute: 1440,
    })),
  );
}

type Slot = { startsAt: string; localDay: string };
async function openSlots(from = Date.now() + HOUR, to = Date.now() + 49 * HOUR): Promise<Slot[]> {
  const params = new URLSearchParams({
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    timeZone: 'America/New_York',
  });
  const res = await t.client().get(`/api/counselling/slots?${params}`, fromAnywhere());
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { slots: Slot[] }).slots;
}

const book = (startsAt: string, email: string) =>
  t.client().post(
    '/api/counselling/calls',
    {
      startsAt,
      timeZone: 'America/New_York',
      language: 'en',
      reminder: 'email',
      firstName: 'Vera',
      lastName: 'Visitor',
      email,
      phoneNumber: '415-555-0188',
    },
    fromAnywhere(),
  );
const link = (token: string) => `/api/counselling/calls/by-token/${token}`;
const move = (token: string, startsAt: string) =>
  t.client().post(link(token), { action: 'reschedule', startsAt }, fromAnywhere());
const cancel = (token: string) => t.client().post(link(token), { action: 'cancel' }, fromAnywhere());

async function bookOne(email = uniqueEmail('vera')) {
  await addCounsellor();
  const slots = await openSlots();
  const res = await book(slots[0]!.startsAt, email);
  expect(res.statusCode, res.body).toBe(201);
  return { token: (res.json() as { token: string }).token, slots, email };
}

describe('one live link per call', () => {
  it('after a move the old link neither reads, moves nor cancels the call; the new one does', async () => {
    const { token, slots } = await bookOne();
    const moved = await move(token, slots[2]!.startsAt);
    expect(moved.statusCode, moved.body).toBe(200);
    const fresh = (moved.json() as { token: string }).token;
    const replaced = formatEnglish(FIXED.counsellingLinkReplaced);
    for (const res of [
      await t.client().get(link(token), fromAnywhere()),
      await move(token, slots[4]!.startsAt),
      await cancel(token),
      await t.client().get(`${link(token)}/invitation`, fromAnywhere()),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe(replaced);
    }
    const read = await t.client().get(link(fresh), fromAnywhere());
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ state: 'rescheduled', startsAt: slots[2]!.startsAt });
    expect((await cancel(fresh)).statusCode).toBe(200);
  });
});

describe('links emailed before they carried the revision', () => {
  /** A link as signed before: the call's id and expiry only. */
  const legacyToken = (callId: string, expiresAt: Date) => {
    const body = Buffer.alloc(20);
    Buffer.from(callId.replace(/-/g, ''), 'hex').copy(body, 0);
    body.writeUInt32BE(Math.floor(expiresAt.getTime() / 1000), 16);
    const mac = createHmac('sha256', callTokenKey(t.config.authSecret)).update(body).digest().subarray(0, 16);
    return `${body.toString('base64url')}.${mac.toString('base64url')}`;
  };

  it('still open a call never changed since, and not one moved since', async () => {
    const { slots } = await bookOne();
    const [row] = await t.db.select().from(counsellingCall);
    const old = legacyToken(row!.id, row!.endsAt);
    expect((await t.client().get(link(old), fromAnywhere())).statusCode).toBe(200);
    const moved = await move(old, slots[2]!.startsAt);
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await t.client().get(link(old), fromAnywhere())).statusCode).toBe(404);
  });
});

describe('caps on changes', () => {
  it(`a call moves at most ${CALL_CHANGE_LIMITS.movesPerCall} times through its link, then the person calls us`, async () => {
    let { token } = await bookOne();
    const { slots } = { slots: await openSlots() };
    for (let i = 0; i < CALL_CHANGE_LIMITS.movesPerCall; i++) {
      const res = await move(token, slots[i + 1]!.startsAt);
      expect(res.statusCode, res.body).toBe(200);
      token = (res.json() as { token: string }).token;
    }
    const over = await move(token, slots[8]!.startsAt);
    expect(over.statusCode, over.body).toBe(409);
    expect(over.json().message).toBe(formatEnglish(FIXED.counsellingTooManyMoves));
    // Cancelling still works.
    expect((await cancel(token)).statusCode).toBe(200);
  });

  it(`one address gets at most ${CALL_CHANGE_LIMITS.emailsPerRecipientPerDay} emails of calls a day, whatever the calls`, async () => {
    const email = uniqueEmail('victim');
    let { token } = await bookOne(email);
    const slots = await openSlots();
    let sent = 1;
    let i = 1;
    // Moves, cancellations and new bookings in the victim's name until the day's emails are spent.
    while (sent < CALL_CHANGE_LIMITS.emailsPerRecipientPerDay) {
      if (i % 4 === 0) {
        expect((await cancel(token)).statusCode).toBe(200);
        sent++;
        if (sent >= CALL_CHANGE_LIMITS.emailsPerRecipientPerDay) break;
        const again = await book(slots[i]!.startsAt, email);
        expect(again.statusCode, again.body).toBe(201);
        token = (again.json() as { token: string }).token;
      } else {
        const res = await move(token, slots[i]!.startsAt);
        expect(res.statusCode, res.body).toBe(200);
        token = (res.json() as { token: string }).token;
      }
      sent++;
      i++;
    }
    expect((await t.emailsTo(email)).length).toBe(CALL_CHANGE_LIMITS.emailsPerRecipientPerDay);
    const tooMany = formatEnglish(FIXED.counsellingTooManyEmails);
    const refusedMove = await move(token, slots[20]!.startsAt);
    expect(refusedMove.statusCode, refusedMove.body).toBe(429);
    expect(refusedMove.json().message).toBe(tooMany);
    // A cancellation still goes through (the person may need it), without another email.
    expect((await cancel(token)).statusCode).toBe(200);
    const refusedBooking = await book(slots[21]!.startsAt, email);
    expect(refusedBooking.statusCode, refusedBooking.body).toBe(429);
    expect(refusedBooking.json().message).toBe(tooMany);
    expect((await t.emailsTo(email)).length).toBe(CALL_CHANGE_LIMITS.emailsPerRecipientPerDay);
  });

  it('limits the changes at one call from many client addresses (the rate limit by the call)', async () => {
    const { token } = await bookOne();
    const statuses: number[] = [];
    // Refused changes count too: a slot that is not open answers 409 and leaves no email.
    const closed = new Date(Date.now() + 400 * DAY).toISOString();
    for (let i = 0; i < CALL_CHANGE_LIMITS.changesPerCallPerHour + 2; i++) {
      statuses.push((await move(token, closed)).statusCode);
    }
    expect(statuses.slice(0, CALL_CHANGE_LIMITS.changesPerCallPerHour).every((s) => s === 409)).toBe(true);
    expect(statuses.slice(CALL_CHANGE_LIMITS.changesPerCallPerHour)).toEqual([429, 429]);
    // Another call's link has its own budget.
    const other = await book((await openSlots())[3]!.startsAt, uniqueEmail('other'));
    expect((await move((other.json() as { token: string }).token, closed)).statusCode).toBe(409);
  });
});

describe('days the agency is closed', () => {
  it('offers no slot, and books none, on a day off staff added; removing it opens the day again', async () => {
    await addCounsellor();
    const from = Date.now() + 3 * DAY;
    const before = await openSlots(from, from + 2 * DAY);
    const day = before.find((s) => new Date(s.startsAt).getTime() > from + DAY)!.localDay;
    const supervisor = await signedInStaff(t, 'Sue Supervisor', { supervisor: true });
    const added = await supervisor.client.post('/api/staff/counselling/agency-days-off', {
      day,
      name: 'Staff training',
    });
    expect(added.statusCode, added.body).toBe(201);
    const after = await openSlots(from, from + 2 * DAY);
    expect(after.some((s) => s.localDay === day)).toBe(false);
    expect(after.length).toBeGreaterThan(0);
    const onTheDay = before.find((s) => s.localDay === day)!;
    const refused = await book(onTheDay.startsAt, uniqueEmail('vera'));
    expect(refused.statusCode, refused.body).toBe(409);

    const removed = await supervisor.client.send('DELETE', `/api/staff/counselling/agency-days-off/${day}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await openSlots(from, from + 2 * DAY)).some((s) => s.localDay === day)).toBe(true);
  });

  it('lists the days off and the holidays to every staff member; only supervisors change them', async () => {
    const supervisor = await signedInStaff(t, 'Sue Supervisor', { supervisor: true });
    const counsellorStaff = await signedInStaff(t, 'Cal Counsellor');
    const day = new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10);
    expect(
      (await supervisor.client.post('/api/staff/counselling/agency-days-off', { day, name: 'Retreat' }))
        .statusCode,
    ).toBe(201);
    const again = await supervisor.client.post('/api/staff/counselling/agency-days-off', {
      day,
      name: 'Retreat',
    });
    expect(again.statusCode).toBe(409);

    const list = await counsellorStaff.client.get('/api/staff/counselling/agency-days-off');
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json();
    expect(body.canEdit).toBe(false);
    expect(body.daysOff).toEqual([{ day, name: 'Retreat' }]);
    expect(body.holidays.map((h: { name: string }) => h.name)).toContain('Christmas Day');
    expect((await supervisor.client.get('/api/staff/counselling/agency-days-off')).json().canEdit).toBe(true);

    const refusedAdd = await counsellorStaff.client.post('/api/staff/counselling/agency-days-off', {
      day: new Date(Date.now() + 11 * DAY).toISOString().slice(0, 10),
      name: 'Mine',
    });
    expect(refusedAdd.statusCode).toBe(403);
    const refusedRemove = await counsellorStaff.client.send(
      'DELETE',
      `/api/staff/counselling/agency-days-off/${day}`,
    );
    expect(refusedRemove.statusCode).toBe(403);
    expect(
      (await supervisor.client.send('DELETE', '/api/staff/counselling/agency-days-off/2031-01-02'))
        .statusCode,
    ).toBe(404);
  });

  it.each([
    ['a day that does not exist', { day: '2026-02-30', name: 'x' }],
    ['a day in another form', { day: '12-24-2026', name: 'x' }],
    ['no name', { day: '2026-12-24', name: '' }],
    ['a name with control characters', { day: '2026-12-24', name: 'a\u0000b' }],
    ['a very long name', { day: '2026-12-24', name: 'a'.repeat(5000) }],
    ['an unknown field', { day: '2026-12-24', name: 'x', admin: true }],
    ['no body', undefined],
  ])('answers 400 to %s', async (_name, body) => {
    const supervisor = await signedInStaff(t, 'Sue Supervisor', { supervisor: true });
    const res = await supervisor.client.post('/api/staff/counselling/agency-days-off', body);
    expect(res.statusCode, res.body).toBe(400);
  });

  it('answers 400 to a removal of a day that is not one', async () => {
    const supervisor = await signedInStaff(t, 'Sue Supervisor', { supervisor: true });
    for (const day of ['x', '2026-13-01', '2026-02-30', `${'9'.repeat(60)}`]) {
      const res = await supervisor.client.send('DELETE', `/api/staff/counselling/agency-days-off/${day}`);
      expect(res.statusCode, day).toBe(400);
    }
  });
});

describe('a busy moment is a conflict, never a server error', () => {
  const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });
  it('retries a transaction the database gave up (deadlock, serialization failure) and then answers 409', async () => {
    let runs = 0;
    expect(
      await answerContention(async () => {
        runs++;
        if (runs === 1) throw new Error('failed query', { cause: deadlock() });
        if (runs === 2) throw Object.assign(new Error('could not serialize'), { code: '40001' });
        return 'booked';
      }),
    ).toBe('booked');
    expect(runs).toBe(3);
    await expect(
      answerContention(async () => {
        throw deadlock();
      }),
    ).rejects.toMatchObject({ status: 409, message: formatEnglish(FIXED.counsellingBusy) });
    // Anything else is not retried.
    runs = 0;
    await expect(
      answerContention(async () => {
        runs++;
        throw new Error('other');
      }),
    ).rejects.toThrow('other');
    expect(runs).toBe(1);
  });
});

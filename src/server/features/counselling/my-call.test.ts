import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uniqueEmail } from '#tests/support/borrower-flow';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { user, userGroup } from '#server/db/schema/auth';
import { counsellingCall, counsellor, counsellorWeeklyHours } from '#server/db/schema/index';
import { STAFF_GROUP } from '#server/plugins/staff-group';
import { attachCallsByEmail } from '#server/counselling/attach-calls';

// A booking made before an account exists becomes the borrower's once their address is proven, and the
// customer portal reads the borrower's own next call (never another's).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(counsellingCall);
  await t.db.delete(counsellor);
});

const HOUR = 3_600_000;
const MY_CALL = '/api/customer-portal/counselling-call';

async function addCounsellor() {
  const id = randomUUID();
  await t.db.insert(user).values({ id, email: uniqueEmail('ana'), name: 'Ana', firstName: 'Ana' });
  await t.db.insert(userGroup).values({ userId: id, groupName: STAFF_GROUP });
  await t.db.insert(counsellor).values({ userId: id, languages: ['en'] });
  await t.db.insert(counsellorWeeklyHours).values(
    ([1, 2, 3, 4, 5, 6, 7] as const).map((weekday) => ({
      counsellorId: id,
      weekday,
      startMinute: 0,
      endMinute: 1440,
    })),
  );
}

async function firstSlot(): Promise<string> {
  const params = new URLSearchParams({
    from: new Date(Date.now() + HOUR).toISOString(),
    to: new Date(Date.now() + 49 * HOUR).toISOString(),
    timeZone: 'America/Chicago',
  });
  const res = await t.client().get(`/api/counselling/slots?${params}`);
  return (res.json() as { slots: { startsAt: string }[] }).slots[0]!.startsAt;
}

/** An anonymous booking with `email` as typed. */
async function bookAs(email: string) {
  const res = await t.client().post('/api/counselling/calls', {
    startsAt: await firstSlot(),
    timeZone: 'America/Chicago',
    language: 'en',
    reminder: 'email',
    firstName: 'Vera',
    lastName: 'Visitor',
    email,
    phoneNumber: '415-555-0188',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { startsAt: string };
}

/** An account from the lead form (address not yet proven), signed in. */
async function leadAccount(email: string) {
  const client = t.client();
  const res = await client.post('/api/lead', {
    firstName: 'Vera',
    lastName: 'Visitor',
    email,
    phoneNumber: '415-555-0188',
    agreedToTerms: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  const account = await t.db.query.user.findFirst({ where: eq(user.email, email.toLowerCase()) });
  return { client, userId: account!.id };
}

const proveAddress = (userId: string) =>
  t.db.update(user).set({ emailVerified: true }).where(eq(user.id, userId));

describe('a call booked before the account', () => {
  it('attaches to the account with the same address (any case) once the address is proven', async () => {
    await addCounsellor();
    const email = uniqueEmail('vera');
    const booked = await bookAs(email.toUpperCase());
    const borrower = await leadAccount(email);

    // Not before the address is proven: whoever typed it may not own it.
    expect(await t.db.transaction((tx) => attachCallsByEmail(tx, borrower.userId))).toBe(0);
    const early = await borrower.client.get(MY_CALL);
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json()).toEqual({ call: null });

    await proveAddress(borrower.userId);
    const [before] = await t.db.select().from(counsellingCall);
    expect(await t.db.transaction((tx) => attachCallsByEmail(tx, borrower.userId))).toBe(1);
    // Twice is the same as once.
    expect(await t.db.transaction((tx) => attachCallsByEmail(tx, borrower.userId))).toBe(0);
    const [row] = await t.db.select().from(counsellingCall);
    expect(row!.borrowerUserId).toBe(borrower.userId);
    // Attaching is not a change of the call: the day-before reminder still counts from its booking.
    expect(row!.updatedAt).toEqual(before!.updatedAt);

    const mine = await borrower.client.get(MY_CALL);
    expect(mine.statusCode, mine.body).toBe(200);
    const { call } = mine.json() as { call: { startsAt: string; token: string; changeable: boolean } };
    expect(call).toMatchObject({ startsAt: booked.startsAt, changeable: true, counsellorFirstName: 'Ana' });
    // Its token opens the call's page like the email's.
    const page = await t.client().get(`/api/counselling/calls/by-token/${call.token}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().startsAt).toBe(booked.startsAt);
  });

  it('shows another borrower nothing of it, a cancelled call is not upcoming, and strangers are refused', async () => {
    await addCounsellor();
    const email = uniqueEmail('vera');
    await bookAs(email);
    const owner = await leadAccount(email);
    await proveAddress(owner.userId);
    const other = await leadAccount(uniqueEmail('other'));
    await proveAddress(other.userId);
    expect((await other.client.get(MY_CALL)).json()).toEqual({ call: null });
    expect((await owner.client.get(MY_CALL)).json().call).not.toBeNull();

    await t.db.update(counsellingCall).set({ state: 'cancelled' });
    expect((await owner.client.get(MY_CALL)).json()).toEqual({ call: null });
    expect((await t.client().get(MY_CALL)).statusCode).toBe(401);
  });
});

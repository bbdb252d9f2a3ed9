import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyDayBounds, OUTCOME_REFUSED } from '#domain/counselling/outcome';
import type { CallState } from '#domain/counselling/calls';
import { CONTACT_ATTEMPT_NEEDS_APPLICATION } from '#domain/validation/counselling-staff';
import { auditLog, contactAttempt, counsellingCall } from '#server/db/schema/index';
import { newBorrower, type Client } from '#tests/support/borrower-flow';
import { signedInStaff } from '#tests/support/staff-actions';
import { createTestApp, type TestApp } from '#tests/setup/test-app';

const HOUR = 3_600_000;
const TODAY = '/api/staff/counselling/calls/today';
const outcomeUrl = (id: string) => `/api/staff/counselling/calls/${id}/outcome`;
const callsOf = (applicationId: string) => `/api/staff/applications/${applicationId}/counselling-calls`;

let t: TestApp;
let ana: { client: Client; userId: string };
let bea: { client: Client; userId: string };
let pat: Awaited<ReturnType<typeof newBorrower>>;
let day: { from: Date; to: Date };

beforeAll(async () => {
  t = await createTestApp();
  ana = await signedInStaff(t, 'Ana Counsellor');
  bea = await signedInStaff(t, 'Bea Counsellor');
  pat = await newBorrower(t, 'Caller');
  day = agencyDayBounds(new Date(), 'America/New_York');
});
afterAll(async () => {
  await t.close();
});

/** A call written straight to the table, as a booking would leave it. */
async function seedCall(o: {
  counsellorId: string;
  startsAt: Date;
  state?: CallState;
  borrowerUserId?: string | null;
  name?: string;
}) {
  const [row] = await t.db
    .insert(counsellingCall)
    .values({
      counsellorId: o.counsellorId,
      startsAt: o.startsAt,
      endsAt: new Date(o.startsAt.getTime() + HOUR / 2),
      state: o.state ?? 'booked',
      borrowerUserId: o.borrowerUserId ?? null,
      name: o.name ?? 'Val Visitor',
      phoneNumber: '+14155550199',
      email: `caller.${randomUUID()}@example.com`,
      language: 'es',
      reminder: 'email',
      timeZone: 'America/Chicago',
    })
    .returning();
  return row!;
}

describe("today's calls", () => {
  it("lists the agency's day by start time: mine by default, everyone's on asking; never tomorrow's", async () => {
    const mine = await seedCall({
      counsellorId: ana.userId,
      startsAt: new Date(day.from.getTime() + 10 * HOUR),
    });
    const early = await seedCall({
      counsellorId: ana.userId,
      startsAt: new Date(day.from.getTime() + 9 * HOUR),
      borrowerUserId: pat.userId,
      name: 'Pat Caller',
    });
    const beas = await seedCall({
      counsellorId: bea.userId,
      startsAt: new Date(day.from.getTime() + 9 * HOUR),
    });
    const tomorrow = await seedCall({
      counsellorId: ana.userId,
      startsAt: new Date(day.to.getTime() + HOUR),
    });

    const res = await ana.client.get(TODAY);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.timeZone).toBe('America/New_York');
    expect(body.truncated).toBe(false);
    const ids = body.calls.map((c: { id: string }) => c.id);
    expect(ids).toEqual([early.id, mine.id]);
    expect(ids).not.toContain(tomorrow.id);
    expect(body.calls[0]).toMatchObject({
      name: 'Pat Caller',
      phoneNumber: '415-555-0199',
      language: 'es',
      state: 'booked',
      applicationId: pat.applicationId,
      counsellor: { id: ana.userId, name: 'Ana Counsellor' },
      markable: true,
    });
    expect(body.calls[1].applicationId).toBeNull();

    const all = (await ana.client.get(`${TODAY}?scope=all`)).json();
    const allIds = all.calls.map((c: { id: string }) => c.id);
    expect(allIds).toEqual(expect.arrayContaining([early.id, mine.id, beas.id]));
    expect(allIds).not.toContain(tomorrow.id);
  });

  it("lists the week's upcoming calls, those booked without an account too, without the cancelled ones", async () => {
    const anonymous = await seedCall({
      counsellorId: bea.userId,
      startsAt: new Date(day.to.getTime() + 3 * 24 * HOUR + 2 * HOUR),
      name: 'Wendy Walkin',
    });
    const withAccount = await seedCall({
      counsellorId: bea.userId,
      startsAt: new Date(day.to.getTime() + 24 * HOUR + 2 * HOUR),
      borrowerUserId: pat.userId,
    });
    const cancelled = await seedCall({
      counsellorId: bea.userId,
      startsAt: new Date(day.to.getTime() + 2 * 24 * HOUR + 2 * HOUR),
      state: 'cancelled',
    });
    const nextWeek = await seedCall({
      counsellorId: bea.userId,
      startsAt: new Date(day.from.getTime() + 7 * 24 * HOUR + 2 * HOUR),
    });
    const res = await bea.client.get(`${TODAY}?period=week`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.period).toBe('week');
    const ids = body.calls.map((c: { id: string }) => c.id);
    expect(ids.indexOf(withAccount.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(anonymous.id)).toBeGreaterThan(ids.indexOf(withAccount.id));
    expect(ids).not.toContain(cancelled.id);
    expect(ids).not.toContain(nextWeek.id);
    expect(body.calls.find((c: { id: string }) => c.id === anonymous.id)).toMatchObject({
      name: 'Wendy Walkin',
      applicationId: null,
    });
    expect(body.lastDay > body.day).toBe(true);
    // The day alone still lists only today's.
    const today = (await bea.client.get(TODAY)).json();
    expect(today.period).toBe('day');
    expect(today.lastDay).toBe(today.day);
    expect(today.calls.map((c: { id: string }) => c.id)).not.toContain(anonymous.id);
  });

  it('refuses an unknown scope and unknown parameters with a 400', async () => {
    for (const query of [
      'scope=everyone',
      'scope=%00',
      `scope=${'a'.repeat(5000)}`,
      'scope=all&x=1',
      'period=year',
    ]) {
      const res = await ana.client.get(`${TODAY}?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe("a borrower's bookings on their summary", () => {
  it('lists the calls the borrower booked, newest first, with their states', async () => {
    const other = await newBorrower(t, 'Other');
    const cancelled = await seedCall({
      counsellorId: bea.userId,
      startsAt: new Date(day.from.getTime() - 30 * HOUR),
      borrowerUserId: other.userId,
      state: 'cancelled',
    });
    const booked = await seedCall({
      counsellorId: bea.userId,
      startsAt: new Date(day.to.getTime() + 30 * HOUR),
      borrowerUserId: other.userId,
      state: 'rescheduled',
    });
    const res = await ana.client.get(callsOf(other.applicationId));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().calls.map((c: { id: string; state: string }) => [c.id, c.state])).toEqual([
      [booked.id, 'rescheduled'],
      [cancelled.id, 'cancelled'],
    ]);
    // Another borrower's summary never shows them.
    const patCalls = (await ana.client.get(callsOf(pat.applicationId))).json().calls as { id: string }[];
    expect(patCalls.map((c) => c.id)).not.toContain(booked.id);
  });

  it('answers 404 for an application that does not exist and 4xx for one that is not an id', async () => {
    expect((await ana.client.get(callsOf(randomUUID()))).statusCode).toBe(404);
    for (const id of ['not-an-id', '%00', '9'.repeat(400)]) {
      const { statusCode } = await ana.client.get(callsOf(id));
      // An overlong id is refused by the router itself (414), the rest by the schema (400): never a 5xx.
      expect(statusCode >= 400 && statusCode < 500, id).toBe(true);
    }
  });

  it("is the staff's only: the borrower gets 403 even for their own", async () => {
    expect((await pat.client.get(callsOf(pat.applicationId))).statusCode).toBe(403);
  });
});

describe('marking a call completed or missed', () => {
  it('marks it, records who and when, and logs the contact attempt in the same step', async () => {
    const call = await seedCall({
      counsellorId: ana.userId,
      startsAt: new Date(day.from.getTime() + 11 * HOUR),
      borrowerUserId: pat.userId,
    });
    const res = await bea.client.send('POST', outcomeUrl(call.id), {
      outcome: 'completed',
      contactAttempt: {
        method: 'phone',
        outcome: 'reached',
        notes: 'Went over the budget.',
        didTheBorrowerReceiveAnOffer: false,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.call).toMatchObject({ id: call.id, state: 'completed', outcomeRecordedBy: 'Bea Counsellor' });
    expect(body.call.markable).toBe(false);
    expect(body.contactAttempt).toMatchObject({
      applicationId: pat.applicationId,
      contactedBy: bea.userId,
      method: 'phone',
      outcome: 'reached',
      notes: 'Went over the budget.',
    });
    const [row] = await t.db.select().from(counsellingCall).where(eq(counsellingCall.id, call.id));
    expect(row).toMatchObject({ state: 'completed', outcomeRecordedBy: bea.userId });
    expect(row!.outcomeRecordedAt).toBeInstanceOf(Date);
    expect(row!.contactAttemptId).toBe(body.contactAttempt.id);
    // The attempt is where the summary's contact history reads them.
    const summary = (await bea.client.get(`/api/staff/applications/${pat.applicationId}`)).json();
    expect(JSON.stringify(summary)).toContain(body.contactAttempt.id);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, call.id));
    expect(audit.map((a) => a.action)).toEqual(['counsellingCallOutcome']);

    // A marked call is final.
    const again = await bea.client.send('POST', outcomeUrl(call.id), { outcome: 'missed' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(OUTCOME_REFUSED.notLive);
  });

  it('marks a missed call without a contact attempt', async () => {
    const call = await seedCall({
      counsellorId: ana.userId,
      startsAt: new Date(day.from.getTime() - 20 * HOUR),
    });
    const res = await ana.client.send('POST', outcomeUrl(call.id), { outcome: 'missed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ call: { state: 'missed' }, contactAttempt: null });
  });

  it('refuses a cancelled call, a call of a later day, and a contact attempt for a visitor without an application', async () => {
    const cancelled = await seedCall({
      counsellorId: ana.userId,
      startsAt: new Date(day.from.getTime() + 8 * HOUR),
      state: 'cancelled',
    });
    const later = await seedCall({
      counsellorId: ana.userId,
      startsAt: new Date(day.to.getTime() + 2 * HOUR),
    });
    const visitor = await seedCall({
      counsellorId: ana.userId,
      startsAt: new Date(day.from.getTime() + 7 * HOUR),
    });

    const c = await ana.client.send('POST', outcomeUrl(cancelled.id), { outcome: 'completed' });
    expect([c.statusCode, c.json().message]).toEqual([409, OUTCOME_REFUSED.notLive]);
    const l = await ana.client.send('POST', outcomeUrl(later.id), { outcome: 'completed' });
    expect([l.statusCode, l.json().message]).toEqual([409, OUTCOME_REFUSED.notYet]);

    const attemptsBefore = (await t.db.select().from(contactAttempt)).length;
    const v = await ana.client.send('POST', outcomeUrl(visitor.id), {
      outcome: 'completed',
      contactAttempt: { method: 'phone', outcome: 'noAnswer', didTheBorrowerReceiveAnOffer: null },
    });
    expect(v.statusCode, v.body).toBe(400);
    expect(v.json().message).toBe(CONTACT_ATTEMPT_NEEDS_APPLICATION);
    // Nothing was written: the call stays booked.
    const [row] = await t.db.select().from(counsellingCall).where(eq(counsellingCall.id, visitor.id));
    expect(row!.state).toBe('booked');
    expect((await t.db.select().from(contactAttempt)).length).toBe(attemptsBefore);
  });

  it('rolls the outcome back when the contact attempt fails, and refuses hostile bodies with a 400', async () => {
    const call = await seedCall({
      counsellorId: ana.userId,
      startsAt: new Date(day.from.getTime() + 6 * HOUR),
      borrowerUserId: pat.userId,
    });
    const bodies: unknown[] = [
      {},
      { outcome: 'cancelled' },
      { outcome: 'completed\u0000' },
      { outcome: 'completed', extra: true },
      { outcome: 'completed', contactAttempt: { method: 'phone', outcome: 'reached' } },
      { outcome: 'completed', contactAttempt: { method: 'fax', outcome: 'reached' } },
      {
        outcome: 'completed',
        contactAttempt: { method: 'phone', outcome: 'noAnswer', notes: 'x'.repeat(100_000) },
      },
      { outcome: 1e308 },
      [],
    ];
    for (const body of bodies) {
      const res = await ana.client.send('POST', outcomeUrl(call.id), body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const [row] = await t.db.select().from(counsellingCall).where(eq(counsellingCall.id, call.id));
    expect(row!.state).toBe('booked');
  });

  it('answers 404 for a call that does not exist and 403 to a borrower', async () => {
    expect((await ana.client.send('POST', outcomeUrl(randomUUID()), { outcome: 'missed' })).statusCode).toBe(
      404,
    );
    const call = await seedCall({
      counsellorId: ana.userId,
      startsAt: new Date(day.from.getTime() + 5 * HOUR),
      borrowerUserId: pat.userId,
    });
    expect((await pat.client.send('POST', outcomeUrl(call.id), { outcome: 'completed' })).statusCode).toBe(
      403,
    );
  });
});

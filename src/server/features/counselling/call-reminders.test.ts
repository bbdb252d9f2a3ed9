import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uniqueEmail } from '#tests/support/borrower-flow';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { user } from '#server/db/schema/auth';
import { counsellingCall, smsOutbox } from '#server/db/schema/index';
import { openSmsBody } from '#server/sms/outbox';
import { unitOpener } from '#server/unit-of-work';
import type { JobContext } from '#server/jobs/define-job';
import { callRemindersJob } from '#server/jobs/definitions/call-reminders';
import { sendDueCallReminders } from './call-reminders';

// The reminders a day and an hour before a call, on a test clock: each once per revision of the call, none for
// a cancelled call, in the call's language, by text only to those who chose it.

let t: TestApp;
let counsellorId: string;
beforeAll(async () => {
  t = await createTestApp();
  counsellorId = randomUUID();
  await t.db
    .insert(user)
    .values({ id: counsellorId, email: uniqueEmail('ana'), name: 'Ana', firstName: 'Ana' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(counsellingCall);
});

const HOUR = 3_600_000;
const START = new Date('2026-12-01T15:00:00Z');
const before = (hours: number) => new Date(START.getTime() - hours * HOUR);

async function addCall(o: { email: string; language?: string; reminder?: 'email' | 'emailAndText' }) {
  const [row] = await t.db
    .insert(counsellingCall)
    .values({
      counsellorId,
      startsAt: START,
      endsAt: new Date(START.getTime() + HOUR / 2),
      state: 'booked',
      name: 'Rosa Diaz',
      email: o.email,
      phoneNumber: '+12025550143',
      language: o.language ?? 'en',
      reminder: o.reminder ?? 'email',
      timeZone: 'America/Chicago',
      // Booked a week ahead.
      createdAt: before(168),
      updatedAt: before(168),
    })
    .returning();
  return row!;
}

/**
 * One run of the sweep, on units of its own: answers the emails and texts those units announced once committed
 * (what the job queue would have been handed), which are the reminders the run says it wrote.
 */
async function sweep(now: Date) {
  const emailIds: string[] = [];
  const smsIds: string[] = [];
  const openUnit = unitOpener({
    database: t.database,
    cipher: t.cipher,
    today: t.today,
    onEmailQueued: (id) => emailIds.push(id),
    onSmsQueued: (id) => smsIds.push(id),
  });
  const sent = await sendDueCallReminders(openUnit, {
    publicUrl: t.config.publicUrl,
    authSecret: t.config.authSecret,
    now,
  });
  expect(sent).toEqual({ reminders: emailIds.length, texts: smsIds.length });
  return { emailIds, smsIds };
}

const reminderKinds = async (email: string) =>
  (await t.emailsTo(email)).map((mail) => mail.kind).filter((kind) => kind.includes('reminder'));

describe('counselling call reminders', () => {
  it('sends the day’s and the hour’s reminder once each, however often the sweep runs', async () => {
    const email = uniqueEmail('rosa');
    await addCall({ email });
    expect(await sweep(before(25))).toEqual({ emailIds: [], smsIds: [] });
    const day = await sweep(before(20));
    expect(day.emailIds).toHaveLength(1);
    expect(day.smsIds).toHaveLength(0);
    expect((await sweep(before(19))).emailIds).toHaveLength(0);
    // Two sweeps at the same instant (two servers): one reminder.
    const [a, b] = await Promise.all([sweep(before(0.5)), sweep(before(0.5))]);
    expect(a.emailIds.length + b.emailIds.length).toBe(1);
    expect(await reminderKinds(email)).toEqual([
      'counselling-call-reminder-day',
      'counselling-call-reminder-hour',
    ]);
    const [first] = await t.emailsTo(email);
    expect(first!.subject).toBe('Reminder: your call with a credit counsellor');
    expect(first!.text).toContain('is tomorrow, Tuesday, December 1, 2026 at 9:00 AM CST');
    expect(first!.links.map((l) => l.url)).toEqual([
      expect.stringMatching(/\/counselling-call\?token=.+&action=reschedule$/),
      expect.stringMatching(/\/counselling-call\?token=.+&action=cancel$/),
    ]);
    expect(await sweep(new Date(START.getTime() + HOUR))).toEqual({ emailIds: [], smsIds: [] });
  });

  it('reminds a moved call anew, and a cancelled call not at all', async () => {
    const email = uniqueEmail('rosa');
    const call = await addCall({ email });
    expect((await sweep(before(0.5))).emailIds).toHaveLength(1);
    // Moved two days later, a week ahead of the new time (a new revision).
    const moved = new Date(START.getTime() + 48 * HOUR);
    await t.db
      .update(counsellingCall)
      .set({
        startsAt: moved,
        endsAt: new Date(moved.getTime() + HOUR / 2),
        state: 'rescheduled',
        revision: 1,
      })
      .where(eq(counsellingCall.id, call.id));
    await t.db
      .update(counsellingCall)
      .set({ updatedAt: before(1) })
      .where(eq(counsellingCall.id, call.id));
    expect((await sweep(new Date(moved.getTime() - 20 * HOUR))).emailIds).toHaveLength(1);
    expect((await sweep(new Date(moved.getTime() - HOUR / 2))).emailIds).toHaveLength(1);
    expect(await reminderKinds(email)).toEqual([
      'counselling-call-reminder-hour',
      'counselling-call-reminder-day',
      'counselling-call-reminder-hour',
    ]);

    const other = uniqueEmail('cancelled');
    const cancelled = await addCall({ email: other });
    await t.db
      .update(counsellingCall)
      .set({ state: 'cancelled' })
      .where(eq(counsellingCall.id, cancelled.id));
    await sweep(before(20));
    await sweep(before(0.5));
    expect(await reminderKinds(other)).toEqual([]);
  });

  it('texts those who chose a text reminder, in the call’s language (Spanish)', async () => {
    const email = uniqueEmail('rosa');
    await addCall({ email, language: 'es', reminder: 'emailAndText' });
    const sent = await sweep(before(0.5));
    expect(sent.smsIds).toHaveLength(1);
    const [mail] = await t.emailsTo(email);
    expect(mail!.subject).toBe('Recordatorio: su llamada con un consejero de crédito');
    const [text] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.id, sent.smsIds[0]!));
    expect(text!.to).toBe('+12025550143');
    expect(text!.eventType).toBe('counselling-call-reminder-hour');
    const body = openSmsBody(t.cipher, text!);
    expect(body).toContain('martes, 1 de diciembre de 2026');
    expect(body).toContain('?token=');
    expect(body).toContain('PARAR');
  });

  it('is what the five-minute job runs, on units of the job’s that announce each reminder once committed', async () => {
    const email = uniqueEmail('rosa');
    await addCall({ email, reminder: 'emailAndText' });
    const announced: string[] = [];
    const logged: unknown[] = [];
    const ctx = {
      deps: { callReminders: { publicUrl: t.config.publicUrl, authSecret: t.config.authSecret } },
      log: { info: (o: unknown) => void logged.push(o) },
      now: () => before(0.5),
      openUnit: unitOpener({
        database: t.database,
        cipher: t.cipher,
        today: t.today,
        onEmailQueued: (id) => void announced.push(`email:${id}`),
        onSmsQueued: (id) => void announced.push(`text:${id}`),
      }),
    } as unknown as JobContext;
    // Without its settings (PUBLIC_URL, AUTH_SECRET) this set-up does not work the queue.
    expect(callRemindersJob.enabled?.({ ...ctx.deps, callReminders: undefined })).toBe(false);
    expect(callRemindersJob.enabled?.(ctx.deps)).toBe(true);
    const textIds = async () => (await t.db.select({ id: smsOutbox.id }).from(smsOutbox)).map((r) => r.id);
    const textsBefore = new Set(await textIds());
    await callRemindersJob.handler([{ id: 'j1', payload: {} }], ctx);
    await callRemindersJob.handler([{ id: 'j2', payload: {} }], ctx);
    const [mail] = await t.emailsTo(email);
    const texts = (await textIds()).filter((id) => !textsBefore.has(id));
    expect(texts).toHaveLength(1);
    expect(announced.sort()).toEqual([`email:${mail!.id}`, `text:${texts[0]}`].sort());
    // A count only: nobody's name or address in the log.
    expect(logged).toEqual([{ reminders: 1 }]);
  });
});

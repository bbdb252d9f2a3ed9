import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dayIn } from '#domain/calendar';
import { changeDraftDay } from '#domain/enrollment/draft-day-change';
import { planAuthorization } from '#server/db/schema/enrollment';
import { emailOutbox } from '#server/db/schema/ops';
import { unitOpener, type OpenUnit } from '#server/unit-of-work';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { signedPlanIn } from '#tests/support/signed-plan';
import { getCustomerSettings, setDraftDay } from './settings';

// Moving the draft day writes its emails to the unit's outbox: they are handed to the queue once the unit
// committed, never while it runs, and never when it rolled back (the route no longer announces them itself).

let t: TestApp;
let openUnit: OpenUnit;
let announced: string[];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
beforeEach(() => {
  announced = [];
  openUnit = unitOpener({
    database: t.database,
    cipher: t.cipher,
    today: t.today,
    onEmailQueued: (id) => announced.push(id),
  });
});

const dayOf = (at: Date) => dayIn(at, t.config.agencyTimeZone);

/** A signed plan and the change of its drafts to the 3rd as Settings previews it. */
async function planToMove(lastName: string) {
  const a = await signedPlanIn(t, lastName);
  const settings = await openUnit((unit) => getCustomerSettings(unit, { userId: a.userId, dayOf }));
  const change = changeDraftDay(settings.drafts!.schedule, 3, settings.drafts!.today);
  if ('refused' in change) throw new Error(change.refused);
  const input = { draftDay: 3, firstDraftOnNewDay: change.firstDraftOnNewDay, agreed: true as const };
  const move = { publicUrl: t.config.publicUrl, dayOf, userId: a.userId, input };
  return { ...a, move };
}

/** The outbox's emails to an address, by id. */
const emailIdsTo = async (to: string) =>
  (await t.db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.to, to))).map(
    (e) => e.id,
  );

const draftDayChanges = (applicationId: string) =>
  t.db
    .select({ id: planAuthorization.id })
    .from(planAuthorization)
    .where(
      and(eq(planAuthorization.applicationId, applicationId), eq(planAuthorization.kind, 'draftDayChange')),
    );

describe('setDraftDay in a unit of work', () => {
  it('announces the email to the borrower once the unit committed, not while it ran', async () => {
    const a = await planToMove('Unitmoved');
    const before = await emailIdsTo(a.email);
    let whileRunning: string[] = ['not read'];
    await openUnit(async (unit) => {
      await setDraftDay(unit, a.move);
      whileRunning = [...announced];
    });
    expect(whileRunning).toEqual([]);
    const written = (await emailIdsTo(a.email)).filter((id) => !before.includes(id));
    expect(written).toHaveLength(1);
    expect(announced).toEqual(written);
    expect(await draftDayChanges(a.applicationId)).toHaveLength(1);
  });

  it('announces nothing and keeps nothing when the unit rolls back after the change', async () => {
    const a = await planToMove('Unitrolled');
    const before = await emailIdsTo(a.email);
    await expect(
      openUnit(async (unit) => {
        await setDraftDay(unit, a.move);
        throw new Error('something after the change failed');
      }),
    ).rejects.toThrow('something after the change failed');
    expect(announced).toEqual([]);
    expect(await emailIdsTo(a.email)).toEqual(before);
    expect(await draftDayChanges(a.applicationId)).toEqual([]);
  });
});

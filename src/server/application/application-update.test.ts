import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUALITY_CONTROL_ITEMS } from '#domain/validation/staff';
import { application } from '#server/db/schema/application';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { newBorrower } from '#tests/support/borrower-flow';
import { updateApplication } from './application-state';

// The application row's update is built once for each set of columns it writes (application-state.ts), its
// values filled in at each write. What drizzle would work out while building must still be worked out at each
// write: updated_at is the time of this write (not of the first build), a Date, an enum array and a null reach
// the database as drizzle writes them, and the version moves by one each time.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const row = async (id: string) =>
  (await t.db.query.application.findFirst({ where: eq(application.id, id) }))!;

describe('the application row written by a statement built once', () => {
  it('stamps each write with its own time and bumps the version each time', async () => {
    const b = await newBorrower(t, 'Stamped');
    const before = await row(b.applicationId);
    await t.db.transaction((tx) =>
      updateApplication(tx, before, { set: { notifyWhenStateIsEligible: true } }),
    );
    const first = await row(b.applicationId);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await t.db.transaction((tx) =>
      updateApplication(tx, first, { set: { notifyWhenStateIsEligible: false } }),
    );
    const second = await row(b.applicationId);
    expect(first.notifyWhenStateIsEligible).toBe(true);
    expect(second.notifyWhenStateIsEligible).toBe(false);
    expect(first.version).toBe(before.version + 1);
    expect(second.version).toBe(before.version + 2);
    expect(second.updatedAt.getTime()).toBeGreaterThan(first.updatedAt.getTime());
  });

  it('writes dates, enum arrays and nulls as drizzle does', async () => {
    const b = await newBorrower(t, 'Typed');
    const at = new Date('2026-11-30T10:11:12.345Z');
    const checklist = [...QUALITY_CONTROL_ITEMS].slice(0, 2);
    const app = await row(b.applicationId);
    await t.db.transaction((tx) =>
      updateApplication(tx, app, {
        set: { longPlanApprovedAt: at, qualityControlChecklist: checklist, hasPassedQualityControl: true },
      }),
    );
    const written = await row(b.applicationId);
    expect(written.longPlanApprovedAt?.toISOString()).toBe(at.toISOString());
    expect(written.qualityControlChecklist).toEqual(checklist);
    expect(written.hasPassedQualityControl).toBe(true);
    // The same columns set to null: the same statement, nulls written as nulls.
    await t.db.transaction((tx) =>
      updateApplication(tx, written, {
        set: { longPlanApprovedAt: null, qualityControlChecklist: null, hasPassedQualityControl: null },
      }),
    );
    const cleared = await row(b.applicationId);
    expect(cleared.longPlanApprovedAt).toBeNull();
    expect(cleared.qualityControlChecklist).toBeNull();
    expect(cleared.hasPassedQualityControl).toBeNull();
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QualityControl } from '#domain/validation/staff';
import { application } from '#server/db/schema/application';
import { withUnit, type UnitServices } from '#server/unit-of-work';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { applicationIn, EVERY_ITEM_CHECKED, signedInStaff } from '#tests/support/staff-actions';
import { recordQualityControl } from './quality-control';

// The staff actions run in units of work. A failed quality control's email is written by a shared helper in the
// unit's transaction: the unit announces it to the queue once it has committed, never from inside it, and a
// unit rolled back after writing it announces nothing and leaves neither the email nor the fail.

let t: TestApp;
let staffId: string;
beforeAll(async () => {
  t = await createTestApp();
  staffId = (await signedInStaff(t)).userId;
});
afterAll(async () => {
  await t.close();
});

const fail: QualityControl = {
  passed: false,
  checklist: { ...EVERY_ITEM_CHECKED, income: false },
  failedItems: ['income'],
};

/** The test app's database and calendar, with a queue of its own that records what it is told. */
function unitServices(announced: string[]): UnitServices {
  return {
    database: t.database,
    cipher: t.cipher,
    today: t.today,
    onEmailQueued: (id) => void announced.push(id),
  };
}

describe('a failed quality control in a unit of work', () => {
  it('is announced once, after the commit', async () => {
    const a = await applicationIn(t, 'counselorReview');
    const announced: string[] = [];
    let seenInside: string[] = [];
    await withUnit(unitServices(announced), async (unit) => {
      const result = await recordQualityControl(unit, {
        actorId: staffId,
        applicationId: a.applicationId,
        input: fail,
        mail: { config: t.config },
      });
      seenInside = [...announced];
      return result;
    });
    const [email] = (await t.emailsTo(a.email)).filter((e) => e.kind === 'not-qualified');
    expect(seenInside).toEqual([]);
    expect(announced).toEqual([email!.id]);
  });

  it('rolled back, announces nothing and leaves nothing', async () => {
    const a = await applicationIn(t, 'counselorReview');
    const announced: string[] = [];
    await expect(
      withUnit(unitServices(announced), async (unit) => {
        await recordQualityControl(unit, {
          actorId: staffId,
          applicationId: a.applicationId,
          input: fail,
          mail: { config: t.config },
        });
        throw new Error('something after the fail went wrong');
      }),
    ).rejects.toThrow('something after the fail went wrong');
    expect(announced).toEqual([]);
    expect((await t.emailsTo(a.email)).filter((e) => e.kind === 'not-qualified')).toEqual([]);
    const [row] = await t.db
      .select({ status: application.status })
      .from(application)
      .where(eq(application.id, a.applicationId));
    expect(row?.status).toBe('counselorReview');
  });
});

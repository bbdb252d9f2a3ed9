import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { counsellingCall } from '#server/db/schema/index';
import { uniqueEmail } from '#tests/support/borrower-flow';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { unitOpener, type OpenUnit } from '#server/unit-of-work';
import type { CallLinks } from './book-call';
import { callTokenKey } from './call-token';
import { CALL_NOT_CHANGEABLE } from './change-call';
import { saveOutsideChange } from './outside-call-rows';

// A change of a call Cal.com holds is written in a unit after Cal.com answered, outside any unit: the row must
// still be as it was read before Cal.com was asked. These cases are the ones between the two units.

const DAY = 86_400_000;
let t: TestApp;
let openUnit: OpenUnit;
let links: CallLinks;
let announced: string[];

beforeAll(async () => {
  t = await createTestApp();
  links = { key: callTokenKey(t.config.authSecret), publicUrl: t.config.publicUrl };
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  announced = [];
  openUnit = unitOpener({
    database: t.database,
    cipher: t.cipher,
    today: t.today,
    onEmailQueued: (id) => announced.push(id),
  });
});

async function heldCall() {
  const [row] = await t.db
    .insert(counsellingCall)
    .values({
      startsAt: new Date(Date.now() + 3 * DAY),
      endsAt: new Date(Date.now() + 3 * DAY + 30 * 60_000),
      state: 'booked',
      providerRef: `uid-${Math.random().toString(36).slice(2)}`,
      name: 'Held Caller',
      phoneNumber: '+14155550100',
      email: uniqueEmail('held'),
      language: 'en',
      reminder: 'email',
      timeZone: 'America/Chicago',
    })
    .returning();
  return { id: row!.id, revision: row!.revision, providerRef: row!.providerRef! };
}

const moveTo = (reference: string) => ({
  reference,
  startsAt: new Date(Date.now() + 4 * DAY),
  endsAt: new Date(Date.now() + 4 * DAY + 30 * 60_000),
});

describe('saveOutsideChange', () => {
  it('writes the move and its email, announced once the unit committed', async () => {
    const held = await heldCall();
    const moved = moveTo('uid-new');
    const saved = await openUnit((unit) => saveOutsideChange(unit, { links, held, moved }));
    expect(saved.row).toMatchObject({
      state: 'rescheduled',
      providerRef: 'uid-new',
      revision: held.revision + 1,
    });
    expect(saved.token).toEqual(expect.any(String));
    expect(announced).toHaveLength(1);
  });

  it('refuses (409, no email) when the call changed after it was read: the other change won', async () => {
    const held = await heldCall();
    // A second click's change, written meanwhile.
    await t.db
      .update(counsellingCall)
      .set({ state: 'rescheduled', providerRef: 'uid-other', revision: held.revision + 1 })
      .where(eq(counsellingCall.id, held.id));
    await expect(
      openUnit((unit) => saveOutsideChange(unit, { links, held, moved: moveTo('uid-mine') })),
    ).rejects.toMatchObject({ code: 'Conflict', message: CALL_NOT_CHANGEABLE });
    expect(announced).toEqual([]);
    const [row] = await t.db.select().from(counsellingCall).where(eq(counsellingCall.id, held.id));
    expect(row!.providerRef).toBe('uid-other');
  });

  it("answers the row as it is, without a second email, when Cal.com's notice of this very move came first", async () => {
    const held = await heldCall();
    const moved = moveTo('uid-notified');
    // The scheduling webhook applied the move (and sent its email) before the product wrote it.
    await t.db
      .update(counsellingCall)
      .set({ state: 'rescheduled', providerRef: moved.reference, revision: held.revision + 1 })
      .where(eq(counsellingCall.id, held.id));
    const saved = await openUnit((unit) => saveOutsideChange(unit, { links, held, moved }));
    expect(saved.row).toMatchObject({
      state: 'rescheduled',
      providerRef: 'uid-notified',
      revision: held.revision + 1,
    });
    expect(saved.token).toEqual(expect.any(String));
    expect(announced).toEqual([]);
  });

  it("answers a cancellation Cal.com's notice already applied as done, without a second email", async () => {
    const held = await heldCall();
    await t.db
      .update(counsellingCall)
      .set({ state: 'cancelled', revision: held.revision + 1 })
      .where(eq(counsellingCall.id, held.id));
    const saved = await openUnit((unit) => saveOutsideChange(unit, { links, held, moved: null }));
    expect(saved.row.state).toBe('cancelled');
    expect(saved.token).toBeNull();
    expect(announced).toEqual([]);
  });
});

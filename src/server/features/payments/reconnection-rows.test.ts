import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#domain/errors';
import { BANK_ALREADY_CONNECTED } from '#domain/validation/messages';
import { plaidItem } from '#server/db/schema/enrollment';
import { alert } from '#server/db/schema/service-work';
import { unitOpener, type OpenUnit } from '#server/unit-of-work';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { disconnectedCustomer } from '#tests/support/alerts';
import type { Connection } from './connection';
import { ownItem, saveReconnection } from './reconnection-rows';

// A reconnection reads the item in one unit, asks the bank link outside any unit, and stores its answer in a
// later one: the first unit's look at the item is over by then, so the later unit checks it again under the
// item's lock. These are the cases between the two units.

let t: TestApp;
let openUnit: OpenUnit;
beforeAll(async () => {
  t = await createTestApp();
  openUnit = unitOpener({ database: t.database, cipher: t.cipher, today: t.today });
});
afterAll(async () => t?.close());

/** What the bank link answers for the same bank, signed in again. */
const answerFor = (item: { providerItemId: string | null; institutionId: string; institutionName: string }) =>
  ({
    accessToken: 'access-reconnected',
    item: {
      itemId: item.providerItemId ?? 'item-reconnected',
      institutionId: item.institutionId,
      institutionName: item.institutionName,
    },
    accounts: [],
    transactions: {
      added: [],
      modified: [],
      removed: [],
      cursor: null,
      historyComplete: false,
      reachedEnd: false,
    },
  }) satisfies Connection;

const openAlerts = (applicationId: string) =>
  t.db
    .select({ id: alert.id })
    .from(alert)
    .where(and(eq(alert.applicationId, applicationId), isNull(alert.clearedAt)));

describe('saveReconnection', () => {
  it('stores the answer when the item is still disconnected, clearing its alert', async () => {
    const c = await disconnectedCustomer(t, 'Betweenunits');
    const item = await openUnit((unit) => ownItem(unit, { userId: c.userId, itemId: c.item.id }));
    const saved = await openUnit((unit) =>
      saveReconnection(unit, {
        item,
        connection: answerFor(c.item),
        webhookUrl: 'https://x.test/hook',
        now: new Date(),
      }),
    );
    expect(saved).toEqual({ institutionName: c.item.institutionName, clearedAlerts: 1 });
    const [row] = await t.db.select().from(plaidItem).where(eq(plaidItem.id, c.item.id));
    expect(row!.isConnected).toBe(true);
  });

  it('refuses (409) and changes nothing when another reconnection finished while the bank was asked', async () => {
    const c = await disconnectedCustomer(t, 'Overtaken');
    const item = await openUnit((unit) => ownItem(unit, { userId: c.userId, itemId: c.item.id }));
    // The other click's reconnection, stored meanwhile.
    await t.db.update(plaidItem).set({ isConnected: true }).where(eq(plaidItem.id, c.item.id));
    const refused = openUnit((unit) =>
      saveReconnection(unit, {
        item,
        connection: answerFor(c.item),
        webhookUrl: 'https://x.test/hook',
        now: new Date(),
      }),
    );
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ code: 'Conflict', message: BANK_ALREADY_CONNECTED });
    const [row] = await t.db.select().from(plaidItem).where(eq(plaidItem.id, c.item.id));
    expect(row!.accessToken).toBe(c.item.accessToken);
    expect(await openAlerts(c.applicationId)).toHaveLength(1);
  });
});

import { and, eq } from 'drizzle-orm';
import { DEFAULT_AGENCY_TIME_ZONE as ZONE } from '#domain/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlaidBankLink } from '#providers/bank-link/plaid';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { incomeSnapshot, plaidItem } from '#server/db/schema/enrollment';
import { startPlaidFake, type PlaidFake } from '#tests/fakes/plaid-fake';
import { newBorrower, toIncome } from '#tests/support/borrower-flow';
import { outsideUnits, unitOpener } from '#server/unit-of-work';
import { refreshApplication } from './refresh-data';

// The daily refresh with the Plaid adapter on the local fake of Plaid: an item linked before the app's
// webhook URL was known is told it.

let t: TestApp;
let fake: PlaidFake;
const WEBHOOK_URL = 'https://dmp.example.org/api/webhooks/bank-link';

/** The Plaid adapter, pointed at the fake. */
const plaidLink = () =>
  createPlaidBankLink({
    clientId: fake.clientId,
    secret: fake.secret,
    env: 'sandbox',
    basePath: fake.basePath,
  });

/** What the daily refresh is given in production: units of work, and the bank link refused inside one. */
const refreshDeps = (webhookUrl?: string) => ({
  openUnit: unitOpener({ database: t.database, cipher: t.cipher, today: t.today }),
  bankLink: outsideUnits(plaidLink(), 'bankLink'),
  webhookUrl,
});

beforeAll(async () => {
  fake = await startPlaidFake();
  t = await createTestApp({ PUBLIC_URL: 'https://dmp.example.org' }, { bankLink: plaidLink() });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function itemOfApplication(applicationId: string) {
  const [item] = await t.db.select().from(plaidItem).where(eq(plaidItem.applicationId, applicationId));
  return item!;
}

/** A borrower at the income step with a bank connected through Plaid (the page's part played here). */
async function connectedAtIncome(name: string) {
  const b = await newBorrower(t, name);
  await toIncome(b);
  const { linkToken } = (await b.client.post('/api/bank-link/link-token')).json() as { linkToken: string };
  const res = await b.client.post('/api/application/income/bank-connections', {
    publicToken: fake.completeLink(linkToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  const item = await itemOfApplication(b.applicationId);
  return { b, item, fakeItemId: item.providerItemId! };
}

describe('the daily refresh of a Plaid item', () => {
  it('tells Plaid the webhook URL of an item linked without it, once', async () => {
    const { b, item, fakeItemId } = await connectedAtIncome('Plaidrefresh');
    fake.finishHistoricalUpdate(fakeItemId);
    // As an item linked before the webhook URL was configured.
    await t.db.update(plaidItem).set({ webhookUrl: null }).where(eq(plaidItem.id, item.id));
    const deps = refreshDeps(WEBHOOK_URL);
    const updates = () => fake.requests.filter((r) => r.path === '/item/webhook/update').length;
    const before = updates();
    expect(
      await refreshApplication(deps, { applicationId: b.applicationId, asOf: new Date(), timeZone: ZONE }),
    ).toBe('refreshed');
    expect(updates()).toBe(before + 1);
    expect(fake.itemState(fakeItemId).webhook).toBe(WEBHOOK_URL);
    const [after] = await t.db
      .select()
      .from(plaidItem)
      .where(and(eq(plaidItem.id, item.id), eq(plaidItem.webhookUrl, WEBHOOK_URL)));
    expect(after).toBeDefined();
    // The history it read is complete, so the item is marked so.
    expect(after!.isFinishedHistoricalUpdate).toBe(true);
    await refreshApplication(deps, { applicationId: b.applicationId, asOf: new Date(), timeZone: ZONE });
    expect(updates()).toBe(before + 1);
  });

  it('takes no income snapshot while a bank’s history is still being read', async () => {
    const { b, fakeItemId } = await connectedAtIncome('Plaidnosnapshot');
    const deps = refreshDeps();
    // Plaid has read the last 30 days only: an income from them would read as a month's pay at most.
    fake.finishInitialUpdate(fakeItemId);
    expect(
      await refreshApplication(deps, { applicationId: b.applicationId, asOf: new Date(), timeZone: ZONE }),
    ).toBe('refreshed');
    expect(
      await t.db.select().from(incomeSnapshot).where(eq(incomeSnapshot.applicationId, b.applicationId)),
    ).toEqual([]);
  });
});

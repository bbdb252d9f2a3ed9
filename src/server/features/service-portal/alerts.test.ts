import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication } from '#tests/factories/application';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { signInStaff, type StaffClient } from '#tests/support/service-portal';
import { creditReport, debtScore, riskScore } from '#server/db/schema/credit';
import { incomeSnapshot, plaidAccount, plaidItem, plaidTransaction } from '#server/db/schema/enrollment';
import { alert, type AlertTrigger } from '#server/db/schema/service-work';

// The service portal's alerts: the queue tile's count and most severe alert, the borrower summary's words for
// what triggered each alert, and a cleared alert shown as cleared.

let t: TestApp;
let staff: StaffClient;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signInStaff(t, 'Alex Alerts');
});
afterAll(async () => {
  await t.close();
});

const at = (day: string) => new Date(`${day}T09:00:00.000Z`);
const one = async <T>(rows: Promise<T[]>) => (await rows)[0]!;

/** An enrolled customer with a bank connection, a fee, two debt scores and two income snapshots. */
async function customer(lastName: string) {
  const db = t.db;
  const { applicationId, borrowerId, userId } = await createApplication(db, {
    application: { status: 'counselorReview' },
    borrower: { lastName },
  });
  const item = await one(
    db
      .insert(plaidItem)
      .values({
        applicationId,
        institutionId: 'ins_tartan',
        institutionName: 'Tartan Bank',
        isConnected: false,
      })
      .returning(),
  );
  const account = await one(
    db
      .insert(plaidAccount)
      .values({ plaidItemId: item.id, name: 'Tartan Checking', subType: 'checking' })
      .returning(),
  );
  const fee = await one(
    db
      .insert(plaidTransaction)
      .values({ plaidAccountId: account.id, name: 'OVERDRAFT FEE', amount: 35_00, date: '2026-11-12' })
      .returning(),
  );
  const report = await one(db.insert(creditReport).values({ applicationId, borrowerId }).returning());
  const risk = await one(
    db.insert(riskScore).values({ creditReportId: report.id, value: 640, version: 'v1' }).returning(),
  );
  const score = (value: number, day: string) =>
    one(
      db
        .insert(debtScore)
        .values({
          applicationId,
          borrowerId,
          borrowerRiskScoreId: risk.id,
          owner: userId,
          value,
          version: 'v1',
          createdAt: at(day),
        })
        .returning(),
    );
  await score(612, '2026-10-01');
  const fallen = await score(580, '2026-11-02');
  const snapshot = (monthlyIncome: number, day: string) =>
    one(
      db
        .insert(incomeSnapshot)
        .values({
          applicationId,
          borrowerId,
          monthlyIncome,
          annualIncome: monthlyIncome * 12,
          ninetyDayIncome: monthlyIncome * 3,
          createdAt: at(day),
        })
        .returning(),
    );
  await snapshot(4_000_00, '2026-10-01');
  const lower = await snapshot(3_200_00, '2026-11-01');
  const raise = (type: (typeof alert.$inferInsert)['type'], trigger: AlertTrigger, over = {}) =>
    one(
      db
        .insert(alert)
        .values({
          applicationId,
          type,
          triggeredBy: [trigger],
          createdAt: at('2026-11-20'),
          ...over,
        })
        .returning(),
    );
  return { applicationId, item, fee, fallen, lower, raise };
}

describe('the queue tiles', () => {
  it('count the alerts that still hold, how many are unseen, and name the most severe', async () => {
    const c = await customer('Queuealerts');
    await c.raise('overdraftTransaction', { id: c.fee.id, type: 'plaidTransaction' });
    await c.raise(
      'newCreditInquiry',
      { id: c.fee.id, type: 'inquiry' },
      { hasBeenSeenByCustomerServiceRepresentative: true },
    );
    // Cleared: no longer counted, though it is the most severe type.
    await c.raise(
      'bankAccountDisconnected',
      { id: c.item.id, type: 'plaidItem' },
      { clearedAt: at('2026-11-21') },
    );
    const quiet = await customer('Queuequiet');

    const res = await staff.client.get('/api/staff/queue?searchValue=Queue');
    expect(res.statusCode).toBe(200);
    const tiles = res.json().tiles as { applicationId: string; alerts: unknown }[];
    expect(tiles.find((x) => x.applicationId === c.applicationId)?.alerts).toEqual({
      count: 2,
      unseen: 1,
      mostSevere: 'overdraftTransaction',
    });
    expect(tiles.find((x) => x.applicationId === quiet.applicationId)?.alerts).toEqual({
      count: 0,
      unseen: 0,
      mostSevere: null,
    });

    await c.raise('bankAccountDisconnected', { id: c.item.id, type: 'plaidItem' });
    const again = (await staff.client.get('/api/staff/queue?searchValue=Queuealerts')).json();
    expect(again.tiles[0].alerts).toEqual({ count: 3, unseen: 2, mostSevere: 'bankAccountDisconnected' });
  });
});

describe('the borrower summary', () => {
  it('says what triggered each alert, dated by it; a cleared disconnection keeps its own date', async () => {
    const c = await customer('Summaryalerts');
    const fee = await c.raise('overdraftTransaction', { id: c.fee.id, type: 'plaidTransaction' });
    const score = await c.raise('debtScore30DayDecrease', { id: c.fallen.id, type: 'debtScore' });
    const income = await c.raise('monthlyIncomeDecrease', { id: c.lower.id, type: 'incomeSnapshot' });
    const cut = await c.raise(
      'bankAccountDisconnected',
      { id: c.item.id, type: 'plaidItem' },
      { clearedAt: at('2026-11-22') },
    );
    const gone = await c.raise('overdraftTransaction', { id: crypto.randomUUID(), type: 'plaidTransaction' });

    const res = await staff.client.get(`/api/staff/applications/${c.applicationId}`);
    expect(res.statusCode).toBe(200);
    const alerts = new Map((res.json().alerts as { id: string }[]).map((a) => [a.id, a]));
    expect(alerts.get(fee.id)).toMatchObject({
      date: '2026-11-12T00:00:00.000Z',
      trigger: 'Transaction OVERDRAFT FEE on 12 Nov 2026, $35.00',
      clearedAt: null,
    });
    expect(alerts.get(score.id)).toMatchObject({
      date: at('2026-11-02').toISOString(),
      trigger: 'Debt score 612 → 580',
    });
    expect(alerts.get(income.id)).toMatchObject({
      date: at('2026-11-01').toISOString(),
      trigger: 'Monthly income $4,000.00 → $3,200.00',
    });
    expect(alerts.get(cut.id)).toMatchObject({
      date: at('2026-11-20').toISOString(),
      trigger: 'The connection to Tartan Bank stopped',
      clearedAt: at('2026-11-22').toISOString(),
    });
    // A trigger that is gone: the alert's own date, nothing to say.
    expect(alerts.get(gone.id)).toMatchObject({ date: at('2026-11-20').toISOString(), trigger: null });

    // The summary list dates them the same way, without the words.
    const list = await staff.client.get('/api/staff/applications?applicationStatus=counselorReview');
    const row = (list.json().items as { id: string; alerts: { id: string }[] }[]).find(
      (i) => i.id === c.applicationId,
    );
    expect(row?.alerts.find((a) => a.id === fee.id)).toMatchObject({
      date: '2026-11-12T00:00:00.000Z',
      trigger: null,
    });
    expect(row?.alerts.find((a) => a.id === cut.id)).toMatchObject({
      clearedAt: at('2026-11-22').toISOString(),
    });
  });

  it('opening an alert marks it seen by the representative', async () => {
    const c = await customer('Seenalerts');
    const fee = await c.raise('overdraftTransaction', { id: c.fee.id, type: 'plaidTransaction' });
    expect((await staff.client.post(`/api/staff/alerts/${fee.id}/seen`, {})).statusCode).toBe(200);
    const row = await t.db.query.alert.findFirst({ where: eq(alert.id, fee.id) });
    expect(row?.hasBeenSeenByCustomerServiceRepresentative).toBe(true);
    expect(row?.hasBeenSeenByBorrower).toBe(false);
  });
});

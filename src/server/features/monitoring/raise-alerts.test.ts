import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { DEFAULT_AGENCY_TIME_ZONE as ZONE, dayIn } from '#domain/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication } from '#tests/factories/application';
import { createTestDatabase } from '#tests/setup/test-database';
import type { Database } from '#server/db/client';
import { creditReport, debtScore, inquiry, riskScore } from '#server/db/schema/credit';
import {
  dmpEnrollment,
  incomeSnapshot,
  paymentAccount,
  plaidAccount,
  plaidBalance,
  plaidItem,
  plaidTransaction,
} from '#server/db/schema/enrollment';
import { alert } from '#server/db/schema/service-work';
import { createFieldCipher } from '#server/security/field-encryption';
import { unitOpener } from '#server/unit-of-work';
import { raiseAlerts } from './raise-alerts';

// An enrolled customer's month, written record by record as the monitors' data refresh would, and the alert
// rules run as of each day: which alerts appear, when, naming what, and never twice.

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

/** The rules for one application in a unit of its own, as the daily job runs them. */
const cipher = createFieldCipher(randomBytes(32));
const raise = (o: Parameters<typeof raiseAlerts>[1]) =>
  unitOpener({ database, cipher, today: () => dayIn(o.asOf, o.timeZone) })((unit) => raiseAlerts(unit, o));

const at = (day: string, time = '09:00:00') => new Date(`${day}T${time}Z`);
const one = async <T>(rows: Promise<T[]>) => (await rows)[0]!;

/** An enrolled customer paying $400.00 on the 15th from a linked checking account. */
async function enrolledCustomer() {
  const db = database.db;
  const { applicationId, borrowerId, userId } = await createApplication(db, {
    application: { status: 'counselorReview' },
  });
  await db.insert(dmpEnrollment).values({
    applicationId,
    active: true,
    dateSigned: '2026-02-20',
    firstPaymentDate: '2026-03-15',
    monthlyPaymentAmount: 40_000,
    termInMonths: 48,
  });
  const item = await one(
    db
      .insert(plaidItem)
      .values({
        applicationId,
        institutionId: 'ins_1',
        institutionName: 'Gingham Savings',
        createdAt: at('2026-02-20'),
      })
      .returning(),
  );
  const account = await one(
    db
      .insert(plaidAccount)
      .values({ plaidItemId: item.id, name: 'Checking', subType: 'checking', selectedForPayments: true })
      .returning(),
  );
  await db.insert(paymentAccount).values({ applicationId, plaidAccountId: account.id });
  const report = async (day: string, inquiries: string[]) => {
    const r = await one(
      db
        .insert(creditReport)
        .values({ applicationId, borrowerId, createdAt: at(day) })
        .returning(),
    );
    for (const date of inquiries)
      await db.insert(inquiry).values({ creditReportId: r.id, date, subscriberName: 'BANK' });
    return r;
  };
  const first = await report('2026-02-01', ['2025-12-03']);
  const risk = await one(
    db.insert(riskScore).values({ creditReportId: first.id, value: 640, version: 'v1' }).returning(),
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
  return {
    applicationId,
    balance: (available: number, day: string, time?: string) =>
      one(
        db
          .insert(plaidBalance)
          .values({ plaidAccountId: account.id, available, current: available, createdAt: at(day, time) })
          .returning(),
      ),
    transaction: (name: string, amount: number, day: string) =>
      one(
        db
          .insert(plaidTransaction)
          .values({ plaidAccountId: account.id, name, amount, date: day })
          .returning(),
      ),
    snapshot: (monthlyIncome: number, day: string) =>
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
      ),
    score,
    report,
    disconnect: () => db.update(plaidItem).set({ isConnected: false }).where(eq(plaidItem.id, item.id)),
    itemId: item.id,
  };
}

const alertsOf = (applicationId: string) =>
  database.db
    .select({ type: alert.type, triggeredBy: alert.triggeredBy, createdAt: alert.createdAt })
    .from(alert)
    .where(eq(alert.applicationId, applicationId))
    .orderBy(asc(alert.createdAt), asc(alert.type));

describe('raiseAlerts: the alert rules run as of successive days', () => {
  it('raises each alert on the day its trigger appears, naming it, once', async () => {
    const c = await enrolledCustomer();
    const run = (day: string) =>
      raise({ applicationId: c.applicationId, timeZone: ZONE, asOf: at(day, '23:00:00') });

    // Day 1: a healthy account, a first income snapshot and a first score: nothing to say.
    await c.balance(250_000, '2026-03-01');
    await c.snapshot(400_000, '2026-03-01');
    await c.score(700, '2026-03-01');
    expect(await run('2026-03-01')).toEqual([]);

    // Day 8: an overdraft fee and a refund of an older one.
    const fee = await c.transaction('OVERDRAFT FEE', 3_500, '2026-03-08');
    await c.transaction('OVERDRAFT FEE REFUND', -3_500, '2026-03-08');
    expect((await run('2026-03-08')).map((a) => a.type)).toEqual(['overdraftTransaction']);

    // Day 11: $320.00 available, 4 days before the $400.00 payment; and nothing new to raise a second time.
    const low = await c.balance(32_000, '2026-03-11');
    expect((await run('2026-03-11')).map((a) => a.type)).toEqual(['balanceBelowDMPPayment']);
    expect(await run('2026-03-11')).toEqual([]);

    // Day 20: a new pull with an inquiry since the last one; income down 25 %; the score 30 days on is lower.
    const newer = await c.report('2026-03-20', ['2025-12-03', '2026-03-10']);
    const snap = await c.snapshot(300_000, '2026-03-20');
    expect(newer).toBeDefined();
    const [newInquiry] = await database.db
      .select({ id: inquiry.id })
      .from(inquiry)
      .where(eq(inquiry.date, '2026-03-10'));
    const drop = await c.score(680, '2026-03-31');
    await c.disconnect();
    // A run as of the 20th sees what existed by then, not the score of the 31st.
    expect((await run('2026-03-20')).map((a) => a.type).sort()).toEqual([
      'bankAccountDisconnected',
      'monthlyIncomeDecrease',
      'newCreditInquiry',
    ]);
    expect((await run('2026-03-31')).map((a) => a.type)).toEqual(['debtScore30DayDecrease']);

    const alerts = await alertsOf(c.applicationId);
    expect(alerts.map((a) => [a.type, a.triggeredBy, a.createdAt.toISOString().slice(0, 10)])).toEqual([
      ['overdraftTransaction', [{ id: fee.id, type: 'plaidTransaction' }], '2026-03-08'],
      ['balanceBelowDMPPayment', [{ id: low.id, type: 'plaidBalance' }], '2026-03-11'],
      ['bankAccountDisconnected', [{ id: c.itemId, type: 'plaidItem' }], '2026-03-20'],
      ['monthlyIncomeDecrease', [{ id: snap.id, type: 'incomeSnapshot' }], '2026-03-20'],
      ['newCreditInquiry', [{ id: newInquiry!.id, type: 'inquiry' }], '2026-03-20'],
      ['debtScore30DayDecrease', [{ id: drop.id, type: 'debtScore' }], '2026-03-31'],
    ]);
    // Every day run again: nothing twice.
    for (const day of ['2026-03-01', '2026-03-08', '2026-03-11', '2026-03-20', '2026-03-31']) {
      expect(await run(day)).toEqual([]);
    }
    expect(await alertsOf(c.applicationId)).toHaveLength(6);
  });

  it('counts its days in the agency’s time zone, not UTC: a low balance read late in a Los Angeles evening', async () => {
    const c = await enrolledCustomer();
    // 17:30 in Los Angeles on March 9 (PDT), already March 10 in UTC: six days before the March 15 payment
    // at the agency, outside the five-day window; five in UTC, inside it.
    const evening = at('2026-03-10', '00:30:00');
    await c.balance(10_000, '2026-03-10', '00:30:00');
    const la = 'America/Los_Angeles';
    expect(await raise({ applicationId: c.applicationId, timeZone: la, asOf: evening })).toEqual([]);
    // The next evening there (March 10, five days before), the same low balance read again alerts.
    await c.balance(10_000, '2026-03-11', '00:30:00');
    const next = await raise({
      applicationId: c.applicationId,
      timeZone: la,
      asOf: at('2026-03-11', '00:30:00'),
    });
    expect(next.map((a) => a.type)).toEqual(['balanceBelowDMPPayment']);
  });

  it('writes each alert once when two runs meet (a retried job beside the first attempt)', async () => {
    const c = await enrolledCustomer();
    await c.transaction('NSF RETURNED ITEM FEE', 3_400, '2026-03-08');
    const asOf = at('2026-03-09');
    const runs = await Promise.all(
      Array.from({ length: 4 }, () => raise({ applicationId: c.applicationId, asOf, timeZone: ZONE })),
    );
    expect(runs.flat().map((a) => a.type)).toEqual(['insufficientFundsTransaction']);
    expect(await alertsOf(c.applicationId)).toHaveLength(1);
  });

  it('raises a disconnection again when the bank drops after a reconnection cleared the first', async () => {
    const c = await enrolledCustomer();
    await c.disconnect();
    const first = await raise({
      applicationId: c.applicationId,
      timeZone: ZONE,
      asOf: at('2026-03-10'),
    });
    expect(first.map((a) => a.type)).toEqual(['bankAccountDisconnected']);
    // Still disconnected the next day: the same alert, not a second one.
    expect(
      await raise({
        applicationId: c.applicationId,
        timeZone: ZONE,
        asOf: at('2026-03-11'),
      }),
    ).toEqual([]);
    // Reconnected (the alert cleared), then dropped again.
    await database.db
      .update(alert)
      .set({ clearedAt: at('2026-03-12') })
      .where(eq(alert.applicationId, c.applicationId));
    const again = await raise({
      applicationId: c.applicationId,
      timeZone: ZONE,
      asOf: at('2026-03-15'),
    });
    expect(again.map((a) => a.type)).toEqual(['bankAccountDisconnected']);
    expect(await alertsOf(c.applicationId)).toHaveLength(2);
  });

  it('says nothing for an application with no bank, plan or scores', async () => {
    const { applicationId } = await createApplication(database.db);
    expect(await raise({ applicationId, timeZone: ZONE, asOf: at('2026-03-09') })).toEqual([]);
  });
});

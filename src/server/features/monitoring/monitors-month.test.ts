import { randomBytes } from 'node:crypto';
import { DEFAULT_AGENCY_TIME_ZONE as ZONE, dayIn } from '#domain/calendar';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { debtScore as scoreDebt, riskScore as scoreRisk } from '#domain/underwriting/scores';
import {
  createSandboxBankLink,
  SANDBOX_BANK_INSTITUTION_IDS,
  SANDBOX_BANK_PASSWORD,
  SANDBOX_BANK_USERS,
  SANDBOX_NSF_FEE_NAME,
  SANDBOX_OVERDRAFT_FEE_NAME,
} from '#providers/bank-link/sandbox';
import { createSandboxCreditBureau, SANDBOX_CREDIT_PERSONAS } from '#providers/credit-bureau/sandbox';
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
import { emailOutbox, smsOutbox } from '#server/db/schema/ops';
import { alert } from '#server/db/schema/service-work';
import { createFieldCipher } from '#server/security/field-encryption';
import { openSmsBody } from '#server/sms/outbox';
import { outsideUnits, unitOpener } from '#server/unit-of-work';
import { ALERT_SMS_EVENTS } from './notify';
import { refreshApplication } from './refresh-data';
import { type MonitorDeps, runMonitors } from './run-monitors';

// The monitors over a month of sandbox time: enrolled customers, one per sandbox persona, connected on the
// 2nd of March; every monitor run as of each following day (each day's first attempt stopped half-way, as a
// killed job, then run again). Each persona's events raise exactly their alerts, once, dated by the day the
// monitors first saw the trigger; the steady customer gets none.

const SECRET = 'monitors-month-test-secret';
const CONNECTED = new Date('2026-03-02T10:00:00Z');
const FIRST_PAYMENT = '2026-03-20';
const PAYMENT = 400_00;
const DAY_MS = 86_400_000;

let database: Database;
const cipher = createFieldCipher(randomBytes(32));
const bankLink = createSandboxBankLink({ secret: SECRET, now: () => CONNECTED });
const creditBureau = createSandboxCreditBureau({ now: () => CONNECTED });
const emailed: string[] = [];
const texted: string[] = [];
let deps: MonitorDeps;

beforeAll(async () => {
  database = await createTestDatabase();
  deps = {
    // The units announce the alerts' messages once they commit, as the job queue's units do.
    openUnit: unitOpener({
      database,
      cipher,
      today: () => dayIn(new Date(), ZONE),
      onEmailQueued: (id) => emailed.push(id),
      onSmsQueued: (id) => texted.push(id),
    }),
    bankLink: outsideUnits(bankLink, 'bankLink'),
    creditBureau: outsideUnits(creditBureau, 'creditBureau'),
    notifier: { publicUrl: 'http://localhost:3000' },
  };
});
afterAll(async () => database?.close());

const endOf = (day: string) => new Date(`${day}T23:59:59.999Z`);
const dayAfter = (from: Date, days: number) =>
  new Date(from.getTime() + days * DAY_MS).toISOString().slice(0, 10);

type Customer = { name: string; applicationId: string; itemId: string };

/**
 * An enrolled customer as the application flow leaves one: the credit file pulled and risk-scored, the bank
 * connected in the sandbox (its history read, a first income snapshot), the decision's debt score from the
 * income the bank showed, the plan paying $400.00 from the checking account on the 20th.
 */
async function enrolledCustomer(o: {
  name: string;
  bankUser: string;
  lastName: string;
  optedOutOfSms?: boolean;
}): Promise<Customer> {
  const db = database.db;
  const person = {
    firstName: o.name,
    lastName: o.lastName,
    dateOfBirth: '1984-06-11',
    addressLine1: '12 Elm Street',
    city: 'Columbus',
    state: 'OH',
    zipCode: '43004',
  };
  const { applicationId, borrowerId, userId } = await createApplication(db, {
    application: { status: 'counselorReview', isHomeowner: false },
    borrower: {
      ...person,
      dateOfBirth: cipher.encrypt(person.dateOfBirth),
      email: `${o.name.toLowerCase()}@example.com`,
      phoneNumber: '+15555550123',
      isOptedOutOfSMS: o.optedOutOfSms ?? false,
    },
  });
  const pulled = await creditBureau.pull({ role: 'borrower', isHomeowner: false, ...person });
  if (!pulled.wasSuccessful) throw new Error('the sandbox bureau found no file');
  const [report] = await db
    .insert(creditReport)
    .values({ applicationId, borrowerId, vantageScore: pulled.report.vantageScore, createdAt: CONNECTED })
    .returning();
  await db
    .insert(inquiry)
    .values(pulled.report.inquiries.map((q) => ({ ...q, creditReportId: report!.id, createdAt: CONNECTED })));
  const risk = scoreRisk(pulled.report);
  const [riskRow] = await db
    .insert(riskScore)
    .values({ creditReportId: report!.id, value: risk.value, version: risk.version, createdAt: CONNECTED })
    .returning();

  // The sandbox dialog's steps, then the item as the connection stores it.
  const { linkToken } = await bankLink.createLinkToken({ applicationId });
  const institutionId = SANDBOX_BANK_INSTITUTION_IDS.firstPlatypus;
  const offered = await bankLink.signIn({
    linkToken,
    institutionId,
    username: o.bankUser,
    password: SANDBOX_BANK_PASSWORD,
  });
  const publicToken = await bankLink.createPublicToken({
    linkToken,
    institutionId,
    username: o.bankUser,
    accountIds: offered.map((a) => a.accountId),
  });
  const { accessToken } = await bankLink.exchangePublicToken({ publicToken, linkToken });
  const item = await bankLink.getItem(accessToken);
  const [itemRow] = await db
    .insert(plaidItem)
    .values({
      applicationId,
      providerItemId: item.itemId,
      accessToken: cipher.encrypt(accessToken),
      institutionId: item.institutionId,
      institutionName: item.institutionName,
      createdAt: CONNECTED,
    })
    .returning();
  let checkingId = '';
  for (const account of await bankLink.getAccounts(accessToken, { asOf: CONNECTED })) {
    const [row] = await db
      .insert(plaidAccount)
      .values({
        plaidItemId: itemRow!.id,
        providerAccountId: account.accountId,
        name: account.name,
        subType: account.subtype,
        createdAt: CONNECTED,
      })
      .returning();
    if (account.subtype === 'checking') checkingId = row!.id;
  }
  // The connection's first read: six months of history and the first income snapshot.
  expect(await refreshApplication(deps, { applicationId, asOf: CONNECTED, timeZone: ZONE })).toBe(
    'refreshed',
  );
  const [snapshot] = await db
    .select()
    .from(incomeSnapshot)
    .where(eq(incomeSnapshot.applicationId, applicationId));
  // The decision's score, with the income the bank showed and a budget leaving $1,000 a month.
  const budget = {
    monthlyIncome: snapshot!.monthlyIncome,
    monthlyExpense: snapshot!.monthlyIncome - 1_000_00,
    monthlyUnsecuredDebt: 800_00,
  };
  const scored = scoreDebt({ borrowerRiskScore: risk.value, ...budget });
  await db.insert(debtScore).values({
    applicationId,
    borrowerId,
    borrowerRiskScoreId: riskRow!.id,
    owner: userId,
    value: scored.value,
    riskScore: scored.riskScore,
    version: scored.version,
    ...budget,
    createdAt: CONNECTED,
  });
  await db.insert(paymentAccount).values({ applicationId, plaidAccountId: checkingId });
  await db.insert(dmpEnrollment).values({
    applicationId,
    active: true,
    dateSigned: '2026-03-02',
    firstPaymentDate: FIRST_PAYMENT,
    monthlyPaymentAmount: PAYMENT,
    termInMonths: 48,
  });
  return { name: o.name, applicationId, itemId: itemRow!.id };
}

const alertsOf = (applicationId: string) =>
  database.db
    .select({ type: alert.type, triggeredBy: alert.triggeredBy, createdAt: alert.createdAt })
    .from(alert)
    .where(eq(alert.applicationId, applicationId))
    .orderBy(asc(alert.createdAt), asc(alert.type));

/** The alerts as [type, day raised, trigger type] for comparing. */
const summary = async (c: Customer) =>
  (await alertsOf(c.applicationId)).map((a) => [
    a.type,
    a.createdAt.toISOString().slice(0, 10),
    a.triggeredBy.map((t) => t.type).join(),
  ]);

describe('the monitors over a month of sandbox time', () => {
  it('raise each persona its alerts, once, on the day the trigger appears; nothing for the steady one', async () => {
    const steady = await enrolledCustomer({
      name: 'Sam',
      bankUser: SANDBOX_BANK_USERS.good,
      lastName: 'Rivera',
    });
    const shrinking = await enrolledCustomer({
      name: 'Pat',
      bankUser: SANDBOX_BANK_USERS.shrinkingPay,
      lastName: 'Mendes',
    });
    const overdraft = await enrolledCustomer({
      name: 'Lee',
      bankUser: SANDBOX_BANK_USERS.overdraft,
      lastName: 'Novak',
    });
    const nsf = await enrolledCustomer({ name: 'Ana', bankUser: SANDBOX_BANK_USERS.nsf, lastName: 'Silva' });
    const disconnect = await enrolledCustomer({
      name: 'Kim',
      bankUser: SANDBOX_BANK_USERS.disconnect,
      lastName: 'Berg',
      optedOutOfSms: true,
    });
    const inquiring = await enrolledCustomer({
      name: 'Joe',
      bankUser: SANDBOX_BANK_USERS.good,
      lastName: SANDBOX_CREDIT_PERSONAS.newInquiry,
    });
    const everyone = [steady, shrinking, overdraft, nsf, disconnect, inquiring];

    // The day of the connection: history before the plan (older fees) is looked at once, here.
    await runMonitors(deps, { asOf: endOf('2026-03-02'), timeZone: ZONE });
    const before = new Map<string, number>();
    for (const c of everyone) before.set(c.applicationId, (await alertsOf(c.applicationId)).length);
    expect(before.get(steady.applicationId)).toBe(0);

    // Each day of the month: a first attempt killed after a few applications, then the full run.
    for (let d = 1; d <= 31; d += 1) {
      const asOf = endOf(dayAfter(CONNECTED, d));
      const stopAfter = 1 + ((d * 7) % 17);
      let seen = 0;
      await expect(
        runMonitors(deps, {
          asOf,
          timeZone: ZONE,
          onApplication: () => {
            seen += 1;
            if (seen === stopAfter) throw new Error('killed');
          },
        }),
      ).rejects.toThrow('killed');
      await runMonitors(deps, { asOf, timeZone: ZONE });
    }
    const month = async (c: Customer) => (await summary(c)).slice(before.get(c.applicationId));

    expect(await month(steady)).toEqual([]);
    expect(await month(shrinking)).toEqual([
      // The fourth week's snapshot counts two half paychecks: income down by more than a tenth.
      ['monthlyIncomeDecrease', '2026-03-30', 'incomeSnapshot'],
      // The monthly pull's new score, with that income, is below the decision's of 30 days before.
      ['debtScore30DayDecrease', '2026-04-01', 'debtScore'],
    ]);
    expect(await month(nsf)).toEqual([['insufficientFundsTransaction', '2026-03-13', 'plaidTransaction']]);
    expect(await month(disconnect)).toEqual([['bankAccountDisconnected', '2026-03-16', 'plaidItem']]);
    expect(await month(inquiring)).toEqual([['newCreditInquiry', '2026-04-01', 'inquiry']]);

    // The overdraft customer: one low-balance alert for the payment of the 20th (read low from the 15th),
    // and one alert per overdraft fee posted in the month, the day after it posted.
    const fees = await database.db
      .select({ id: plaidTransaction.id, date: plaidTransaction.date })
      .from(plaidTransaction)
      .innerJoin(plaidAccount, eq(plaidAccount.id, plaidTransaction.plaidAccountId))
      .innerJoin(plaidItem, eq(plaidItem.id, plaidAccount.plaidItemId))
      .where(
        and(
          eq(plaidItem.applicationId, overdraft.applicationId),
          eq(plaidTransaction.name, SANDBOX_OVERDRAFT_FEE_NAME),
        ),
      );
    const monthFees = fees.filter((f) => f.date >= '2026-03-02').sort((a, b) => (a.date < b.date ? -1 : 1));
    expect(monthFees.map((f) => f.date)).toContain('2026-03-09');
    const overdraftAlerts = await month(overdraft);
    expect(overdraftAlerts.filter((a) => a[0] === 'balanceBelowDMPPayment')).toEqual([
      ['balanceBelowDMPPayment', '2026-03-15', 'plaidBalance'],
    ]);
    expect(overdraftAlerts.filter((a) => a[0] === 'overdraftTransaction')).toEqual(
      monthFees.map((f) => [
        'overdraftTransaction',
        dayAfter(new Date(`${f.date}T00:00:00Z`), 1),
        'plaidTransaction',
      ]),
    );
    expect(
      overdraftAlerts.filter((a) => a[0] !== 'balanceBelowDMPPayment' && a[0] !== 'overdraftTransaction'),
    ).toEqual([]);

    // The triggers are the records themselves: the low balance read on the 15th, the NSF fee, the item.
    const [low] = (await alertsOf(overdraft.applicationId)).filter(
      (a) => a.type === 'balanceBelowDMPPayment',
    );
    const [lowBalance] = await database.db
      .select({ available: plaidBalance.available, createdAt: plaidBalance.createdAt })
      .from(plaidBalance)
      .where(eq(plaidBalance.id, low!.triggeredBy[0]!.id));
    expect(lowBalance!.available!).toBeLessThan(PAYMENT);
    expect(lowBalance!.createdAt.toISOString().slice(0, 10)).toBe('2026-03-15');
    const [nsfAlert] = await alertsOf(nsf.applicationId);
    const [fee] = await database.db
      .select({ name: plaidTransaction.name, date: plaidTransaction.date })
      .from(plaidTransaction)
      .where(eq(plaidTransaction.id, nsfAlert!.triggeredBy[0]!.id));
    expect(fee).toEqual({ name: SANDBOX_NSF_FEE_NAME, date: '2026-03-12' });
    const [lost] = await alertsOf(disconnect.applicationId);
    expect(lost!.triggeredBy).toEqual([{ id: disconnect.itemId, type: 'plaidItem' }]);
    const [newest] = (await alertsOf(inquiring.applicationId)).slice(-1);
    const [news] = await database.db
      .select({ date: inquiry.date })
      .from(inquiry)
      .where(eq(inquiry.id, newest!.triggeredBy[0]!.id));
    expect(news!.date).toBe('2026-03-29');

    // The customer is told of a low balance and of a lost connection: an email each, a text unless opted out.
    const emails = await database.db
      .select({ to: emailOutbox.to, kind: emailOutbox.kind })
      .from(emailOutbox)
      .where(inArray(emailOutbox.kind, ['alert-low-balance', 'alert-bank-disconnected']))
      .orderBy(asc(emailOutbox.kind));
    expect(emails).toEqual([
      { to: 'kim@example.com', kind: 'alert-bank-disconnected' },
      { to: 'lee@example.com', kind: 'alert-low-balance' },
    ]);
    const texts = await database.db
      .select({
        applicationId: smsOutbox.applicationId,
        eventType: smsOutbox.eventType,
        to: smsOutbox.to,
        body: smsOutbox.body,
      })
      .from(smsOutbox);
    expect(texts.map((t) => [t.applicationId, t.eventType])).toEqual([
      [overdraft.applicationId, ALERT_SMS_EVENTS.balanceBelowDMPPayment],
    ]);
    expect(openSmsBody(cipher, { to: texts[0]!.to, body: texts[0]!.body })).not.toMatch(/\$|\d+\.\d\d/);
    expect(emailed).toHaveLength(2);
    expect(texted).toHaveLength(1);

    // The whole month again: nothing new.
    const total = (await database.db.select({ id: alert.id }).from(alert)).length;
    for (let d = 0; d <= 31; d += 1)
      await runMonitors(deps, { asOf: endOf(dayAfter(CONNECTED, d)), timeZone: ZONE });
    expect((await database.db.select({ id: alert.id }).from(alert)).length).toBe(total);
    expect(emailed).toHaveLength(2);
  }, 600_000);
});

import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { addDays, dayIn } from '#domain/calendar';
import {
  type AlertCandidate,
  alertKey,
  balanceBelowDmpPayment,
  bankAccountDisconnected,
  debtScore30DayDecrease,
  feeTransactions,
  monthlyIncomeDecrease,
  newCreditInquiries,
  nextPaymentDate,
} from '#domain/monitoring/alert-rules';
import { creditReport, debtScore, inquiry } from '#server/db/schema/credit';
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
import type { Transaction, Unit } from '#server/unit-of-work';
import { type Notifier, writeAlertNotifications } from './notify';

export type AlertSettings = {
  /** balanceBelowDMPPayment: how many days before the payment date a low balance alerts. */
  balanceWindowDays: number;
  /** monthlyIncomeDecrease: the share of the previous income a fall must exceed (0.1 = 10 %). */
  incomeDecreaseShare: number;
  /** Fee transactions older than this many days are not looked at again. */
  transactionLookbackDays: number;
};

export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  balanceWindowDays: 5,
  incomeDecreaseShare: 0.1,
  transactionLookbackDays: 45,
};

/**
 * Reads what the alert rules watch for one application, as it stood at `asOf` (records made later are not
 * seen, so a run as of a past date decides as it would have then), and answers the alerts the rules call for.
 */
async function candidatesFor(
  tx: Transaction,
  applicationId: string,
  asOf: Date,
  settings: AlertSettings,
  timeZone: string,
): Promise<{
  found: AlertCandidate[];
  plan: { firstPaymentDate: string } | null;
  paymentDate: string | null;
}> {
  const today = dayIn(asOf, timeZone);
  /** The application's rows of a table that were made by `asOf`: what the rules see. */
  const madeByAsOf = (table: { applicationId: AnyPgColumn; createdAt: AnyPgColumn }) =>
    and(eq(table.applicationId, applicationId), lte(table.createdAt, asOf));
  // One after the other: the unit's transaction is one connection, which runs one statement at a time.
  const items = await tx
    .select({ id: plaidItem.id, isConnected: plaidItem.isConnected })
    .from(plaidItem)
    .where(madeByAsOf(plaidItem));
  const enrollment = await tx
    .select({
      monthlyPaymentAmount: dmpEnrollment.monthlyPaymentAmount,
      firstPaymentDate: dmpEnrollment.firstPaymentDate,
      draftDayChanges: dmpEnrollment.draftDayChanges,
      active: dmpEnrollment.active,
    })
    .from(dmpEnrollment)
    .where(eq(dmpEnrollment.applicationId, applicationId));
  const payment = await tx
    .select({ plaidAccountId: paymentAccount.plaidAccountId })
    .from(paymentAccount)
    .where(eq(paymentAccount.applicationId, applicationId));
  const scores = await tx
    .select({ id: debtScore.id, value: debtScore.value, createdAt: debtScore.createdAt })
    .from(debtScore)
    .where(madeByAsOf(debtScore));
  const snapshots = await tx
    .select({
      id: incomeSnapshot.id,
      monthlyIncome: incomeSnapshot.monthlyIncome,
      createdAt: incomeSnapshot.createdAt,
    })
    .from(incomeSnapshot)
    .where(madeByAsOf(incomeSnapshot));
  // The two newest pulls: the inquiries of the newest, against the date of the one before.
  const reports = await tx
    .select({ id: creditReport.id, createdAt: creditReport.createdAt })
    .from(creditReport)
    .where(madeByAsOf(creditReport))
    .orderBy(desc(creditReport.createdAt))
    .limit(2);

  const found: AlertCandidate[] = [];
  for (const item of items) {
    const disconnected = bankAccountDisconnected(item);
    if (disconnected) found.push(disconnected);
  }

  const plan = enrollment[0];
  const payFrom = payment[0]?.plaidAccountId;
  let paymentDate: string | null = null;
  if (plan?.active && plan.firstPaymentDate && payFrom) {
    const [balance] = await tx
      .select({
        id: plaidBalance.id,
        available: plaidBalance.available,
        current: plaidBalance.current,
        createdAt: plaidBalance.createdAt,
      })
      .from(plaidBalance)
      .where(and(eq(plaidBalance.plaidAccountId, payFrom), lte(plaidBalance.createdAt, asOf)))
      .orderBy(desc(plaidBalance.createdAt))
      .limit(1);
    if (balance)
      paymentDate = nextPaymentDate(
        plan.firstPaymentDate,
        dayIn(balance.createdAt, timeZone),
        plan.draftDayChanges,
      );
    const low =
      balance &&
      paymentDate &&
      balanceBelowDmpPayment({
        balance,
        monthlyPayment: plan.monthlyPaymentAmount,
        nextPaymentDate: paymentDate,
        windowDays: settings.balanceWindowDays,
        timeZone,
      });
    if (low) found.push(low);
  }

  if (items.length > 0) {
    const since = addDays(today, -settings.transactionLookbackDays);
    const transactions = await tx
      .select({ id: plaidTransaction.id, amount: plaidTransaction.amount, name: plaidTransaction.name })
      .from(plaidTransaction)
      .innerJoin(plaidAccount, eq(plaidAccount.id, plaidTransaction.plaidAccountId))
      .where(
        and(
          inArray(
            plaidAccount.plaidItemId,
            items.map((i) => i.id),
          ),
          sql`${plaidTransaction.date} between ${since} and ${today}`,
        ),
      );
    found.push(...feeTransactions(transactions));
  }

  const decrease = debtScore30DayDecrease(scores);
  if (decrease) found.push(decrease);
  const fall = monthlyIncomeDecrease(snapshots, settings.incomeDecreaseShare);
  if (fall) found.push(fall);

  const [newest, previous] = reports;
  if (newest) {
    const inquiries = await tx
      .select({ id: inquiry.id, date: inquiry.date })
      .from(inquiry)
      .where(eq(inquiry.creditReportId, newest.id));
    found.push(
      ...newCreditInquiries({
        inquiries,
        lastPullDate: previous ? dayIn(previous.createdAt, timeZone) : null,
      }),
    );
  }
  const firstPaymentDate = plan?.active ? plan.firstPaymentDate : null;
  return { found, plan: firstPaymentDate ? { firstPaymentDate } : null, paymentDate };
}

/**
 * The payment dates already warned about: a low balance is one alert per payment, however many days of the
 * window it is read low (each day's reading is a new balance record, and so would otherwise be a new alert).
 */
async function paymentDatesWarned(
  tx: Transaction,
  existing: readonly { type: string; triggeredBy: readonly { id: string; type: string }[] }[],
  firstPaymentDate: string,
  timeZone: string,
): Promise<Set<string>> {
  const balanceIds = existing
    .filter((a) => a.type === 'balanceBelowDMPPayment')
    .flatMap((a) => a.triggeredBy.filter((t) => t.type === 'plaidBalance').map((t) => t.id));
  if (balanceIds.length === 0) return new Set();
  const rows = await tx
    .select({ createdAt: plaidBalance.createdAt })
    .from(plaidBalance)
    .where(inArray(plaidBalance.id, balanceIds));
  return new Set(rows.map((r) => nextPaymentDate(firstPaymentDate, dayIn(r.createdAt, timeZone))));
}

/**
 * Runs the alert rules for one application in the unit and writes each alert not raised before, dated `asOf`,
 * with the customer's email and text (the unit's outbox: written with the alert, announced once it commits).
 * Safe to run again and to run twice at once: the application's alerts are checked and written under a lock of
 * their own, and an alert already raised for the same type and trigger (alertKey) is not written again.
 */
export async function raiseAlerts(
  unit: Unit,
  o: {
    applicationId: string;
    asOf: Date;
    /** The agency's time zone (AGENCY_TIME_ZONE): the days the rules count are its days. */
    timeZone: string;
    settings?: AlertSettings;
    notifier?: Notifier;
  },
): Promise<AlertCandidate[]> {
  const settings = o.settings ?? DEFAULT_ALERT_SETTINGS;
  const { tx } = unit;
  // The rules read without the lock: only the check and the write need it.
  const {
    found: candidates,
    plan,
    paymentDate,
  } = await candidatesFor(tx, o.applicationId, o.asOf, settings, o.timeZone);
  if (candidates.length === 0) return [];
  // One writer per application at a time (a retried job beside a slow first attempt).
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`alerts:${o.applicationId}`}))`);
  const existing = await tx
    .select({ type: alert.type, triggeredBy: alert.triggeredBy, clearedAt: alert.clearedAt })
    .from(alert)
    .where(eq(alert.applicationId, o.applicationId));
  // A cleared alert (a bank reconnected) is over: the same connection dropping again is a new alert.
  const raised = new Set(
    existing
      .filter((a) => a.clearedAt === null)
      .flatMap((a) => a.triggeredBy.map((trigger) => alertKey({ type: a.type, trigger }))),
  );
  const warned = plan
    ? await paymentDatesWarned(tx, existing, plan.firstPaymentDate, o.timeZone)
    : new Set<string>();
  const fresh = [...new Map(candidates.map((c) => [alertKey(c), c])).values()].filter(
    (c) =>
      !raised.has(alertKey(c)) &&
      !(c.type === 'balanceBelowDMPPayment' && paymentDate !== null && warned.has(paymentDate)),
  );
  if (fresh.length === 0) return [];
  await tx.insert(alert).values(
    fresh.map((c) => ({
      applicationId: o.applicationId,
      type: c.type,
      triggeredBy: [c.trigger],
      createdAt: o.asOf,
      updatedAt: o.asOf,
    })),
  );
  // The customer is told in the same unit: a message exists exactly when its alert does.
  if (o.notifier) {
    await writeAlertNotifications(unit, o.notifier, {
      applicationId: o.applicationId,
      alerts: fresh,
      paymentDate,
    });
  }
  return fresh;
}

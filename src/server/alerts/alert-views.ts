import { inSequence } from '#server/db/in-sequence';
import { inArray, sql, type SQL } from 'drizzle-orm';
import { parseDay } from '#domain/calendar';
import type { AlertView } from '#domain/flow/staff-views';
import { describeTrigger, type TriggerFacts } from '#domain/monitoring/alert-triggers';
import type { Reader } from '#server/db/client';
import { type AlertTrigger } from '#server/db/schema/service-work';
import { agencyEvent } from '#server/db/schema/agency-events';
import { debtScore, inquiry } from '#server/db/schema/credit';
import {
  incomeSnapshot,
  plaidAccount,
  plaidBalance,
  plaidItem,
  plaidTransaction,
} from '#server/db/schema/enrollment';

// An alert as both portals show it: dated by what triggered it and, where a screen asks, what that was in
// words. The service portal and the customer portal read the same alerts, so this lives outside both.

export type AlertRow = {
  id: string;
  type: AlertView['type'];
  createdAt: Date;
  clearedAt: Date | null;
  hasBeenSeenByBorrower: boolean;
  hasBeenSeenByCustomerServiceRepresentative: boolean;
  triggeredBy: AlertTrigger[];
};

const dayStart = (isoDay: string) => parseDay(isoDay);

type Found = { date: Date; facts?: TriggerFacts };

/** What a fall is measured from, read only when the alert is described (a list has no use for it). */
const previousValue = (describe: boolean, subquery: SQL) =>
  sql`${describe ? subquery : sql`null`}`.mapWith((v: unknown) => (v === null ? null : Number(v)));

/**
 * The alerts as the portals show them, each dated by what triggered it (the balance, debt score, transaction,
 * inquiry, income snapshot, bank connection or the agency's event). One query per trigger kind for the whole batch; an alert whose
 * trigger is gone keeps its own createdAt. With `describe` (one borrower's summary) each also says what
 * triggered it ('Debt score 612 → 580'), reading the score or income it fell from; lists leave that out.
 *
 * A disconnection is dated by the connection's last change while it lasts; once cleared (the bank connected
 * again, which changes the connection) it keeps the date it was raised on.
 */
export async function alertViews(
  db: Reader,
  alerts: readonly AlertRow[],
  o: { describe?: boolean } = {},
): Promise<Map<string, AlertView>> {
  const describe = o.describe ?? false;
  const triggers = await alertTriggers(db, alerts, { describe });
  return new Map(
    alerts.map((a) => {
      const { date, facts } = triggers.get(a.id)!;
      return [
        a.id,
        {
          id: a.id,
          type: a.type,
          date,
          trigger: describe && facts ? describeTrigger(facts) : null,
          clearedAt: a.clearedAt?.toISOString() ?? null,
          hasBeenSeenByBorrower: a.hasBeenSeenByBorrower,
          hasBeenSeenByCustomerServiceRepresentative: a.hasBeenSeenByCustomerServiceRepresentative,
        },
      ];
    }),
  );
}

/**
 * Each alert's date (ISO) and the facts of the record that triggered it (null when that record is gone). With
 * `describe` the facts include what a fall is measured from (the older score, the income before); without,
 * those are null. The customer portal words these facts for the borrower, the service portal for counsellors.
 */
export async function alertTriggers(
  db: Reader,
  alerts: readonly AlertRow[],
  o: { describe?: boolean } = {},
): Promise<Map<string, { date: string; facts: TriggerFacts | null }>> {
  const describe = o.describe ?? false;
  const ids = (type: AlertTrigger['type']) => [
    ...new Set(
      alerts.flatMap((a) =>
        a.triggeredBy
          .filter((t) => t.type === type && !(type === 'plaidItem' && a.clearedAt && !describe))
          .map((t) => t.id),
      ),
    ),
  ];
  const lookup = async <T extends { id: string }>(
    type: AlertTrigger['type'],
    run: (wanted: string[]) => Promise<T[]>,
    found: (row: T) => Found,
  ) => {
    const wanted = ids(type);
    const rows = wanted.length === 0 ? [] : await run(wanted);
    return rows.map((r) => [`${type}:${r.id}`, found(r)] as const);
  };
  const found = new Map<string, Found>(
    (
      await inSequence(
        () =>
          lookup(
            'plaidBalance',
            (w) =>
              db
                .select({
                  id: plaidBalance.id,
                  at: plaidBalance.createdAt,
                  available: plaidBalance.available,
                  current: plaidBalance.current,
                  accountName: plaidAccount.name,
                })
                .from(plaidBalance)
                .innerJoin(plaidAccount, sql`${plaidAccount.id} = ${plaidBalance.plaidAccountId}`)
                .where(inArray(plaidBalance.id, w)),
            (r) => ({
              date: r.at,
              facts: {
                type: 'plaidBalance',
                available: r.available,
                current: r.current,
                at: r.at,
                accountName: r.accountName,
              },
            }),
          ),
        () =>
          lookup(
            'plaidItem',
            (w) =>
              db
                .select({
                  id: plaidItem.id,
                  at: plaidItem.updatedAt,
                  institutionName: plaidItem.institutionName,
                })
                .from(plaidItem)
                .where(inArray(plaidItem.id, w)),
            (r) => ({ date: r.at, facts: { type: 'plaidItem', institutionName: r.institutionName } }),
          ),
        () =>
          lookup(
            'debtScore',
            (w) =>
              db
                .select({
                  id: debtScore.id,
                  at: debtScore.createdAt,
                  value: debtScore.value,
                  // The score it is compared with: the newest one at least 30 days older.
                  previous: previousValue(
                    describe,
                    sql`(select p.value from ${debtScore} p
                    where p.application_id = ${debtScore.applicationId}
                      and p.created_at <= ${debtScore.createdAt} - interval '30 days'
                    order by p.created_at desc limit 1)`,
                  ),
                })
                .from(debtScore)
                .where(inArray(debtScore.id, w)),
            (r) => ({ date: r.at, facts: { type: 'debtScore', value: r.value, previous: r.previous } }),
          ),
        () =>
          lookup(
            'plaidTransaction',
            (w) =>
              db
                .select({
                  id: plaidTransaction.id,
                  at: plaidTransaction.date,
                  name: plaidTransaction.name,
                  amount: plaidTransaction.amount,
                })
                .from(plaidTransaction)
                .where(inArray(plaidTransaction.id, w)),
            (r) => ({
              date: dayStart(r.at),
              facts: { type: 'plaidTransaction', name: r.name, date: r.at, amount: r.amount },
            }),
          ),
        () =>
          lookup(
            'inquiry',
            (w) =>
              db
                .select({ id: inquiry.id, at: inquiry.date, subscriberName: inquiry.subscriberName })
                .from(inquiry)
                .where(inArray(inquiry.id, w)),
            (r) => ({
              date: dayStart(r.at),
              facts: { type: 'inquiry', subscriberName: r.subscriberName, date: r.at },
            }),
          ),
        () =>
          lookup(
            'incomeSnapshot',
            (w) =>
              db
                .select({
                  id: incomeSnapshot.id,
                  at: incomeSnapshot.createdAt,
                  monthlyIncome: incomeSnapshot.monthlyIncome,
                  // The snapshot it is compared with: the one just before it.
                  previous: previousValue(
                    describe,
                    sql`(select p.monthly_income from ${incomeSnapshot} p
                    where p.application_id = ${incomeSnapshot.applicationId}
                      and p.created_at < ${incomeSnapshot.createdAt}
                    order by p.created_at desc limit 1)`,
                  ),
                })
                .from(incomeSnapshot)
                .where(inArray(incomeSnapshot.id, w)),
            (r) => ({
              date: r.at,
              facts: { type: 'incomeSnapshot', monthlyIncome: r.monthlyIncome, previous: r.previous },
            }),
          ),
        () =>
          lookup(
            'agencyEvent',
            (w) =>
              db
                .select({ id: agencyEvent.id, at: agencyEvent.occurredAt, body: agencyEvent.body })
                .from(agencyEvent)
                .where(inArray(agencyEvent.id, w)),
            (r) => ({
              date: r.at,
              facts: {
                type: 'agencyEvent',
                event: r.body as { id: string; type: string; data: Record<string, unknown> },
              },
            }),
          ),
      )
    ).flat(),
  );
  return new Map(
    alerts.map((a) => {
      const trigger = a.triggeredBy.find((t) => found.has(`${t.type}:${t.id}`));
      const hit = trigger ? found.get(`${trigger.type}:${trigger.id}`)! : undefined;
      // A late payment is dated by the day it was found late, not by the day it was sent (weeks before).
      const keepsOwnDate =
        (trigger?.type === 'plaidItem' && a.clearedAt !== null) || a.type === 'creditorPaymentNotPosted';
      const date = hit && !keepsOwnDate ? hit.date : a.createdAt;
      return [a.id, { date: date.toISOString(), facts: hit?.facts ?? null }];
    }),
  );
}

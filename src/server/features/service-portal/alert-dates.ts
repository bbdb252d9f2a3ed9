import { inArray } from 'drizzle-orm';
import type { AlertView } from '#domain/flow/staff-views';
import type { Tx } from '#server/db/client';
import { type AlertTrigger } from '#server/db/schema/service-work';
import { debtScore, inquiry } from '#server/db/schema/credit';
import { incomeSnapshot, plaidBalance, plaidItem, plaidTransaction } from '#server/db/schema/enrollment';

type AlertRow = {
  id: string;
  type: AlertView['type'];
  createdAt: Date;
  hasBeenSeenByBorrower: boolean;
  hasBeenSeenByCustomerServiceRepresentative: boolean;
  triggeredBy: AlertTrigger[];
};

const dayStart = (isoDay: string) => new Date(`${isoDay}T00:00:00.000Z`);

/**
 * The alerts as the portal shows them, each dated by what triggered it (the balance, debt
 * score, transaction, inquiry or income snapshot). One query per trigger kind for the whole batch; an alert whose
 * trigger is gone keeps its own createdAt.
 */
export async function alertViews(db: Tx, alerts: readonly AlertRow[]): Promise<Map<string, AlertView>> {
  const ids = (type: AlertTrigger['type']) => [
    ...new Set(alerts.flatMap((a) => a.triggeredBy.filter((t) => t.type === type).map((t) => t.id))),
  ];
  const lookup = async <T extends { id: string }>(
    type: AlertTrigger['type'],
    run: (wanted: string[]) => Promise<T[]>,
    dateOf: (row: T) => Date,
  ) => {
    const wanted = ids(type);
    const rows = wanted.length === 0 ? [] : await run(wanted);
    return rows.map((r) => [`${type}:${r.id}`, dateOf(r)] as const);
  };
  const found = new Map<string, Date>(
    (
      await Promise.all([
        lookup(
          'plaidBalance',
          (w) =>
            db
              .select({ id: plaidBalance.id, at: plaidBalance.createdAt })
              .from(plaidBalance)
              .where(inArray(plaidBalance.id, w)),
          (r) => r.at,
        ),
        // A disconnection is dated by the connection's last change.
        lookup(
          'plaidItem',
          (w) =>
            db
              .select({ id: plaidItem.id, at: plaidItem.updatedAt })
              .from(plaidItem)
              .where(inArray(plaidItem.id, w)),
          (r) => r.at,
        ),
        lookup(
          'debtScore',
          (w) =>
            db
              .select({ id: debtScore.id, at: debtScore.createdAt })
              .from(debtScore)
              .where(inArray(debtScore.id, w)),
          (r) => r.at,
        ),
        lookup(
          'plaidTransaction',
          (w) =>
            db
              .select({ id: plaidTransaction.id, at: plaidTransaction.date })
              .from(plaidTransaction)
              .where(inArray(plaidTransaction.id, w)),
          (r) => dayStart(r.at),
        ),
        lookup(
          'inquiry',
          (w) => db.select({ id: inquiry.id, at: inquiry.date }).from(inquiry).where(inArray(inquiry.id, w)),
          (r) => dayStart(r.at),
        ),
        lookup(
          'incomeSnapshot',
          (w) =>
            db
              .select({ id: incomeSnapshot.id, at: incomeSnapshot.createdAt })
              .from(incomeSnapshot)
              .where(inArray(incomeSnapshot.id, w)),
          (r) => r.at,
        ),
      ])
    ).flat(),
  );
  return new Map(
    alerts.map((a) => {
      const trigger = a.triggeredBy.find((t) => found.has(`${t.type}:${t.id}`));
      const date = trigger ? found.get(`${trigger.type}:${trigger.id}`)! : a.createdAt;
      return [
        a.id,
        {
          id: a.id,
          type: a.type,
          date: date.toISOString(),
          hasBeenSeenByBorrower: a.hasBeenSeenByBorrower,
          hasBeenSeenByCustomerServiceRepresentative: a.hasBeenSeenByCustomerServiceRepresentative,
        },
      ];
    }),
  );
}

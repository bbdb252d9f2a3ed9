import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { CustomerAlertsView } from '#domain/enrollment/views';
import { alertViews } from '#server/alerts/alert-views';
import type { Db } from '#server/db/client';
import { plaidItem } from '#server/db/schema/enrollment';
import { alert } from '#server/db/schema/service-work';
import { signedApplication } from './get-plan';

/** The newest alerts a customer is shown; an application holds few, this only bounds the read. */
export const CUSTOMER_ALERTS_LIMIT = 100;

/**
 * GET /api/customer-portal/alerts: the signed-in customer's alerts that still hold (a cleared one, such as a
 * disconnection the customer has since reconnected, leaves the list), newest trigger first, each dated by
 * what triggered it. A disconnection whose bank is still disconnected names the item to reconnect.
 */
export async function listCustomerAlerts(o: { db: Db; userId: string }): Promise<CustomerAlertsView> {
  const own = await signedApplication(o.db, o.userId);
  const rows = await o.db
    .select()
    .from(alert)
    .where(and(eq(alert.applicationId, own.id), isNull(alert.clearedAt)))
    .orderBy(desc(alert.createdAt))
    .limit(CUSTOMER_ALERTS_LIMIT);
  const views = await alertViews(o.db, rows);
  const itemIds = rows
    .filter((a) => a.type === 'bankAccountDisconnected')
    .flatMap((a) => a.triggeredBy.filter((t) => t.type === 'plaidItem').map((t) => t.id));
  const disconnected = new Map(
    (itemIds.length === 0
      ? []
      : await o.db
          .select({ id: plaidItem.id, institutionName: plaidItem.institutionName })
          .from(plaidItem)
          .where(
            and(
              inArray(plaidItem.id, itemIds),
              eq(plaidItem.applicationId, own.id),
              eq(plaidItem.isConnected, false),
            ),
          )
    ).map((i) => [i.id, i.institutionName]),
  );
  const alerts = rows
    .map((a) => {
      const view = views.get(a.id)!;
      const item = a.triggeredBy.find((t) => t.type === 'plaidItem' && disconnected.has(t.id));
      return {
        id: a.id,
        type: a.type,
        date: view.date,
        hasBeenSeenByBorrower: a.hasBeenSeenByBorrower,
        reconnect:
          a.type === 'bankAccountDisconnected' && item
            ? { plaidItemId: item.id, institutionName: disconnected.get(item.id)! }
            : null,
      };
    })
    .sort((a, b) => b.date.localeCompare(a.date));
  return { alerts, unseen: alerts.filter((a) => !a.hasBeenSeenByBorrower).length };
}

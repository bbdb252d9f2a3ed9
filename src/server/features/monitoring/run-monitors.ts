import { and, asc, gt, inArray } from 'drizzle-orm';
import type { AlertType } from '#domain/flow/staff-views';
import type { ApplicationStatus } from '#domain/flow/statuses';
import type { Db } from '#server/db/client';
import { application } from '#server/db/schema/application';
import { type AlertSettings, raiseAlerts } from './raise-alerts';

/** Monitoring watches an application from the contract's signing on: before that there is no plan to protect. */
export const MONITORED_STATUSES: readonly ApplicationStatus[] = [
  'signContract',
  'counselorReview',
  'creditorReview',
  'transfer',
  'transferred',
];

/** Applications read per page when every monitored application is visited. */
export const MONITOR_PAGE_SIZE = 500;

/** A page of monitored application ids after `after` (by id, so a long run is not disturbed by new ones). */
export async function monitoredApplicationIds(
  db: Db,
  after: string | null,
  limit = MONITOR_PAGE_SIZE,
): Promise<string[]> {
  const rows = await db
    .select({ id: application.id })
    .from(application)
    .where(
      and(
        inArray(application.status, [...MONITORED_STATUSES]),
        after ? gt(application.id, after) : undefined,
      ),
    )
    .orderBy(asc(application.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

export type MonitorRun = { applications: number; raised: Partial<Record<AlertType, number>> };

/** The alert rules for the given applications as of `asOf`, counted by the alerts they raised. */
export async function raiseAlertsFor(
  db: Db,
  o: { applicationIds: readonly string[]; asOf: Date; settings?: AlertSettings },
  run: MonitorRun = { applications: 0, raised: {} },
): Promise<MonitorRun> {
  for (const applicationId of o.applicationIds) {
    const raised = await raiseAlerts(db, { applicationId, asOf: o.asOf, settings: o.settings });
    run.applications += 1;
    for (const a of raised) run.raised[a.type] = (run.raised[a.type] ?? 0) + 1;
  }
  return run;
}

/** Every monitored application, page by page (npm run monitor). */
export async function raiseAllAlerts(
  db: Db,
  o: { asOf: Date; settings?: AlertSettings },
): Promise<MonitorRun> {
  const run: MonitorRun = { applications: 0, raised: {} };
  for (let after: string | null = null; ;) {
    const ids = await monitoredApplicationIds(db, after);
    if (ids.length === 0) return run;
    await raiseAlertsFor(db, { applicationIds: ids, asOf: o.asOf, settings: o.settings }, run);
    after = ids[ids.length - 1]!;
  }
}

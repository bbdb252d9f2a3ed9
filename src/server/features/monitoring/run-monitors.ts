import { and, asc, gt, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AlertType } from '#domain/flow/staff-views';
import type { ApplicationStatus } from '#domain/flow/statuses';
import type { BankLink } from '#providers/bank-link/port';
import type { CreditBureau } from '#providers/credit-bureau/port';
import { application } from '#server/db/schema/application';
import type { OpenUnit } from '#server/unit-of-work';
import { type CreditPullOutcome, DEFAULT_CREDIT_PULL_DAYS, pullCredit } from './credit-pull';
import type { Notifier } from './notify';
import { type AlertSettings, raiseAlerts } from './raise-alerts';
import { type RefreshOutcome, refreshApplication } from './refresh-data';
import type { RefreshSettings } from './refresh-store';

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

/**
 * A page of monitored application ids after `after` (by id, so a long run is not disturbed by new ones), read
 * in a unit of its own: each application is then worked in units of its own, so no transaction spans a run.
 */
export async function monitoredApplicationIds(
  openUnit: OpenUnit,
  after: string | null,
  limit = MONITOR_PAGE_SIZE,
): Promise<string[]> {
  const rows = await openUnit(({ tx }) =>
    tx
      .select({ id: application.id })
      .from(application)
      .where(
        and(
          inArray(application.status, [...MONITORED_STATUSES]),
          after ? gt(application.id, after) : undefined,
        ),
      )
      .orderBy(asc(application.id))
      .limit(limit),
  );
  return rows.map((r) => r.id);
}

export type MonitorRun = { applications: number; raised: Partial<Record<AlertType, number>> };

/**
 * The alert rules for the given applications as of `asOf`, each in a unit of its own (its alerts and their
 * messages committed together), counted by the alerts they raised.
 */
export async function raiseAlertsFor(
  openUnit: OpenUnit,
  o: {
    applicationIds: readonly string[];
    asOf: Date;
    timeZone: string;
    settings?: AlertSettings;
    notifier?: Notifier;
    /** Called after each application (progress; a test stops a run half-way here). */
    onApplication?: (applicationId: string) => void;
  },
  run: MonitorRun = { applications: 0, raised: {} },
): Promise<MonitorRun> {
  for (const applicationId of o.applicationIds) {
    const raised = await openUnit((unit) =>
      raiseAlerts(unit, {
        applicationId,
        asOf: o.asOf,
        timeZone: o.timeZone,
        settings: o.settings,
        notifier: o.notifier,
      }),
    );
    o.onApplication?.(applicationId);
    run.applications += 1;
    for (const a of raised) run.raised[a.type] = (run.raised[a.type] ?? 0) + 1;
  }
  return run;
}

/** Every monitored application, page by page (npm run monitor). */
export async function raiseAllAlerts(
  openUnit: OpenUnit,
  o: {
    asOf: Date;
    timeZone: string;
    settings?: AlertSettings;
    notifier?: Notifier;
    onApplication?: (applicationId: string) => void;
    /** Only these applications (the seed's own); every monitored one when not given. */
    only?: readonly string[];
  },
): Promise<MonitorRun> {
  const run: MonitorRun = { applications: 0, raised: {} };
  await eachMonitoredPage(
    openUnit,
    async (ids) => {
      await raiseAlertsFor(openUnit, { ...o, applicationIds: ids }, run);
    },
    o.only,
  );
  return run;
}

/** Visits every monitored application id (or only those of `only`), a page at a time. */
async function eachMonitoredPage(
  openUnit: OpenUnit,
  visit: (ids: string[]) => Promise<void>,
  only?: readonly string[],
) {
  if (only) {
    for (let k = 0; k < only.length; k += MONITOR_PAGE_SIZE) {
      const rows = await openUnit(({ tx }) =>
        tx
          .select({ id: application.id })
          .from(application)
          .where(
            and(
              inArray(application.id, only.slice(k, k + MONITOR_PAGE_SIZE)),
              inArray(application.status, [...MONITORED_STATUSES]),
            ),
          )
          .orderBy(asc(application.id)),
      );
      if (rows.length > 0) await visit(rows.map((r) => r.id));
    }
    return;
  }
  for (let after: string | null = null; ;) {
    const ids = await monitoredApplicationIds(openUnit, after);
    if (ids.length === 0) return;
    await visit(ids);
    after = ids[ids.length - 1]!;
  }
}

/**
 * What the monitors work through: units of work for the database (each application's steps in units of their
 * own, whose outbox announces the alerts' messages once they commit), and the vendors, called between units.
 */
export type MonitorDeps = {
  openUnit: OpenUnit;
  bankLink: BankLink;
  creditBureau: CreditBureau;
  /** The app's bank-link webhook URL, told to items linked without it (RefreshDeps). */
  webhookUrl?: string;
  /** Alert emails and texts; none written without it (the rules alone, as in the rules' own tests). */
  notifier?: Notifier;
  log?: FastifyBaseLogger;
};

export type MonitorSettings = {
  alerts?: AlertSettings;
  refresh?: RefreshSettings;
  /** MONITOR_CREDIT_PULL_DAYS. */
  creditPullDays?: number;
};

export type MonitorRunOptions = {
  asOf: Date;
  /** The agency's time zone (AGENCY_TIME_ZONE): every day the monitors count is its day, never UTC's. */
  timeZone: string;
  settings?: MonitorSettings;
  /** Called after each application (progress; a test stops a run half-way here). */
  onApplication?: (applicationId: string) => void;
  /** Only these applications (the seed's own); every monitored one when not given. */
  only?: readonly string[];
};

export type RefreshRun = { applications: number; outcomes: Partial<Record<RefreshOutcome, number>> };
export type PullRun = { applications: number; outcomes: Partial<Record<CreditPullOutcome, number>> };

/** The data refresh of every monitored application as of `asOf` (the daily 'bank-refresh' job). */
export async function refreshAll(deps: MonitorDeps, o: MonitorRunOptions): Promise<RefreshRun> {
  const run: RefreshRun = { applications: 0, outcomes: {} };
  await eachMonitoredPage(
    deps.openUnit,
    async (ids) => {
      for (const applicationId of ids) {
        const outcome = await refreshApplication(deps, {
          applicationId,
          asOf: o.asOf,
          timeZone: o.timeZone,
          settings: o.settings?.refresh,
        });
        run.applications += 1;
        run.outcomes[outcome] = (run.outcomes[outcome] ?? 0) + 1;
        o.onApplication?.(applicationId);
      }
    },
    o.only,
  );
  return run;
}

/** The soft credit pull of every monitored application whose last pull is due (the daily 'credit-pull' job). */
export async function pullAllDue(deps: MonitorDeps, o: MonitorRunOptions): Promise<PullRun> {
  const run: PullRun = { applications: 0, outcomes: {} };
  await eachMonitoredPage(
    deps.openUnit,
    async (ids) => {
      for (const applicationId of ids) {
        const outcome = await pullCredit(deps, {
          applicationId,
          asOf: o.asOf,
          timeZone: o.timeZone,
          pullDays: o.settings?.creditPullDays ?? DEFAULT_CREDIT_PULL_DAYS,
        });
        run.applications += 1;
        run.outcomes[outcome] = (run.outcomes[outcome] ?? 0) + 1;
        o.onApplication?.(applicationId);
      }
    },
    o.only,
  );
  return run;
}

/**
 * Every monitor as of `asOf`, in order: the data refresh, the credit pull where due, then the alert rules
 * over what they brought in (npm run monitor, the seed, the tests). Each step is safe to run again, so a run
 * stopped half-way is simply run again.
 */
export async function runMonitors(
  deps: MonitorDeps,
  o: MonitorRunOptions,
): Promise<{ refresh: RefreshRun; pull: PullRun; alerts: MonitorRun }> {
  const refresh = await refreshAll(deps, o);
  const pull = await pullAllDue(deps, o);
  const alerts = await raiseAllAlerts(deps.openUnit, {
    asOf: o.asOf,
    timeZone: o.timeZone,
    settings: o.settings?.alerts,
    notifier: deps.notifier,
    onApplication: o.onApplication,
    only: o.only,
  });
  return { refresh, pull, alerts };
}

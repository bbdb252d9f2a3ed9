import { and, count, eq, inArray, like } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { addDays, dayIn, endOfDayIn } from '#domain/calendar';
import { APPLICATION_STATUSES, type ApplicationStatus } from '#domain/flow/statuses';
import { toIsoDate } from '#domain/validation/format';
import type { Services } from '#server/services';
import type { Database } from '#server/db/client';
import { application } from '#server/db/schema/application';
import { disqualificationReason } from '#server/db/schema/decision';
import { user } from '#server/db/schema/auth';
import type { Config } from '#server/env';
import { advanceApplication, claim, contactBorrower } from './advance';
import { seedAgencyLedgers } from './agency-ledger';
import { runMonitors } from '#server/features/monitoring/run-monitors';
import { outsideUnits, unitOpener } from '#server/unit-of-work';
import { driveBorrower } from './drive-borrower';
import { planApplication, type SeedPlan, seedEmailPattern, STREAM } from './plan';
import { createRng, type Rng } from './random';
import { pinBankConnections, retime, type Timing } from './retime';
import { createSeedServices, type CreditPersona, personaKey } from './services';
import { ensureSeedStaff, type SeedStaff } from './staff';

// `npm run seed -- --applications N`: N applications made through the live flow's use cases, spread over
// every status, deterministic for a seed (docs in README.md, "Seed data").

export const DEFAULT_SEED = 1;
/** Applications retimed per statement batch. */
const RETIME_BATCH = 50;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** Created within the last 30 days; this share within the portal's default 72 hours. */
const CREATED_WITHIN_DAYS = 30;
const RECENT_DAYS = 3;
const RECENT_SHARE = 0.2;
/** Where in its planned span an application's bank is connected. */
const BANK_LINK_AT_SHARE = 0.3;

/** How long each final status typically took from the lead, in minutes. */
const SPAN_MINUTES: Record<ApplicationStatus, readonly [number, number]> = {
  inProgress: [2, 45],
  acceptOffer: [10, 60],
  confirmPaymentAccount: [15, 2 * 24 * 60],
  signContract: [60, 3 * 24 * 60],
  counselorReview: [24 * 60, 5 * 24 * 60],
  creditorReview: [2 * 24 * 60, 12 * 24 * 60],
  transfer: [5 * 24 * 60, 20 * 24 * 60],
  transferred: [7 * 24 * 60, 25 * 24 * 60],
  disqualified: [5, 60],
};
/** Disqualified by a counsellor's step: quality control, or the creditors' answers. */
const LATE_DISQUALIFICATION_MINUTES = [2 * 24 * 60, 12 * 24 * 60] as const;

/** Shares of claimed applications among those no counsellor has had to work on yet. */
const CLAIM_SHARE: Partial<Record<ApplicationStatus, number>> = {
  inProgress: 0.1,
  acceptOffer: 0.4,
  confirmPaymentAccount: 0.5,
  signContract: 0.6,
  disqualified: 0.15,
};
const WITH_OFFER: readonly ApplicationStatus[] = [
  'acceptOffer',
  'confirmPaymentAccount',
  'signContract',
  'counselorReview',
  'creditorReview',
  'transfer',
  'transferred',
];

export type SeedSummary = {
  seed: number;
  /** Index of the first application made (a second run of a seed continues the numbering). */
  firstIndex: number;
  applicationIds: string[];
  byStatus: Record<ApplicationStatus, number>;
  disqualifiedBy: Record<string, number>;
  staff: SeedStaff[];
  durationMs: number;
};

/** Makes `count` applications for `seed` on the database of `services`. */
export async function seedApplications(o: {
  config: Config;
  database: Database;
  count: number;
  seed?: number;
  log?: FastifyBaseLogger;
  onProgress?: (done: number, total: number) => void;
  /**
   * Whether handed-over plans get months of the agency's events (agency-ledger.ts); on unless the bulk seed's
   * templates are made, whose copies cannot carry them (bulk-tables.ts: agency_event is not copied, and an
   * alert the events raised would name an event its copy does not have).
   */
  agencyLedgers?: boolean;
}): Promise<SeedSummary> {
  const began = Date.now();
  const seed = o.seed ?? DEFAULT_SEED;
  const log = o.log ?? (pino({ level: 'silent' }) as FastifyBaseLogger);
  const personas = new Map<string, CreditPersona>();
  const bankClock = { at: null as Date | null, nonce: '' };
  const services = createSeedServices({
    config: o.config,
    database: o.database,
    personas,
    bankClock: () => bankClock.at ?? new Date(),
    bankNonce: () => bankClock.nonce,
  });
  const { db } = o.database;
  const staff = await ensureSeedStaff(db);
  const [existing] = await db
    .select({ n: count() })
    .from(user)
    .where(like(user.email, seedEmailPattern(seed)));
  const firstIndex = Number(existing?.n ?? 0);
  const today = new Date();

  const ids: string[] = [];
  let pending: Timing[] = [];
  let firstConnection: Date | null = null;
  const connections: { applicationId: string; at: Date }[] = [];
  for (let k = 0; k < o.count; k += 1) {
    const index = firstIndex + k;
    const plan = planApplication(seed, index, today);
    const b = plan.household.borrower;
    if (plan.creditPersona) {
      personas.set(personaKey(b.firstName, b.lastName, toIsoDate(b.dateOfBirth)), plan.creditPersona);
    }
    const madeFrom = new Date();
    // The bank is connected a third of the way into the application's planned span (the payment step).
    const planned = span(
      createRng(seed, index, STREAM.time),
      spanOf(plan, plan.target.status as ApplicationStatus),
      today,
    );
    const connectedAt = new Date(
      planned.start.getTime() + (planned.end.getTime() - planned.start.getTime()) * BANK_LINK_AT_SHARE,
    );
    bankClock.at = connectedAt;
    bankClock.nonce = `seed-${seed}-${index}`;
    const made = await seedOne(services, { plan, seed, staff, log, connectedAt });
    bankClock.at = null;
    if (!firstConnection || connectedAt < firstConnection) firstConnection = connectedAt;
    connections.push({ applicationId: made.applicationId, at: connectedAt });
    ids.push(made.applicationId);
    pending.push({
      ...made,
      madeFrom,
      madeTo: new Date(),
      ...span(createRng(seed, index, STREAM.time), spanOf(plan, made.status), today),
    });
    if (pending.length >= RETIME_BATCH) {
      await retime(db, pending);
      pending = [];
    }
    o.onProgress?.(k + 1, o.count);
  }
  await retime(db, pending);
  await pinBankConnections(db, connections);
  // Before the monitors' history, so what watches the agency's events sees them as the daily jobs would.
  if (o.agencyLedgers ?? true) {
    await seedAgencyLedgers(db, {
      applicationIds: ids,
      seed,
      today: dayIn(today, o.config.agencyTimeZone),
      now: today,
    });
  }
  await monitorHistory(services, { from: firstConnection, today, only: ids });

  return {
    seed,
    firstIndex,
    applicationIds: ids,
    ...(await tally(o.database, ids)),
    staff,
    durationMs: Date.now() - began,
  };
}

/** One application: the borrower's flow, the later steps and the counsellors' work. */
async function seedOne(
  services: Services,
  o: { plan: SeedPlan; seed: number; staff: readonly SeedStaff[]; log: FastifyBaseLogger; connectedAt: Date },
): Promise<{ applicationId: string; ownerId: string; status: ApplicationStatus }> {
  const { plan } = o;
  const steps = createRng(o.seed, plan.index, STREAM.steps);
  const driven = await driveBorrower(services, { plan, rng: steps, log: o.log });
  let status = driven.status;
  if (status === 'confirmPaymentAccount') {
    status = await advanceApplication(services, {
      applicationId: driven.applicationId,
      borrower: { userId: driven.userId },
      target: plan.target,
      rng: steps,
      staff: o.staff,
      connectedAt: o.connectedAt,
      monitoringPersona: plan.monitoringPersona,
    });
  }
  const staffRng = createRng(o.seed, plan.index, STREAM.staff);
  await counsellorsWork(services, {
    applicationId: driven.applicationId,
    status,
    rng: staffRng,
    staff: o.staff,
  });
  return { applicationId: driven.applicationId, ownerId: driven.userId, status: status as ApplicationStatus };
}

/**
 * The alerts: every monitor run as of each day from the first seeded bank connection to today, as the daily
 * jobs would have run them, so every alert has a real trigger (a fee the sandbox bank posted, a low balance it
 * reported, a lost connection, a pull's new inquiry...). No emails or texts: seeded people are never written to.
 */
async function monitorHistory(
  services: Services,
  o: { from: Date | null; today: Date; only: readonly string[] },
): Promise<void> {
  const { from, today } = o;
  if (!from) return;
  const deps = {
    openUnit: unitOpener(services),
    bankLink: outsideUnits(services.bankLink, 'bankLink'),
    creditBureau: outsideUnits(services.creditBureau, 'creditBureau'),
  };
  // The agency's days, as the daily jobs count them: each run sees the whole of its day in the agency's zone.
  const timeZone = services.config.agencyTimeZone;
  const last = dayIn(today, timeZone);
  for (let day = dayIn(from, timeZone); day <= last; day = addDays(day, 1)) {
    await runMonitors(deps, {
      asOf: day === last ? today : endOfDayIn(day, timeZone),
      timeZone,
      only: o.only,
      // No soft pull falls in the seeded history: its credit files are at most 30 days old, and one pulled
      // exactly 30 days ago would be due or not by seconds, so two runs of a seed would differ. The live
      // jobs (or npm run monitor) make the first pulls.
      settings: { creditPullDays: CREATED_WITHIN_DAYS + 1 },
    });
  }
}

/** Claims and calls on applications beyond the quality-control steps (which claim and call on their own). */
async function counsellorsWork(
  services: Services,
  o: { applicationId: string; status: string; rng: Rng; staff: readonly SeedStaff[] },
): Promise<void> {
  const { rng } = o;
  const status = o.status as ApplicationStatus;
  const [row] = await services.database.db
    .select({ assignedTo: application.assignedTo })
    .from(application)
    .where(eq(application.id, o.applicationId));
  let counsellor = o.staff.find((s) => s.id === row?.assignedTo);
  if (!counsellor && rng.chance(CLAIM_SHARE[status] ?? 0)) {
    counsellor = rng.pick(o.staff);
    await claim(services, o.applicationId, counsellor);
  }
  if (!counsellor) return;
  const calls = rng.int(0, 2);
  for (let k = 0; k < calls; k += 1) {
    await contactBorrower(services, {
      applicationId: o.applicationId,
      counsellor,
      rng,
      hasOffer: WITH_OFFER.includes(status),
    });
  }
}

function spanOf(plan: SeedPlan, status: ApplicationStatus): readonly [number, number] {
  const late =
    status === 'disqualified' &&
    plan.target.status === 'disqualified' &&
    (plan.target.outcome === 'qualityControlFailed' || plan.target.outcome === 'allOffersDeclined');
  return late ? LATE_DISQUALIFICATION_MINUTES : SPAN_MINUTES[status];
}

/** The span an application is moved to: created within the last 30 days, lasting `minutes` (min, max). */
function span(rng: Rng, minutes: readonly [number, number], today: Date): { start: Date; end: Date } {
  const now = today.getTime();
  const daysAgo = rng.chance(RECENT_SHARE) ? RECENT_DAYS * rng.next() : CREATED_WITHIN_DAYS * rng.next();
  const start = now - daysAgo * DAY_MS;
  const [min, max] = minutes;
  const wanted = start + rng.int(min, max) * MINUTE_MS;
  const end = Math.max(start + 1000, Math.min(wanted, now - MINUTE_MS));
  return { start: new Date(start), end: new Date(end) };
}

async function tally(database: Database, ids: readonly string[]) {
  const byStatus = Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, 0])) as Record<
    ApplicationStatus,
    number
  >;
  const disqualifiedBy: Record<string, number> = {};
  const { db } = database;
  for (let k = 0; k < ids.length; k += 500) {
    const chunk = ids.slice(k, k + 500);
    const statuses = await db
      .select({ status: application.status, n: count() })
      .from(application)
      .where(inArray(application.id, chunk))
      .groupBy(application.status);
    for (const s of statuses) byStatus[s.status] += Number(s.n);
    const reasons = await db
      .select({ reason: disqualificationReason.reason, n: count() })
      .from(disqualificationReason)
      .innerJoin(application, eq(application.id, disqualificationReason.applicationId))
      .where(
        and(inArray(disqualificationReason.applicationId, chunk), eq(application.status, 'disqualified')),
      )
      .groupBy(disqualificationReason.reason);
    for (const r of reasons) disqualifiedBy[r.reason] = (disqualifiedBy[r.reason] ?? 0) + Number(r.n);
  }
  return { byStatus, disqualifiedBy };
}

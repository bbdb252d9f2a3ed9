import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayIn, endOfDayIn } from '#domain/calendar';
import { ALERT_TYPES } from '#domain/flow/staff-views';
import { createTestDatabase } from '#tests/setup/test-database';
import { AGENCY_ALERT_TYPES } from '#domain/enrollment/agency-alerts';
import type { Database } from '#server/db/client';
import { application } from '#server/db/schema/application';
import { alert } from '#server/db/schema/service-work';
import { loadConfig } from '#server/env';
import { MONITORED_STATUSES, runMonitors } from '#server/features/monitoring/run-monitors';
import { createProviders } from '#server/providers';
import { createFieldCipher } from '#server/security/field-encryption';
import { outsideUnits, unitOpener } from '#server/unit-of-work';
import { seedApplications, type SeedSummary } from './seed-applications';

// A demo database as a person makes one: `npm run seed -- --applications 60` (the default seed), then
// `npm run monitor -- --as-of <day>` once a day for the following month. Every alert type must show.

const APPLICATIONS = 60;
const MONITOR_DAYS = 30;

const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'dmp-seed-monitors-')),
  ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  AUTH_SECRET: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'silent',
});

let database: Database;
let summary: SeedSummary;
beforeAll(async () => {
  database = await createTestDatabase();
  summary = await seedApplications({ config, database, count: APPLICATIONS });
}, 600_000);
afterAll(async () => {
  await database?.close();
});

/** What scripts/monitor.ts runs for `--as-of day`: the configured providers, the end of that day. */
async function monitorAsOf(day: string) {
  const providers = createProviders(config, database.db);
  const cipher = createFieldCipher(config.encryptionKey);
  return runMonitors(
    {
      openUnit: unitOpener({ database, cipher, today: () => dayIn(new Date(), config.agencyTimeZone) }),
      bankLink: outsideUnits(providers.bankLink, 'bankLink'),
      creditBureau: outsideUnits(providers.creditBureau, 'creditBureau'),
      notifier: { publicUrl: config.publicUrl },
    },
    {
      asOf: endOfDayIn(day, config.agencyTimeZone),
      timeZone: config.agencyTimeZone,
      settings: { creditPullDays: config.monitorCreditPullDays },
    },
  );
}

describe('the seed and a month of npm run monitor', () => {
  it('shows every alert type among the seeded enrolled customers', async () => {
    const monitored = await database.db
      .select({ n: count() })
      .from(application)
      .where(
        and(
          inArray(application.id, summary.applicationIds),
          inArray(application.status, [...MONITORED_STATUSES]),
        ),
      );
    expect(Number(monitored[0]!.n)).toBeGreaterThanOrEqual(ALERT_TYPES.length - AGENCY_ALERT_TYPES.length);

    const seeded = dayIn(new Date(), config.agencyTimeZone);
    for (let d = 0; d < MONITOR_DAYS; d += 1) {
      await monitorAsOf(addDays(seeded, d));
    }
    const raised = await database.db
      .selectDistinct({ type: alert.type })
      .from(alert)
      .where(inArray(alert.applicationId, summary.applicationIds));
    // The monitors' alert types, and of the agency's the returned draft that the seed's events record (src/server/seed/agency-ledger.ts):
    // the seed pays no creditor off, and a payment not posted in time is the agency's daily job's to find.
    const monitors = ALERT_TYPES.filter((type) => !(AGENCY_ALERT_TYPES as readonly string[]).includes(type));
    expect(raised.map((r) => r.type).sort()).toEqual([...monitors, 'draftReturned'].sort());
  }, 900_000);
});

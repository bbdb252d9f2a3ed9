/**
 * Runs every monitor over every monitored application (from the signed contract on) as of a date, in order:
 * the data refresh through the bank-link provider, the soft credit pull where one is due, then the alert
 * rules, and the agency's payments to creditors not posted within its window; prints what each did. Running
 * it again for the same date raises nothing twice. With the sandbox providers, moving the date forward moves
 * the sandbox banks' data forward (docs/providers.md).
 * Usage: npm run monitor -- [--as-of YYYY-MM-DD]   (the agency's today when not given; the end of that day,
 * UTC, as the monitors count days like the banks' data they read)
 * Writes to the configured database (DATA_DIR's embedded one, or DATABASE_URL). Alert emails and texts are
 * written to the outboxes; a running server (or its next start) delivers them.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { dayIn, endOfDayIn, isIsoDay } from '#domain/calendar';
import { raiseUnpostedPaymentAlerts } from '#server/application/agency-unposted-payments';
import { loadConfigOrExit, openDatabaseOrExit } from '#server/command-start';
import { runMonitors } from '#server/features/monitoring/run-monitors';
import { createProviders } from '#server/providers';
import { createFieldCipher } from '#server/security/field-encryption';
import { outsideUnits, unitOpener } from '#server/unit-of-work';

const USAGE = 'Usage: npm run monitor -- [--as-of YYYY-MM-DD]';

const { values } = parseArgs({ options: { 'as-of': { type: 'string' } } });
const asOf = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '--as-of must be a date written YYYY-MM-DD')
  .refine(isIsoDay, '--as-of is not a real date')
  .optional()
  .safeParse(values['as-of']);
if (!asOf.success) {
  console.error(asOf.error.issues.map((i) => i.message).join('\n'));
  console.error(USAGE);
  process.exit(1);
}

const config = loadConfigOrExit();
// Today is the agency's day (AGENCY_TIME_ZONE): on an American evening UTC is already tomorrow.
const today = dayIn(new Date(), config.agencyTimeZone);
const day = asOf.data ?? today;
// As of the end of that day at the agency, or now when it is today (nothing later exists yet).
const asOfInstant = day === today ? new Date() : endOfDayIn(day, config.agencyTimeZone);

const database = await openDatabaseOrExit(config);
const counts = (o: Record<string, number | undefined>) =>
  Object.entries(o)
    .map(([what, n]) => `${what} ${n}`)
    .join(', ') || 'nothing';
try {
  await database.migrate();
  const providers = createProviders(config, database.db);
  const cipher = createFieldCipher(config.encryptionKey, config.encryptionKeysOld);
  const started = Date.now();
  const run = await runMonitors(
    {
      // Units without a queue to announce to: the outboxes' rows wait for a running server (or its next start).
      openUnit: unitOpener({ database, cipher, today: () => dayIn(new Date(), config.agencyTimeZone) }),
      bankLink: outsideUnits(providers.bankLink, 'bankLink'),
      creditBureau: outsideUnits(providers.creditBureau, 'creditBureau'),
      notifier: { publicUrl: config.publicUrl },
    },
    {
      asOf: asOfInstant,
      timeZone: config.agencyTimeZone,
      settings: { creditPullDays: config.monitorCreditPullDays },
    },
  );
  // The agency's payments to creditors not posted within its window, as the daily job checks them.
  // Each plan in a unit of work; with no job queue here, the running server delivers the emails it writes.
  const unposted = await raiseUnpostedPaymentAlerts(unitOpener({ database, cipher, today: () => day }), {
    today: day,
    at: asOfInstant,
    windowDays: config.agencyPostingWindowDays,
    notices: {
      cipher,
      publicUrl: config.publicUrl,
      postingWindowDays: config.agencyPostingWindowDays,
    },
  });
  const raised = Object.entries(run.alerts.raised);
  console.log(
    `Monitors as of ${day}: ${run.alerts.applications} monitored applications in ${((Date.now() - started) / 1000).toFixed(1)} s.\n` +
      `  Data refresh: ${counts(run.refresh.outcomes)}.\n` +
      `  Credit pull: ${counts(run.pull.outcomes)}.\n` +
      `  Alert rules: ` +
      (raised.length === 0
        ? 'no new alerts.'
        : `new alerts: ${raised.map(([type, n]) => `${type} ${n}`).join(', ')}.`) +
      `\n  Creditor payments not posted: ${unposted.raised === 0 ? 'no new alerts.' : `creditorPaymentNotPosted ${unposted.raised}.`}`,
  );
} finally {
  await database.close();
}

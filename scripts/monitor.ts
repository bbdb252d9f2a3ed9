/**
 * Runs the alert rules over every monitored application (from the signed contract on) as of a date, and prints
 * the alerts raised by type. Running it again raises nothing twice.
 * Usage: npm run monitor -- [--as-of YYYY-MM-DD]   (today when not given; the end of that day, UTC)
 * Writes to the configured database (DATA_DIR's embedded one, or DATABASE_URL).
 *
 * Not yet: the data refresh through the bank-link provider and the periodic credit pull that bring in new
 * balances, transactions, snapshots, scores and inquiries; this runs the rules over what the database holds.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { openDatabase } from '#server/db/client';
import { ConfigError, type Config, loadConfig } from '#server/env';
import { raiseAllAlerts } from '#server/features/monitoring/run-monitors';

const USAGE = 'Usage: npm run monitor -- [--as-of YYYY-MM-DD]';

const { values } = parseArgs({ options: { 'as-of': { type: 'string' } } });
const asOf = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '--as-of must be a date written YYYY-MM-DD')
  .refine((day) => new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), '--as-of is not a real date')
  .optional()
  .safeParse(values['as-of']);
if (!asOf.success) {
  console.error(asOf.error.issues.map((i) => i.message).join('\n'));
  console.error(USAGE);
  process.exit(1);
}
const day = asOf.data ?? new Date().toISOString().slice(0, 10);

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const started = Date.now();
  const run = await raiseAllAlerts(database.db, { asOf: new Date(`${day}T23:59:59.999Z`) });
  const raised = Object.entries(run.raised);
  console.log(
    `Alert rules as of ${day}: ${run.applications} monitored applications in ${((Date.now() - started) / 1000).toFixed(1)} s, ` +
      (raised.length === 0
        ? 'no new alerts.'
        : `new alerts: ${raised.map(([type, n]) => `${type} ${n}`).join(', ')}.`),
  );
} finally {
  await database.close();
}

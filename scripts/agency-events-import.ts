/**
 * The agency's daily events file, for an agency whose system sends no webhooks (docs/decisions/0193): each row
 * validated and recorded as the signed API's events are, and a report of what was applied, skipped as already
 * known and refused (with the row and why). Usage: npm run agency-events:import -- path/to/file.csv
 * Exit code 0 when every row was applied or already known, 2 when some rows were refused, 1 when the file
 * itself was refused (nothing recorded). On the embedded database, stop the server first.
 */
import { agencyCalendar } from '#domain/calendar';
import { AppError } from '#domain/errors';
import { loadConfigOrExit, openDatabaseOrExit } from '#server/command-start';
import { createFieldCipher } from '#server/security/field-encryption';
import {
  AGENCY_EVENTS_IMPORT_USAGE,
  agencyEventsImportCommand,
  formatAgencyEventsFileReport,
  recordAgencyEventInUnit,
} from '#server/features/staff-actions/agency-events-file';
import { unitOpener } from '#server/unit-of-work';

const [file, ...extra] = process.argv.slice(2);
if (!file || extra.length > 0 || file.startsWith('-')) {
  console.error(AGENCY_EVENTS_IMPORT_USAGE);
  process.exit(1);
}

const config = loadConfigOrExit();
const database = await openDatabaseOrExit(config);
let exitCode = 0;
try {
  await database.migrate();
  // Each row in a unit of work of its own, as the upload records it. The emails of returned drafts and paid-off
  // creditors are written to the outbox; with no job queue here to announce them to, the running server's sweep
  // sends them.
  const openUnit = unitOpener({
    database,
    cipher: createFieldCipher(config.encryptionKey, config.encryptionKeysOld),
    today: agencyCalendar(config.agencyTimeZone).today,
  });
  const report = await agencyEventsImportCommand({
    record: (event, source) => openUnit((unit) => recordAgencyEventInUnit(unit, config, event, source)),
    file,
  });
  console.log(formatAgencyEventsFileReport(report));
  if (report.refused > 0) exitCode = 2;
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  console.error(`Refused: ${error.message}`);
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);

/**
 * The agency day's batch file of electronic proposals (docs/proposal-batch-layout.md), made if it is not yet:
 * the proposals prepared for creditors that take batches are marked sent. Run again the same day, it gives the
 * same file. Usage: npm run proposals:batch -- [--out FILE_OR_DIRECTORY]
 *   without --out   the CSV goes to stdout (the counts to stderr);
 *   --out           the file is written there (a directory gets dmp-proposals-<day>.csv) and its path printed.
 * On the embedded database, stop the server first (it belongs to one process).
 */
import { stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadConfigOrExit, openDatabaseOrExit } from '#server/command-start';
import { PROPOSALS_BATCH_USAGE, proposalsBatchCommand } from '#server/features/proposals/batch-command';
import { createFieldCipher } from '#server/security/field-encryption';
import { unitOpener } from '#server/unit-of-work';
import { dayIn } from '#domain/calendar';

let out: string | undefined;
try {
  out = parseArgs({ options: { out: { type: 'string' } } }).values.out;
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  console.error(PROPOSALS_BATCH_USAGE);
  process.exit(1);
}

const config = loadConfigOrExit();

const outIsDirectory = out
  ? await stat(out).then(
      (s) => s.isDirectory(),
      () => false,
    )
  : false;
const database = await openDatabaseOrExit(config);
try {
  await database.migrate();
  const cipher = createFieldCipher(config.encryptionKey, config.encryptionKeysOld);
  const run = await proposalsBatchCommand({
    // The command writes no email and no job: its unit has nothing to announce.
    openUnit: unitOpener({ database, cipher, today: () => dayIn(new Date(), config.agencyTimeZone) }),
    agencyTimeZone: config.agencyTimeZone,
    now: new Date(),
    out,
    outIsDirectory,
  });
  console.error(run.summary);
  if (run.path) console.log(run.path);
  else process.stdout.write(run.csv);
} finally {
  await database.close();
}

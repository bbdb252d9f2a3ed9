import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { dayIn } from '#domain/calendar';
import { proposalBatchFileName } from '#domain/enrollment/proposal-batch';
import type { OpenUnit } from '#server/unit-of-work';
import { produceProposalBatch } from './proposal-batch';

export const PROPOSALS_BATCH_USAGE = 'Usage: npm run proposals:batch -- [--out FILE_OR_DIRECTORY]';

/**
 * `npm run proposals:batch`: the agency day's batch file, made if it is not yet (the same use case as the
 * service portal's button). With `out` the file is written there (a directory gets the file's own name) and
 * its path is answered; without, the CSV itself is, for stdout. `summary` is one line of counts, never a name.
 */
export async function proposalsBatchCommand(o: {
  openUnit: OpenUnit;
  agencyTimeZone: string;
  now: Date;
  out?: string;
  /** Whether `out` is an existing directory (the script asks the file system). */
  outIsDirectory?: boolean;
}): Promise<{ csv: string; path: string | null; summary: string }> {
  const agencyDay = dayIn(o.now, o.agencyTimeZone);
  const batch = await o.openUnit((unit) =>
    produceProposalBatch(unit, { agencyDay, dayOf: (at) => dayIn(at, o.agencyTimeZone), actorId: null }),
  );
  const summary =
    `${batch.created ? 'Made' : 'Already made'}: the batch file of ${agencyDay}, ` +
    `${batch.proposalCount} ${batch.proposalCount === 1 ? 'proposal' : 'proposals'}`;
  if (!o.out) return { csv: batch.csv, path: null, summary };
  const target = o.outIsDirectory ? path.join(o.out, proposalBatchFileName(agencyDay)) : o.out;
  // Only the agency's staff should read it: it names borrowers and their budgets.
  await writeFile(target, batch.csv, { mode: 0o600 });
  return { csv: batch.csv, path: path.resolve(target), summary };
}

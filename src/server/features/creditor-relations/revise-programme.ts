import { desc, eq } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { programmeVersionId } from '#domain/underwriting/concessions';
import type { ProgrammeRevision } from '#domain/validation/concessions';
import { concessionProgramme, creditor } from '#server/db/schema/creditors';
import type { Unit } from '#server/unit-of-work';

/**
 * A new version of a creditor's concession programme, in force from `at`: the next decision offers on it,
 * while every offer already made keeps naming the version it was made on (decision 0104). The versions are
 * the programme's history: who made each, when, why, and the terms before and after.
 */
export async function reviseProgramme(
  unit: Unit,
  o: { creditorId: string; revision: ProgrammeRevision; staffUserId: string; at: Date },
): Promise<{ id: string; version: number }> {
  const { tx } = unit;
  // The creditor's row, locked: two revisions at once get consecutive versions, never the same one.
  const [found] = await tx
    .select({ id: creditor.id })
    .from(creditor)
    .where(eq(creditor.id, o.creditorId))
    .for('update');
  if (!found) throw new AppError('NotFound', 'No such creditor.');
  const [latest] = await tx
    .select({ version: concessionProgramme.version })
    .from(concessionProgramme)
    .where(eq(concessionProgramme.creditorId, o.creditorId))
    .orderBy(desc(concessionProgramme.version))
    .limit(1);
  const version = (latest?.version ?? 0) + 1;
  const id = programmeVersionId(o.creditorId, version);
  await tx.insert(concessionProgramme).values({
    id,
    creditorId: o.creditorId,
    version,
    effectiveFrom: o.at,
    proposedAprBp: o.revision.proposedAprBp,
    paymentBp: o.revision.paymentBp,
    hardshipPaymentBp: o.revision.hardshipPaymentBp,
    minimumPayment: o.revision.minimumPayment,
    maxTermMonths: o.revision.maxTermMonths,
    fairShareBp: o.revision.fairShareBp,
    silentDefault: o.revision.silentDefault,
    silentAfterDays: o.revision.silentAfterDays,
    reason: o.revision.reason,
    createdBy: o.staffUserId,
  });
  return { id, version };
}

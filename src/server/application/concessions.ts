import { desc, eq, lte } from 'drizzle-orm';
import type { ConcessionTable } from '#domain/underwriting/concessions';
import type { Reader } from '#server/db/client';
import { concessionProgramme, creditor } from '#server/db/schema/creditors';

/**
 * The concession programmes in force at `at`: each creditor's newest version whose effective date has come.
 * What a decision made at `at` offers on (decision 0104); a programme revised later never reaches it.
 */
export async function concessionsInForce(db: Reader, at: Date): Promise<ConcessionTable> {
  return db
    .selectDistinctOn([concessionProgramme.creditorId], {
      id: concessionProgramme.id,
      creditorId: concessionProgramme.creditorId,
      issuer: creditor.name,
      matchNames: creditor.matchNames,
      proposedAprBp: concessionProgramme.proposedAprBp,
      paymentBp: concessionProgramme.paymentBp,
      hardshipPaymentBp: concessionProgramme.hardshipPaymentBp,
      minimumPayment: concessionProgramme.minimumPayment,
      maxTermMonths: concessionProgramme.maxTermMonths,
      fairShareBp: concessionProgramme.fairShareBp,
      silentDefault: concessionProgramme.silentDefault,
      silentAfterDays: concessionProgramme.silentAfterDays,
    })
    .from(concessionProgramme)
    .innerJoin(creditor, eq(creditor.id, concessionProgramme.creditorId))
    .where(lte(concessionProgramme.effectiveFrom, at))
    .orderBy(concessionProgramme.creditorId, desc(concessionProgramme.version));
}

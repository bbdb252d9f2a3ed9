import { SHIPPED_CONCESSIONS } from '#domain/underwriting/concessions';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { concessionProgramme, creditor } from './schema/creditors';

/**
 * When the shipped programme (the NFCC's of April 2009, src/data/creditor-concessions.json) took effect: long
 * before any application, so it is in force whatever day a test pretends it is.
 */
const SHIPPED_EFFECTIVE_FROM = new Date('2009-04-01T00:00:00Z');

/**
 * The reference data a new database starts with, written after the migrations: the shipped creditors and
 * their programmes as version 1. What is there already is kept (the agency's edits are later versions, and a
 * creditor renamed by the agency keeps its name), so running it at every start changes nothing.
 * It takes any Drizzle database rather than the client's `Db`, because the client calls it: naming the
 * client's type here would make the two files import each other.
 */
export async function insertReferenceData<TSchema extends Record<string, unknown>>(
  db: PgDatabase<PgQueryResultHKT, TSchema>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(creditor)
      .values(
        SHIPPED_CONCESSIONS.map((p) => ({ id: p.creditorId, name: p.issuer, matchNames: [...p.matchNames] })),
      )
      .onConflictDoNothing();
    await tx
      .insert(concessionProgramme)
      .values(
        SHIPPED_CONCESSIONS.map((p) => ({
          id: p.id,
          creditorId: p.creditorId,
          version: 1,
          effectiveFrom: SHIPPED_EFFECTIVE_FROM,
          proposedAprBp: p.proposedAprBp,
          paymentBp: p.paymentBp,
          hardshipPaymentBp: p.hardshipPaymentBp,
          minimumPayment: p.minimumPayment,
          maxTermMonths: p.maxTermMonths,
          fairShareBp: p.fairShareBp,
          silentDefault: p.silentDefault,
          silentAfterDays: p.silentAfterDays,
          source: p.source,
        })),
      )
      .onConflictDoNothing();
  });
}

import { and, asc, desc, eq, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import { containsPattern } from '#domain/service-portal/search';
import {
  CREDITOR_LIST_LIMIT,
  type CreditorDetail,
  type ProgrammeVersionView,
} from '#domain/validation/concessions';
import { user } from '#server/db/schema/auth';
import { concessionProgramme, creditor } from '#server/db/schema/creditors';
import type { Transaction, Unit } from '#server/unit-of-work';
import { detailsHistoryOf, detailsViewOf } from './creditor-details';

// What the service portal shows of the creditors: the list with each programme in force, and one creditor
// with every version of its programme and its details with every change of them (their histories).

const versionColumns = {
  id: concessionProgramme.id,
  creditorId: concessionProgramme.creditorId,
  version: concessionProgramme.version,
  effectiveFrom: concessionProgramme.effectiveFrom,
  proposedAprBp: concessionProgramme.proposedAprBp,
  paymentBp: concessionProgramme.paymentBp,
  hardshipPaymentBp: concessionProgramme.hardshipPaymentBp,
  minimumPayment: concessionProgramme.minimumPayment,
  maxTermMonths: concessionProgramme.maxTermMonths,
  fairShareBp: concessionProgramme.fairShareBp,
  silentDefault: concessionProgramme.silentDefault,
  silentAfterDays: concessionProgramme.silentAfterDays,
  source: concessionProgramme.source,
  reason: concessionProgramme.reason,
  createdBy: user.name,
  createdAt: concessionProgramme.createdAt,
};

type VersionRow = {
  id: string;
  creditorId: string;
  version: number;
  effectiveFrom: Date;
  proposedAprBp: number;
  paymentBp: number;
  hardshipPaymentBp: number;
  minimumPayment: number;
  maxTermMonths: number;
  fairShareBp: number;
  silentDefault: 'accepted' | 'declined';
  silentAfterDays: number;
  source: string | null;
  reason: string | null;
  createdBy: string | null;
  createdAt: Date;
};

const versionView = ({ creditorId: _creditor, ...row }: VersionRow): ProgrammeVersionView => ({
  ...row,
  effectiveFrom: row.effectiveFrom.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

/** Each creditor's version in force at `at`. */
async function versionsInForce(tx: Transaction, creditorIds: readonly string[], at: Date) {
  if (creditorIds.length === 0) return new Map<string, ProgrammeVersionView>();
  const rows = await tx
    .selectDistinctOn([concessionProgramme.creditorId], versionColumns)
    .from(concessionProgramme)
    .leftJoin(user, eq(user.id, concessionProgramme.createdBy))
    .where(
      and(
        inArray(concessionProgramme.creditorId, [...creditorIds]),
        lte(concessionProgramme.effectiveFrom, at),
      ),
    )
    .orderBy(concessionProgramme.creditorId, desc(concessionProgramme.version));
  return new Map(rows.map((r) => [r.creditorId, versionView(r)]));
}

/** The creditors whose name or match words contain `search` (all of them when empty), by name. */
export async function listCreditors(unit: Unit, o: { search: string; at: Date }) {
  const pattern = o.search.trim() === '' ? undefined : containsPattern(o.search.trim());
  const found = await unit.tx
    .select({ id: creditor.id, name: creditor.name, matchNames: creditor.matchNames })
    .from(creditor)
    .where(
      pattern === undefined
        ? undefined
        : or(
            ilike(creditor.name, pattern),
            sql`exists (select 1 from unnest(${creditor.matchNames}) m where m ilike ${pattern})`,
          ),
    )
    .orderBy(asc(creditor.name), asc(creditor.id))
    .limit(CREDITOR_LIST_LIMIT + 1);
  const shown = found.slice(0, CREDITOR_LIST_LIMIT);
  const inForce = await versionsInForce(
    unit.tx,
    shown.map((c) => c.id),
    o.at,
  );
  return {
    // A creditor whose first version takes effect later is not offered on yet: listed only once in force.
    items: shown.flatMap((c) => {
      const programme = inForce.get(c.id);
      return programme ? [{ ...c, inForce: programme }] : [];
    }),
    more: found.length > CREDITOR_LIST_LIMIT,
  };
}

/** One creditor with every version of its programme, newest first; undefined when there is no such creditor. */
export async function getCreditor(
  unit: Unit,
  o: { creditorId: string; at: Date; canEdit: boolean },
): Promise<CreditorDetail | undefined> {
  const { tx } = unit;
  const [row] = await tx.select().from(creditor).where(eq(creditor.id, o.creditorId));
  if (!row) return undefined;
  const found = { id: row.id, name: row.name, matchNames: row.matchNames };
  const versions = (
    await tx
      .select(versionColumns)
      .from(concessionProgramme)
      .leftJoin(user, eq(user.id, concessionProgramme.createdBy))
      .where(eq(concessionProgramme.creditorId, o.creditorId))
      .orderBy(desc(concessionProgramme.version))
  ).map(versionView);
  const at = o.at.toISOString();
  const inForce = versions.find((v) => v.effectiveFrom <= at);
  if (!inForce) return undefined;
  return {
    ...found,
    inForce,
    versions,
    details: detailsViewOf(unit.cipher, row),
    detailsHistory: await detailsHistoryOf(tx, o.creditorId),
    canEdit: o.canEdit,
  };
}

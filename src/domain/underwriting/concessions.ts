import type { Cents } from '../money/cents';
import table from '#data/creditor-concessions.json' with { type: 'json' };
import { normalizeCreditorName } from './lender-names';
import type { SilentDefault } from './constants';

// What each creditor grants on a plan. The agency maintains the creditors and their concession programmes in
// the database (docs/decisions/0104-creditor-concessions-in-the-database.md); the decision reads the programmes
// in force and is handed them as a ConcessionTable. The table in data/ (the NFCC programme's issuers and a
// default row for everyone else, docs/decisions/0012) is what a new database starts with.

/** The terms an offer is made on: one version of one creditor's programme. */
export type Concession = {
  /** The programme version the terms came from (stored on the offer as lenderConcessionId). */
  id: string;
  issuer: string;
  proposedAprBp: number;
  /** Monthly payment as a share of the balance: the hardship share when the borrower reported a hardship. */
  paymentBp: number;
  minimumPayment: Cents;
  /** The longest the creditor lets an offer run, in months. */
  maxTermMonths: number;
};

/** One creditor's programme in force, as the decision reads it. */
export type ConcessionProgramme = {
  /** The programme version's id: `<creditorId>@<version>` (programmeVersionId). */
  id: string;
  creditorId: string;
  issuer: string;
  /** Upper-case words matched against the creditor name as the bureau reports it. */
  matchNames: readonly string[];
  proposedAprBp: number;
  paymentBp: number;
  hardshipPaymentBp: number;
  minimumPayment: Cents;
  maxTermMonths: number;
  /** The share of each payment the creditor gives back to the agency. */
  fairShareBp: number;
  /** After silentAfterDays without an answer to a proposal, this answer is assumed. */
  silentDefault: SilentDefault;
  silentAfterDays: number;
};

/** The programmes in force: one per creditor, the default creditor's among them. */
export type ConcessionTable = readonly ConcessionProgramme[];

/** The creditor whose programme applies to every creditor no other one matches. */
export const DEFAULT_CREDITOR_ID = 'default';

/** A programme version's id: the creditor and the version number ('american-express@2'). */
export const programmeVersionId = (creditorId: string, version: number): string => `${creditorId}@${version}`;

/** The creditors and programmes a new database starts with: src/data/creditor-concessions.json, each as version 1. */
export const SHIPPED_CONCESSIONS: readonly (ConcessionProgramme & { source: string })[] =
  table.concessions.map((r) => ({
    id: programmeVersionId(r.id, 1),
    creditorId: r.id,
    issuer: r.issuer,
    matchNames: r.matchNames,
    proposedAprBp: r.proposedAprBp,
    paymentBp: r.paymentBp,
    hardshipPaymentBp: r.hardshipPaymentBp,
    minimumPayment: r.minimumPayment,
    maxTermMonths: r.maxTermMonths,
    fairShareBp: r.fairShareBp,
    silentDefault: r.silentDefault === 'declined' ? 'declined' : 'accepted',
    silentAfterDays: r.silentAfterDays,
    source: r.source,
  }));

/**
 * The programme whose match names appear, as whole words, in the creditor's name, else the default one. When
 * names of several creditors appear, the longest wins (the most specific: 'CAPITAL ONE AUTO' over 'CAPITAL
 * ONE'), then the creditor id: the answer never depends on the order the programmes were read in.
 */
function programmeFor(concessions: ConcessionTable, creditorName: string): ConcessionProgramme {
  const name = normalizeCreditorName(creditorName);
  let best: { programme: ConcessionProgramme; length: number } | undefined;
  for (const programme of concessions) {
    if (programme.creditorId === DEFAULT_CREDITOR_ID) continue;
    for (const match of programme.matchNames) {
      const words = normalizeCreditorName(match);
      if (words.trim() === '' || !name.includes(words)) continue;
      const better =
        best === undefined ||
        words.length > best.length ||
        (words.length === best.length && programme.creditorId < best.programme.creditorId);
      if (better) best = { programme, length: words.length };
    }
  }
  if (best) return best.programme;
  const fallback = concessions.find((p) => p.creditorId === DEFAULT_CREDITOR_ID);
  if (fallback === undefined) throw new Error('the concession table has no default programme');
  return fallback;
}

/** The terms a creditor grants: by issuer name, else the default programme. */
export function concessionFor(
  concessions: ConcessionTable,
  creditorName: string,
  o: { hasHardship: boolean },
): Concession {
  const programme = programmeFor(concessions, creditorName);
  return {
    id: programme.id,
    issuer: programme.issuer,
    proposedAprBp: programme.proposedAprBp,
    paymentBp: o.hasHardship ? programme.hardshipPaymentBp : programme.paymentBp,
    minimumPayment: programme.minimumPayment,
    maxTermMonths: programme.maxTermMonths,
  };
}

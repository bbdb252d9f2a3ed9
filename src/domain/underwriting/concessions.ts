import type { Cents } from '../money/cents';
import table from '#data/creditor-concessions.json' with { type: 'json' };
import { normalizeCreditorName } from './lender-names';

// What each creditor grants on a plan, from the editable table in data/: issuers of the
// NFCC programme, and a default row for everyone else (docs/decisions/0012).

export type Concession = {
  /** The table row the terms came from (stored on the offer as lenderConcessionId). */
  id: string;
  issuer: string;
  proposedAprBp: number;
  /** Monthly payment as a share of the balance: the hardship share when the borrower reported a hardship. */
  paymentBp: number;
  minimumPayment: Cents;
};

type ConcessionRow = {
  id: string;
  issuer: string;
  matchNames: readonly string[];
  proposedAprBp: number;
  paymentBp: number;
  hardshipPaymentBp: number;
  minimumPayment: Cents;
};

export const DEFAULT_CONCESSION_ID = 'default';

const ROWS: readonly ConcessionRow[] = table.concessions.map((r) => ({
  ...r,
  matchNames: r.matchNames.map(normalizeCreditorName),
}));

const DEFAULT_ROW: ConcessionRow = (() => {
  const row = ROWS.find((r) => r.id === DEFAULT_CONCESSION_ID);
  if (row === undefined) throw new Error('data/creditor-concessions.json has no default row');
  return row;
})();

/** The row whose match names appear, as whole words, in the creditor's name. */
function rowFor(creditorName: string): ConcessionRow {
  const name = normalizeCreditorName(creditorName);
  return ROWS.find((r) => r.matchNames.some((m) => name.includes(m))) ?? DEFAULT_ROW;
}

/** The terms a creditor grants: by issuer name, else the default row. */
export function concessionFor(creditorName: string, o: { hasHardship: boolean }): Concession {
  const row = rowFor(creditorName);
  return {
    id: row.id,
    issuer: row.issuer,
    proposedAprBp: row.proposedAprBp,
    paymentBp: o.hasHardship ? row.hardshipPaymentBp : row.paymentBp,
    minimumPayment: row.minimumPayment,
  };
}

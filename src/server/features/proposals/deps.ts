import type { SealedDocuments } from '#server/application/sealed-documents';
import type { OpenUnit } from '#server/unit-of-work';

/**
 * What the proposals' routes are given: the door to units of work, the agency's day of a moment, and the
 * document store the proposals are kept in. Never the app's whole services nor the database itself. The store is
 * a vendor (a bucket can be slow): app.ts wraps it so it refuses to be called inside a unit (outsideUnits).
 */
export type ProposalsDeps = {
  openUnit: OpenUnit;
  /** The agency's day ('yyyy-MM-dd') of a moment: a proposal in the batch file is dated the day it was made. */
  dayOf: (at: Date) => string;
  documents: SealedDocuments;
};

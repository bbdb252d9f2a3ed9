import type { BureauCreditReport, CreditApplicant } from '#domain/underwriting/credit-report';

export type { CreditApplicant };

/** One person's pull (the bureau's POST /reports answer: wasSuccessful, creditReportId, error). */
export type CreditPull =
  | {
      wasSuccessful: true;
      report: BureauCreditReport;
      /** Opaque id of the bureau's file, stored as s3Key. */ fileId: string;
    }
  | {
      wasSuccessful: false;
      /** The bureau's answer in plain words, stored as the disqualification reason. */ error: string;
    };

/**
 * Credit bureau: a soft pull of one person's credit file.
 * Every adapter passes tests/contracts/credit-bureau.contract.ts.
 */
export interface CreditBureau {
  /**
   * Pulls one file. A file the bureau cannot find or match answers `{ wasSuccessful: false, error }`;
   * a bureau that cannot be reached (or errs) rejects, and the flow records 'get credit reports failed'.
   * `asOf`: the day the file is pulled on; only the sandbox can pull on another day than today (the monitors
   * run over sandbox time).
   */
  pull(applicant: CreditApplicant, o?: { asOf?: Date }): Promise<CreditPull>;
}

import type { FastifyBaseLogger } from 'fastify';
import type { CreditBureau } from '#providers/credit-bureau/port';
import type { OpenUnit } from '#server/unit-of-work';
import { storePull, subjectDue } from './credit-store';

/** MONITOR_CREDIT_PULL_DAYS: days between two soft pulls of an enrolled customer's file (about monthly). */
export const DEFAULT_CREDIT_PULL_DAYS = 30;

export type CreditPullDeps = {
  /** The door to units of work: who is due is read in one, the report stored in a later one. */
  openUnit: OpenUnit;
  /** Called between the units, never inside one. */
  creditBureau: CreditBureau;
  log?: FastifyBaseLogger;
};

export type CreditPullOutcome = 'pulled' | 'notDue' | 'noFile' | 'failed';

/**
 * The periodic soft pull of one enrolled borrower's credit file, as of `asOf`, when the last pull is at least
 * `pullDays` old. Stores the report (its score and inquiries, which the alert rules compare with the pull
 * before: newCreditInquiry) and a risk score, and scores the debt again with it. The tradelines are not
 * stored again: the plan's debts were chosen from the application's report and stay as they are.
 *
 * Only the borrower's file is pulled: the spouse consented to one pull for the application. An application
 * never pulled (no report) is not pulled by the monitor either: the consent came with the application's pull.
 * The bureau is asked between two units (credit-store.ts): the second stores the report only if no other run
 * stored one for the same due date meanwhile.
 */
export async function pullCredit(
  deps: CreditPullDeps,
  o: { applicationId: string; asOf: Date; timeZone: string; pullDays?: number },
): Promise<CreditPullOutcome> {
  const when = { ...o, pullDays: o.pullDays ?? DEFAULT_CREDIT_PULL_DAYS };
  const subject = await deps.openUnit((unit) => subjectDue(unit, when));
  if (typeof subject === 'string') return subject;
  let pull;
  try {
    pull = await deps.creditBureau.pull(subject.applicant, { asOf: o.asOf });
  } catch (error) {
    deps.log?.warn(
      { err: error, applicationId: o.applicationId },
      'credit pull failed; tried again tomorrow',
    );
    return 'failed';
  }
  if (!pull.wasSuccessful) {
    deps.log?.warn({ applicationId: o.applicationId }, 'credit pull found no file; tried again tomorrow');
    return 'failed';
  }
  const stored = { fileId: pull.fileId, report: pull.report };
  return deps.openUnit((unit) => storePull(unit, { ...when, borrowerId: subject.borrowerId }, stored));
}

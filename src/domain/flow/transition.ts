import { AppError } from '../errors';
import type { ApplicationStatus } from './statuses';

// The application's lifecycle: the only moves between statuses. The server calls
// transition() for every change; anything not in the table is refused.

export type ApplicationEvent =
  /** The decision engine qualified the borrower (no budget change needed). */
  | 'decisionQualified'
  /** The borrower agreed to the proposed budget. */
  | 'budgetAgreed'
  /** The plan accepted on /offers/review. */
  | 'offersContinued'
  /** Every offer left out on /offers/review (reason allOffersLeftOut). */
  | 'offersLeftOut'
  /** A linked bank account was chosen on /payments/confirm-payment-account. */
  | 'paymentAccountConfirmed'
  /** An account and routing number were entered on /payments/provide-payment-account-information. */
  | 'paymentAccountEntered'
  /** The Letter of Authorization was signed. */
  | 'contractSigned'
  | 'qualityControlPassed'
  | 'qualityControlFailed'
  /**
   * A supervisor reopened a failed quality control: the application is back in counsellor review, to be
   * passed or failed again. Only a disqualification by quality control is reopened (the server checks).
   */
  | 'qualityControlReopened'
  /** Every offer has an answer and at least one was accepted (a DmpEnrollment is created). */
  | 'allOffersAnsweredWithAcceptance'
  /** Every offer was declined (reason allOffersDeclined). */
  | 'allOffersDeclined'
  /** The agency confirmed the hand-over (partnerCrmId set). */
  | 'transferConfirmed'
  /** Not licensed, no hardship, credit pull failed, no eligible debts, not qualified, or an estimate failed. */
  | 'disqualified';

export const APPLICATION_EVENTS = [
  'decisionQualified',
  'budgetAgreed',
  'offersContinued',
  'offersLeftOut',
  'paymentAccountConfirmed',
  'paymentAccountEntered',
  'contractSigned',
  'qualityControlPassed',
  'qualityControlFailed',
  'qualityControlReopened',
  'allOffersAnsweredWithAcceptance',
  'allOffersDeclined',
  'transferConfirmed',
  'disqualified',
] as const satisfies readonly ApplicationEvent[];

type Table = { [S in ApplicationStatus]: Partial<Record<ApplicationEvent, ApplicationStatus>> };

export const TRANSITIONS = {
  inProgress: {
    decisionQualified: 'acceptOffer',
    budgetAgreed: 'acceptOffer',
    disqualified: 'disqualified',
  },
  acceptOffer: { offersContinued: 'confirmPaymentAccount', offersLeftOut: 'disqualified' },
  confirmPaymentAccount: {
    paymentAccountConfirmed: 'signContract',
    paymentAccountEntered: 'signContract',
  },
  signContract: { contractSigned: 'counselorReview' },
  counselorReview: {
    qualityControlPassed: 'creditorReview',
    qualityControlFailed: 'disqualified',
  },
  creditorReview: {
    allOffersAnsweredWithAcceptance: 'transfer',
    allOffersDeclined: 'disqualified',
  },
  transfer: { transferConfirmed: 'transferred' },
  transferred: {},
  disqualified: { qualityControlReopened: 'counselorReview' },
} as const satisfies Table;

/** The status after `event`, or undefined when the table has no such move. */
export function nextStatus(from: ApplicationStatus, event: ApplicationEvent): ApplicationStatus | undefined {
  const row: Partial<Record<ApplicationEvent, ApplicationStatus>> = TRANSITIONS[from];
  return row[event];
}

export const canTransition = (from: ApplicationStatus, event: ApplicationEvent): boolean =>
  nextStatus(from, event) !== undefined;

/**
 * The status after `event`; throws AppError('InvalidTransition') for a move the table does not allow, with its
 * code's message (a borrower may read it, in their language) and the move it refused as its cause.
 */
export function transition(from: ApplicationStatus, event: ApplicationEvent): ApplicationStatus {
  const to = nextStatus(from, event);
  if (to === undefined) {
    throw new AppError('InvalidTransition', undefined, {
      cause: new Error(`No transition from ${from} on ${event}`),
    });
  }
  return to;
}

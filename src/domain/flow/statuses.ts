import { z } from 'zod';

// Application statuses; inProgress is the initial value.
export const APPLICATION_STATUSES = [
  'inProgress',
  'acceptOffer',
  'confirmPaymentAccount',
  'signContract',
  'counselorReview',
  'creditorReview',
  'transfer',
  'transferred',
  'disqualified',
] as const;

export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const INITIAL_STATUS: ApplicationStatus = 'inProgress';

export const applicationStatusSchema = z.enum(APPLICATION_STATUSES);

export const isApplicationStatus = (value: unknown): value is ApplicationStatus =>
  typeof value === 'string' && (APPLICATION_STATUSES as readonly string[]).includes(value);

/** The service portal's default status filter: every status except transferred. */
export const DEFAULT_SUMMARY_STATUSES: readonly ApplicationStatus[] = APPLICATION_STATUSES.filter(
  (s) => s !== 'transferred',
);

/**
 * The statuses of an application whose Letter of Authorization is signed: the customer portal is for these
 * borrowers only (any other is sent where the application stands).
 */
export const CUSTOMER_PORTAL_STATUSES: readonly ApplicationStatus[] = [
  'counselorReview',
  'creditorReview',
  'transfer',
  'transferred',
];

export const isCustomerPortalStatus = (status: ApplicationStatus): boolean =>
  CUSTOMER_PORTAL_STATUSES.includes(status);

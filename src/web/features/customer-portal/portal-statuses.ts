import type { ApplicationStatus } from '#domain/flow/statuses';

/**
 * The statuses of an application whose Letter of Authorization is signed: the customer portal is for these
 * borrowers only (any other goes where the application stands).
 */
export const PORTAL_STATUSES: readonly ApplicationStatus[] = [
  'counselorReview',
  'creditorReview',
  'transfer',
  'transferred',
];

export const isPortalStatus = (status: ApplicationStatus): boolean => PORTAL_STATUSES.includes(status);

import type { Cents } from '../money/cents';
import { ELIGIBLE_ACCOUNT_TYPES } from './constants';
import type { BureauCollection, BureauTradeline } from './credit-report';

// Which reported accounts a debt management plan can include.

/**
 * An unsecured account (credit card, charge account, flexible spending card, line of credit, unsecured loan)
 * with a balance. A closed account still qualifies while it carries a balance; closed and paid does not.
 */
export function isEligibleTradeline(
  t: Pick<BureauTradeline, 'accountType' | 'currentBalance' | 'dateClosed'>,
): boolean {
  return ELIGIBLE_ACCOUNT_TYPES.includes(t.accountType.trim().toUpperCase()) && t.currentBalance > 0;
}

/** A collection with a balance. */
export function isEligibleCollection(c: Pick<BureauCollection, 'currentBalance'>): boolean {
  return c.currentBalance > 0;
}

/** Sort comparator: largest current balance first. */
export function byBalanceDescending<T extends { currentBalance: Cents }>(a: T, b: T): number {
  return b.currentBalance - a.currentBalance;
}

import type { Cents } from '../money/cents';

// Every underwriting threshold in one place (DESIGN section 5; spec doc 2 section 9). Money in cents,
// rates and shares in basis points (1% = 100).

/** Assumed APR of a card when the bureau reports none: 21.9% (spec doc 2 section 9). */
export const ASSUMED_CURRENT_APR_BP = 2190;
/** The estimated current monthly payment is at least $25 (spec: minimum payment for a low balance). */
export const MINIMUM_ESTIMATED_PAYMENT: Cents = 2500;
/** The estimated current monthly payment repays 1% of the principal each month. */
export const MINIMUM_PRINCIPAL_SHARE_BP = 100;

/** Estimated shortfall = 1.75% of the total eligible balance − (income − estimated expenses). */
export const SHORTFALL_BALANCE_SHARE_BP = 175;
/** The confirm-income step is shown when the estimated shortfall exceeds $100. */
export const CONFIRM_INCOME_SHORTFALL_THRESHOLD: Cents = 10000;
/** Income threshold shown on confirm-income = income + shortfall − $100. */
export const INCOME_THRESHOLD_MARGIN: Cents = 10000;

/** No plan is needed when cashflow covers the current payments with $500 or more to spare. */
export const CASHFLOW_TOO_HIGH_MARGIN: Cents = 50000;
/** Selected eligible balances must total at least $1,000 (a common agency minimum). */
export const MINIMUM_ELIGIBLE_BALANCE: Cents = 100000;

/** A plan pays every account off within 60 months (NFCC plans: up to 60 months). */
export const MAX_PLAN_TERM_MONTHS = 60;
/** Proposed APR when a creditor's row does not say: 8%, the average DMP rate of a large nonprofit agency. */
export const DEFAULT_PROPOSED_APR_BP = 800;
/** NFCC standard plan: 2% of the balance a month. */
export const STANDARD_PAYMENT_BP = 200;
/** NFCC hardship plan: 1.75% of the balance a month. */
export const HARDSHIP_PAYMENT_BP = 175;
/** Smallest monthly payment a creditor takes on a plan, when its row does not say. */
export const DEFAULT_MINIMUM_PLAN_PAYMENT: Cents = 2500;
/** The borrower pays no fee: creditors fund the plan (spec doc 1 section 1). */
export const PLAN_FEE: Cents = 0;

/** Unsecured account types a DMP can include: credit card, charge account, flexible spending card, line of
 * credit, unsecured loan (DESIGN section 5). */
export const ELIGIBLE_ACCOUNT_TYPES: readonly string[] = ['CC', 'CH', 'FX', 'LC', 'US'];

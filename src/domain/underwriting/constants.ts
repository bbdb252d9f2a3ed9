import type { Cents } from '../money/cents';

// Every underwriting threshold in one place. Money in cents,
// rates and shares in basis points (1% = 100).

/** Assumed APR of a card when the bureau reports none: 21.9%. */
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

/** The answer assumed when a creditor has not answered a proposal within its programme's days. */
export const SILENT_DEFAULTS = ['accepted', 'declined'] as const;
export type SilentDefault = (typeof SILENT_DEFAULTS)[number];
/** Proposed APR when a creditor's row does not say: 8%, the average DMP rate of a large nonprofit agency. */
export const DEFAULT_PROPOSED_APR_BP = 800;
/** NFCC standard plan: 2% of the balance a month. */
export const STANDARD_PAYMENT_BP = 200;
/** NFCC hardship plan: 1.75% of the balance a month. */
export const HARDSHIP_PAYMENT_BP = 175;
/** Smallest monthly payment a creditor takes on a plan, when its row does not say. */
export const DEFAULT_MINIMUM_PLAN_PAYMENT: Cents = 2500;
/** The fee stored on each creditor's offer: none. The agency's own fees for the plan are in plan-fees.ts. */
export const PLAN_FEE: Cents = 0;

/** Unsecured account types a DMP can include: credit card, charge account, flexible spending card, line of
 * credit, unsecured loan. */
export const ELIGIBLE_ACCOUNT_TYPES: readonly string[] = ['CC', 'CH', 'FX', 'LC', 'US'];

// ------------------------------------------------------------------ income from bank transactions

/** Income is measured over the 90 days ending today (today and the 89 days before it). */
export const INCOME_WINDOW_DAYS = 90;
/** ...which is read as 3 months: monthly income = 90-day income / 3. */
export const INCOME_WINDOW_MONTHS = 3;
/** A payer is recurring once seen at least twice in the transaction history... */
export const MIN_RECURRING_DEPOSITS = 2;
/** ...on at least 2 calendar months, or at one of the regular cadences below. */
export const MIN_RECURRING_MONTHS = 2;
/**
 * Days between pay dates, smallest and largest, for each regular cadence. The slack allows for a pay date
 * that falls on a weekend or holiday and is paid a business day or two early or late (the 15th and the last
 * day of the month are 13 to 16 days apart before that shift).
 */
export const INCOME_CADENCE_DAYS = {
  weekly: [6, 8],
  biweekly: [13, 15],
  semimonthly: [12, 19],
  monthly: [27, 34],
} as const satisfies Record<string, readonly [number, number]>;

// ------------------------------------------------------------------ the enrolled plan

/**
 * The first plan payment is due on the 1st of a month at least 30 days after the plan is handed over to the
 * agency: the time it takes to send the proposals to the creditors and set up the first debit.
 */
export const FIRST_PAYMENT_MIN_DAYS = 30;
/** The payoff projection stops after 50 years: a balance still owed then is shown as never paid off. */
export const PAYOFF_PROJECTION_MAX_MONTHS = 600;
/** At most this many points go to the payoff chart (10 years month by month, plus month 0). */
export const PAYOFF_CHART_MAX_POINTS = 121;

// ------------------------------------------------------------------ the do-it-yourself payoff plan

/**
 * The extra monthly amount the do-it-yourself payoff plan shows the effect of: $50, a sum most households that
 * can afford their debts without a plan can find, and large enough to move the debt-free date visibly.
 */
export const PAYOFF_PLAN_EXTRA_PAYMENT: Cents = 5000;

// ------------------------------------------------------------------ the plan's drafts

/**
 * The first monthly draft is at least 5 business days after the letter is signed: the time the agency needs
 * to set up the debit with the borrower's bank, and notice enough for the borrower to have the money there.
 */
export const FIRST_DRAFT_MIN_BUSINESS_DAYS = 5;
/** Drafts fall on the 1st to the 28th, a day every month has. */
export const LAST_DRAFT_DAY_OF_MONTH = 28;
/** A changed monthly draft is announced at least this many days before the first draft it affects. */
export const CHANGED_DRAFT_NOTICE_DAYS = 10;

// ------------------------------------------------------------------ the letter's signing links

/**
 * A signing link works this many days from the moment it is issued: long enough for a borrower or a spouse to
 * find the email after a busy fortnight, short enough that a forgotten email in an old mailbox stops opening
 * the letter. A DocuSign envelope is sent with the same life (its expiration); a new link can always be asked for.
 */
export const SIGNING_LINK_LIFE_DAYS = 14;
/**
 * Once every signer signed, a link still opens for this many hours (to see that the letter is signed), then
 * it has expired: the signed copy is in the signer's email and, for the borrower, in the customer portal.
 */
export const SIGNING_LINK_AFTER_COMPLETION_HOURS = 24;
/** A signer may ask for at most this many new links an hour: enough for a lost email, too few to flood an inbox. */
export const SIGNING_LINK_RESENDS_PER_HOUR = 3;

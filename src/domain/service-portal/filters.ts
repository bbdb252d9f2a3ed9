import { z } from 'zod';
import { APPLICATION_STATUSES, type ApplicationStatus, DEFAULT_SUMMARY_STATUSES } from '../flow/statuses';
import { LANGUAGES, type Language } from '../i18n/language';
import { invalidMessage, MESSAGES } from '../validation/messages';
import { DATE_ORDER_MESSAGE, parseQueryDate, queryDateSchema } from './date-range';
import { SEARCH_VALUE_MAX_LENGTH } from './search';
import { MAX_QUEUE_PAGE, MAX_SUMMARY_PAGE } from './pagination';

// The service portal's filters (summary filters and debt filters).
// In a query string each category is a comma-separated list; an omitted category takes its default and an empty
// one ('applicationStatus=') means nothing ticked, which is refused with 'Please select at least one filter'.

export const CLAIMED_STATUSES = ['claimed', 'unclaimed'] as const;
export type ClaimedStatus = (typeof CLAIMED_STATUSES)[number];
/** Which contact fields the queue's search matches. */
export const CONTACT_INFORMATION_FIELDS = ['id', 'firstName', 'lastName', 'email', 'phone'] as const;
export type ContactInformationField = (typeof CONTACT_INFORMATION_FIELDS)[number];
export const DEBT_STATUSES = ['open', 'closed'] as const;
export type DebtStatus = (typeof DEBT_STATUSES)[number];
export const DEBT_DETAILS = ['hasBalance', 'hasBalanceAbove100', 'hasLatePayment'] as const;
export type DebtDetail = (typeof DEBT_DETAILS)[number];
export const PORTFOLIO_TYPES = ['installment', 'lineOfCredit', 'mortgage', 'open', 'revolving'] as const;
export type PortfolioType = (typeof PORTFOLIO_TYPES)[number];
/** The bureau codes the filter names; 'other' is any other code (or none). */
export const ACCOUNT_TYPE_CODES = ['AU', 'CC', 'CH', 'CV', 'FE', 'FX', 'LC', 'SM', 'ST', 'US'] as const;
export const ACCOUNT_TYPE_FILTERS = [...ACCOUNT_TYPE_CODES, 'other'] as const;
export type AccountTypeFilter = (typeof ACCOUNT_TYPE_FILTERS)[number];

/** The borrower's language filter: English, Spanish, or both ticked (every borrower). */
export const BORROWER_LANGUAGES = LANGUAGES;
/** Each language as the portal names it (the portal stays in English, so 'Spanish', not 'Español'). */
export const LANGUAGE_LABELS = { en: 'English', es: 'Spanish' } as const satisfies Record<Language, string>;

/**
 * The language a borrower's stored choice stands for: English when they never chose one (null) or when it is
 * anything the product does not offer, as the borrower-facing pages then show them English too.
 */
export const borrowerLanguageOf = (preferred: string | null | undefined): Language =>
  (LANGUAGES as readonly string[]).includes(preferred ?? '') ? (preferred as Language) : 'en';

/**
 * The language the spouse reads: their own stored choice, or the borrower's when they made none (null means
 * "the same as the borrower's", and follows the borrower's switch), as their emails and letter are written.
 */
export const spouseLanguageOf = (
  spousePreferred: string | null | undefined,
  borrowerPreferred: string | null | undefined,
): Language =>
  spousePreferred ? borrowerLanguageOf(spousePreferred) : borrowerLanguageOf(borrowerPreferred);

/** Whether a borrower's stored choice matches the ticked languages; the server runs the same rule as SQL. */
export const languageMatches = (ticked: readonly Language[], preferred: string | null | undefined): boolean =>
  ticked.includes(borrowerLanguageOf(preferred));

/** True when every language is ticked: the filter narrows nothing. */
export const languageFilterIsOpen = (ticked: readonly Language[]): boolean =>
  LANGUAGES.every((l) => ticked.includes(l));

/** 'Has balance above 100' means 100 dollars or more. */
export const BALANCE_ABOVE_100_CENTS = 10_000;

export type SummaryFilters = {
  applicationStatus: ApplicationStatus[];
  claimedStatus: ClaimedStatus[];
  /** Queue only. */
  contactInformation?: ContactInformationField[];
  /** The borrower's preferred language (null counts as English); both ticked by default. */
  language?: Language[];
};
export type DebtFilters = {
  debtStatus: DebtStatus[];
  debtDetail: DebtDetail[];
  portfolioType: PortfolioType[];
  accountType: AccountTypeFilter[];
};

export const DEFAULT_SUMMARY_FILTERS: SummaryFilters = {
  applicationStatus: [...DEFAULT_SUMMARY_STATUSES],
  claimedStatus: [...CLAIMED_STATUSES],
  language: [...BORROWER_LANGUAGES],
};
export const DEFAULT_DEBT_FILTERS: DebtFilters = {
  debtStatus: [...DEBT_STATUSES],
  debtDetail: [],
  portfolioType: [...PORTFOLIO_TYPES],
  accountType: [...ACCOUNT_TYPE_FILTERS],
};

/** Categories that need at least one option ticked; debtDetail is exempt. */
const REQUIRED_CATEGORIES = [
  'applicationStatus',
  'claimedStatus',
  'contactInformation',
  'language',
  'debtStatus',
  'portfolioType',
  'accountType',
] as const;

/** The first message per category, { category: 'Please select at least one filter' }; empty when valid. */
export function validateFilters(
  filters: Partial<SummaryFilters & DebtFilters>,
): Partial<Record<keyof (SummaryFilters & DebtFilters), string>> {
  const errors: Partial<Record<keyof (SummaryFilters & DebtFilters), string>> = {};
  for (const category of REQUIRED_CATEGORIES) {
    const ticked = filters[category];
    if (ticked !== undefined && ticked.length === 0) errors[category] = MESSAGES.filterRequired;
  }
  return errors;
}

/** Debt details are offered only under 'open': without it they do not apply. */
export const effectiveDebtDetail = (f: Pick<DebtFilters, 'debtStatus' | 'debtDetail'>): DebtDetail[] =>
  f.debtStatus.includes('open') ? [...new Set(f.debtDetail)] : [];

/** True when the debt filters narrow nothing, so borrowers without any debt still match. */
export function debtFiltersAreOpen(f: DebtFilters): boolean {
  return (
    DEBT_STATUSES.every((s) => f.debtStatus.includes(s)) &&
    effectiveDebtDetail(f).length === 0 &&
    PORTFOLIO_TYPES.every((p) => f.portfolioType.includes(p)) &&
    ACCOUNT_TYPE_FILTERS.every((a) => f.accountType.includes(a))
  );
}

/** The account type filter a bureau code falls under. */
export function accountTypeFilterOf(code: string | null | undefined): AccountTypeFilter {
  const upper = (code ?? '').trim().toUpperCase();
  return (ACCOUNT_TYPE_CODES as readonly string[]).includes(upper) ? (upper as AccountTypeFilter) : 'other';
}

/** What a debt or collection needs for the debt filters to judge it. */
export type DebtFacts = {
  dateClosed: string | null;
  currentBalance: number;
  pastDue: number | null;
  lateCount: number;
  portfolioType: string | null;
  accountType: string | null;
};

/**
 * Whether one debt matches the debt filters: its status is ticked, and an open debt meets every ticked detail;
 * its portfolio type (unless every one is ticked) and account type are ticked. The server runs the same rule as SQL; this is its reference.
 */
export function debtMatches(f: DebtFilters, d: DebtFacts): boolean {
  const open = d.dateClosed === null;
  if (!f.debtStatus.includes(open ? 'open' : 'closed')) return false;
  if (open) {
    for (const detail of effectiveDebtDetail(f)) {
      if (detail === 'hasBalance' && !(d.currentBalance > 0)) return false;
      if (detail === 'hasBalanceAbove100' && !(d.currentBalance >= BALANCE_ABOVE_100_CENTS)) return false;
      if (detail === 'hasLatePayment' && !(d.lateCount > 0 || (d.pastDue ?? 0) > 0)) return false;
    }
  }
  // Every type ticked means any type, including a debt the bureau gave none.
  const anyPortfolio = PORTFOLIO_TYPES.every((p) => f.portfolioType.includes(p));
  if (!anyPortfolio && !f.portfolioType.includes(d.portfolioType as PortfolioType)) return false;
  return f.accountType.includes(accountTypeFilterOf(d.accountType));
}

// ---------------------------------------------------------------- query strings

const UNKNOWN_OPTION = (option: string) => `Unknown filter option: ${option}`;

/** A comma-separated list of options (a repeated key works too); omitted → the default. */
function optionList<T extends string>(options: readonly T[], fallback: readonly T[]) {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value, ctx): T[] => {
      if (value === undefined) return [...fallback];
      const parts = [value]
        .flat()
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter((v) => v !== '');
      const unknown = parts.find((p) => !(options as readonly string[]).includes(p));
      if (unknown !== undefined) {
        ctx.addIssue({ code: 'custom', message: UNKNOWN_OPTION(unknown) });
        return z.NEVER;
      }
      return [...new Set(parts)] as T[];
    });
}

const flag = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');

// NUL and the other control characters are never typed into a search box, and the database refuses NUL in
// text (a 500): a filter's free text is refused with a message instead.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
export const CONTROL_CHARACTERS_MESSAGE = 'Please remove the control characters';
const filterText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => !CONTROL_CHARACTERS.test(v), { message: CONTROL_CHARACTERS_MESSAGE });

/** Serializes a list for a query string: the category's options, comma-separated. */
export const toOptionList = (values: readonly string[]): string => values.join(',');

type Refinable = { startDate?: string; endDate?: string } & Partial<SummaryFilters & DebtFilters>;

function refineFilters(q: Refinable, ctx: z.RefinementCtx) {
  for (const [category, message] of Object.entries(validateFilters(q))) {
    ctx.addIssue({ code: 'custom', message, path: [category] });
  }
  // This runs even when a date field was refused (zod goes on after a refinement's issue): a date that does
  // not parse has its own message already, and no order to check.
  const start = q.startDate === undefined ? undefined : parseQueryDate(q.startDate);
  const end = q.endDate === undefined ? undefined : parseQueryDate(q.endDate);
  if (start && end && start.getTime() > end.getTime()) {
    ctx.addIssue({ code: 'custom', message: DATE_ORDER_MESSAGE, path: ['endDate'] });
  }
}

const borrowerFilterShape = {
  applicationStatus: optionList(APPLICATION_STATUSES, DEFAULT_SUMMARY_FILTERS.applicationStatus),
  claimedStatus: optionList(CLAIMED_STATUSES, DEFAULT_SUMMARY_FILTERS.claimedStatus),
  language: optionList(BORROWER_LANGUAGES, BORROWER_LANGUAGES),
  startDate: queryDateSchema.optional(),
  endDate: queryDateSchema.optional(),
};

/** GET /api/staff/applications: the /summary list. */
export const summaryQuerySchema = z
  .strictObject({
    ...borrowerFilterShape,
    assignedToMe: flag,
    page: z.coerce.number().int().min(1).max(MAX_SUMMARY_PAGE).default(1),
  })
  .superRefine(refineFilters);
export type SummaryQuery = z.output<typeof summaryQuerySchema>;

export { MAX_QUEUE_PAGE };

/** GET /api/staff/queue: the /borrower-queue search, filters and page. */
export const queueQuerySchema = z
  .strictObject({
    ...borrowerFilterShape,
    contactInformation: optionList(CONTACT_INFORMATION_FIELDS, [...CONTACT_INFORMATION_FIELDS]),
    searchValue: filterText(SEARCH_VALUE_MAX_LENGTH * 2).optional(),
    assignedToMe: flag,
    /** Only the applications whose plan no longer fits the budget (after a leave-out, a decline or a counter-offer). */
    planNoLongerFits: flag,
    /** Only the plans whose newest draft outcome is a return the agency reported (no draft settled since). */
    returnedDrafts: flag,
    /** Only the plans with a payment to a creditor sent and neither posted nor rejected within the agency's window. */
    unpostedPayments: flag,
    debtStatus: optionList(DEBT_STATUSES, DEFAULT_DEBT_FILTERS.debtStatus),
    debtDetail: optionList(DEBT_DETAILS, DEFAULT_DEBT_FILTERS.debtDetail),
    portfolioType: optionList(PORTFOLIO_TYPES, DEFAULT_DEBT_FILTERS.portfolioType),
    accountType: optionList(ACCOUNT_TYPE_FILTERS, DEFAULT_DEBT_FILTERS.accountType),
    page: z.coerce.number().int().min(1).max(MAX_QUEUE_PAGE).default(1),
  })
  .superRefine(refineFilters);
export type QueueQuery = z.output<typeof queueQuerySchema>;

/** Attempts listed at most, newest first. */
export const CONTACT_SUMMARY_LIMIT = 1000;
/** Attempts on one page of the contact summary; the server reads one page at a time. */
export const CONTACT_SUMMARY_PAGE_SIZE = 50;
/** The last page the limit can fill: a page past it would list nothing, so it is refused. */
export const MAX_CONTACT_SUMMARY_PAGE = CONTACT_SUMMARY_LIMIT / CONTACT_SUMMARY_PAGE_SIZE;

/** GET /api/staff/contact-summary: contact attempts by date and by staff member, one page (1-based). */
export const contactSummaryQuerySchema = z
  .strictObject({
    startDate: queryDateSchema.optional(),
    endDate: queryDateSchema.optional(),
    contactedBy: filterText(100).min(1).optional(),
    page: z.coerce.number().int().min(1).max(MAX_CONTACT_SUMMARY_PAGE).default(1),
  })
  .superRefine(refineFilters);
export type ContactSummaryQuery = z.output<typeof contactSummaryQuerySchema>;

/** The largest row version: the column is a 32-bit integer, and a larger number made the database fail. */
export const MAX_ROW_VERSION = 2_147_483_647;

/** POST /api/staff/applications/:id/claim and /unclaim: the version the counsellor saw. */
export const claimBodySchema = z.strictObject({
  version: z
    .number({ error: invalidMessage('version') })
    .int({ error: invalidMessage('version') })
    .min(0, { error: invalidMessage('version') })
    .max(MAX_ROW_VERSION, { error: invalidMessage('version') }),
});
export type ClaimBody = z.output<typeof claimBodySchema>;

/**
 * POST /api/staff/applications/:id/unclaim: the version seen, and takeOver: true to release a claim another
 * counsellor holds (a deliberate act, recorded as a take-over); one's own claim is released without it.
 */
export const unclaimBodySchema = claimBodySchema.extend({
  takeOver: z.boolean({ error: invalidMessage('takeOver') }).optional(),
});
export type UnclaimBody = z.output<typeof unclaimBodySchema>;

import { clsx } from 'clsx';
import { useId, type ReactNode } from 'react';
import { APPLICATION_STATUSES, type ApplicationStatus } from '#domain/flow/statuses';
import type { Language } from '#domain/i18n/language';
import { parseQueryDate } from '#domain/service-portal/date-range';
import {
  ACCOUNT_TYPE_CODES,
  ACCOUNT_TYPE_FILTERS,
  BORROWER_LANGUAGES,
  CLAIMED_STATUSES,
  CONTACT_INFORMATION_FIELDS,
  DEBT_DETAILS,
  DEBT_STATUSES,
  DEFAULT_DEBT_FILTERS,
  DEFAULT_SUMMARY_FILTERS,
  MAX_QUEUE_PAGE,
  PORTFOLIO_TYPES,
  toOptionList,
  validateFilters,
  type AccountTypeFilter,
  type ClaimedStatus,
  type ContactInformationField,
  type DebtDetail,
  type DebtStatus,
  type PortfolioType,
} from '#domain/service-portal/filters';
import { SEARCH_VALUE_MAX_LENGTH } from '#domain/service-portal/search';
import { accountTypeName } from '#domain/underwriting/account-types';
import { DateRangeFilter } from '#web/features/service-portal/date-range-filter';
import { UNPOSTED_WINDOW_BUSINESS_DAYS } from '#domain/enrollment/agency-events';
import { LanguageFilter } from '#web/features/service-portal/language-filter';
import { claimedStatusOf, StatusFilter } from '#web/features/service-portal/status-filter';

// The /borrower-queue's search and filters. They live in the
// URL under the API's own names, so a reload, Back or a shared link shows the same queue: searchValue, page,
// startDate, endDate, assignedToMe and one comma-separated list per category (absent = the default, empty =
// nothing ticked, which is refused with 'Please select at least one filter' before anything is fetched).

export type QueueParams = {
  searchValue: string;
  page: number;
  startDate?: string;
  endDate?: string;
  assignedToMe: boolean;
  /** Only the applications whose plan no longer fits the borrower's budget. */
  planNoLongerFits: boolean;
  /** Only the plans whose newest draft was returned by the bank. */
  returnedDrafts: boolean;
  /** Only the plans with a payment to a creditor not posted within the agency's window. */
  unpostedPayments: boolean;
  applicationStatus: ApplicationStatus[];
  claimedStatus: ClaimedStatus[];
  contactInformation: ContactInformationField[];
  /** The borrower's preferred language: both (the default), 'en' or 'es'. */
  language: Language[];
  debtStatus: DebtStatus[];
  debtDetail: DebtDetail[];
  portfolioType: PortfolioType[];
  accountType: AccountTypeFilter[];
};

type ListKey =
  | 'applicationStatus'
  | 'claimedStatus'
  | 'contactInformation'
  | 'language'
  | 'debtStatus'
  | 'debtDetail'
  | 'portfolioType'
  | 'accountType';

const LISTS: { [K in ListKey]: { options: readonly QueueParams[K][number][]; fallback: QueueParams[K] } } = {
  applicationStatus: { options: APPLICATION_STATUSES, fallback: DEFAULT_SUMMARY_FILTERS.applicationStatus },
  claimedStatus: { options: CLAIMED_STATUSES, fallback: DEFAULT_SUMMARY_FILTERS.claimedStatus },
  contactInformation: { options: CONTACT_INFORMATION_FIELDS, fallback: [...CONTACT_INFORMATION_FIELDS] },
  language: { options: BORROWER_LANGUAGES, fallback: [...BORROWER_LANGUAGES] },
  debtStatus: { options: DEBT_STATUSES, fallback: DEFAULT_DEBT_FILTERS.debtStatus },
  debtDetail: { options: DEBT_DETAILS, fallback: DEFAULT_DEBT_FILTERS.debtDetail },
  portfolioType: { options: PORTFOLIO_TYPES, fallback: DEFAULT_DEBT_FILTERS.portfolioType },
  accountType: { options: ACCOUNT_TYPE_FILTERS, fallback: DEFAULT_DEBT_FILTERS.accountType },
};
const LIST_KEYS = Object.keys(LISTS) as ListKey[];

export const DEFAULT_QUEUE_PARAMS: QueueParams = {
  searchValue: '',
  page: 1,
  assignedToMe: false,
  planNoLongerFits: false,
  returnedDrafts: false,
  unpostedPayments: false,
  applicationStatus: [...DEFAULT_SUMMARY_FILTERS.applicationStatus],
  claimedStatus: [...DEFAULT_SUMMARY_FILTERS.claimedStatus],
  contactInformation: [...CONTACT_INFORMATION_FIELDS],
  language: [...BORROWER_LANGUAGES],
  ...structuredClone(DEFAULT_DEBT_FILTERS),
};

/** Options in their category's order, whatever order they were ticked or typed in (stable links and cache keys). */
function listParam<K extends ListKey>(params: URLSearchParams, key: K): QueueParams[K] {
  const { options, fallback } = LISTS[key];
  const raw = params.get(key);
  if (raw === null) return [...fallback] as QueueParams[K];
  const ticked = raw.split(',').map((v) => v.trim());
  // Unknown options (a hand-edited link) are dropped rather than refused.
  return options.filter((option) => ticked.includes(option)) as QueueParams[K];
}

const dateParam = (params: URLSearchParams, key: string) => {
  const value = params.get(key) ?? undefined;
  return value !== undefined && parseQueryDate(value) ? value : undefined;
};

/** Reads the queue's state from the page URL. */
export function readQueueParams(params: URLSearchParams): QueueParams {
  const startDate = dateParam(params, 'startDate');
  const endDate = startDate === undefined ? undefined : dateParam(params, 'endDate');
  const page = Number(params.get('page') ?? '1');
  return {
    searchValue: (params.get('searchValue') ?? '').slice(0, SEARCH_VALUE_MAX_LENGTH),
    page: Number.isInteger(page) && page >= 1 && page <= MAX_QUEUE_PAGE ? page : 1,
    startDate,
    // The calendar never gives an end before the start; such a link keeps the start only.
    endDate: endDate !== undefined && endDate >= startDate! ? endDate : undefined,
    assignedToMe: params.get('assignedToMe') === 'true',
    planNoLongerFits: params.get('planNoLongerFits') === 'true',
    returnedDrafts: params.get('returnedDrafts') === 'true',
    unpostedPayments: params.get('unpostedPayments') === 'true',
    applicationStatus: listParam(params, 'applicationStatus'),
    claimedStatus: listParam(params, 'claimedStatus'),
    contactInformation: listParam(params, 'contactInformation'),
    language: listParam(params, 'language'),
    debtStatus: listParam(params, 'debtStatus'),
    debtDetail: listParam(params, 'debtDetail'),
    portfolioType: listParam(params, 'portfolioType'),
    accountType: listParam(params, 'accountType'),
  };
}

const sameOptions = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v) => b.includes(v));

/**
 * The queue's state as a query string, defaults left out: both the page URL and GET /api/staff/queue read it
 * (the API takes the same names and the same defaults).
 */
export function writeQueueParams(q: QueueParams): URLSearchParams {
  const params = new URLSearchParams();
  const search = q.searchValue.trim();
  if (search !== '') params.set('searchValue', search);
  if (q.startDate !== undefined) params.set('startDate', q.startDate);
  if (q.endDate !== undefined) params.set('endDate', q.endDate);
  if (q.assignedToMe) params.set('assignedToMe', 'true');
  if (q.planNoLongerFits) params.set('planNoLongerFits', 'true');
  if (q.returnedDrafts) params.set('returnedDrafts', 'true');
  if (q.unpostedPayments) params.set('unpostedPayments', 'true');
  for (const key of LIST_KEYS) {
    if (!sameOptions(q[key], LISTS[key].fallback)) params.set(key, toOptionList(q[key]));
  }
  if (q.page > 1) params.set('page', String(q.page));
  return params;
}

/** 'Please select at least one filter' per category with nothing ticked (debt details are exempt). */
export const queueFilterErrors = (q: QueueParams) => validateFilters(q);

/** How many filters differ from the defaults (search and page aside), for the panel's toggle. */
export function activeFilterCount(q: QueueParams): number {
  let count = LIST_KEYS.filter((key) => !sameOptions(q[key], LISTS[key].fallback)).length;
  if (q.startDate !== undefined) count++;
  if (q.assignedToMe) count++;
  if (q.planNoLongerFits) count++;
  if (q.returnedDrafts) count++;
  if (q.unpostedPayments) count++;
  return count;
}

/**
 * Ticking a filter on what the agency reported also ticks Transferred, which the queue leaves out by default:
 * only a plan handed over has such events, and a filter that lists nothing until a second box is found helps
 * nobody. The status stays visible and can be unticked.
 */
export function withHandedOver(
  params: QueueParams,
  change: Partial<Pick<QueueParams, 'returnedDrafts' | 'unpostedPayments'>>,
): Partial<QueueParams> {
  const ticking = Object.values(change).some(Boolean);
  if (!ticking || params.applicationStatus.includes('transferred')) return change;
  return {
    ...change,
    applicationStatus: APPLICATION_STATUSES.filter(
      (s) => s === 'transferred' || params.applicationStatus.includes(s),
    ),
  };
}

// ------------------------------------------------------------------ labels

/** The filter of the plans that no longer fit the budget (after an offer left out, a decline or a counter-offer). */
export const PLAN_NO_LONGER_FITS_FILTER = 'Plan no longer fits the budget only';
/** The plans whose newest draft the bank returned (nothing settled since). */
export const RETURNED_DRAFTS_FILTER = 'Returned draft only';
/** The plans with a creditor's payment not posted within the agency's window. */
export const UNPOSTED_PAYMENTS_FILTER = `Payment not posted within ${UNPOSTED_WINDOW_BUSINESS_DAYS} business days only`;

export const DEBT_STATUS_LABELS = { open: 'Open', closed: 'Closed' } as const satisfies Record<
  DebtStatus,
  string
>;
/** 'Has balance above 100' means 100 dollars or more; the label says so. */
export const DEBT_DETAIL_LABELS = {
  hasBalance: 'Has balance',
  hasBalanceAbove100: 'Has balance of $100 or more',
  hasLatePayment: 'Has late payment',
} as const satisfies Record<DebtDetail, string>;
export const PORTFOLIO_TYPE_LABELS = {
  installment: 'Installment',
  lineOfCredit: 'Line of credit',
  mortgage: 'Mortgage',
  open: 'Open',
  revolving: 'Revolving',
} as const satisfies Record<PortfolioType, string>;
/** Account types as 'Name (code)'; 'Other' is any other code or none. */
export const ACCOUNT_TYPE_LABELS = Object.fromEntries([
  ...ACCOUNT_TYPE_CODES.map((code) => [code, accountTypeName(code) ?? code]),
  ['other', 'Other'],
]) as Record<AccountTypeFilter, string>;
/** The contact fields the search box matches. */
export const CONTACT_INFORMATION_LABELS = {
  id: 'ID',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
} as const satisfies Record<ContactInformationField, string>;

// ------------------------------------------------------------------ the panel

const BOX = 'size-4 shrink-0 rounded border-gray-400 accent-brand-600';
const OPTION = 'flex min-h-9 items-center gap-2 text-sm text-gray-800';
const LEGEND = 'flex items-center gap-2 text-sm font-medium text-gray-800';
const SMALL_BUTTON = 'rounded px-1.5 py-0.5 text-xs font-medium text-brand-700 hover:bg-brand-50';
const SECTION_HEADING = 'text-base font-semibold text-gray-900';

function CheckboxGroup<T extends string>({
  legend,
  options,
  labels,
  selected,
  onChange,
  error,
  allNone = false,
  columns = 1,
  renderAfter,
}: {
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  selected: readonly T[];
  onChange: (next: T[]) => void;
  error?: string;
  /** 'All' and 'None' shortcuts beside the legend. */
  allNone?: boolean;
  columns?: 1 | 2;
  /** Content nested under an option (debt details under Open). */
  renderAfter?: (option: T) => ReactNode;
}) {
  const errorId = useId();
  // Kept in the category's order so the URL does not depend on the order of the clicks.
  const set = (next: readonly T[]) => onChange(options.filter((o) => next.includes(o)));
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="min-w-0">
      <legend className={LEGEND}>
        {legend}
        {allNone && (
          <>
            <button
              type="button"
              className={SMALL_BUTTON}
              aria-label={`${legend}: all`}
              onClick={() => set(options)}
            >
              All
            </button>
            <button
              type="button"
              className={SMALL_BUTTON}
              aria-label={`${legend}: none`}
              onClick={() => set([])}
            >
              None
            </button>
          </>
        )}
      </legend>
      <div className={clsx('mt-1', columns === 2 && 'grid grid-cols-2 gap-x-4')}>
        {options.map((option) => (
          <div key={option} className={clsx(columns === 2 && renderAfter?.(option) && 'col-span-2')}>
            <label className={OPTION}>
              <input
                type="checkbox"
                className={BOX}
                checked={selected.includes(option)}
                onChange={(event) =>
                  set(event.target.checked ? [...selected, option] : selected.filter((s) => s !== option))
                }
              />
              {labels[option]}
            </label>
            {renderAfter?.(option)}
          </div>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export type QueueFiltersProps = {
  params: QueueParams;
  /** Applies a change; the page goes back to 1. */
  onChange: (patch: Partial<QueueParams>) => void;
  onReset: () => void;
  className?: string;
};

/** Borrower filters and debt filters of the queue; every change applies at once. */
export function QueueFilters({ params, onChange, onReset, className }: QueueFiltersProps) {
  const errors = queueFilterErrors(params);
  const claimed = params.claimedStatus.includes('claimed');
  const unclaimed = params.claimedStatus.includes('unclaimed');
  return (
    <div className={clsx('flex flex-col gap-6', className)}>
      <section aria-labelledby="queue-borrower-filters" className="flex flex-col gap-4">
        <h2 id="queue-borrower-filters" className={SECTION_HEADING}>
          Borrower filters
        </h2>
        <DateRangeFilter
          label="Created"
          // Without dates the queue searches every application (the lists default to the last 72 hours).
          emptyText="Any date"
          startDate={params.startDate}
          endDate={params.endDate}
          onChange={(next) => onChange({ startDate: next.startDate, endDate: next.endDate })}
        />
        <CheckboxGroup
          legend="Contact information (searched)"
          options={CONTACT_INFORMATION_FIELDS}
          labels={CONTACT_INFORMATION_LABELS}
          selected={params.contactInformation}
          error={errors.contactInformation}
          onChange={(contactInformation) => onChange({ contactInformation })}
        />
        <StatusFilter
          // Two status columns in the narrow sidebar of a wide screen (the filter's own grid has three).
          className="flex-col lg:[&_.grid]:grid-cols-2"
          statuses={params.applicationStatus}
          claimed={claimed}
          unclaimed={unclaimed}
          onChange={(next) =>
            onChange({ applicationStatus: next.statuses, claimedStatus: claimedStatusOf(next) })
          }
        />
        <label className={OPTION}>
          <input
            type="checkbox"
            className={BOX}
            checked={params.assignedToMe}
            onChange={(event) => onChange({ assignedToMe: event.target.checked })}
          />
          Assigned to me only
        </label>
        <label className={OPTION}>
          <input
            type="checkbox"
            className={BOX}
            checked={params.planNoLongerFits}
            onChange={(event) => onChange({ planNoLongerFits: event.target.checked })}
          />
          {PLAN_NO_LONGER_FITS_FILTER}
        </label>
        <label className={OPTION}>
          <input
            type="checkbox"
            className={BOX}
            checked={params.returnedDrafts}
            onChange={(event) => onChange(withHandedOver(params, { returnedDrafts: event.target.checked }))}
          />
          {RETURNED_DRAFTS_FILTER}
        </label>
        <label className={OPTION}>
          <input
            type="checkbox"
            className={BOX}
            checked={params.unpostedPayments}
            onChange={(event) => onChange(withHandedOver(params, { unpostedPayments: event.target.checked }))}
          />
          {UNPOSTED_PAYMENTS_FILTER}
        </label>
        <LanguageFilter selected={params.language} onChange={(language) => onChange({ language })} />
      </section>

      <section aria-labelledby="queue-debt-filters" className="flex flex-col gap-4">
        <h2 id="queue-debt-filters" className={SECTION_HEADING}>
          Debt filters
        </h2>
        <CheckboxGroup
          legend="Debt status"
          options={DEBT_STATUSES}
          labels={DEBT_STATUS_LABELS}
          selected={params.debtStatus}
          error={errors.debtStatus}
          onChange={(debtStatus) => onChange({ debtStatus })}
          renderAfter={(status) =>
            // Debt details apply to open debts only, so they show only while Open is ticked.
            status === 'open' && params.debtStatus.includes('open') ? (
              <div className="ml-6 border-l border-gray-200 pl-3">
                <CheckboxGroup
                  legend="Debt details"
                  options={DEBT_DETAILS}
                  labels={DEBT_DETAIL_LABELS}
                  selected={params.debtDetail}
                  onChange={(debtDetail) => onChange({ debtDetail })}
                />
              </div>
            ) : null
          }
        />
        <CheckboxGroup
          legend="Portfolio types"
          options={PORTFOLIO_TYPES}
          labels={PORTFOLIO_TYPE_LABELS}
          selected={params.portfolioType}
          error={errors.portfolioType}
          onChange={(portfolioType) => onChange({ portfolioType })}
          allNone
        />
        <CheckboxGroup
          legend="Account types"
          options={ACCOUNT_TYPE_FILTERS}
          labels={ACCOUNT_TYPE_LABELS}
          selected={params.accountType}
          error={errors.accountType}
          onChange={(accountType) => onChange({ accountType })}
          allNone
        />
      </section>

      <button
        type="button"
        onClick={onReset}
        className="min-h-11 self-start rounded-lg border border-gray-300 px-4 text-sm font-semibold text-gray-800 hover:bg-gray-100"
      >
        Reset filters
      </button>
    </div>
  );
}

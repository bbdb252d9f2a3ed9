import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  ALERT_TYPE_LABELS,
  type AlertView,
  type SummaryListItem,
  type SummaryListView,
} from '#domain/flow/staff-views';
import { APPLICATION_STATUSES, type ApplicationStatus } from '#domain/flow/statuses';
import { bySeverity } from '#domain/monitoring/alert-severity';
import { formatCardDate, formatFilterDate, parseQueryDate } from '#domain/service-portal/date-range';
import type { Language } from '#domain/i18n/language';
import {
  BORROWER_LANGUAGES,
  CLAIMED_STATUSES,
  DEFAULT_SUMMARY_FILTERS,
  toOptionList,
  validateFilters,
  type ClaimedStatus,
} from '#domain/service-portal/filters';
import { MAX_SUMMARY_PAGE } from '#domain/service-portal/pagination';
import { MESSAGES } from '#domain/validation/messages';
import { ApiError } from '#web/lib/api';
import { Pagination } from '#web/components/ui/pagination';
import { summaryListQuery } from '#web/features/service-portal/api';
import { DateRangeFilter, dateRangeText } from '#web/features/service-portal/date-range-filter';
import { LoadError, PORTAL_LINK_CLASS, PortalPage } from '#web/features/service-portal/portal-layout';
import {
  APPLICATION_STATUS_LABELS,
  claimedStatusOf,
  StatusFilter,
} from '#web/features/service-portal/status-filter';
import { LanguageBadge, LanguageFilter } from '#web/features/service-portal/language-filter';
import { useStaffMe } from '#web/features/service-portal/use-staff-session';
import { EmailFailuresNotice } from './email-failures-notice';
import { TodaysCalls } from '#web/features/service-portal/counselling/calls';

// /summary: applications by status and creation date with borrower details
// and alerts. Every filter lives in the URL under the API's own names, so a reload or a shared link shows the
// same list: startDate, endDate, applicationStatus, claimedStatus (comma-separated; absent = the default,
// empty = nothing ticked), assignedToMe, and the table's page. The server sends one page at a time.
/** Alerts listed in a row before '+N more'. */
const ALERTS_SHOWN = 3;

export type SummaryFiltersState = {
  startDate?: string;
  endDate?: string;
  applicationStatus: ApplicationStatus[];
  claimedStatus: ClaimedStatus[];
  /** The borrower's preferred language: both (the default), 'en' or 'es'. */
  language: Language[];
  assignedToMe: boolean;
  /** 1-based; a hand-edited link's nonsense reads as the first page. */
  page: number;
};

/** An option list from the URL: absent → the default; unknown values (a hand-edited link) are dropped. */
function listParam<T extends string>(
  params: URLSearchParams,
  key: string,
  options: readonly T[],
  fallback: T[],
) {
  const raw = params.get(key);
  if (raw === null) return [...fallback];
  const ticked = raw.split(',').map((v) => v.trim());
  return options.filter((option) => ticked.includes(option));
}

const dateParam = (params: URLSearchParams, key: string) => {
  const value = params.get(key) ?? undefined;
  return value !== undefined && parseQueryDate(value) ? value : undefined;
};

export function summaryFiltersFromSearch(params: URLSearchParams): SummaryFiltersState {
  const startDate = dateParam(params, 'startDate');
  const endDate = startDate === undefined ? undefined : dateParam(params, 'endDate');
  return {
    startDate,
    // An end before the start cannot come from the calendar; ignore it rather than show an error.
    endDate: endDate !== undefined && endDate >= startDate! ? endDate : undefined,
    applicationStatus: listParam(
      params,
      'applicationStatus',
      APPLICATION_STATUSES,
      DEFAULT_SUMMARY_FILTERS.applicationStatus,
    ),
    claimedStatus: listParam(
      params,
      'claimedStatus',
      CLAIMED_STATUSES,
      DEFAULT_SUMMARY_FILTERS.claimedStatus,
    ),
    language: listParam(params, 'language', BORROWER_LANGUAGES, [...BORROWER_LANGUAGES]),
    assignedToMe: params.get('assignedToMe') === 'true',
    page: pageParam(params),
  };
}

function pageParam(params: URLSearchParams) {
  const page = Number(params.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= MAX_SUMMARY_PAGE ? page : 1;
}

/** Both languages ticked: the default, left out of links. */
const sameLanguages = (ticked: readonly Language[]) =>
  ticked.length === BORROWER_LANGUAGES.length && BORROWER_LANGUAGES.every((l) => ticked.includes(l));

/** The query string of GET /api/staff/applications for these filters. */
export function summaryQueryString(f: SummaryFiltersState): string {
  const params = new URLSearchParams();
  if (f.startDate) params.set('startDate', f.startDate);
  if (f.endDate) params.set('endDate', f.endDate);
  params.set('applicationStatus', toOptionList(f.applicationStatus));
  params.set('claimedStatus', toOptionList(f.claimedStatus));
  if (!sameLanguages(f.language)) params.set('language', toOptionList(f.language));
  if (f.assignedToMe) params.set('assignedToMe', 'true');
  if (f.page > 1) params.set('page', String(f.page));
  return params.toString();
}

const STATUS_BADGE: Record<ApplicationStatus, string> = {
  inProgress: 'bg-sky-50 text-sky-800 ring-sky-200',
  acceptOffer: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
  confirmPaymentAccount: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
  signContract: 'bg-violet-50 text-violet-800 ring-violet-200',
  counselorReview: 'bg-amber-50 text-amber-900 ring-amber-300',
  creditorReview: 'bg-orange-50 text-orange-900 ring-orange-200',
  transfer: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  transferred: 'bg-gray-100 text-gray-700 ring-gray-300',
  disqualified: 'bg-red-50 text-red-800 ring-red-200',
};

export function StatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        STATUS_BADGE[status],
      )}
    >
      {APPLICATION_STATUS_LABELS[status]}
    </span>
  );
}

const borrowerName = (item: SummaryListItem) =>
  [item.borrower?.firstName, item.borrower?.lastName].filter(Boolean).join(' ') || MESSAGES.nameUnavailable;

/**
 * The row's alerts: those that still hold first, most severe first (the list comes newest first, which a
 * type keeps), then the cleared ones; how many hold and how many are new above them.
 */
function Alerts({ alerts }: { alerts: AlertView[] }) {
  if (alerts.length === 0) return <span className="text-gray-500">None</span>;
  const active = bySeverity(alerts.filter((a) => a.clearedAt === null));
  const ordered = [...active, ...alerts.filter((a) => a.clearedAt !== null)];
  const unseen = active.filter((a) => !a.hasBeenSeenByCustomerServiceRepresentative).length;
  return (
    <div className="flex min-w-0 flex-col items-start gap-1">
      {active.length > 0 && (
        <span className="text-xs font-semibold text-gray-800">
          {active.length === 1 ? '1 alert' : `${active.length} alerts`}
          {unseen > 0 && <span className="text-amber-800"> · {unseen} new</span>}
        </span>
      )}
      <ul className="flex flex-wrap gap-1">
        {ordered.slice(0, ALERTS_SHOWN).map((alert) => {
          const isNew = !alert.hasBeenSeenByCustomerServiceRepresentative && alert.clearedAt === null;
          return (
            <li
              key={alert.id}
              className={clsx(
                'rounded px-1.5 py-0.5 text-xs',
                isNew ? 'bg-amber-100 font-medium text-amber-900' : 'bg-gray-100 text-gray-700',
              )}
            >
              {ALERT_TYPE_LABELS[alert.type]} · {formatFilterDate(alert.date.slice(0, 10))}
              {alert.clearedAt && ' · cleared'}
              {isNew && <span className="sr-only"> (new)</span>}
            </li>
          );
        })}
        {ordered.length > ALERTS_SHOWN && (
          <li className="px-1 text-xs text-gray-600">+{ordered.length - ALERTS_SHOWN} more</li>
        )}
      </ul>
    </div>
  );
}

export const SUMMARY_COLUMNS = [
  'Created',
  'Borrower',
  'Email',
  'Phone',
  'Status',
  'Assigned To',
  'Alerts',
] as const;

/** On a phone each row becomes a card whose cells carry their column name. */
const CELL = 'px-3 py-2 align-top max-md:flex max-md:gap-3 max-md:px-0 max-md:py-1';
const CELL_LABEL = 'w-28 shrink-0 text-xs font-medium text-gray-600 md:hidden';

function ApplicationsTable({ items, meId }: { items: SummaryListItem[]; meId: string }) {
  return (
    <table className="w-full border-collapse text-sm text-gray-900 max-md:block">
      <caption className="sr-only">Applications, newest first</caption>
      <thead className="max-md:sr-only">
        <tr className="border-b border-gray-200 bg-gray-50 text-left text-xs tracking-wide text-gray-600 uppercase">
          {SUMMARY_COLUMNS.map((column) => (
            <th key={column} scope="col" className="px-3 py-2 font-semibold">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="max-md:block max-md:space-y-3">
        {items.map((item) => (
          <tr
            key={item.id}
            className="border-b border-gray-100 hover:bg-gray-50 max-md:block max-md:rounded-lg max-md:border max-md:border-gray-200 max-md:p-3"
          >
            <td className={clsx(CELL, 'whitespace-nowrap tabular-nums')}>
              <span className={CELL_LABEL}>Created</span>
              {formatCardDate(item.createdAt)}
            </td>
            <td className={CELL}>
              <span className={CELL_LABEL}>Borrower</span>
              <span className="min-w-0">
                <Link
                  to={`/borrower-summary?id=${encodeURIComponent(item.id)}`}
                  className={clsx(PORTAL_LINK_CLASS, 'font-semibold')}
                >
                  {borrowerName(item)}
                </Link>
                {item.borrower && (
                  <LanguageBadge language={item.borrower.preferredLanguage} className="ml-2" />
                )}
                {item.borrower && (
                  <span className="block font-mono text-xs break-all text-gray-600 md:break-normal md:whitespace-nowrap">
                    <span className="sr-only">Borrower ID </span>
                    {item.borrower.id}
                  </span>
                )}
              </span>
            </td>
            <td className={clsx(CELL, 'break-all md:break-normal md:whitespace-nowrap')}>
              <span className={CELL_LABEL}>Email</span>
              {item.borrower?.email ?? '—'}
            </td>
            <td className={clsx(CELL, 'whitespace-nowrap tabular-nums')}>
              <span className={CELL_LABEL}>Phone</span>
              {item.borrower?.phoneNumber ?? '—'}
            </td>
            <td className={CELL}>
              <span className={CELL_LABEL}>Status</span>
              <StatusBadge status={item.status} />
            </td>
            <td className={CELL}>
              <span className={CELL_LABEL}>Assigned To</span>
              {item.assignedTo ? (
                <span className="md:whitespace-nowrap">
                  {item.assignedTo.name}
                  {item.assignedTo.id === meId && <span className="font-semibold"> (You)</span>}
                </span>
              ) : (
                <span className="text-gray-500">Unclaimed</span>
              )}
            </td>
            <td className={CELL}>
              <span className={CELL_LABEL}>Alerts</span>
              <Alerts alerts={item.alerts} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** How many applications each selected status lists over every page ('1000+' past the list's limit). */
function StatusCounts({ list }: { list: SummaryListView }) {
  return (
    <ul aria-label="Applications by status" className="flex flex-wrap gap-2">
      {list.counts.map(({ status, count }) => (
        <li key={status} className="flex items-center gap-1.5 text-sm">
          <StatusBadge status={status} />
          <span className="font-semibold tabular-nums">
            {count}
            {list.truncatedStatuses.includes(status) && '+'}
          </span>
        </li>
      ))}
    </ul>
  );
}

const loadErrorMessage = (error: unknown) =>
  error instanceof ApiError && (error.code === 'NetworkError' || error.status === 400)
    ? error.message
    : 'The applications could not be loaded. Please try again.';

export function Component() {
  const me = useStaffMe();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = summaryFiltersFromSearch(searchParams);
  const errors = validateFilters({
    applicationStatus: filters.applicationStatus,
    claimedStatus: filters.claimedStatus,
  });
  const valid = Object.keys(errors).length === 0;
  const queryString = summaryQueryString(filters);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();

  const list = useQuery({
    ...summaryListQuery(queryString),
    enabled: valid,
    placeholderData: keepPreviousData,
  });

  /** Writes filters to the URL (replacing the entry: each tick is not a step back) and returns to page 1. */
  const update = (patch: Partial<Omit<SummaryFiltersState, 'page'>>) => {
    const next = { ...filters, ...patch };
    const params = new URLSearchParams();
    if (next.startDate) params.set('startDate', next.startDate);
    if (next.endDate) params.set('endDate', next.endDate);
    if (toOptionList(next.applicationStatus) !== toOptionList(DEFAULT_SUMMARY_FILTERS.applicationStatus))
      params.set('applicationStatus', toOptionList(next.applicationStatus));
    if (toOptionList(next.claimedStatus) !== toOptionList(DEFAULT_SUMMARY_FILTERS.claimedStatus))
      params.set('claimedStatus', toOptionList(next.claimedStatus));
    if (!sameLanguages(next.language)) params.set('language', toOptionList(next.language));
    if (next.assignedToMe) params.set('assignedToMe', 'true');
    setSearchParams(params, { replace: true });
  };

  const items = list.data?.items ?? [];
  const pageCount = list.data?.pageCount ?? 1;
  const page = list.data?.page ?? filters.page;
  const setPage = (next: number) => {
    const params = new URLSearchParams(searchParams);
    if (next === 1) params.delete('page');
    else params.set('page', String(next));
    setSearchParams(params);
  };

  return (
    <PortalPage
      title="Summary"
      actions={
        <div className="flex items-center gap-2">
          <Link
            to="/contact-summary"
            className={clsx(PORTAL_LINK_CLASS, 'inline-flex min-h-11 items-center px-2')}
          >
            Contact Summary
          </Link>
          <Link
            to="/agency-events-file"
            className={clsx(PORTAL_LINK_CLASS, 'inline-flex min-h-11 items-center px-2')}
          >
            Agency events file
          </Link>
          <button
            type="button"
            onClick={() => void list.refetch()}
            disabled={!valid || list.isFetching}
            className="min-h-11 rounded-lg border border-gray-300 px-4 font-medium text-gray-800 hover:bg-gray-100 disabled:opacity-60"
          >
            Refresh
          </button>
        </div>
      }
    >
      <EmailFailuresNotice />
      <TodaysCalls />
      {/* On a phone the filters fold away so the list starts on the first screen. */}
      <button
        type="button"
        aria-expanded={filtersOpen}
        aria-controls={filtersId}
        onClick={() => setFiltersOpen((v) => !v)}
        className="mb-3 inline-flex min-h-11 items-center gap-2 rounded-lg border border-gray-300 px-4 font-medium text-gray-800 hover:bg-gray-100 md:hidden"
      >
        {filtersOpen ? 'Hide filters' : 'Show filters'}
        <span className="text-sm font-normal text-gray-600">({dateRangeText(filters)})</span>
      </button>
      <section
        id={filtersId}
        aria-label="Filters"
        className={clsx(
          'flex-wrap items-start gap-x-8 gap-y-4 rounded-lg border border-gray-200 bg-gray-50 p-4',
          // Always shown on wider screens; a filter error keeps it open on a phone too.
          filtersOpen || !valid ? 'flex' : 'hidden md:flex',
        )}
      >
        <div className="flex flex-col gap-3">
          <DateRangeFilter
            startDate={filters.startDate}
            endDate={filters.endDate}
            onChange={(dates) => update({ startDate: dates.startDate, endDate: dates.endDate })}
          />
          <label className="flex min-h-9 items-center gap-2 text-sm font-medium text-gray-800">
            <input
              type="checkbox"
              className="size-4 rounded border-gray-400 accent-brand-600"
              checked={filters.assignedToMe}
              onChange={(event) => update({ assignedToMe: event.target.checked })}
            />
            Assigned to me
          </label>
        </div>
        <StatusFilter
          statuses={filters.applicationStatus}
          claimed={filters.claimedStatus.includes('claimed')}
          unclaimed={filters.claimedStatus.includes('unclaimed')}
          onChange={(v) => update({ applicationStatus: v.statuses, claimedStatus: claimedStatusOf(v) })}
        />
        <LanguageFilter selected={filters.language} onChange={(language) => update({ language })} />
      </section>

      <div className="mt-4" aria-busy={list.isFetching || undefined}>
        {!valid ? null : list.isPending ? (
          <p role="status" className="py-8 text-center text-gray-700">
            Loading applications...
          </p>
        ) : list.isError && !list.data ? (
          <LoadError message={loadErrorMessage(list.error)} onRetry={() => void list.refetch()} />
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3">
              {list.data && <StatusCounts list={list.data} />}
              <p role="status" className="text-sm text-gray-700">
                {list.isFetching ? 'Updating...' : `${list.data?.total ?? 0} applications`}
              </p>
            </div>
            {list.isError && (
              <p role="alert" className="mt-2 text-sm text-red-700">
                {loadErrorMessage(list.error)}
              </p>
            )}
            {list.data && list.data.truncatedStatuses.length > 0 && (
              <p className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
                Showing the newest {list.data.limit} applications for{' '}
                {list.data.truncatedStatuses.map((s) => APPLICATION_STATUS_LABELS[s]).join(', ')}. Narrow the
                dates to see the rest.
              </p>
            )}
            {items.length === 0 && (list.data?.total ?? 0) > 0 ? (
              // A link kept from a busier moment can point past the last page.
              <p className="mt-4 rounded-lg bg-gray-50 p-6 text-center text-gray-700">
                This page is past the end of the list.{' '}
                <button type="button" className={PORTAL_LINK_CLASS} onClick={() => setPage(1)}>
                  Go to the first page
                </button>
              </p>
            ) : items.length === 0 ? (
              <p className="mt-4 rounded-lg bg-gray-50 p-6 text-center text-gray-700">
                No applications match these filters.
              </p>
            ) : (
              <div className="mt-3 md:overflow-x-auto md:rounded-lg md:border md:border-gray-200">
                <ApplicationsTable items={items} meId={me.id} />
              </div>
            )}
            <div className="mt-4">
              <Pagination
                pageCount={pageCount}
                page={page}
                onPageChange={setPage}
                label="Applications pages"
              />
            </div>
          </>
        )}
      </div>
    </PortalPage>
  );
}

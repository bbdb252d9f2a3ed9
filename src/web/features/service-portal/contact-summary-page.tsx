import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatCardDate, parseQueryDate } from '#domain/service-portal/date-range';
import { MAX_CONTACT_SUMMARY_PAGE } from '#domain/service-portal/filters';
import {
  CONTACT_ATTEMPT_REASON_LABELS,
  CONTACT_METHOD_LABELS,
  contactOutcomeLabel,
} from '#domain/validation/staff';
import { ApiError } from '#web/lib/api';
import { Pagination } from '#web/components/ui/pagination';
import { contactSummaryQuery, staffUsersQuery } from './api';
import { DateRangeFilter } from './date-range-filter';
import { LoadError, PORTAL_LINK_CLASS, PortalPage } from './portal-layout';
import { useStaffMe } from './use-staff-session';

// /contact-summary: the contact history across borrowers, filterable by date and by staff member. The filters
// live in the URL (startDate, endDate, contactedBy, page) so a reload keeps them. The server sends one page at a
// time, with the count the pagination control needs, so a busy agency's answer stays small.

export const EVERYONE = 'Everyone';

export const CONTACT_SUMMARY_COLUMNS = [
  'Date',
  'Borrower',
  'Method',
  'Outcome',
  'Received an offer',
  'Contacted By',
  'Reasons',
] as const;

// Widened for lookups by a stored string; a value outside the lists shows as stored.
const METHOD_LABELS: Partial<Record<string, string>> = CONTACT_METHOD_LABELS;
const REASON_LABELS: Partial<Record<string, string>> = CONTACT_ATTEMPT_REASON_LABELS;
const methodLabel = (method: string | null) => (method === null ? '—' : (METHOD_LABELS[method] ?? method));
const reasonLabel = (key: string) => REASON_LABELS[key] ?? key;
const yesNo = (value: boolean | null) => (value === null ? '—' : value ? 'Yes' : 'No');

const dateParam = (params: URLSearchParams, key: string) => {
  const value = params.get(key) ?? undefined;
  return value !== undefined && parseQueryDate(value) ? value : undefined;
};

export function contactFiltersFromSearch(params: URLSearchParams) {
  const startDate = dateParam(params, 'startDate');
  const endDate = startDate === undefined ? undefined : dateParam(params, 'endDate');
  return {
    startDate,
    endDate: endDate !== undefined && endDate >= startDate! ? endDate : undefined,
    contactedBy: params.get('contactedBy') || undefined,
  };
}

/** The page in the URL; one the server would refuse (not a whole number, or past the last page it lists) is 1. */
export function contactPageFromSearch(params: URLSearchParams): number {
  const page = Number(params.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= MAX_CONTACT_SUMMARY_PAGE ? page : 1;
}

/** '57 contact attempts'; '1,000+ contact attempts' when the window holds more than the list shows. */
export const contactCountText = (view: { total: number; totalIsCapped: boolean }): string =>
  `${view.total.toLocaleString('en-US')}${view.totalIsCapped ? '+' : ''} contact attempts`;

const CELL = 'px-3 py-2 align-top max-md:flex max-md:gap-3 max-md:px-0 max-md:py-1';
const CELL_LABEL = 'w-32 shrink-0 text-xs font-medium text-gray-600 md:hidden';

const loadErrorMessage = (error: unknown) =>
  error instanceof ApiError && (error.code === 'NetworkError' || error.status === 400)
    ? error.message
    : 'The contact history could not be loaded. Please try again.';

export function Component() {
  const me = useStaffMe();
  const staffSelectId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = contactFiltersFromSearch(searchParams);
  const query = new URLSearchParams();
  if (filters.startDate) query.set('startDate', filters.startDate);
  if (filters.endDate) query.set('endDate', filters.endDate);
  if (filters.contactedBy) query.set('contactedBy', filters.contactedBy);
  const requestedPage = contactPageFromSearch(searchParams);
  if (requestedPage > 1) query.set('page', String(requestedPage));
  const queryString = query.toString();

  const staff = useQuery(staffUsersQuery());
  const list = useQuery({
    ...contactSummaryQuery(queryString),
    placeholderData: keepPreviousData,
  });

  /** A filter change starts again at page 1. */
  const update = (patch: Partial<typeof filters>) => {
    const next = { ...filters, ...patch };
    const params = new URLSearchParams();
    if (next.startDate) params.set('startDate', next.startDate);
    if (next.endDate) params.set('endDate', next.endDate);
    if (next.contactedBy) params.set('contactedBy', next.contactedBy);
    setSearchParams(params, { replace: true });
  };

  const items = list.data?.items ?? [];
  const setPage = (next: number) => {
    const params = new URLSearchParams(searchParams);
    if (next === 1) params.delete('page');
    else params.set('page', String(next));
    setSearchParams(params);
  };
  const users = staff.data?.users ?? [];
  // A staff member in the URL who is not (or not yet) in the list still shows as selected.
  const unknownSelected =
    filters.contactedBy !== undefined && !users.some((u) => u.id === filters.contactedBy);

  return (
    <PortalPage title="Contact Summary">
      <section
        aria-label="Filters"
        className="flex flex-wrap items-start gap-x-8 gap-y-4 rounded-lg border border-gray-200 bg-gray-50 p-4"
      >
        <DateRangeFilter
          startDate={filters.startDate}
          endDate={filters.endDate}
          onChange={(dates) => update({ startDate: dates.startDate, endDate: dates.endDate })}
        />
        <div>
          <label htmlFor={staffSelectId} className="block text-sm font-medium text-gray-800">
            Staff member
          </label>
          <select
            id={staffSelectId}
            value={filters.contactedBy ?? ''}
            onChange={(event) => update({ contactedBy: event.target.value || undefined })}
            className="mt-1 block min-h-11 w-full min-w-56 rounded-md border border-gray-300 bg-white px-3 text-gray-900 shadow-sm"
          >
            <option value="">{EVERYONE}</option>
            {unknownSelected && (
              <option value={filters.contactedBy}>{staff.isPending ? 'Loading...' : 'Unknown'}</option>
            )}
            {users.map((user) => (
              <option key={user.id} value={user.id}>
                {user.name}
                {user.id === me.id ? ' (You)' : ''}
              </option>
            ))}
          </select>
          {staff.isError && <p className="mt-1 text-sm text-red-700">The staff list could not be loaded.</p>}
        </div>
      </section>

      <div className="mt-4" aria-busy={list.isFetching || undefined}>
        {list.isPending ? (
          <p role="status" className="py-8 text-center text-gray-700">
            Loading contact history...
          </p>
        ) : list.isError && !list.data ? (
          <LoadError message={loadErrorMessage(list.error)} onRetry={() => void list.refetch()} />
        ) : (
          <>
            <p role="status" className="text-sm text-gray-700">
              {list.isFetching || !list.data ? 'Updating...' : contactCountText(list.data)}
            </p>
            {list.isError && (
              <p role="alert" className="mt-2 text-sm text-red-700">
                {loadErrorMessage(list.error)}
              </p>
            )}
            {list.data?.totalIsCapped && (
              <p className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
                Only the newest {list.data.limit.toLocaleString('en-US')} contact attempts are listed. Narrow
                the dates to see the rest.
              </p>
            )}
            {items.length === 0 && list.data && list.data.total > 0 ? (
              // A page past the last one (an old link, or attempts removed since): the count says there are some.
              <div className="mt-4 flex flex-col items-center gap-3 rounded-lg bg-gray-50 p-6 text-center text-gray-700">
                <p>
                  There is no page {list.data.page}; the list has {list.data.pageCount}{' '}
                  {list.data.pageCount === 1 ? 'page' : 'pages'}.
                </p>
                <button
                  type="button"
                  onClick={() => setPage(1)}
                  className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
                >
                  Go to page 1
                </button>
              </div>
            ) : items.length === 0 ? (
              <p className="mt-4 rounded-lg bg-gray-50 p-6 text-center text-gray-700">
                No contact attempts match these filters.
              </p>
            ) : (
              <div className="mt-3 md:overflow-x-auto md:rounded-lg md:border md:border-gray-200">
                <table className="w-full border-collapse text-sm text-gray-900 max-md:block">
                  <caption className="sr-only">Contact attempts, newest first</caption>
                  <thead className="max-md:sr-only">
                    <tr className="border-b border-gray-200 bg-gray-50 text-left text-xs tracking-wide text-gray-600 uppercase">
                      {CONTACT_SUMMARY_COLUMNS.map((column) => (
                        <th key={column} scope="col" className="px-3 py-2 font-semibold">
                          {column}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className="max-md:block max-md:space-y-3">
                    {items.map((attempt) => {
                      const reasons = attempt.reasons.filter((r) => r.value).map((r) => reasonLabel(r.key));
                      return (
                        <tr
                          key={attempt.id}
                          className="border-b border-gray-100 hover:bg-gray-50 max-md:block max-md:rounded-lg max-md:border max-md:border-gray-200 max-md:p-3"
                        >
                          <td className={clsx(CELL, 'whitespace-nowrap tabular-nums')}>
                            <span className={CELL_LABEL}>Date</span>
                            {formatCardDate(attempt.createdAt)}
                          </td>
                          <td className={CELL}>
                            <span className={CELL_LABEL}>Borrower</span>
                            <Link
                              to={`/borrower-summary?id=${encodeURIComponent(attempt.applicationId)}`}
                              className={clsx(PORTAL_LINK_CLASS, 'font-semibold')}
                            >
                              {attempt.borrowerName}
                            </Link>
                          </td>
                          <td className={clsx(CELL, 'whitespace-nowrap')}>
                            <span className={CELL_LABEL}>Method</span>
                            {methodLabel(attempt.method)}
                          </td>
                          <td className={CELL}>
                            <span className={CELL_LABEL}>Outcome</span>
                            {/* One flex item on a phone: the notes go under the outcome, not beside it. */}
                            <span className="min-w-0">
                              {contactOutcomeLabel(attempt.outcome) ?? '—'}
                              {attempt.notes && (
                                <span className="block text-xs break-words whitespace-pre-line text-gray-700">
                                  {attempt.notes}
                                </span>
                              )}
                            </span>
                          </td>
                          <td className={CELL}>
                            <span className={CELL_LABEL}>Received an offer</span>
                            {yesNo(attempt.didTheBorrowerReceiveAnOffer)}
                          </td>
                          <td className={CELL}>
                            <span className={CELL_LABEL}>Contacted By</span>
                            <span className="md:whitespace-nowrap">
                              {attempt.contactedBy.name}
                              {attempt.contactedBy.id === me.id && (
                                <span className="font-semibold"> (You)</span>
                              )}
                            </span>
                          </td>
                          <td className={CELL}>
                            <span className={CELL_LABEL}>Reasons</span>
                            {reasons.length === 0 ? (
                              <span className="text-gray-500">None</span>
                            ) : (
                              <ul className="list-disc pl-4">
                                {reasons.map((reason) => (
                                  <li key={reason}>{reason}</li>
                                ))}
                              </ul>
                            )}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            )}
            {list.data && items.length > 0 && (
              <div className="mt-4">
                <Pagination
                  pageCount={list.data.pageCount}
                  page={list.data.page}
                  onPageChange={setPage}
                  label="Contact attempts pages"
                />
              </div>
            )}
          </>
        )}
      </div>
    </PortalPage>
  );
}

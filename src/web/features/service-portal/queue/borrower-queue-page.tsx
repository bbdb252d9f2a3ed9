import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { QueueView } from '#domain/flow/staff-views';
import { SEARCH_VALUE_MAX_LENGTH } from '#domain/service-portal/search';
import { MESSAGES } from '#domain/validation/messages';
import { ApiError } from '#web/lib/api';
import { INPUT_CLASS, LABEL_CLASS } from '#web/components/ui/form/styles';
import { Pagination } from '#web/components/ui/pagination';
import { queueQuery } from '#web/features/service-portal/api';
import { BorrowerTile } from './borrower-tile';
import { LoadError, PortalPage } from '#web/features/service-portal/portal-layout';
import {
  activeFilterCount,
  DEFAULT_QUEUE_PARAMS,
  QueueFilters,
  queueFilterErrors,
  readQueueParams,
  writeQueueParams,
  type QueueParams,
} from './queue-filters';
import { RepInfoPanel } from './rep-info-panel';

// /borrower-queue: the rep info panel, then a searchable, filterable list of borrower
// tiles, 10 a page, newest first. Search, filters and page are all in the URL (see queue-filters.tsx).

export const QUEUE_TITLE = 'Borrower Queue';
/** Not in the spec (it names no text for a failed queue read); ours. */
export const QUEUE_LOAD_FAILED = 'There was a problem getting the borrower queue. Please try again.';
export const QUEUE_EMPTY = 'No borrowers match your search and filters.';

const BUTTON =
  'inline-flex min-h-11 items-center justify-center rounded-lg px-4 text-sm font-semibold disabled:opacity-60';
const PRIMARY = clsx(BUTTON, 'bg-brand-700 text-white hover:bg-brand-800');
const SECONDARY = clsx(BUTTON, 'border border-gray-300 text-gray-800 hover:bg-gray-100');

export function Component() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readQueueParams(searchParams), [searchParams]);
  const errors = queueFilterErrors(params);
  const filtersValid = Object.keys(errors).length === 0;
  const query = writeQueueParams(params).toString();

  const queue = useQuery({
    ...queueQuery(query),
    enabled: filtersValid,
    // The previous page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });

  /** Search and filter changes start again at page 1; a new search is a history entry, a ticked box is not. */
  const update = (patch: Partial<QueueParams>, how: { push?: boolean } = {}) =>
    void setSearchParams(writeQueueParams({ ...params, page: 1, ...patch }), { replace: !how.push });

  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const goToPage = (page: number) => {
    update({ page }, { push: true });
    // Keyboard and screen-reader users land on the new page's list, not on the pagination control.
    resultsHeading.current?.focus();
  };

  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const activeFilters = activeFilterCount(params);

  return (
    <PortalPage title={QUEUE_TITLE}>
      <div className="flex flex-col gap-4">
        <RepInfoPanel rep={queue.data?.rep} />
        {/* Keyed by the URL's value: Back, a reload or Clear show what is searched. */}
        <SearchBox
          key={params.searchValue}
          value={params.searchValue}
          onSearch={(searchValue) => update({ searchValue }, { push: true })}
        />

        <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
          <div>
            <button
              type="button"
              aria-expanded={filtersOpen}
              aria-controls={filtersId}
              onClick={() => setFiltersOpen((open) => !open)}
              className="flex min-h-11 w-full items-center justify-between rounded-lg border border-gray-300 px-4 text-sm font-semibold text-gray-800 hover:bg-gray-100 lg:hidden"
            >
              <span>Filters{activeFilters > 0 ? ` (${activeFilters} active)` : ''}</span>
              <span aria-hidden="true">{filtersOpen ? '▲' : '▼'}</span>
            </button>
            <aside
              id={filtersId}
              aria-label="Filters"
              // Always shown on wide screens; on a phone behind the toggle unless a category needs fixing.
              className={clsx(
                'mt-3 rounded-lg border border-gray-200 bg-white p-4 lg:mt-0 lg:block',
                !filtersOpen && filtersValid && 'hidden',
              )}
            >
              <QueueFilters
                params={params}
                onChange={(patch) => update(patch)}
                onReset={() => update({ ...DEFAULT_QUEUE_PARAMS, searchValue: params.searchValue })}
              />
            </aside>
          </div>

          <section aria-labelledby="queue-results-heading" className="min-w-0">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2
                id="queue-results-heading"
                ref={resultsHeading}
                tabIndex={-1}
                className="text-lg font-semibold text-gray-900 focus:outline-none"
              >
                Borrowers
              </h2>
              {filtersValid && queue.data && (
                <p aria-live="polite" className="text-sm text-gray-700 tabular-nums">
                  {countText(queue.data)}
                </p>
              )}
            </div>
            <div className="mt-3">
              <Results
                params={params}
                filtersValid={filtersValid}
                queue={queue}
                onPage={goToPage}
                onClearSearch={() => update({ searchValue: '' }, { push: true })}
                onResetFilters={() => update({ ...DEFAULT_QUEUE_PARAMS, searchValue: params.searchValue })}
              />
            </div>
          </section>
        </div>
      </div>
    </PortalPage>
  );
}

/** 'Showing 11–20 of 57 borrowers'; 'of 1,000+ borrowers' where the count stopped at its cap. */
export function countText(
  view: Pick<QueueView, 'page' | 'pageSize' | 'total' | 'tiles'> & { totalIsCapped?: boolean },
): string {
  const total = `${view.total.toLocaleString('en-US')}${view.totalIsCapped ? '+' : ''}`;
  if (view.total === 0 || view.tiles.length === 0) return `${total} ${plural(view.total)}`;
  const from = (view.page - 1) * view.pageSize + 1;
  const to = from + view.tiles.length - 1;
  return `Showing ${from.toLocaleString('en-US')}–${to.toLocaleString('en-US')} of ${total} ${plural(view.total)}`;
}
const plural = (n: number) => (n === 1 ? 'borrower' : 'borrowers');

function Results({
  params,
  filtersValid,
  queue,
  onPage,
  onClearSearch,
  onResetFilters,
}: {
  params: QueueParams;
  filtersValid: boolean;
  queue: UseQueryResult<QueueView>;
  onPage: (page: number) => void;
  onClearSearch: () => void;
  onResetFilters: () => void;
}) {
  if (!filtersValid) {
    return (
      <Notice>
        <p>{MESSAGES.filterRequired}: every filter category except debt details needs at least one option.</p>
        <button type="button" className={SECONDARY} onClick={onResetFilters}>
          Reset filters
        </button>
      </Notice>
    );
  }
  if (queue.isError && !queue.data) {
    const message =
      queue.error instanceof ApiError && (queue.error.code === 'NetworkError' || queue.error.status === 400)
        ? queue.error.message
        : QUEUE_LOAD_FAILED;
    return <LoadError message={message} onRetry={() => void queue.refetch()} />;
  }
  if (!queue.data) {
    return (
      <div role="status" className="flex items-center gap-3 py-10 text-gray-700">
        <span
          aria-hidden="true"
          className="size-6 rounded-full border-4 border-brand-100 border-t-brand-700 motion-safe:animate-spin"
        />
        Loading borrowers...
      </div>
    );
  }

  const view = queue.data;
  if (view.tiles.length === 0) {
    if (view.total > 0) {
      return (
        <Notice>
          <p>
            There is no page {view.page}; the list has {view.pageCount}{' '}
            {view.pageCount === 1 ? 'page' : 'pages'}.
          </p>
          <button type="button" className={PRIMARY} onClick={() => onPage(1)}>
            Go to page 1
          </button>
        </Notice>
      );
    }
    return (
      <Notice>
        <p>{QUEUE_EMPTY}</p>
        <div className="flex flex-wrap gap-2">
          {params.searchValue !== '' && (
            <button type="button" className={SECONDARY} onClick={onClearSearch}>
              Clear search
            </button>
          )}
          {activeFilterCount(params) > 0 && (
            <button type="button" className={SECONDARY} onClick={onResetFilters}>
              Reset filters
            </button>
          )}
        </div>
      </Notice>
    );
  }

  const stale = queue.isPlaceholderData;
  return (
    <div className="flex flex-col gap-4">
      {queue.isError && (
        <LoadError
          message={
            queue.error instanceof ApiError && queue.error.code === 'NetworkError'
              ? queue.error.message
              : QUEUE_LOAD_FAILED
          }
          onRetry={() => void queue.refetch()}
        />
      )}
      <ul
        aria-label="Borrower tiles"
        aria-busy={stale || undefined}
        className={clsx(
          'grid grid-cols-1 gap-3 transition-opacity sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2 2xl:grid-cols-3',
          stale && 'opacity-60',
        )}
      >
        {view.tiles.map((tile) => (
          <li key={tile.applicationId}>
            <BorrowerTile tile={tile} />
          </li>
        ))}
      </ul>
      <Pagination
        pageCount={view.pageCount}
        page={view.page}
        onPageChange={onPage}
        label="Borrower queue pages"
      />
    </div>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed border-gray-300 bg-gray-50 p-6 text-gray-800">
      {children}
    </div>
  );
}

/**
 * The search box: matches ids, names, email and phone (case-insensitive; the server strips brackets and escapes
 * plus signs). It searches on Enter or the button; what the URL says is what it shows after Back or a reload.
 */
function SearchBox({ value, onSearch }: { value: string; onSearch: (value: string) => void }) {
  const [draft, setDraft] = useState(value);
  const inputId = useId();
  const hintId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };

  return (
    <form role="search" onSubmit={submit} className="flex flex-col gap-1">
      <label htmlFor={inputId} className={LABEL_CLASS}>
        Search borrowers
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={inputId}
          type="search"
          name="searchValue"
          value={draft}
          maxLength={SEARCH_VALUE_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={hintId}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && draft !== '') {
              event.preventDefault();
              setDraft('');
              if (value !== '') onSearch('');
            }
          }}
          className={clsx(INPUT_CLASS, 'mt-0 min-h-11 min-w-0 flex-1 basis-64')}
        />
        <button type="submit" className={PRIMARY}>
          Search
        </button>
        {value !== '' && (
          <button
            type="button"
            className={SECONDARY}
            onClick={() => {
              setDraft('');
              onSearch('');
            }}
          >
            Clear
          </button>
        )}
      </div>
      <p id={hintId} className="text-sm text-gray-600">
        Borrower or application ID, first or last name, email or phone.
      </p>
    </form>
  );
}

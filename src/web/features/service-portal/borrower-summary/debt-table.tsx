import { clsx } from 'clsx';
import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { DebtRowView } from '#domain/flow/staff-views';
import { formatDollars } from '#domain/money/cents';
import { maskedAccountNumber } from '#web/components/ui/offer-rows';
import { Pagination } from '#web/components/ui/pagination';
import { formatDay, Missing, orMissing, yesNo } from './summary-overview';

// The debt table: all 15 columns, sortable by each, 10 a page,
// current balance descending by default. Sort and page live in the URL (debtSort, debtOrder, debtPage) so a
// reload or a link keeps them.

/** The debt table shows 10 rows a page. */
export const DEBT_TABLE_PAGE_SIZE = 10;

export type DebtSortKey =
  | 'isEligibleForDmp'
  | 'creditor'
  | 'accountType'
  | 'currentBalance'
  | 'source'
  | 'id'
  | 'accountClosed'
  | 'accountNumberLast4'
  | 'dateOpened'
  | 'dateClosed'
  | 'ecoaDesignator'
  | 'highCredit'
  | 'pastDue'
  | 'scheduledMonthlyPayment'
  | 'mostRecentPaymentDate';
export type SortOrder = 'asc' | 'desc';

type Column = {
  key: DebtSortKey;
  label: string;
  numeric?: boolean;
  render: (row: DebtRowView) => ReactNode;
};

const money = (cents: number | null) => (cents === null ? <Missing /> : formatDollars(cents));
const day = (value: string | null) => orMissing(formatDay(value));

/** Debt IDs are UUIDs: the first 8 characters tell rows apart; the whole ID is in the tooltip. */
export const SHORT_ID_LENGTH = 8;

function ShortId({ id }: { id: string }) {
  const short = id.length > SHORT_ID_LENGTH ? `${id.slice(0, SHORT_ID_LENGTH)}…` : id;
  return (
    <span className="font-mono text-xs" title={id}>
      {short}
    </span>
  );
}

export const SOURCE_LABELS = { debt: 'Debt', collection: 'Collection' } as const;

/** Beside a debt the borrower added that the credit report does not show: check it against a statement. */
export const SELF_REPORTED_MARK = 'Self-reported — verify';

/** The columns in the spec's order and words. */
export const DEBT_TABLE_COLUMNS: readonly Column[] = [
  { key: 'isEligibleForDmp', label: 'Is Eligible for DMP', render: (r) => yesNo(r.isEligibleForDmp) },
  {
    key: 'creditor',
    label: 'Creditor',
    render: (r) =>
      r.isSelfReported ? (
        <>
          {r.creditor}{' '}
          <span className="ml-1 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900">
            {SELF_REPORTED_MARK}
          </span>
        </>
      ) : (
        r.creditor
      ),
  },
  { key: 'accountType', label: 'Type', render: (r) => orMissing(r.accountType) },
  {
    key: 'currentBalance',
    label: 'Current Balance',
    numeric: true,
    render: (r) => formatDollars(r.currentBalance),
  },
  { key: 'source', label: 'Source', render: (r) => SOURCE_LABELS[r.source] },
  { key: 'id', label: 'Debt ID', render: (r) => <ShortId id={r.id} /> },
  { key: 'accountClosed', label: 'Account Closed', render: (r) => yesNo(r.accountClosed) },
  {
    key: 'accountNumberLast4',
    label: 'Account Number',
    render: (r) => (r.accountNumberLast4 ? maskedAccountNumber(r.accountNumberLast4) : <Missing />),
  },
  { key: 'dateOpened', label: 'Date Opened', render: (r) => day(r.dateOpened) },
  { key: 'dateClosed', label: 'Date Closed', render: (r) => day(r.dateClosed) },
  { key: 'ecoaDesignator', label: 'ECOA Designator', render: (r) => orMissing(r.ecoaDesignator) },
  { key: 'highCredit', label: 'High Credit', numeric: true, render: (r) => money(r.highCredit) },
  { key: 'pastDue', label: 'Past Due', numeric: true, render: (r) => money(r.pastDue) },
  {
    key: 'scheduledMonthlyPayment',
    label: 'Scheduled Monthly Payment',
    numeric: true,
    render: (r) => money(r.scheduledMonthlyPayment),
  },
  {
    key: 'mostRecentPaymentDate',
    label: 'Most Recent Payment Date',
    render: (r) => day(r.mostRecentPaymentDate),
  },
];

export const DEFAULT_DEBT_SORT: { key: DebtSortKey; order: SortOrder } = {
  key: 'currentBalance',
  order: 'desc',
};

const isSortKey = (value: string | null): value is DebtSortKey =>
  DEBT_TABLE_COLUMNS.some((c) => c.key === value);

type Comparable = string | number | boolean | null;

const compareValues = (a: Comparable, b: Comparable): number => {
  if (typeof a === 'string' && typeof b === 'string')
    return a.localeCompare(b, 'en', { sensitivity: 'base' });
  return Number(a) - Number(b);
};

/**
 * The rows sorted by one column. Empty values go last in either order; ties keep the default order (balance
 * descending, then creditor), so paging through a sorted table is stable.
 */
export function sortDebts(rows: readonly DebtRowView[], key: DebtSortKey, order: SortOrder): DebtRowView[] {
  const direction = order === 'asc' ? 1 : -1;
  return [...rows].sort((x, y) => {
    const a: Comparable = x[key];
    const b: Comparable = y[key];
    if (a === null || b === null) {
      if (a !== b) return a === null ? 1 : -1;
    } else {
      const byKey = compareValues(a, b) * direction;
      if (byKey !== 0) return byKey;
    }
    return (
      y.currentBalance - x.currentBalance || x.creditor.localeCompare(y.creditor) || x.id.localeCompare(y.id)
    );
  });
}

/** Sort and page from the URL, falling back to the defaults for anything missing or unknown. */
function useDebtTableState(rowCount: number) {
  const [params, setParams] = useSearchParams();
  const rawKey = params.get('debtSort');
  const key = isSortKey(rawKey) ? rawKey : DEFAULT_DEBT_SORT.key;
  const rawOrder = params.get('debtOrder');
  const order: SortOrder = rawOrder === 'asc' || rawOrder === 'desc' ? rawOrder : DEFAULT_DEBT_SORT.order;
  const pageCount = Math.max(1, Math.ceil(rowCount / DEBT_TABLE_PAGE_SIZE));
  const rawPage = Number(params.get('debtPage'));
  const page = Number.isInteger(rawPage) && rawPage >= 1 ? Math.min(rawPage, pageCount) : 1;

  const update = (next: { key: DebtSortKey; order: SortOrder; page: number }) =>
    setParams(
      (current) => {
        const p = new URLSearchParams(current);
        const isDefaultSort = next.key === DEFAULT_DEBT_SORT.key && next.order === DEFAULT_DEBT_SORT.order;
        if (isDefaultSort) {
          p.delete('debtSort');
          p.delete('debtOrder');
        } else {
          p.set('debtSort', next.key);
          p.set('debtOrder', next.order);
        }
        if (next.page === 1) p.delete('debtPage');
        else p.set('debtPage', String(next.page));
        return p;
      },
      { replace: true, preventScrollReset: true },
    );

  return {
    key,
    order,
    page,
    pageCount,
    /** A new column starts with its natural order (amounts largest first); the same column flips. */
    sortBy: (column: Column) =>
      update({
        key: column.key,
        order: column.key === key ? (order === 'asc' ? 'desc' : 'asc') : column.numeric ? 'desc' : 'asc',
        page: 1,
      }),
    goTo: (nextPage: number) => update({ key, order, page: nextPage }),
  };
}

function SortIcon({ order }: { order: SortOrder | undefined }) {
  return (
    <svg viewBox="0 0 12 16" aria-hidden="true" className="size-3 shrink-0" fill="currentColor">
      <path d="M6 1 10 6H2z" className={order === 'asc' ? 'opacity-100' : 'opacity-30'} />
      <path d="M6 15 2 10h8z" className={order === 'desc' ? 'opacity-100' : 'opacity-30'} />
    </svg>
  );
}

export const DEBT_TABLE_EMPTY = 'There are no debts or collections on the credit report.';

/** The Debts tab's table. */
export function DebtTable({ debts }: { debts: readonly DebtRowView[] }) {
  const captionId = useId();
  const state = useDebtTableState(debts.length);
  if (debts.length === 0)
    return <p className="rounded-lg bg-gray-50 p-4 text-gray-700">{DEBT_TABLE_EMPTY}</p>;
  const sorted = sortDebts(debts, state.key, state.order);
  const first = (state.page - 1) * DEBT_TABLE_PAGE_SIZE;
  const rows = sorted.slice(first, first + DEBT_TABLE_PAGE_SIZE);
  const sortedColumn = DEBT_TABLE_COLUMNS.find((c) => c.key === state.key)!;
  const description = `Debts: ${debts.length} in all, sorted by ${sortedColumn.label} (${state.order === 'asc' ? 'ascending' : 'descending'})`;
  return (
    <div className="grid gap-3">
      <p className="text-sm text-gray-700" aria-hidden="true">
        {description}
      </p>
      <div
        role="region"
        aria-labelledby={captionId}
        tabIndex={0}
        className="relative overflow-x-auto rounded-lg border border-gray-200 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <table className="w-full border-collapse text-sm text-gray-900">
          <caption id={captionId} className="sr-only">
            {description}
          </caption>
          <thead className="bg-gray-50 text-xs text-gray-700">
            <tr>
              {DEBT_TABLE_COLUMNS.map((column) => {
                const active = column.key === state.key;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={active ? (state.order === 'asc' ? 'ascending' : 'descending') : undefined}
                    className={clsx(
                      'p-0 align-bottom font-semibold',
                      column.numeric ? 'text-right' : 'text-left',
                    )}
                  >
                    <button
                      type="button"
                      onClick={() => state.sortBy(column)}
                      className={clsx(
                        'inline-flex min-h-10 w-full items-center gap-1 px-2 py-1.5 hover:bg-gray-100 hover:text-gray-900',
                        column.numeric && 'justify-end',
                        active && 'text-brand-800',
                      )}
                    >
                      <span className="max-w-32 text-balance">{column.label}</span>
                      <SortIcon order={active ? state.order : undefined} />
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.id}
                className={clsx('border-t border-gray-200', !row.isEligibleForDmp && 'text-gray-600')}
              >
                {DEBT_TABLE_COLUMNS.map((column) =>
                  column.key === 'creditor' ? (
                    <th
                      key={column.key}
                      scope="row"
                      className="px-2 py-1.5 text-left font-medium whitespace-nowrap"
                    >
                      {column.render(row)}
                    </th>
                  ) : (
                    <td
                      key={column.key}
                      className={clsx(
                        'px-2 py-1.5 whitespace-nowrap',
                        column.numeric && 'text-right tabular-nums',
                      )}
                    >
                      {column.render(row)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-gray-700">
          Showing {first + 1}–{first + rows.length} of {debts.length}
        </p>
        <Pagination
          label="Debt table pages"
          pageCount={state.pageCount}
          page={state.page}
          onPageChange={state.goTo}
        />
      </div>
    </div>
  );
}

import { clsx } from 'clsx';
import { useId } from 'react';
import { formatDollars } from '#domain/money/cents';

/** One creditor's offer, as plain data so the application flow and the service portal can both show it. */
export type OffersTableRow = {
  id: string;
  creditorName: string;
  /** The name the credit bureau reports for the account (shown with showDetails). */
  bureauName?: string | null;
  /** Last four digits only (shown with showDetails as '...1234'). */
  accountNumberLast4?: string | null;
  /** Integer cents. */
  currentBalance: number;
  /** Estimated current monthly payment, integer cents. */
  currentMonthlyPayment: number;
  /** Integer cents. */
  newMonthlyPayment: number;
  /** New payment term in months. */
  term: number;
};

export type OffersTableProps = {
  rows: readonly OffersTableRow[];
  /** Adds the bureau's name for the account and the masked account number under each creditor. */
  showDetails?: boolean;
  caption?: string;
  className?: string;
};

export const OFFERS_TABLE_COLUMNS = [
  'Creditor',
  'Current balance',
  'Estimated current monthly payment',
  'New monthly payment',
  'Term (months)',
] as const;

export const OFFERS_TABLE_EMPTY = 'There are no creditor offers to show.';

/** Offer table creditors sorted by current balance, descending (name breaks ties). */
export function sortOffersByBalance<T extends OffersTableRow>(rows: readonly T[]): T[] {
  return [...rows].sort(
    (a, b) => b.currentBalance - a.currentBalance || a.creditorName.localeCompare(b.creditorName),
  );
}

export const maskedAccountNumber = (last4: string): string => `...${last4}`;

const CELL = 'px-3 py-2.5 text-right tabular-nums whitespace-nowrap';

/**
 * The creditor offers table with a totals row. On a narrow screen the table keeps
 * its columns and scrolls sideways inside a focusable, labelled region, so a keyboard user can scroll it too.
 */
export function OffersTable({
  rows,
  showDetails = false,
  caption = 'Creditor offers',
  className,
}: OffersTableProps) {
  const captionId = useId();
  if (rows.length === 0) {
    return <p className={clsx('rounded-lg bg-gray-50 p-4 text-gray-700', className)}>{OFFERS_TABLE_EMPTY}</p>;
  }
  const sorted = sortOffersByBalance(rows);
  const sum = (pick: (row: OffersTableRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return (
    <div className={className}>
      <p className="mb-1 text-xs text-gray-600 sm:hidden">Scroll the table sideways to see every column.</p>
      <div
        role="region"
        aria-labelledby={captionId}
        tabIndex={0}
        // relative: the sr-only text in the last column is absolutely positioned; without a positioned
        // scroll box it escapes the clipping and makes the whole page scroll sideways on a phone.
        className="relative overflow-x-auto rounded-lg border border-gray-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <table className="w-full min-w-[34rem] border-collapse text-sm text-gray-900">
          <caption id={captionId} className="px-3 py-2 text-left font-semibold text-gray-900">
            {caption}
          </caption>
          <thead className="bg-gray-50 text-xs text-gray-700">
            <tr>
              {OFFERS_TABLE_COLUMNS.map((column, index) => (
                <th
                  key={column}
                  scope="col"
                  className={clsx(
                    'px-3 py-2 align-bottom font-semibold',
                    index === 0 ? 'text-left' : 'text-right',
                  )}
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sorted.map((row) => (
              <tr key={row.id} className="border-t border-gray-200">
                <th scope="row" className="px-3 py-2.5 text-left font-medium">
                  {row.creditorName}
                  {showDetails && (row.bureauName || row.accountNumberLast4) && (
                    <span className="block text-xs font-normal text-gray-600">
                      {row.bureauName && <span className="block">Reported as {row.bureauName}</span>}
                      {row.accountNumberLast4 && (
                        <span className="block">
                          Account{' '}
                          <span className="tabular-nums">{maskedAccountNumber(row.accountNumberLast4)}</span>
                        </span>
                      )}
                    </span>
                  )}
                </th>
                <td className={CELL}>{formatDollars(row.currentBalance)}</td>
                <td className={CELL}>{formatDollars(row.currentMonthlyPayment)}</td>
                <td className={clsx(CELL, 'font-semibold text-brand-800')}>
                  {formatDollars(row.newMonthlyPayment)}
                </td>
                <td className={CELL}>{row.term}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 border-gray-300 bg-gray-50 font-semibold">
            <tr>
              <th scope="row" className="px-3 py-2.5 text-left">
                Total
              </th>
              <td className={CELL}>{formatDollars(sum((row) => row.currentBalance))}</td>
              <td className={CELL}>{formatDollars(sum((row) => row.currentMonthlyPayment))}</td>
              <td className={clsx(CELL, 'text-brand-800')}>
                {formatDollars(sum((row) => row.newMonthlyPayment))}
              </td>
              {/* Terms do not add up; the longest one is what the plan lasts. */}
              <td className={CELL}>
                <span className="sr-only">Longest term </span>
                {Math.max(...rows.map((row) => row.term))}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}

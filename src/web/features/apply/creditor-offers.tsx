import { clsx } from 'clsx';
import { useId } from 'react';
import type { OfferRowView } from '#domain/flow/application-view';
import { formatDollars } from '#domain/money/cents';
import { maskedAccountNumber, OFFERS_TABLE_EMPTY, sortOffersByBalance } from '#web/components/ui/offer-rows';

// The creditor offers of /offers/review: a table from 640 px up; below it, one card per creditor, each figure
// with its label, so a phone never scrolls sideways and a screen reader hears what each number is.

const BASIS_POINTS_PER_PERCENT = 100;

/** An APR in basis points as the page shows it: 2190 → '21.9%', 800 → '8%'; null → 'Not reported'. */
export function formatApr(basisPoints: number | null): string {
  if (basisPoints === null) return 'Not reported';
  return `${Number((basisPoints / BASIS_POINTS_PER_PERCENT).toFixed(2))}%`;
}

/** Column labels, shared by the table's headers and the cards' terms. */
export const CREDITOR_OFFER_LABELS = {
  creditor: 'Creditor',
  balance: 'Current balance',
  currentApr: 'Current APR',
  proposedApr: 'Plan APR',
  currentPayment: 'Estimated current monthly payment',
  newPayment: 'New monthly payment',
  term: 'Term (months)',
} as const;

type Figure = { label: string; value: string; emphasis?: boolean };

function figures(row: OfferRowView): Figure[] {
  return [
    { label: CREDITOR_OFFER_LABELS.balance, value: formatDollars(row.currentBalance) },
    { label: CREDITOR_OFFER_LABELS.currentApr, value: formatApr(row.currentApr) },
    { label: CREDITOR_OFFER_LABELS.proposedApr, value: formatApr(row.proposedApr), emphasis: true },
    { label: CREDITOR_OFFER_LABELS.currentPayment, value: formatDollars(row.currentMonthlyPayment) },
    { label: CREDITOR_OFFER_LABELS.newPayment, value: formatDollars(row.newMonthlyPayment), emphasis: true },
    { label: CREDITOR_OFFER_LABELS.term, value: String(row.term) },
  ];
}

const CELL = 'px-2 py-2.5 text-right tabular-nums whitespace-nowrap';

export type CreditorOffersProps = {
  rows: readonly OfferRowView[];
  caption: string;
  /** The agency's monthly fee: shown under the creditors' total, so the plan payment adds up. */
  monthlyFee: number;
  className?: string;
};

export function CreditorOffers({ rows, caption, monthlyFee, className }: CreditorOffersProps) {
  const captionId = useId();
  if (rows.length === 0) {
    return <p className={clsx('rounded-lg bg-gray-50 p-4 text-gray-700', className)}>{OFFERS_TABLE_EMPTY}</p>;
  }
  const sorted = sortOffersByBalance(rows);
  const sum = (pick: (row: OfferRowView) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const creditorsTotal = sum((row) => row.newMonthlyPayment);
  return (
    <div className={className}>
      {/* From 640 px: the table. */}
      <div
        role="region"
        aria-labelledby={captionId}
        tabIndex={0}
        className="relative hidden overflow-x-auto rounded-lg border border-gray-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 sm:block"
      >
        <table className="w-full border-collapse text-sm text-gray-900">
          <caption id={captionId} className="px-3 py-2 text-left font-semibold text-gray-900">
            {caption}
          </caption>
          <thead className="bg-gray-50 text-xs text-gray-700">
            <tr>
              {Object.values(CREDITOR_OFFER_LABELS).map((label, index) => (
                <th
                  key={label}
                  scope="col"
                  className={clsx(
                    'px-2 py-2 align-bottom font-semibold',
                    index === 0 ? 'text-left' : 'text-right',
                  )}
                >
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sorted.map((row) => (
              <tr key={row.id} className="border-t border-gray-200">
                <th scope="row" className="px-2 py-2.5 text-left font-medium">
                  {row.creditorName}
                </th>
                {figures(row).map((f) => (
                  <td key={f.label} className={clsx(CELL, f.emphasis && 'font-semibold text-brand-800')}>
                    {f.value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 border-gray-300 bg-gray-50 font-semibold">
            <tr>
              <th scope="row" className="px-2 py-2.5 text-left">
                Total to creditors
              </th>
              <td className={CELL}>{formatDollars(sum((row) => row.currentBalance))}</td>
              <td className={CELL} />
              <td className={CELL} />
              <td className={CELL}>{formatDollars(sum((row) => row.currentMonthlyPayment))}</td>
              <td className={clsx(CELL, 'text-brand-800')}>{formatDollars(creditorsTotal)}</td>
              {/* Terms do not add up; the longest one is what the plan lasts. */}
              <td className={CELL}>
                <span className="sr-only">Longest term </span>
                {Math.max(...rows.map((row) => row.term))}
              </td>
            </tr>
            {monthlyFee > 0 && (
              <>
                <tr className="border-t border-gray-200 font-normal">
                  <th scope="row" colSpan={5} className="px-2 py-2 text-left font-normal">
                    Agency monthly fee
                  </th>
                  <td className={CELL}>{formatDollars(monthlyFee)}</td>
                  <td />
                </tr>
                <tr className="border-t border-gray-200">
                  <th scope="row" colSpan={5} className="px-2 py-2 text-left">
                    Monthly plan payment
                  </th>
                  <td className={clsx(CELL, 'text-brand-800')}>
                    {formatDollars(creditorsTotal + monthlyFee)}
                  </td>
                  <td />
                </tr>
              </>
            )}
          </tfoot>
        </table>
      </div>

      {/* Under 640 px: one card per creditor. */}
      <section aria-labelledby={`${captionId}-cards`} className="sm:hidden">
        <h2 id={`${captionId}-cards`} className="font-semibold text-gray-900">
          {caption}
        </h2>
        <ul className="mt-2 space-y-3">
          {sorted.map((row) => (
            <li key={row.id} className="rounded-xl border border-gray-200 bg-white p-4" data-offer-card>
              <h3 className="font-semibold text-gray-900">
                {row.creditorName}
                {row.accountNumberLast4 && (
                  <span className="ml-2 text-xs font-normal text-gray-600">
                    Account{' '}
                    <span className="tabular-nums">{maskedAccountNumber(row.accountNumberLast4)}</span>
                  </span>
                )}
              </h3>
              <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
                {figures(row).map((f) => (
                  <div key={f.label} className="min-w-0">
                    <dt className="text-xs text-gray-600">{f.label}</dt>
                    <dd
                      className={clsx(
                        'tabular-nums',
                        f.emphasis ? 'font-semibold text-brand-800' : 'text-gray-900',
                      )}
                    >
                      {f.value}
                    </dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
        <dl className="mt-3 space-y-1 rounded-xl bg-gray-50 p-4 text-sm">
          <div className="flex justify-between gap-3">
            <dt>Total to creditors</dt>
            <dd className="font-semibold tabular-nums">{formatDollars(creditorsTotal)}</dd>
          </div>
          {monthlyFee > 0 && (
            <>
              <div className="flex justify-between gap-3">
                <dt>Agency monthly fee</dt>
                <dd className="tabular-nums">{formatDollars(monthlyFee)}</dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="font-semibold">Monthly plan payment</dt>
                <dd className="font-semibold text-brand-800 tabular-nums">
                  {formatDollars(creditorsTotal + monthlyFee)}
                </dd>
              </div>
            </>
          )}
        </dl>
      </section>
    </div>
  );
}

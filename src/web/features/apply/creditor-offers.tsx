import { clsx } from 'clsx';
import { Fragment, useId } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { OfferRowView } from '#domain/flow/application-view';
import { formatDollars } from '#domain/money/cents';
import { maskedAccountNumber, sortOffersByBalance } from '#web/components/ui/offer-rows';

// The creditor offers of /offers/review: a table from 640 px up; below it, one card per creditor, each figure
// with its label, so a phone never scrolls sideways and a screen reader hears what each number is.

const BASIS_POINTS_PER_PERCENT = 100;

/** An APR in basis points as the page shows it: 2190 → '21.9%', 800 → '8%'; null → 'Not reported'. */
export function formatApr(intl: IntlShape, basisPoints: number | null): string {
  if (basisPoints === null)
    return intl.formatMessage({ id: 'apply.offers.aprNotReported', defaultMessage: 'Not reported' });
  return `${Number((basisPoints / BASIS_POINTS_PER_PERCENT).toFixed(2))}%`;
}

/** Column labels, shared by the table's headers and the cards' terms, in the page's language. */
function offerLabels(intl: IntlShape) {
  return {
    creditor: intl.formatMessage({ id: 'apply.offers.column.creditor', defaultMessage: 'Creditor' }),
    balance: intl.formatMessage({ id: 'apply.offers.column.balance', defaultMessage: 'Current balance' }),
    currentApr: intl.formatMessage({ id: 'apply.offers.column.currentApr', defaultMessage: 'Current APR' }),
    proposedApr: intl.formatMessage({ id: 'apply.offers.column.planApr', defaultMessage: 'Plan APR' }),
    currentPayment: intl.formatMessage({
      id: 'apply.offers.column.currentPayment',
      defaultMessage: 'Estimated current monthly payment',
    }),
    newPayment: intl.formatMessage({
      id: 'apply.offers.column.newPayment',
      defaultMessage: 'New monthly payment',
    }),
    term: intl.formatMessage({ id: 'apply.offers.column.term', defaultMessage: 'Term (months)' }),
  };
}

type Figure = { label: string; value: string; emphasis?: boolean };

function figures(intl: IntlShape, row: OfferRowView, markEstimates: boolean): Figure[] {
  const labels = offerLabels(intl);
  return [
    { label: labels.balance, value: formatDollars(row.currentBalance) },
    { label: labels.currentApr, value: formatApr(intl, row.currentApr) },
    { label: labels.proposedApr, value: formatApr(intl, row.proposedApr), emphasis: true },
    { label: labels.currentPayment, value: currentPaymentText(row, markEstimates) },
    { label: labels.newPayment, value: formatDollars(row.newMonthlyPayment), emphasis: true },
    { label: labels.term, value: String(row.term) },
  ];
}

const CELL = 'px-1.5 py-2.5 text-right tabular-nums whitespace-nowrap';

/**
 * The current payment, marked * where it is estimated (the report shows none) among payments the report
 * shows: the footnote says which is which (markEstimates, hasMixedPayments).
 */
export const currentPaymentText = (
  row: Pick<OfferRowView, 'currentMonthlyPayment' | 'currentPaymentEstimated'>,
  markEstimates: boolean,
): string =>
  `${formatDollars(row.currentMonthlyPayment)}${markEstimates && row.currentPaymentEstimated ? '*' : ''}`;

/** Some current payments are the credit report's and some estimated: the estimated ones are marked. */
export const hasMixedPayments = (rows: readonly Pick<OfferRowView, 'currentPaymentEstimated'>[]): boolean =>
  rows.some((r) => r.currentPaymentEstimated) && rows.some((r) => !r.currentPaymentEstimated);

/** What a borrower who leaves an offer out keeps doing: 'You keep paying Capital One yourself: about $58 a month.' */
export const payYourselfText = (
  intl: IntlShape,
  row: Pick<OfferRowView, 'creditorName' | 'currentMonthlyPayment'>,
): string =>
  intl.formatMessage(
    {
      id: 'apply.offers.payYourself',
      defaultMessage: 'You keep paying {creditor} yourself: about {payment} a month.',
    },
    { creditor: row.creditorName, payment: formatDollars(row.currentMonthlyPayment) },
  );

/** How the borrower recognizes an account: the lender's friendly name and its last four digits. */
export const accountName = (row: Pick<OfferRowView, 'creditorName' | 'accountNumberLast4'>): string =>
  row.accountNumberLast4
    ? `${row.creditorName} ${maskedAccountNumber(row.accountNumberLast4)}`
    : row.creditorName;

/** The label of the checkbox that keeps an offer in the plan: 'Include Capital One ...1234 in my plan'. */
export const keepOfferLabel = (
  intl: IntlShape,
  row: Pick<OfferRowView, 'creditorName' | 'accountNumberLast4'>,
): string =>
  intl.formatMessage(
    { id: 'apply.offers.keepOffer', defaultMessage: 'Include {account} in my plan' },
    { account: accountName(row) },
  );

export type CreditorOffersProps = {
  rows: readonly OfferRowView[];
  caption: string;
  /** The agency's monthly fee: shown under the creditors' total, so the plan payment adds up. */
  monthlyFee: number;
  /** The plan's number of monthly drafts (plan-terms.ts). */
  termInMonths: number;
  /** When given, each offer can be kept in or left out of the plan. */
  choice?: { leftOut: ReadonlySet<string>; onToggle: (id: string, keep: boolean) => void };
  className?: string;
};

function KeepBox({ row, choice }: { row: OfferRowView; choice: NonNullable<CreditorOffersProps['choice']> }) {
  const intl = useIntl();
  return (
    <input
      type="checkbox"
      aria-label={keepOfferLabel(intl, row)}
      checked={!choice.leftOut.has(row.id)}
      onChange={(event) => choice.onToggle(row.id, event.target.checked)}
      className="size-5 shrink-0 rounded border-gray-400 accent-brand-600"
    />
  );
}

export function CreditorOffers({
  rows,
  caption,
  monthlyFee,
  termInMonths,
  choice,
  className,
}: CreditorOffersProps) {
  const captionId = useId();
  const intl = useIntl();
  if (rows.length === 0) {
    return (
      <p className={clsx('rounded-lg bg-gray-50 p-4 text-gray-700', className)}>
        {/* OFFERS_TABLE_EMPTY of the shared offer rows, in the page's language. */}
        <FormattedMessage id="apply.offers.empty" defaultMessage="There are no creditor offers to show." />
      </p>
    );
  }
  const labels = offerLabels(intl);
  const inMyPlan = intl.formatMessage({ id: 'apply.offers.inMyPlan', defaultMessage: 'In my plan' });
  const totalToCreditors = intl.formatMessage({
    id: 'apply.offers.totalToCreditors',
    defaultMessage: 'Total to creditors',
  });
  const agencyFee = intl.formatMessage({
    id: 'apply.offers.agencyFee',
    defaultMessage: 'Agency monthly fee',
  });
  const drawnEachMonth = intl.formatMessage({
    id: 'apply.offers.accept.drawn',
    defaultMessage: 'Amount drawn each month',
  });

  const sorted = sortOffersByBalance(rows);
  const markEstimates = hasMixedPayments(rows);
  const isKept = (row: OfferRowView) => !choice?.leftOut.has(row.id);
  const kept = rows.filter(isKept);
  const sum = (pick: (row: OfferRowView) => number) => kept.reduce((total, row) => total + pick(row), 0);
  const creditorsTotal = sum((row) => row.newMonthlyPayment);
  const columns = Object.values(labels).length + (choice ? 1 : 0);
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
              {choice && (
                <th scope="col" className="pl-2 pr-1 py-2 text-left align-bottom font-semibold">
                  {inMyPlan}
                </th>
              )}
              {Object.values(labels).map((label, index) => (
                <th
                  key={label}
                  scope="col"
                  className={clsx(
                    'px-1.5 py-2 align-bottom font-semibold',
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
              <Fragment key={row.id}>
                <tr className={clsx('border-t border-gray-200', !isKept(row) && 'bg-gray-50 text-gray-600')}>
                  {choice && (
                    <td className="pl-2 pr-1 py-2.5">
                      <KeepBox row={row} choice={choice} />
                    </td>
                  )}
                  <th scope="row" className="px-1.5 py-2.5 text-left font-medium">
                    {row.creditorName}
                    {row.accountNumberLast4 && (
                      <span className="block text-xs font-normal text-gray-600">
                        <AccountNumber last4={row.accountNumberLast4} />
                      </span>
                    )}
                  </th>
                  {figures(intl, row, markEstimates).map((f) => (
                    <td
                      key={f.label}
                      className={clsx(CELL, f.emphasis && isKept(row) && 'font-semibold text-brand-800')}
                    >
                      {f.value}
                    </td>
                  ))}
                </tr>
                {!isKept(row) && (
                  <tr className="bg-gray-50">
                    <td colSpan={columns} className="px-2 pb-2.5 text-left text-sm font-medium text-gray-900">
                      {payYourselfText(intl, row)}
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
          <tfoot className="border-t-2 border-gray-300 bg-gray-50 font-semibold">
            <tr>
              {choice && <td />}
              <th scope="row" className="px-2 py-2.5 text-left">
                {totalToCreditors}
              </th>
              <td className={CELL}>{formatDollars(sum((row) => row.currentBalance))}</td>
              <td className={CELL} />
              <td className={CELL} />
              <td className={CELL}>{formatDollars(sum((row) => row.currentMonthlyPayment))}</td>
              <td className={clsx(CELL, 'text-brand-800')}>{formatDollars(creditorsTotal)}</td>
              {/* Terms do not add up: the plan lasts its own number of drafts (a paid-off account's payment goes
                  to the others). */}
              <td className={CELL}>
                <FormattedMessage
                  id="apply.offers.planTerm"
                  defaultMessage="<hidden>Plan term </hidden>{term}"
                  values={{
                    term: termInMonths,
                    hidden: (chunks) => <span className="sr-only">{chunks}</span>,
                  }}
                />
              </td>
            </tr>
            {monthlyFee > 0 && (
              <>
                <tr className="border-t border-gray-200 font-normal">
                  <th scope="row" colSpan={columns - 2} className="px-2 py-2 text-left font-normal">
                    {agencyFee}
                  </th>
                  <td className={CELL}>{formatDollars(monthlyFee)}</td>
                  <td />
                </tr>
                <tr className="border-t border-gray-200">
                  <th scope="row" colSpan={columns - 2} className="px-2 py-2 text-left">
                    {drawnEachMonth}
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
            <li
              key={row.id}
              className={clsx(
                'rounded-xl border border-gray-200 p-4',
                isKept(row) ? 'bg-white' : 'bg-gray-50',
              )}
              data-offer-card
            >
              {choice && (
                <label className="mb-2 flex min-h-11 items-center gap-3 text-sm font-medium text-gray-900">
                  <KeepBox row={row} choice={choice} />
                  <span aria-hidden="true">{inMyPlan}</span>
                </label>
              )}
              <h3 className="font-semibold text-gray-900">
                {row.creditorName}
                {row.accountNumberLast4 && (
                  <span className="ml-2 text-xs font-normal text-gray-600">
                    <AccountNumber last4={row.accountNumberLast4} />
                  </span>
                )}
              </h3>
              <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
                {figures(intl, row, markEstimates).map((f) => (
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
              {!isKept(row) && (
                <p className="mt-2 text-sm font-medium text-gray-900">{payYourselfText(intl, row)}</p>
              )}
            </li>
          ))}
        </ul>
        <dl className="mt-3 space-y-1 rounded-xl bg-gray-50 p-4 text-sm">
          <div className="flex justify-between gap-3">
            <dt>{totalToCreditors}</dt>
            <dd className="font-semibold tabular-nums">{formatDollars(creditorsTotal)}</dd>
          </div>
          {monthlyFee > 0 && (
            <>
              <div className="flex justify-between gap-3">
                <dt>{agencyFee}</dt>
                <dd className="tabular-nums">{formatDollars(monthlyFee)}</dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="font-semibold">{drawnEachMonth}</dt>
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

/** 'Account ...1234', the digits set in even figures. */
function AccountNumber({ last4 }: { last4: string }) {
  return (
    <FormattedMessage
      id="apply.offers.account"
      defaultMessage="Account <digits>{number}</digits>"
      values={{
        number: maskedAccountNumber(last4),
        digits: (chunks) => <span className="tabular-nums">{chunks}</span>,
      }}
    />
  );
}

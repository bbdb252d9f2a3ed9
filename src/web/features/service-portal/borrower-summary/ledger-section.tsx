import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { returnCodeReason } from '#domain/enrollment/agency-events';
import { formatUsd } from '#domain/enrollment/letter-of-authorization';
import type {
  LedgerDisbursementView,
  LedgerDraftView,
  LedgerMonthView,
} from '#domain/enrollment/plan-ledger';
import { MONTH_NAMES } from '#domain/calendar';
import { planLedgerQuery } from '#web/features/service-portal/api';
import { formatDay, SummaryCard } from './summary-overview';

// The borrower summary's ledger: what the agency reported after the hand-over, month by month: each draft from
// the borrower, the agency's fee, and each payment to a creditor with its proof (trace or check number). A month
// whose payments and fee do not add up to the draft is flagged, so the counsellor asks the agency before the
// borrower has to.

export const LEDGER_TITLE = 'Ledger';
export const NO_AGENCY_EVENTS = 'The agency has not reported any draft or payment for this plan yet.';
export const LEDGER_LOAD_FAILED = 'The ledger could not be loaded. Try again in a moment.';
export const FLAGGED_FOR_RECONCILIATION = 'Flagged for reconciliation';

const DRAFT_STATUS_LABELS = { scheduled: 'Scheduled', settled: 'Taken', returned: 'Returned' } as const;
const DISBURSEMENT_STATUS_LABELS = { sent: 'Sent', posted: 'Posted', rejected: 'Rejected' } as const;
const METHOD_LABELS = { electronic: 'Electronic (RPPS)', check: 'Check' } as const;

const money = (c: number | null) => (c === null ? 'Unknown' : formatUsd(c));

/** '2026-08' → 'August 2026'. */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-');
  return `${MONTH_NAMES[Number(number) - 1] ?? month} ${year}`;
}

/** 'R01: There was not enough money in the account.' (the reason in the borrower's words, in English). */
export function returnCodeLabel(code: string): string {
  const { message, values } = returnCodeReason(code);
  const text = String(message.defaultMessage ?? '').replace('{code}', values.code);
  return `${code}: ${text}`;
}

function draftDate(d: LedgerDraftView): string {
  if (d.status === 'returned') return `Returned ${formatDay(d.returnedOn)}`;
  if (d.status === 'settled') return `Taken ${formatDay(d.settledOn)}`;
  return `Scheduled for ${formatDay(d.scheduledFor)}`;
}

function disbursementDate(d: LedgerDisbursementView): string {
  const sent = d.sentOn ? `Sent ${formatDay(d.sentOn)}` : '';
  const outcome =
    d.status === 'posted'
      ? `posted ${formatDay(d.postedOn)}`
      : d.status === 'rejected'
        ? `rejected ${formatDay(d.rejectedOn)}`
        : '';
  return [sent, outcome].filter(Boolean).join(', ');
}

function Pill({ tone, children }: { tone: 'good' | 'bad' | 'warn' | 'neutral'; children: string }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        tone === 'good' && 'bg-emerald-50 text-emerald-800',
        tone === 'bad' && 'bg-red-50 text-red-800',
        tone === 'warn' && 'bg-amber-50 text-amber-900',
        tone === 'neutral' && 'bg-gray-100 text-gray-700',
      )}
    >
      {children}
    </span>
  );
}

function Reconciliation({ month }: { month: LedgerMonthView }) {
  // A month whose drafts all came back took nothing and paid nothing: nothing to reconcile, but not "paid".
  if (month.reconciliation === 'balanced' && month.collected === 0 && month.drafts.length > 0)
    return <Pill tone="neutral">Nothing taken</Pill>;
  if (month.reconciliation === 'balanced') return <Pill tone="good">Reconciled</Pill>;
  if (month.reconciliation === 'pending') return <Pill tone="neutral">Draft not taken yet</Pill>;
  return <Pill tone="bad">{FLAGGED_FOR_RECONCILIATION}</Pill>;
}

/** Why a flagged month is flagged, in figures. */
export function flagReason(month: LedgerMonthView): string {
  if (month.difference === null) return 'An amount is missing from what the agency reported.';
  return month.difference > 0
    ? `${formatUsd(month.difference)} of the draft is not accounted for.`
    : `${formatUsd(-month.difference)} more was paid out than the draft and fee allow.`;
}

const HEAD = 'px-3 py-2 text-left font-semibold whitespace-nowrap';
const CELL = 'px-3 py-2 align-top';

function Month({ month }: { month: LedgerMonthView }) {
  const flagged = month.reconciliation === 'flagged';
  const headingId = `ledger-${month.month}`;
  return (
    <section
      aria-labelledby={headingId}
      data-testid={`ledger-month-${month.month}`}
      className={clsx('min-w-0 rounded-lg border p-3 sm:p-4', flagged ? 'border-red-300' : 'border-gray-200')}
    >
      <div className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 id={headingId} className="font-semibold text-gray-900">
          {monthLabel(month.month)}
        </h3>
        <Reconciliation month={month} />
      </div>
      {flagged && <p className="mb-2 text-sm text-red-800">{flagReason(month)}</p>}

      <ul className="mb-2 grid gap-1 text-sm">
        {month.drafts.map((d) => (
          <li key={d.draftId} className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-medium text-gray-900">Draft {money(d.amount)}</span>
            <Pill tone={d.status === 'returned' ? 'bad' : d.status === 'settled' ? 'good' : 'neutral'}>
              {DRAFT_STATUS_LABELS[d.status]}
            </Pill>
            <span className="text-gray-700">{draftDate(d)}</span>
            {d.returnCode && <span className="text-red-800">{returnCodeLabel(d.returnCode)}</span>}
            <span className="text-gray-600">Agency ref. {d.draftId}</span>
          </li>
        ))}
        {month.drafts.length === 0 && <li className="text-gray-700">No draft reported this month.</li>}
        <li className="text-gray-800">
          Agency&apos;s fee: {month.fee === null ? 'not taken yet' : formatUsd(month.fee)}
        </li>
        <li className="text-gray-800">
          Paid to creditors: {formatUsd(month.disbursed)} of {formatUsd(month.collected)} taken
        </li>
      </ul>

      {month.disbursements.length > 0 && (
        <div className="overflow-x-auto">
          <table className="min-w-full text-sm">
            <caption className="sr-only">Payments to creditors, {monthLabel(month.month)}</caption>
            <thead className="bg-gray-50 text-gray-700">
              <tr>
                <th scope="col" className={HEAD}>
                  Creditor
                </th>
                <th scope="col" className={HEAD}>
                  Amount
                </th>
                <th scope="col" className={HEAD}>
                  Method
                </th>
                <th scope="col" className={HEAD}>
                  Status
                </th>
                <th scope="col" className={HEAD}>
                  Trace or check number
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {month.disbursements.map((d) => (
                <tr key={d.disbursementId}>
                  <td className={CELL}>{d.creditorName ?? 'Unknown creditor'}</td>
                  <td className={clsx(CELL, 'whitespace-nowrap')}>{money(d.amount)}</td>
                  <td className={CELL}>{d.method ? METHOD_LABELS[d.method] : 'Unknown'}</td>
                  <td className={CELL}>
                    <span className="flex flex-wrap items-center gap-1">
                      <Pill
                        tone={d.status === 'rejected' ? 'bad' : d.status === 'posted' ? 'good' : 'neutral'}
                      >
                        {DISBURSEMENT_STATUS_LABELS[d.status]}
                      </Pill>
                      {d.overdue && <Pill tone="warn">Not posted in time</Pill>}
                    </span>
                    <span className="block text-gray-600">{disbursementDate(d)}</span>
                  </td>
                  <td className={clsx(CELL, 'break-all')}>{d.traceNumber ?? d.checkNumber ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The ledger card, newest month first (the month the counsellor is most likely asked about). */
export function LedgerSection({ applicationId }: { applicationId: string }) {
  const ledger = useQuery(planLedgerQuery(applicationId));
  const view = ledger.data;
  const subtitle =
    view && view.flaggedMonths > 0
      ? `${view.flaggedMonths} ${view.flaggedMonths === 1 ? 'month' : 'months'} to reconcile`
      : undefined;
  return (
    <SummaryCard title={LEDGER_TITLE} subtitle={subtitle}>
      {ledger.isError ? (
        <p role="alert" className="text-red-800">
          {LEDGER_LOAD_FAILED}
        </p>
      ) : !view ? (
        <p className="text-gray-700">Loading…</p>
      ) : view.months.length === 0 ? (
        <p className="rounded-lg bg-gray-50 p-4 text-gray-700">{NO_AGENCY_EVENTS}</p>
      ) : (
        <div className="grid gap-3">
          {[...view.months].reverse().map((month) => (
            <Month key={month.month} month={month} />
          ))}
        </div>
      )}
    </SummaryCard>
  );
}

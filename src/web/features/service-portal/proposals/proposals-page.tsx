import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { OverdueProposalsView } from '#domain/validation/proposals';
import { LoadError, PortalPage } from '../portal-layout';
import { overdueProposalsQuery } from '../api';

// /proposals: the proposals creditors have not answered in their time, grouped by creditor, each creditor with
// its acceptance rate and median days to answer. Oldest first, a page at a time.

export const PROPOSALS_TITLE = 'Proposals';
export const LOAD_FAILED = 'The proposals could not be loaded. Please try again.';
export const NONE_OVERDUE = 'No proposal is waiting past its answer time.';

type Creditor = OverdueProposalsView['creditors'][number];
type Proposal = OverdueProposalsView['proposals'][number];

const STATE_LABELS = {
  prepared: 'Prepared, not sent',
  sent: 'Sent',
  answered: 'Answered',
  noAnswer: 'No answer (default applied)',
} as const satisfies Record<Proposal['state'], string>;

const dayOf = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(iso));

/** '67%'; '—' before any answer. */
export const rateText = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);
/** '12 days', '6.5 days', '1 day'; '—' before any answer. */
export const medianText = (days: number | null) =>
  days === null ? '—' : `${days} ${days === 1 ? 'day' : 'days'}`;

function CreditorGroup({ creditor, proposals }: { creditor: Creditor; proposals: readonly Proposal[] }) {
  const headingId = `proposals-${creditor.creditorId ?? 'default'}`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-gray-200 p-4">
      <h2 id={headingId} className="text-lg font-semibold text-gray-900">
        {creditor.creditorName}
      </h2>
      <dl className="mt-2 grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-gray-600">Overdue</dt>
          <dd className="font-medium tabular-nums">{creditor.overdue}</dd>
        </div>
        <div>
          <dt className="text-gray-600">Answered</dt>
          <dd className="font-medium tabular-nums">{creditor.answered}</dd>
        </div>
        <div>
          <dt className="text-gray-600">Acceptance rate</dt>
          <dd className="font-medium tabular-nums">{rateText(creditor.acceptanceRate)}</dd>
        </div>
        <div>
          <dt className="text-gray-600">Median time to answer</dt>
          <dd className="font-medium tabular-nums">{medianText(creditor.medianDaysToAnswer)}</dd>
        </div>
      </dl>
      <table className="mt-3 w-full text-left text-sm">
        <caption className="sr-only">Overdue proposals to {creditor.creditorName}</caption>
        <thead className="border-b border-gray-300 text-xs text-gray-700">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Application
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              State
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Prepared
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Sent
            </th>
            <th scope="col" className="py-2 pl-3 text-right font-semibold">
              Waiting
            </th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {proposals.map((p) => (
            <tr key={p.id} className="border-b border-gray-200">
              <th scope="row" className="py-2 pr-3 font-medium">
                <Link
                  to={`/borrower-summary?id=${encodeURIComponent(p.applicationId)}`}
                  className="text-brand-700 underline hover:text-brand-800"
                >
                  {p.applicationId.slice(0, 8)}
                </Link>
              </th>
              <td className="px-3 py-2">{STATE_LABELS[p.state]}</td>
              <td className="px-3 py-2 whitespace-nowrap">{dayOf(p.preparedAt)}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                {p.sentAt ? `${dayOf(p.sentAt)}${p.channel ? ` (${p.channel})` : ''}` : '—'}
              </td>
              <td className="py-2 pl-3 text-right whitespace-nowrap">
                {p.daysWaiting} {p.daysWaiting === 1 ? 'day' : 'days'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function Component() {
  const [params, setParams] = useSearchParams();
  const after = params.get('after') ?? '';
  const list = useQuery({ ...overdueProposalsQuery(after), placeholderData: keepPreviousData });
  return (
    <PortalPage title={PROPOSALS_TITLE}>
      <p className="max-w-3xl text-gray-700">
        Proposals a creditor has not answered within its answer time
        {list.data ? ` (${list.data.responseDays} days when the creditor has none of its own)` : ''}, oldest
        first, grouped by creditor. Each creditor&rsquo;s acceptance rate counts counter-offers as accepted.
      </p>
      <div className="mt-6 space-y-4">
        {list.isPending ? (
          <p role="status">Loading the proposals…</p>
        ) : list.isError ? (
          <LoadError message={LOAD_FAILED} onRetry={() => void list.refetch()} />
        ) : list.data.proposals.length === 0 ? (
          <p role="status" className="text-gray-700">
            {NONE_OVERDUE}
          </p>
        ) : (
          <>
            {list.data.creditors.map((creditor) => (
              <CreditorGroup
                key={creditor.creditorId ?? 'default'}
                creditor={creditor}
                proposals={list.data.proposals.filter((p) => p.creditorId === creditor.creditorId)}
              />
            ))}
            <nav aria-label="Pages" className="flex gap-3">
              {after !== '' && (
                <button
                  type="button"
                  onClick={() => setParams({})}
                  className="min-h-11 rounded-lg border border-gray-300 px-4 font-medium hover:bg-gray-50"
                >
                  First page
                </button>
              )}
              {list.data.nextAfter && (
                <button
                  type="button"
                  onClick={() => setParams({ after: list.data.nextAfter! })}
                  className="min-h-11 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
                >
                  Next page
                </button>
              )}
            </nav>
          </>
        )}
      </div>
    </PortalPage>
  );
}

import { useId, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { proposalBatchFileName } from '#domain/enrollment/proposal-batch';
import { PROPOSAL_WITHDRAWAL_REASON_LABELS } from '#domain/enrollment/proposal-answers';
import type { OverdueProposalsView } from '#domain/validation/proposals';
import { LoadError, PortalPage } from '../portal-layout';
import {
  markProposalsMailed,
  overdueProposalsQuery,
  produceProposalBatch,
  proposalBatchPath,
  proposalPdfPath,
  staffKeys,
} from '../api';

// /proposals: the day's batch file of electronic proposals, the proposals waiting to be printed and mailed, and
// the proposals creditors have not answered in their own time, grouped by creditor, each creditor with its
// acceptance rate and median days to answer. Oldest first, a page at a time. A proposal whose creditor stayed
// silent past its programme's days is flagged until staff record the real answer in the offer's modal.

export const PROPOSALS_TITLE = 'Proposals';
export const LOAD_FAILED = 'The proposals could not be loaded. Please try again.';
export const NONE_OVERDUE = 'No proposal is waiting past its answer time.';

export const BATCH_FAILED = 'The batch file could not be made. Please try again.';
export const MAIL_FAILED = 'The proposals could not be marked mailed. Please try again.';
export const NONE_TO_MAIL = 'No proposal is waiting to be mailed.';

type Creditor = OverdueProposalsView['creditors'][number];
type Proposal = OverdueProposalsView['proposals'][number];
type ToMail = OverdueProposalsView['toMail'][number];
type Batch = OverdueProposalsView['batch'];
type Withdrawn = OverdueProposalsView['withdrawn'][number];

const STATE_LABELS = {
  prepared: 'Prepared, not sent',
  sent: 'Sent',
  answered: 'Answered',
  noAnswer: 'No answer (default applied)',
  withdrawn: 'Withdrawn before it went out',
} as const satisfies Record<Proposal['state'], string>;

/** A flagged proposal's state: what its programme assumed, and what clears the flag. */
const stateText = (p: Proposal) =>
  p.state === 'noAnswer' && p.silentDefault
    ? `No answer: ${p.silentDefault} by default. Record the creditor’s answer to clear.`
    : STATE_LABELS[p.state];

const timeOf = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
const proposalsWord = (n: number) => `${n} ${n === 1 ? 'proposal' : 'proposals'}`;

const primaryButton =
  'min-h-11 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60';

/** The agency day's batch file: made once (marking its proposals sent), then downloaded as often as needed. */
function BatchPanel({ batch }: { batch: Batch }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const make = useMutation({
    mutationFn: produceProposalBatch,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: staffKeys.all() }),
  });
  const made = make.data
    ? { proposalCount: make.data.proposalCount, createdAt: make.data.createdAt }
    : batch.today;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-gray-200 p-4">
      <h2 id={headingId} className="text-lg font-semibold text-gray-900">
        Today’s batch file
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        Electronic proposals for the creditors that take a batch, one file per day (
        {dayOf(`${batch.agencyDay}T12:00:00Z`)}). Making it marks its proposals sent.
      </p>
      <div role="status" className="mt-3 text-gray-900">
        {made
          ? `Made at ${timeOf(made.createdAt)} with ${proposalsWord(made.proposalCount)}.` +
            (batch.waiting > 0 && !make.data
              ? ` ${proposalsWord(batch.waiting)} wait for tomorrow’s file.`
              : '')
          : `${proposalsWord(batch.waiting)} waiting for today’s file.`}
      </div>
      {make.isError && (
        <p role="alert" className="mt-2 text-red-700">
          {BATCH_FAILED}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-3">
        {made ? (
          <a
            href={proposalBatchPath(batch.agencyDay)}
            download={proposalBatchFileName(batch.agencyDay)}
            className={`${primaryButton} inline-flex items-center`}
          >
            Download {proposalBatchFileName(batch.agencyDay)}
          </a>
        ) : (
          <button
            type="button"
            className={primaryButton}
            disabled={make.isPending}
            onClick={() => make.mutate()}
          >
            {make.isPending ? 'Making the batch file…' : 'Make today’s batch file'}
          </button>
        )}
      </div>
    </section>
  );
}

/** Which proposal a row is, for a screen reader: the creditor, the account's last digits, the application. */
const mailedName = (p: ToMail) =>
  `${p.creditorName}${p.accountLast4 ? `, account ending ${p.accountLast4}` : ''}, application ${p.applicationId.slice(0, 8)}`;

/** Proposals to print and mail: ticked ones are marked mailed together. */
function ToMailPanel({ toMail }: { toMail: readonly ToMail[] }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [done, setDone] = useState<string>();
  const mark = useMutation({
    mutationFn: (ids: string[]) => markProposalsMailed(ids),
    onSuccess: ({ mailed }) => {
      setChosen(new Set());
      setDone(`Marked ${proposalsWord(mailed)} as mailed.`);
      void queryClient.invalidateQueries({ queryKey: staffKeys.all() });
    },
  });
  const ids = toMail.map((p) => p.id);
  const selected = ids.filter((id) => chosen.has(id));
  const all = selected.length === ids.length && ids.length > 0;
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-gray-200 p-4">
      <h2 id={headingId} className="text-lg font-semibold text-gray-900">
        To mail
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        Proposals to creditors that take them by mail (or have no channel on file). Print each from its PDF,
        mail it, then mark it mailed here.
      </p>
      <div role="status" className="mt-2 text-gray-900">
        {done}
      </div>
      {mark.isError && (
        <p role="alert" className="mt-2 text-red-700">
          {mark.error instanceof Error && mark.error.message ? mark.error.message : MAIL_FAILED}
        </p>
      )}
      {toMail.length === 0 ? (
        <p className="mt-2 text-gray-700">{NONE_TO_MAIL}</p>
      ) : (
        <>
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Proposals to mail</caption>
              <thead className="border-b border-gray-300 text-xs text-gray-700">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    <label className="inline-flex min-h-11 items-center gap-2">
                      <input
                        type="checkbox"
                        className="size-5"
                        checked={all}
                        onChange={() => setChosen(all ? new Set() : new Set(ids))}
                      />
                      All
                    </label>
                  </th>
                  <th scope="col" className="px-2 py-2 font-semibold sm:px-3">
                    Application
                  </th>
                  <th scope="col" className="px-2 py-2 font-semibold sm:px-3">
                    Creditor
                  </th>
                  {/* On a phone the day goes under the creditor, so the table fits the screen. */}
                  <th scope="col" className="hidden py-2 pl-3 text-right font-semibold sm:table-cell">
                    Prepared
                  </th>
                </tr>
              </thead>
              <tbody className="tabular-nums">
                {toMail.map((p) => (
                  <tr key={p.id} className="border-b border-gray-200">
                    <td className="py-1 pr-3">
                      <label className="inline-flex min-h-11 items-center">
                        <input
                          type="checkbox"
                          className="size-5"
                          checked={chosen.has(p.id)}
                          onChange={() => toggle(p.id)}
                          aria-label={`Mailed: ${mailedName(p)}`}
                        />
                      </label>
                    </td>
                    <th scope="row" className="px-2 py-2 font-medium sm:px-3">
                      <Link
                        to={`/borrower-summary?id=${encodeURIComponent(p.applicationId)}`}
                        className="text-brand-700 underline hover:text-brand-800"
                      >
                        {p.applicationId.slice(0, 8)}
                      </Link>
                    </th>
                    <td className="px-2 py-2 sm:px-3">
                      {p.creditorName}
                      {p.accountLast4 && (
                        <span className="block text-xs text-gray-600">Account ending {p.accountLast4}</span>
                      )}
                      <span className="block text-xs text-gray-600 sm:hidden">
                        Prepared {dayOf(p.preparedAt)}
                      </span>
                      <a
                        href={proposalPdfPath(p.applicationId, p.offerId)}
                        download
                        className="inline-flex min-h-6 items-center text-xs font-semibold text-brand-700 underline hover:text-brand-800"
                      >
                        Proposal PDF
                        <span className="sr-only">{` for ${mailedName(p)}`}</span>
                      </a>
                    </td>
                    <td className="hidden py-2 pl-3 text-right whitespace-nowrap sm:table-cell">
                      {dayOf(p.preparedAt)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <button
            type="button"
            className={`${primaryButton} mt-3`}
            disabled={selected.length === 0 || mark.isPending}
            onClick={() => {
              setDone(undefined);
              mark.mutate(selected);
            }}
          >
            {mark.isPending
              ? 'Marking…'
              : selected.length === 0
                ? 'Mark as mailed'
                : `Mark ${proposalsWord(selected.length)} as mailed`}
          </button>
        </>
      )}
    </section>
  );
}

/** How a withdrawn proposal would have gone out: what staff must not do with it now. */
const CHANNEL_WORDS: Record<string, string> = {
  mail: 'by mail: do not mail a printed copy',
  batch: 'in the batch file: left out of it',
};

/**
 * The alert of proposals withdrawn lately: each waited for the batch file or the post when its offer left the
 * plan, so it is not sent (and a letter already printed goes in the bin). Shown only when there are some.
 */
function WithdrawnPanel({ withdrawn }: { withdrawn: readonly Withdrawn[] }) {
  const headingId = useId();
  if (withdrawn.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-amber-300 bg-amber-50 p-4"
      data-testid="withdrawn-proposals"
    >
      <h2 id={headingId} className="text-lg font-semibold text-gray-900">
        Withdrawn: do not send
      </h2>
      <p className="mt-1 text-sm text-gray-800">
        These proposals were waiting to go out when their offer left the plan. They are no longer in the batch
        file or the list to mail.
      </p>
      <ul className="mt-2 space-y-2 text-sm text-gray-900">
        {withdrawn.map((p) => (
          <li key={p.id}>
            <Link
              to={`/borrower-summary?id=${encodeURIComponent(p.applicationId)}`}
              className="font-medium text-brand-700 underline hover:text-brand-800"
            >
              {p.applicationId.slice(0, 8)}
            </Link>{' '}
            {p.creditorName}, withdrawn on {dayOf(p.withdrawnAt)}:{' '}
            {PROPOSAL_WITHDRAWAL_REASON_LABELS[p.reason]}
            {p.channel && CHANNEL_WORDS[p.channel] ? ` (was to go ${CHANNEL_WORDS[p.channel]})` : ''}.
          </li>
        ))}
      </ul>
    </section>
  );
}

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
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-sm">
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
                <td className="px-3 py-2">
                  {p.state === 'noAnswer' ? (
                    <span className="inline-flex flex-wrap items-center gap-2">
                      <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                        Flagged
                      </span>
                      {stateText(p)}
                    </span>
                  ) : (
                    stateText(p)
                  )}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{dayOf(p.preparedAt)}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {p.sentAt ? `${dayOf(p.sentAt)}${p.channel ? ` (${p.channel})` : ''}` : '—'}
                </td>
                <td className="py-2 pl-3 text-right whitespace-nowrap">
                  {p.daysWaiting} {p.daysWaiting === 1 ? 'day' : 'days'}
                  <span className="block text-xs text-gray-600">of {p.responseDays}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function Component() {
  const [params, setParams] = useSearchParams();
  const after = params.get('after') ?? '';
  const list = useQuery({ ...overdueProposalsQuery(after), placeholderData: keepPreviousData });
  return (
    <PortalPage title={PROPOSALS_TITLE}>
      <div className="space-y-4">
        {list.data && <WithdrawnPanel withdrawn={list.data.withdrawn} />}
        {list.data && (
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <BatchPanel batch={list.data.batch} />
            <ToMailPanel toMail={list.data.toMail} />
          </div>
        )}
        <h2 className="pt-2 text-xl font-semibold text-gray-900">Waiting for an answer</h2>
        <p className="max-w-3xl text-gray-700">
          Proposals a creditor has not answered within its usual response time
          {list.data ? ` (${list.data.responseDays} days when the creditor has none of its own)` : ''}, oldest
          first, grouped by creditor. Each creditor&rsquo;s acceptance rate counts counter-offers as accepted.
        </p>
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

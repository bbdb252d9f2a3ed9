import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { clsx } from 'clsx';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { APP_ERROR_DEFAULT_MESSAGE_REF } from '#domain/errors';
import type { BorrowerSummaryView } from '#domain/flow/staff-views';
import { foldOpenings, isOpening } from '#domain/service-portal/audit-sentences';
import { ApiError } from '#web/lib/api';
import { endLocalSession } from '#web/lib/session';
import { useDocumentTitle } from '#web/components/layout/use-document-title';
import { LoadingScreen } from '#web/components/ui/loading-screen';
import { AlertsPanel } from './alerts-panel';
import { ContactAttemptForm } from '#web/features/service-portal/actions/contact-attempt-form';
import { borrowerSummaryQuery, staffKeys } from '#web/features/service-portal/api';
import { ContactHistory } from './contact-history';
import { BorrowerCalls } from '../counselling/calls';
import { DebtTable } from './debt-table';
import { DecisionTab } from './decision-tab';
import { EnrollmentSection } from './enrollment-section';
import { FinancialsTab } from './financials-tab';
import { LedgerSection } from './ledger-section';
import { APPLICATION_STATUS_LABELS } from '#web/features/service-portal/status-filter';
import {
  ApplicationSections,
  formatTimestamp,
  fullName,
  SummaryCard,
  SummaryOverview,
} from './summary-overview';

// /borrower-summary?id=…: overview, alerts, the tabs Application (with the enrollment),
// Financials, Debts and Decision (the last one chosen remembered for the session, starting at 0), the contact
// attempts and the application's history. Every staff action on it refreshes the one summary query.

export const BORROWER_SUMMARY_TABS = ['Application', 'Financials', 'Debts', 'Decision'] as const;

/**
 * Where the last selected tab index lives. Its own key, beside the session's: it holds no personal data, and
 * sign-out clears all of session storage anyway.
 */
export const TAB_STORAGE_KEY = 'dmp.borrowerSummaryTab';

export function readTabIndex(): number {
  try {
    const stored = Number(globalThis.sessionStorage?.getItem(TAB_STORAGE_KEY));
    return Number.isInteger(stored) && stored >= 0 && stored < BORROWER_SUMMARY_TABS.length ? stored : 0;
  } catch {
    return 0;
  }
}

function storeTabIndex(index: number): void {
  try {
    globalThis.sessionStorage?.setItem(TAB_STORAGE_KEY, String(index));
  } catch {
    // Storage unavailable (privacy mode): the tab is remembered for this page view only.
  }
}

export const SUMMARY_LOAD_FAILED =
  "There was a problem getting this borrower's information. Please try again.";
export const BORROWER_NOT_FOUND = 'We could not find this borrower.';
export const NO_BORROWER_CHOSEN = 'No borrower was chosen. Pick one from the Borrower Queue.';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function Frame({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return <div className="mx-auto w-full max-w-[96rem] px-4 py-5 sm:px-6">{children}</div>;
}

/** The page's heading when there is no borrower to name: every page has one, a notice too. */
function NoticeHeading() {
  return <h1 className="mt-2 text-2xl font-bold text-gray-900">Borrower Summary</h1>;
}

function BackLink() {
  return (
    <Link
      to="/borrower-queue"
      className="inline-flex min-h-10 items-center text-sm font-medium text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline"
    >
      <span aria-hidden="true">←&nbsp;</span>Borrower Queue
    </Link>
  );
}

function Notice({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="mx-auto mt-10 flex max-w-md flex-col items-center gap-4 text-center">
      <p role="alert" className="text-lg text-gray-900">
        {children}
      </p>
      {action}
    </div>
  );
}

export function useBorrowerSummary(applicationId: string) {
  return useQuery(borrowerSummaryQuery(applicationId));
}

/** The borrower summary screen. */
export function Component() {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  if (!GUID.test(id)) {
    return (
      <Frame title="Borrower Summary">
        <BackLink />
        <NoticeHeading />
        <Notice>{id ? BORROWER_NOT_FOUND : NO_BORROWER_CHOSEN}</Notice>
      </Frame>
    );
  }
  return <BorrowerSummary key={id} applicationId={id} />;
}

function BorrowerSummary({ applicationId }: { applicationId: string }) {
  const query = useBorrowerSummary(applicationId);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signedOut = query.error instanceof ApiError && query.error.code === 'NotAuthenticated';
  useEffect(() => {
    if (signedOut)
      void endLocalSession(queryClient, navigate, APP_ERROR_DEFAULT_MESSAGE_REF.NotAuthenticated);
  }, [signedOut, queryClient, navigate]);

  const summary = query.data;
  const name = summary ? fullName(summary.contact.firstName, summary.contact.lastName) : '';
  const title = name ? `${name} | Borrower Summary` : 'Borrower Summary';
  if (query.isPending || signedOut) {
    return (
      <Frame title={title}>
        <LoadingScreen text="Loading borrower..." />
      </Frame>
    );
  }
  if (query.isError) {
    const notFound =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    const message = notFound
      ? BORROWER_NOT_FOUND
      : query.error instanceof ApiError && query.error.code === 'NetworkError'
        ? query.error.message
        : SUMMARY_LOAD_FAILED;
    return (
      <Frame title={title}>
        <BackLink />
        <NoticeHeading />
        <Notice
          action={
            notFound ? undefined : (
              <button
                type="button"
                onClick={() => void query.refetch()}
                className="min-h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
              >
                Try again
              </button>
            )
          }
        >
          {message}
        </Notice>
      </Frame>
    );
  }
  return (
    <Frame title={title}>
      <SummaryScreen summary={query.data} name={name} refreshing={query.isFetching} />
    </Frame>
  );
}

function SummaryScreen({
  summary,
  name,
  refreshing,
}: {
  summary: BorrowerSummaryView;
  name: string;
  refreshing: boolean;
}) {
  const queryClient = useQueryClient();
  const applicationId = summary.overview.id;
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: staffKeys.borrowerSummary(applicationId) });
  const [tab, setTab] = useState(readTabIndex);
  const selectTab = (value: string) => {
    const index = BORROWER_SUMMARY_TABS.indexOf(value as (typeof BORROWER_SUMMARY_TABS)[number]);
    if (index < 0) return;
    setTab(index);
    storeTabIndex(index);
  };
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <BackLink />
          <h1 className="text-2xl font-bold text-gray-900">
            {name || 'Borrower'}
            <span className="sr-only"> — Borrower Summary</span>
          </h1>
          <p className="text-sm text-gray-600" aria-hidden="true">
            Borrower Summary
          </p>
        </div>
        <p role="status" className="min-h-5 text-sm text-gray-600">
          {refreshing ? 'Updating…' : ''}
        </p>
      </div>

      {/* The top block: the overview beside the alerts (cards of about the same height), then the contact
          form across the whole width with its fields in two columns, so no column is left half empty on a
          wide screen. One column on a phone, in the same order. */}
      <div className="mt-4 grid gap-4 xl:grid-cols-[minmax(0,1fr)_24rem] xl:items-start">
        <div className="min-w-0">
          <SummaryOverview summary={summary} onSaved={refresh} />
        </div>
        <div className="min-w-0">
          <AlertsPanel applicationId={applicationId} alerts={summary.alerts} />
        </div>
        <div className="min-w-0 xl:col-span-2">
          <ContactAttemptForm applicationId={applicationId} onSaved={refresh} />
        </div>
        <div className="min-w-0 xl:col-span-2">
          <BorrowerCalls applicationId={applicationId} />
        </div>
      </div>

      {/* The tabs take the full width: the debt table has 15 columns. */}
      <div className="mt-4">
        <Tabs.Root value={BORROWER_SUMMARY_TABS[tab]} onValueChange={selectTab} className="min-w-0">
          <Tabs.List
            aria-label="Borrower details"
            className="flex gap-1 overflow-x-auto border-b border-gray-200"
          >
            {BORROWER_SUMMARY_TABS.map((label) => (
              <Tabs.Trigger
                key={label}
                value={label}
                className="-mb-px min-h-11 shrink-0 border-b-2 border-transparent px-3 text-sm font-semibold sm:px-4 sm:text-base text-gray-700 hover:text-gray-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800"
              >
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content
            value="Application"
            className="pt-4 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            {/* The enrollment comes after the answers, as it does in the borrower's flow. */}
            <div className="grid gap-4">
              <ApplicationSections summary={summary} />
              <EnrollmentSection enrollment={summary.enrollment} applicationId={applicationId} />
              {/* What the agency reported after the hand-over: only a plan handed over has any. */}
              {summary.dmpEnrollment && <LedgerSection applicationId={applicationId} />}
            </div>
          </Tabs.Content>
          <Tabs.Content
            value="Financials"
            className="pt-4 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            <FinancialsTab financials={summary.financials} />
          </Tabs.Content>
          <Tabs.Content
            value="Debts"
            className="pt-4 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            <DebtTable debts={summary.debts} />
          </Tabs.Content>
          <Tabs.Content
            value="Decision"
            className="pt-4 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            <DecisionTab
              applicationId={summary.overview.id}
              decision={summary.decision}
              enrollment={summary.dmpEnrollment}
              status={summary.overview.status}
              onSaved={refresh}
            />
          </Tabs.Content>
        </Tabs.Root>
      </div>

      <div className="mt-4 grid gap-4">
        <SummaryCard title="Contact History">
          <ContactHistory attempts={summary.contactHistory} />
        </SummaryCard>
        <HistorySection summary={summary} />
      </div>
    </>
  );
}

// ---------------------------------------------------------------- the application's history

const HEAD = 'px-3 py-2 text-left font-semibold whitespace-nowrap';
const CELL = 'px-3 py-2 align-top';

export const SHOW_OPENINGS_LABEL = 'Show openings';

/** 'MM-dd-yyyy hh:mm a', breaking between the day and the time in a narrow column, never inside either. */
function Stamp({ value }: { value: string }) {
  const [day, ...time] = formatTimestamp(value).split(' ');
  return (
    <>
      <span className="whitespace-nowrap">{day}</span>{' '}
      <span className="whitespace-nowrap">{time.join(' ')}</span>
    </>
  );
}

/**
 * Status changes beside the staff actions told as sentences. Openings of this summary are many (each one is
 * recorded, this very one too): they stay hidden until asked for, and consecutive openings by one person
 * show as one line.
 */
function HistorySection({ summary }: { summary: BorrowerSummaryView }) {
  const [showOpenings, setShowOpenings] = useState(false);
  const actionsHeadingId = useId();
  // The server counts openings up to 1,001: beyond a thousand the exact number says nothing more.
  const openings = summary.openingCount > 1_000 ? '1000+' : String(summary.openingCount);
  const lines = foldOpenings(
    showOpenings ? summary.auditHistory : summary.auditHistory.filter((line) => !isOpening(line)),
  );
  const statusChanges = [...summary.statusHistory].sort((x, y) => y.createdAt.localeCompare(x.createdAt));
  return (
    <SummaryCard title="History">
      <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="min-w-0">
          <h3 className="mb-2 font-semibold text-gray-900">Status changes</h3>
          {statusChanges.length === 0 ? (
            <p className="text-sm text-gray-700">No status changes yet.</p>
          ) : (
            <div className="rounded-lg border border-gray-200">
              <table className="w-full border-collapse text-sm text-gray-900">
                <thead className="bg-gray-50 text-xs text-gray-700">
                  <tr>
                    <th scope="col" className={HEAD}>
                      Date
                    </th>
                    <th scope="col" className={HEAD}>
                      Change
                    </th>
                    <th scope="col" className={HEAD}>
                      By
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {statusChanges.map((change, index) => (
                    <tr key={`${index}-${change.createdAt}`} className="border-t border-gray-200">
                      <td className={`${CELL} tabular-nums`}>
                        <Stamp value={change.createdAt} />
                      </td>
                      <td className={CELL}>
                        {change.from ? APPLICATION_STATUS_LABELS[change.from] : 'Started'} →{' '}
                        {APPLICATION_STATUS_LABELS[change.to]}
                      </td>
                      <td className={CELL}>
                        {change.changedBy?.name ?? change.automatic ?? 'Borrower or system'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
        <div className="min-w-0">
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
            <h3 id={actionsHeadingId} className="font-semibold text-gray-900">
              Staff actions
            </h3>
            <label className="inline-flex min-h-10 items-center gap-2 text-sm text-gray-800">
              <input
                type="checkbox"
                checked={showOpenings}
                onChange={(event) => setShowOpenings(event.target.checked)}
                className="size-4 accent-brand-700"
              />
              {SHOW_OPENINGS_LABEL} ({openings})
            </label>
          </div>
          {lines.length === 0 ? (
            <p className="text-sm text-gray-700">No staff actions yet.</p>
          ) : (
            <ol
              aria-labelledby={actionsHeadingId}
              className="divide-y divide-gray-200 rounded-lg border border-gray-200 text-sm text-gray-900"
            >
              {lines.map((line) => (
                <li
                  key={line.id}
                  className="grid gap-0.5 px-3 py-2 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-3"
                >
                  <span className="text-xs text-gray-600 tabular-nums sm:pt-0.5">
                    {formatTimestamp(line.createdAt)}
                  </span>
                  <span className="min-w-0 break-words">
                    {line.sentences.map((sentence, index) => (
                      <span key={index} className={clsx('block', index > 0 && 'text-gray-700')}>
                        {sentence}
                      </span>
                    ))}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
    </SummaryCard>
  );
}

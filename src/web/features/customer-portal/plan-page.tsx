import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import type { PlanView } from '#domain/enrollment/views';
import type { ApplicationStatus } from '#domain/flow/statuses';
import { SITE } from '#domain/site';
import { ApiError } from '#web/lib/api';
import { LoadingScreen } from '#web/components/ui/loading-screen';
import { formatDollars } from '#domain/money/cents';
import { LETTER_PATH, planQuery } from './api';
import { LINK_CLASS, PortalPage } from './portal-page';
import { ReauthorizationStep, reauthorizedText } from './reauthorization-step';
import { LoadFailure } from '#web/components/ui/load-failure';

// recharts stays in a chunk of its own, loaded only when the plan shows.
const PayoffChart = lazy(() => import('./payoff-chart').then((module) => ({ default: module.PayoffChart })));

const TITLE = 'My plan';
// The component tests read these URLs from here.
export { LETTER_PATH, PLAN_PATH } from './api';

type Plan = PlanView;
type Creditor = Plan['creditors'][number];

const STATUS_TEXT: Partial<Record<ApplicationStatus, string>> = {
  counselorReview: 'A credit counsellor is reviewing your application.',
  creditorReview: 'Your creditors are reviewing the plan we proposed to them.',
  transfer: 'Your plan is being set up.',
  transferred: 'Your plan is set up.',
};

const BASIS_POINTS_PER_PERCENT = 100;
/** 800 basis points → '8.0%'. */
export const formatApr = (basisPoints: number): string =>
  `${(basisPoints / BASIS_POINTS_PER_PERCENT).toFixed(1)}%`;

const DAY = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
const LOCAL_DAY = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const MONTH = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', timeZone: 'UTC' });

/** 'yyyy-MM-dd' as that calendar day; a timestamp as the day it is here. '' when unreadable. */
export function formatDay(value: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) return DAY.format(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : LOCAL_DAY.format(date);
}

/** 'yyyy-MM' → 'May 2030'. */
export function formatMonth(value: string): string {
  const month = /^(\d{4})-(\d{2})/.exec(value);
  return month ? MONTH.format(Date.UTC(Number(month[1]), Number(month[2]) - 1, 1)) : value;
}

export function payoffSummary(payoff: Plan['payoff']): string {
  return (
    `Debt-free in ${payoff.planMonths} months on the plan, ${payoff.currentMonths} months at current ` +
    `minimum payments; interest saved ${formatDollars(payoff.interestSaved)}`
  );
}

/** /customer-portal/plan: the plan, each creditor's answer, the payoff, the payment account and the letter. */
export function Component() {
  const plan = useQuery(planQuery());
  if (plan.isPending) return <LoadingScreen />;
  if (plan.data === undefined) {
    const error = plan.error;
    if (error instanceof ApiError && error.redirect) return <Navigate to={error.redirect} replace />;
    return (
      <PortalPage title={TITLE}>
        <LoadFailure error={error} onRetry={() => void plan.refetch()} />
      </PortalPage>
    );
  }
  return (
    <PortalPage title={TITLE}>
      <PlanDetails plan={plan.data} />
    </PortalPage>
  );
}

const CARD = 'rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6';
const H2 = 'text-xl font-semibold text-gray-900';

function PlanDetails({ plan }: { plan: Plan }) {
  const statusText = STATUS_TEXT[plan.status];
  return (
    <div className="space-y-8">
      {statusText && <p className="text-gray-700">{statusText}</p>}
      <SummaryTiles plan={plan} />
      <Creditors creditors={plan.creditors} />
      <Payoff payoff={plan.payoff} />
      <div className="grid gap-4 sm:grid-cols-2">
        <section className={CARD} aria-labelledby="plan-payment-account">
          <h2 id="plan-payment-account" className={H2}>
            Payment account
          </h2>
          <p className="mt-2 text-gray-900">
            {plan.paymentAccount
              ? [
                  plan.paymentAccount.institutionName ?? 'Your bank',
                  plan.paymentAccount.mask && `••${plan.paymentAccount.mask}`,
                ]
                  .filter(Boolean)
                  .join(' ')
              : 'Not set up yet.'}
          </p>
          <p className="mt-1 text-sm text-gray-600">Your monthly plan payment is drawn from this account.</p>
        </section>
        <section className={CARD} aria-labelledby="plan-letter">
          <h2 id="plan-letter" className={H2}>
            Letter of Authorization
          </h2>
          {plan.letter?.signedAt && (
            <p className="mt-2 text-gray-900">Signed on {formatDay(plan.letter.signedAt)}</p>
          )}
          {plan.letter?.available ? (
            <a
              href={LETTER_PATH}
              download
              className={clsx(LINK_CLASS, 'mt-2 inline-flex min-h-11 items-center')}
            >
              Download your signed Letter of Authorization
            </a>
          ) : (
            <p className="mt-2 text-sm text-gray-600">
              Your signed letter will be available here once it is ready.
            </p>
          )}
        </section>
      </div>
      <p className="text-gray-700">
        Questions about your plan? Call{' '}
        <a
          href={`tel:${SITE.phone.tel}`}
          className="font-semibold whitespace-nowrap text-brand-700 underline"
        >
          {SITE.phone.display}
        </a>
        , {SITE.hours}.
      </p>
    </div>
  );
}

/** The debt-free month of a plan whose last draft is `lastDraftDate`. */
const debtFree = (plan: Plan): string =>
  plan.terms.lastDraftDate ? formatMonth(plan.terms.lastDraftDate) : 'To be set';

function SummaryTiles({ plan }: { plan: Plan }) {
  const { terms } = plan;
  // A higher amount is not drawn before the borrower confirms it: until then the authorized one is.
  const drawn = plan.change?.needsConfirmation ? plan.change.authorizedMonthlyDraft : terms.monthlyDraft;
  const tiles: [term: string, value: string][] = [
    ['Amount drawn each month', formatDollars(drawn)],
    ['Next draft', plan.nextDraftDate ? formatDay(plan.nextDraftDate) : 'To be set'],
    ['Term', `${terms.termInMonths} months`],
    ['Projected debt-free date', debtFree(plan)],
  ];
  return (
    <section aria-labelledby="plan-summary">
      <h2 id="plan-summary" className={H2}>
        {plan.enrollment ? 'Your plan' : 'Your proposed plan'}
      </h2>
      {!plan.enrollment && (
        <p className="mt-2 text-gray-700">
          These figures are proposed: they become final once your creditors have answered and your plan is set
          up.
        </p>
      )}
      {plan.change && <PlanChange plan={plan} change={plan.change} />}
      {plan.change?.needsConfirmation && <ReauthorizationStep plan={plan} />}
      {!plan.change && plan.reauthorization && (
        <p role="status" className="mt-4 rounded-xl border border-brand-300 bg-brand-50 p-4 text-gray-900">
          {reauthorizedText(plan.reauthorization)}
        </p>
      )}
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        {tiles.map(([term, value], index) => (
          <div key={term} className={clsx('rounded-xl p-4', index === 0 ? 'bg-brand-50' : 'bg-gray-50')}>
            <dt className="text-sm font-medium text-gray-700">{term}</dt>
            <dd
              className={clsx(
                'mt-1 font-bold text-gray-900 tabular-nums',
                index === 0 ? 'text-3xl text-brand-800' : 'text-xl',
              )}
              data-testid={index === 0 ? 'monthly-draft' : undefined}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-gray-700">
        {/* The split is the terms': while the higher amount waits, say it is the one being confirmed. */}
        {plan.change?.needsConfirmation ? 'Once you confirm the new amount: ' : ''}
        {planFeesText(terms)}
      </p>
    </section>
  );
}

/** Why the amount drawn changed, from which draft, and who the borrower now pays directly. */
function PlanChange({ plan, change }: { plan: Plan; change: NonNullable<Plan['change']> }) {
  const direct = plan.creditors.filter((c) => c.payDirectly !== null);
  return (
    <div role="status" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-gray-900">
      <p className="font-semibold">{planChangeText(plan.terms.monthlyDraft, change)}</p>
      {direct.length > 0 && (
        <p className="mt-2">
          {direct.map((c) => c.creditorName).join(', ')} {direct.length === 1 ? 'is' : 'are'} not on your
          plan, so you keep paying {direct.length === 1 ? 'it' : 'them'} yourself (see below).
        </p>
      )}
      {change.needsConfirmation && (
        <p className="mt-2">
          This is more than you authorized, so we will not draw it until you confirm the new terms below. To
          talk it over first, call{' '}
          <a href={`tel:${SITE.phone.tel}`} className="font-semibold whitespace-nowrap underline">
            {SITE.phone.display}
          </a>
          , {SITE.hours}.
        </p>
      )}
    </div>
  );
}

/**
 * 'Your monthly draft changes from $330 to $257, from the draft on March 5, 2027.'; a higher amount, which
 * waits for the borrower: 'Your plan now needs $415 a month instead of the $385 you authorized.'
 */
export function planChangeText(monthlyDraft: number, change: NonNullable<Plan['change']>): string {
  if (change.needsConfirmation) {
    return (
      `Your plan now needs ${formatDollars(monthlyDraft)} a month instead of the ` +
      `${formatDollars(change.authorizedMonthlyDraft)} you authorized.`
    );
  }
  const from = change.appliesFrom ? `, from the draft on ${formatDay(change.appliesFrom)}` : '';
  return (
    `Your monthly draft changes from ${formatDollars(change.authorizedMonthlyDraft)} to ` +
    `${formatDollars(monthlyDraft)}${from}.`
  );
}

/** What each draft is made of, and the set-up fee: the same words and figures the letter states. */
export function planFeesText(
  terms: Pick<Plan['terms'], 'creditorsMonthlyPayment' | 'monthlyFee' | 'setupFee' | 'setupFeeDate'>,
): string {
  const split =
    terms.monthlyFee > 0
      ? `Of each draft, ${formatDollars(terms.creditorsMonthlyPayment)} goes to your creditors and ` +
        `${formatDollars(terms.monthlyFee)} is the agency's monthly fee.`
      : `Each draft goes to your creditors in full; the plan has no monthly fee.`;
  const setup =
    terms.setupFee > 0
      ? ` A one-time set-up fee of ${formatDollars(terms.setupFee)} is drawn with your first draft` +
        (terms.setupFeeDate ? ` on ${formatDay(terms.setupFeeDate)}.` : '.')
      : '';
  return `${split}${setup} Fees are never more than your state's law allows.`;
}

const STATUS_BADGES = {
  proposed: { label: 'Proposed', className: 'bg-gray-100 text-gray-800' },
  accepted: { label: 'Accepted', className: 'bg-brand-100 text-brand-800' },
  declined: { label: 'Declined', className: 'bg-red-100 text-red-800' },
  leftOut: { label: 'Not in your plan', className: 'bg-gray-100 text-gray-800' },
} as const satisfies Record<Creditor['status'], { label: string; className: string }>;

function StatusBadge({ status }: { status: Creditor['status'] }) {
  const badge = STATUS_BADGES[status];
  return (
    <span
      className={clsx(
        'inline-block rounded-full px-3 py-1 text-sm font-semibold whitespace-nowrap',
        badge.className,
      )}
    >
      {badge.label}
    </span>
  );
}

const creditorName = (creditor: Creditor): string =>
  creditor.accountNumberLast4
    ? `${creditor.creditorName} ••${creditor.accountNumberLast4}`
    : creditor.creditorName;
/** A creditor the plan does not pay: 'Pay Citi yourself: about $57 a month.' */
export const payDirectlyText = (creditor: Creditor): string =>
  `Pay ${creditor.creditorName} yourself: about ${formatDollars(creditor.payDirectly)} a month.`;
const planPayment = (creditor: Creditor): string =>
  creditor.payDirectly === null ? formatDollars(creditor.newMonthlyPayment) : '—';
const apr = (creditor: Creditor): string =>
  creditor.proposedApr === null ? '—' : formatApr(creditor.proposedApr);

function Creditors({ creditors }: { creditors: readonly Creditor[] }) {
  return (
    <section aria-labelledby="plan-creditors">
      <h2 id="plan-creditors" className={H2}>
        Your creditors
      </h2>
      {creditors.length === 0 ? (
        <p className="mt-2 text-gray-700">There are no creditors in your plan yet.</p>
      ) : (
        <>
          {/* A phone gets one card per creditor; wider screens the table. CSS shows exactly one of them. */}
          <ul className="mt-4 space-y-3 md:hidden">
            {creditors.map((creditor) => (
              <li key={creditor.id} className="rounded-xl border border-gray-200 p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <p className="min-w-0 font-semibold break-words text-gray-900">{creditorName(creditor)}</p>
                  <StatusBadge status={creditor.status} />
                </div>
                {creditor.payDirectly !== null && (
                  <p className="mt-2 text-sm font-medium text-gray-900">{payDirectlyText(creditor)}</p>
                )}
                <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                  <div>
                    <dt className="text-gray-600">Balance</dt>
                    <dd className="font-medium text-gray-900 tabular-nums">
                      {formatDollars(creditor.balance)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-gray-600">New monthly payment</dt>
                    <dd className="font-medium text-gray-900 tabular-nums">{planPayment(creditor)}</dd>
                  </div>
                  <div>
                    <dt className="text-gray-600">APR</dt>
                    <dd className="font-medium text-gray-900 tabular-nums">{apr(creditor)}</dd>
                  </div>
                  <div>
                    <dt className="text-gray-600">Term</dt>
                    <dd className="font-medium text-gray-900 tabular-nums">{creditor.term} months</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
          <table className="mt-4 hidden w-full text-left text-sm md:table">
            <caption className="sr-only">Your creditors, with each one&apos;s answer to the plan</caption>
            <thead className="border-b border-gray-300 text-xs text-gray-700">
              <tr>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Creditor
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Balance
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  New monthly payment
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  APR
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Term
                </th>
                <th scope="col" className="py-2 pl-3 font-semibold">
                  Status
                </th>
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {creditors.map((creditor) => (
                <tr key={creditor.id} className="border-b border-gray-200">
                  <th scope="row" className="py-3 pr-3 font-medium break-words text-gray-900">
                    {creditorName(creditor)}
                  </th>
                  <td className="px-3 py-3 text-right">{formatDollars(creditor.balance)}</td>
                  <td className="px-3 py-3 text-right font-semibold">{planPayment(creditor)}</td>
                  <td className="px-3 py-3 text-right">{apr(creditor)}</td>
                  <td className="px-3 py-3 text-right whitespace-nowrap">{creditor.term} months</td>
                  <td className="py-3 pl-3">
                    <StatusBadge status={creditor.status} />
                    {creditor.payDirectly !== null && (
                      <p className="mt-1 text-xs text-gray-800">{payDirectlyText(creditor)}</p>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

function Payoff({ payoff }: { payoff: Plan['payoff'] }) {
  return (
    <section aria-labelledby="plan-payoff" className={CARD}>
      <h2 id="plan-payoff" className={H2}>
        Your path to debt-free
      </h2>
      <p className="mt-2 text-gray-800">{payoffSummary(payoff)}.</p>
      {payoff.points.length > 1 && (
        <div className="mt-4">
          <Suspense fallback={<p className="min-h-64 text-sm text-gray-600">Loading the chart...</p>}>
            <PayoffChart points={payoff.points} />
          </Suspense>
        </div>
      )}
    </section>
  );
}

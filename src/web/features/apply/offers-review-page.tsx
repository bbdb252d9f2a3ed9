import { lazy, Suspense, type FormEvent } from 'react';
import { Navigate } from 'react-router';
import type { OffersView } from '#domain/flow/application-view';
import { resumeRoute } from '#domain/flow/resume';
import { SITE } from '#domain/site';
import { MESSAGES } from '#domain/validation/messages';
import { BusyOverlay } from '#web/components/ui/busy-overlay';
import { formatDollars } from '#domain/money/cents';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { FREE_SERVICES_TEXT, PLAN_FEE_SETTINGS, planFeeSummary } from '#domain/underwriting/plan-fees';
import { ApplyPage } from './apply-page';
import { CreditorOffers } from './creditor-offers';
import { continueFromOffers, offersQuery } from './api';
import { ApplyPageGate, PageDataGate, useSavePage } from './save-page';

// recharts stays in this chunk of its own, loaded only when the review page shows.
const OffersComparisonChart = lazy(() =>
  import('./offers-comparison-chart').then((module) => ({ default: module.OffersComparisonChart })),
);

const TITLE = 'Review';
export const REVIEW_HEADLINE = 'Congratulations! You may be eligible for a Debt Management Plan';
export const TERMS_DISCLOSURE = 'Terms may vary based on the eligibility of programs offered by creditors';
/** The statuses in which the offers can be reviewed; any other goes where the application stands. */
const REVIEWABLE_STATUSES: readonly string[] = ['inProgress', 'acceptOffer'];

// The estimate rules, as the footnote states them (the estimates themselves are the server's).
const ASSUMED_APR_BASIS_POINTS = 2190;
const MINIMUM_PAYMENT_SHARE_BASIS_POINTS = 100;
const LOW_BALANCE_MINIMUM_PAYMENT_CENTS = 2500;
const BASIS_POINTS_PER_PERCENT = 100;
const percent = (basisPoints: number): string => `${basisPoints / BASIS_POINTS_PER_PERCENT}%`;

export const CURRENT_PAYMENT_FOOTNOTE =
  `Your current monthly payment is estimated as ${percent(MINIMUM_PAYMENT_SHARE_BASIS_POINTS)} of the balance ` +
  `plus one month of interest at ${percent(ASSUMED_APR_BASIS_POINTS)} APR, and at least ` +
  `${formatDollars(LOW_BALANCE_MINIMUM_PAYMENT_CENTS)} for each account.`;

export const REPAYMENT_FOOTNOTE =
  'Total repayment is what you would pay in all: the balances plus the interest, and on the plan its fees. ' +
  'Each account is worked out month by month at its APR until it is paid off.';

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** 'yyyy-MM' → 'April 2027'. */
export const formatMonth = (month: string): string => monthName.format(new Date(`${month}-01T00:00:00Z`));

/** 'Monthly payment $X, including a $Y monthly fee' (and the set-up fee, when there is one). */
export function feeDisclosure(view: Pick<OffersView, 'totalNewMonthlyPayment' | 'monthlyFee' | 'setupFee'>) {
  const monthly =
    `Monthly payment ${formatDollars(view.totalNewMonthlyPayment)}, including a ` +
    `${formatDollars(view.monthlyFee)} monthly fee`;
  return view.setupFee > 0
    ? `${monthly}, plus a one-time ${formatDollars(view.setupFee)} set-up fee.`
    : `${monthly}.`;
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** Interest and fees until paid off, and the debt-free months, at the current payments and on the plan. */
function PlanCosts({ view }: { view: OffersView }) {
  if (view.offers.length === 0) return null;
  const never = view.currentTotalInterest === null;
  const capped = view.setupFee < PLAN_FEE_SETTINGS.setupFee || view.monthlyFee < PLAN_FEE_SETTINGS.monthlyFee;
  const items: { term: string; value: string; detail?: string }[] = [
    {
      term: 'Total interest at your current payments',
      value: never ? 'Never paid off' : formatDollars(view.currentTotalInterest),
    },
    { term: 'Total interest on the plan', value: formatDollars(view.planTotalInterest) },
    {
      term: 'Debt-free at your current payments',
      value: never || !view.currentDebtFreeMonth ? 'Never' : formatMonth(view.currentDebtFreeMonth),
    },
    {
      term: 'Debt-free on the plan',
      value: view.planDebtFreeMonth ? formatMonth(view.planDebtFreeMonth) : 'Not yet known',
    },
    {
      term: 'Plan fees in all',
      value: formatDollars(view.planTotalFees),
      detail:
        view.setupFee > 0 || view.monthlyFee > 0
          ? `${formatDollars(view.setupFee)} set-up and ${formatDollars(view.monthlyFee)} a month` +
            (capped ? ", lowered to your state's cap" : '')
          : undefined,
    },
  ];
  return (
    <section aria-labelledby="plan-costs-heading" className="mt-6 rounded-xl border border-gray-200 p-4">
      <h2 id="plan-costs-heading" className="font-semibold text-gray-900">
        What your debts cost until they are paid off
      </h2>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        {items.map((item) => (
          <div key={item.term} className="min-w-0">
            <dt className="text-sm text-gray-700">{item.term}</dt>
            <dd className="text-xl font-bold text-gray-900 tabular-nums">{item.value}</dd>
            {item.detail && <dd className="text-xs text-gray-600">{item.detail}</dd>}
          </div>
        ))}
      </dl>
      {never && (
        <p className="mt-3 text-sm text-gray-700">
          At the estimated current payments, {plural(view.accountsNeverPaidOff, 'account is', 'accounts are')}{' '}
          never paid off: the payment does not cover the month&apos;s interest, so the balance never comes
          down.
        </p>
      )}
    </section>
  );
}

/** /offers/review: the offer summary and Continue. */
export function Component() {
  return (
    <ApplyPageGate page="Review" title={TITLE} allowAnyStatus>
      {(application) =>
        REVIEWABLE_STATUSES.includes(application.status) ? (
          <OffersLoader />
        ) : (
          <Navigate to={resumeRoute(application)} replace />
        )
      }
    </ApplyPageGate>
  );
}

function OffersLoader() {
  return (
    <PageDataGate page="Review" title={TITLE} query={offersQuery()}>
      {(view) => <OffersReview view={view} />}
    </PageDataGate>
  );
}

function OffersReview({ view }: { view: OffersView }) {
  // Leave first: the application's new status would otherwise send this page to its resume route.
  const { save, busy, errorModal } = useSavePage(continueFromOffers, {
    leaveFirst: true,
    failedMessage: MESSAGES.reviewSaveFailed,
  });

  const onContinue = async (event: FormEvent) => {
    event.preventDefault();
    await save();
  };

  return (
    <ApplyPage page="Review" title={TITLE}>
      <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{REVIEW_HEADLINE}</h1>
      {view.explanation && <p className="mt-3 text-gray-700">{view.explanation}</p>}

      <dl className="mt-6 grid gap-3 sm:grid-cols-2">
        <div className="rounded-xl bg-brand-50 p-4">
          <dt className="text-sm font-medium text-gray-700">Estimated total monthly savings</dt>
          <dd className="mt-1 text-3xl font-bold text-brand-800 tabular-nums">
            {formatDollars(view.estimatedTotalMonthlySavings)}
          </dd>
        </div>
        <div className="rounded-xl bg-gray-50 p-4">
          <dt className="text-sm font-medium text-gray-700">Estimated total new monthly payment</dt>
          <dd className="mt-1 text-3xl font-bold text-gray-900 tabular-nums">
            {formatDollars(view.totalNewMonthlyPayment)}
          </dd>
          {view.monthlyFee > 0 && (
            <dd className="mt-1 text-sm text-gray-700" data-testid="fee-disclosure">
              {feeDisclosure(view)}
            </dd>
          )}
        </div>
      </dl>

      <PlanCosts view={view} />

      {view.offers.length > 0 && (
        <div className="mt-6">
          <Suspense fallback={<p className="min-h-72 text-sm text-gray-600">Loading the comparison...</p>}>
            <OffersComparisonChart
              comparison={{
                currentMonthlyPayment: view.totalCurrentMonthlyPayment,
                currentRepaymentAmount:
                  view.currentTotalInterest === null ? null : view.currentRepaymentAmount,
                currentPayoffMonths: view.currentTotalInterest === null ? null : view.currentPayoffMonths,
                newMonthlyPayment: view.totalNewMonthlyPayment,
                newRepaymentAmount: view.newRepaymentAmount,
                termInMonths: view.termInMonths,
              }}
            />
          </Suspense>
        </div>
      )}

      <CreditorOffers
        className="mt-6"
        caption="Your creditor offers"
        rows={view.offers}
        monthlyFee={view.monthlyFee}
      />

      <ul className="mt-4 list-disc space-y-1 pl-5 text-xs text-gray-600">
        <li>Estimates are based on your credit report.</li>
        <li>{CURRENT_PAYMENT_FOOTNOTE}</li>
        <li>{REPAYMENT_FOOTNOTE}</li>
        <li>
          {FREE_SERVICES_TEXT} {planFeeSummary()}
        </li>
      </ul>

      <p className="mt-6 text-gray-700">
        Your plan is run by {SITE.agencyName}, a nonprofit credit counseling agency. Questions? Call{' '}
        <a
          href={`tel:${SITE.phone.tel}`}
          className="font-semibold whitespace-nowrap text-brand-700 underline"
        >
          {SITE.phone.display}
        </a>
        , {SITE.hours}.
      </p>
      <p className="mt-3 text-sm text-gray-600">{TERMS_DISCLOSURE}</p>

      <form noValidate onSubmit={(event) => void onContinue(event)} className="mt-6">
        <SubmitButton busy={busy}>Continue</SubmitButton>
      </form>
      <BusyOverlay show={busy} text="Saving..." />
      {errorModal}
    </ApplyPage>
  );
}

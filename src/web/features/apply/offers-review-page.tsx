import { lazy, Suspense, type FormEvent } from 'react';
import { Navigate } from 'react-router';
import type { OffersView } from '#domain/flow/application-view';
import { resumeRoute } from '#domain/flow/resume';
import { SITE } from '#domain/site';
import { MESSAGES } from '#domain/validation/messages';
import { BusyOverlay } from '#web/components/ui/busy-overlay';
import { formatDollars } from '#domain/money/cents';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { OffersTable } from '#web/components/ui/offers-table';
import { ApplyPage } from './apply-page';
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
        </div>
      </dl>

      {view.offers.length > 0 && (
        <div className="mt-6">
          <Suspense fallback={<p className="min-h-72 text-sm text-gray-600">Loading the comparison...</p>}>
            <OffersComparisonChart
              comparison={{
                currentMonthlyPayment: view.totalCurrentMonthlyPayment,
                currentRepaymentAmount: view.currentRepaymentAmount,
                currentPayoffMonths: view.currentPayoffMonths,
                newMonthlyPayment: view.totalNewMonthlyPayment,
                newRepaymentAmount: view.newRepaymentAmount,
                longestTerm: view.longestTerm,
              }}
            />
          </Suspense>
        </div>
      )}

      <OffersTable
        className="mt-6"
        caption="Your creditor offers"
        rows={view.offers.map((offer) => ({
          id: offer.id,
          creditorName: offer.creditorName,
          currentBalance: offer.currentBalance,
          currentMonthlyPayment: offer.currentMonthlyPayment,
          newMonthlyPayment: offer.newMonthlyPayment,
          term: offer.term,
        }))}
      />

      <ul className="mt-4 list-disc space-y-1 pl-5 text-xs text-gray-600">
        <li>Estimates are based on your credit report.</li>
        <li>{CURRENT_PAYMENT_FOOTNOTE}</li>
        <li>
          The new repayment amount is your new monthly payment total times the longest term (
          {view.longestTerm} months).
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

import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { Navigate } from 'react-router';
import { acceptOffersSchema, type OffersView } from '#domain/flow/application-view';
import { offerSummary, reviewTerms } from '#domain/enrollment/offer-review';
import { PLAN_DISCLOSURES, PLAN_DISCLOSURES_VERSION } from '#domain/enrollment/plan-disclosures';
import { firstDraftDate } from '#domain/enrollment/plan-terms';
import { LAST_DRAFT_DAY_OF_MONTH } from '#domain/underwriting/constants';
import { CheckboxField } from '#web/components/ui/form/checkbox-field';
import { FieldError } from '#web/components/ui/form/field-error';
import { SelectField } from '#web/components/ui/form/select-field';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { resumeRoute } from '#domain/flow/resume';
import { SITE } from '#domain/site';
import { MESSAGES } from '#domain/validation/messages';
import { BusyOverlay } from '#web/components/ui/busy-overlay';
import { formatDollars } from '#domain/money/cents';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { FREE_SERVICES_TEXT, PLAN_FEE_SETTINGS, planFeeSummary } from '#domain/underwriting/plan-fees';
import { ApplyPage } from './apply-page';
import { CreditorOffers } from './creditor-offers';
import { acceptOffers, leaveOutAllOffers, offersQuery } from './api';
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

const ORDINAL_SUFFIX = (n: number): string => {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return 'th';
  return n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
};
/** 1 → '1st', 22 → '22nd'. */
export const dayOfMonth = (n: number): string => `${n}${ORDINAL_SUFFIX(n)}`;

const DAY = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
/** 'yyyy-MM-dd' → 'January 11, 2027'. */
const formatDay = (day: string): string => DAY.format(new Date(`${day}T00:00:00Z`));

const DRAFT_DAY_OPTIONS = Array.from({ length: LAST_DRAFT_DAY_OF_MONTH }, (_, k) => ({
  value: k + 1,
  label: dayOfMonth(k + 1),
}));

export const ACCEPT_LABEL = 'Accept my plan';
export const AGREEMENT_LABEL =
  'I have read the plan’s terms and the disclosures above, and I accept the plan. I will keep paying each card myself until its creditor accepts.';
export const LEAVE_ALL_OUT_LABEL = 'Leave every offer out';

function OffersReview({ view }: { view: OffersView }) {
  const [leftOut, setLeftOut] = useState<ReadonlySet<string>>(
    () => new Set(view.offers.filter((o) => o.leftOut).map((o) => o.id)),
  );
  const [confirmingLeaveAll, setConfirmingLeaveAll] = useState(false);
  const initialDay = view.draftDay ?? Number(firstDraftDate(view.today, null).slice(8, 10));
  const form = useZodForm(acceptOffersSchema, {
    leftOut: [...leftOut],
    draftDay: initialDay,
    disclosuresVersion: PLAN_DISCLOSURES_VERSION,
  });
  const chosenDay = useWatch({ control: form.control, name: 'draftDay' });
  const draftDay = typeof chosenDay === 'number' ? chosenDay : initialDay;
  // The same function the server uses, on what the server sent: the figures change as the borrower chooses.
  const terms = useMemo(
    () => reviewTerms({ offers: view.offers, leftOut, cap: view.feeCap, today: view.today, draftDay }),
    [view, leftOut, draftDay],
  );
  const shown: OffersView = { ...view, ...offerSummary(terms, view.offers, view.today) };
  const allLeftOut = view.offers.length > 0 && terms.creditors.length === 0;

  // Leave first: the application's new status would otherwise send this page to its resume route.
  const { save, busy, errorModal } = useSavePage(acceptOffers, {
    form,
    fieldOrder: ['leftOut', 'draftDay', 'agreed'],
    leaveFirst: true,
    failedMessage: MESSAGES.reviewSaveFailed,
  });
  const leaveAll = useSavePage(leaveOutAllOffers, {
    leaveFirst: true,
    failedMessage: MESSAGES.reviewSaveFailed,
  });

  const onToggle = (id: string, keep: boolean) => {
    const next = new Set(leftOut);
    if (keep) next.delete(id);
    else next.add(id);
    setLeftOut(next);
    form.setValue('leftOut', [...next]);
  };

  const onAccept = form.handleSubmit(async (values) => {
    await save(values);
  });

  return (
    <ApplyPage page="Review" title={TITLE}>
      <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{REVIEW_HEADLINE}</h1>
      {view.explanation && <p className="mt-3 text-gray-700">{view.explanation}</p>}

      <dl className="mt-6 grid gap-3 sm:grid-cols-2">
        <div className="rounded-xl bg-brand-50 p-4">
          <dt className="text-sm font-medium text-gray-700">Estimated total monthly savings</dt>
          <dd className="mt-1 text-3xl font-bold text-brand-800 tabular-nums">
            {formatDollars(shown.estimatedTotalMonthlySavings)}
          </dd>
        </div>
        <div className="rounded-xl bg-gray-50 p-4">
          <dt className="text-sm font-medium text-gray-700">Estimated total new monthly payment</dt>
          <dd className="mt-1 text-3xl font-bold text-gray-900 tabular-nums" data-testid="monthly-draft">
            {formatDollars(shown.totalNewMonthlyPayment)}
          </dd>
          {shown.monthlyFee > 0 && (
            <dd className="mt-1 text-sm text-gray-700" data-testid="fee-disclosure">
              {feeDisclosure(shown)}
            </dd>
          )}
        </div>
      </dl>

      <PlanCosts view={shown} />

      {terms.creditors.length > 0 && (
        <div className="mt-6">
          <Suspense fallback={<p className="min-h-72 text-sm text-gray-600">Loading the comparison...</p>}>
            <OffersComparisonChart
              comparison={{
                currentMonthlyPayment: shown.totalCurrentMonthlyPayment,
                currentRepaymentAmount:
                  shown.currentTotalInterest === null ? null : shown.currentRepaymentAmount,
                currentPayoffMonths: shown.currentTotalInterest === null ? null : shown.currentPayoffMonths,
                newMonthlyPayment: shown.totalNewMonthlyPayment,
                newRepaymentAmount: shown.newRepaymentAmount,
                termInMonths: shown.termInMonths,
              }}
            />
          </Suspense>
        </div>
      )}

      <p className="mt-6 text-gray-700">
        Each creditor&apos;s offer is yours to keep in the plan or leave out. A creditor you leave out is not
        paid through the plan: you keep paying it yourself.
      </p>
      <CreditorOffers
        className="mt-3"
        caption="Your creditor offers"
        rows={view.offers}
        monthlyFee={shown.monthlyFee}
        termInMonths={shown.termInMonths}
        choice={{ leftOut, onToggle }}
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

      {allLeftOut ? (
        <section
          aria-labelledby="no-plan-heading"
          className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4"
        >
          <h2 id="no-plan-heading" className="font-semibold text-gray-900">
            Every offer is left out
          </h2>
          <p className="mt-2 text-gray-800">
            Without at least one offer there is no plan. Keep an offer above to accept a plan, or leave them
            all out and keep paying your cards yourself.
          </p>
          <button
            type="button"
            onClick={() => setConfirmingLeaveAll(true)}
            className="mt-4 min-h-11 rounded-lg border border-gray-400 bg-white px-5 font-semibold text-gray-900 hover:bg-gray-50"
          >
            {LEAVE_ALL_OUT_LABEL}
          </button>
        </section>
      ) : (
        <FormProvider {...form}>
          <form noValidate onSubmit={(event) => void onAccept(event)} className="mt-8">
            <section
              aria-labelledby="accept-heading"
              className="rounded-xl border border-gray-200 p-4 sm:p-6"
            >
              <h2 id="accept-heading" className="text-xl font-semibold text-gray-900">
                Your plan, if you accept it
              </h2>
              <dl className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="plan-terms">
                <Term label="Amount drawn each month">
                  {formatDollars(terms.monthlyDraft)}
                  {terms.monthlyFee > 0 && (
                    <span className="block text-sm font-normal text-gray-700">
                      includes the agency&apos;s {formatDollars(terms.monthlyFee)} monthly fee
                    </span>
                  )}
                </Term>
                <Term label="Set-up fee">
                  {terms.setupFee > 0
                    ? `${formatDollars(terms.setupFee)}, once, with your first payment`
                    : 'None'}
                </Term>
                <Term label="Term">{`${terms.termInMonths} monthly payments`}</Term>
                <Term label="Debt-free">
                  {terms.lastDraftDate ? formatMonth(terms.lastDraftDate.slice(0, 7)) : 'Not yet known'}
                </Term>
              </dl>
              <SelectField
                name="draftDay"
                label="Day of the month your payment is drawn"
                options={DRAFT_DAY_OPTIONS}
                hint={
                  (view.suggestedDraftDay
                    ? `We suggest the ${dayOfMonth(view.suggestedDraftDay)}, the day after your usual payday. `
                    : '') +
                  (terms.firstDraftDate
                    ? `Your first payment would be on ${formatDay(terms.firstDraftDate)}, at least 5 business days after you sign; the letter you sign fixes the date.`
                    : '')
                }
                className="mt-6 max-w-sm"
              />
              <h3 className="mt-6 font-semibold text-gray-900">Before you accept</h3>
              <ul className="mt-2 list-disc space-y-2 pl-5 text-sm text-gray-800">
                {PLAN_DISCLOSURES.map((d) => (
                  <li key={d.key}>{d.text}</li>
                ))}
              </ul>
              <CheckboxField name="agreed" label={AGREEMENT_LABEL} className="mt-6" />
              <FieldError id="leftOut-error" message={form.formState.errors.leftOut?.message} />
              <div className="mt-6">
                <SubmitButton busy={busy}>{ACCEPT_LABEL}</SubmitButton>
              </div>
            </section>
          </form>
        </FormProvider>
      )}
      <ConfirmDialog
        open={confirmingLeaveAll}
        title="Leave every offer out?"
        description="There will be no plan: you keep paying each card yourself, and your application ends here. You can still call us for free counselling."
        cancelLabel="Keep my offers"
        confirmLabel={LEAVE_ALL_OUT_LABEL}
        onCancel={() => setConfirmingLeaveAll(false)}
        onConfirm={() => {
          setConfirmingLeaveAll(false);
          void leaveAll.save();
        }}
      />
      <BusyOverlay show={busy || leaveAll.busy} text="Saving..." />
      {errorModal}
      {leaveAll.errorModal}
    </ApplyPage>
  );
}

function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg bg-gray-50 p-3">
      <dt className="text-sm text-gray-700">{label}</dt>
      <dd className="text-lg font-bold text-gray-900 tabular-nums">{children}</dd>
    </div>
  );
}

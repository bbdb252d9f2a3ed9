import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { parseDay } from '#domain/calendar';
import { Navigate } from 'react-router';
import { acceptOffersSchema, type OffersView } from '#domain/flow/application-view';
import { leaveOutWarning, offerSummary, reviewBudget, reviewTerms } from '#domain/enrollment/offer-review';
import { PLAN_DISCLOSURES, PLAN_DISCLOSURES_VERSIONS } from '#domain/enrollment/plan-disclosures';
import { firstDraftDate } from '#domain/enrollment/plan-terms';
import { LAST_DRAFT_DAY_OF_MONTH } from '#domain/underwriting/constants';
import { CheckboxField } from '#web/components/ui/form/checkbox-field';
import { FieldError } from '#web/components/ui/form/field-error';
import { SelectField } from '#web/components/ui/form/select-field';
import { fieldErrorText } from '#web/components/ui/form/use-field';
import { messageText } from '#web/lib/message-text';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { resumeRoute } from '#domain/flow/resume';
import { SITE } from '#domain/site';
import { MESSAGE_REFS } from '#domain/validation/messages';
import { BusyOverlay } from '#web/components/ui/busy-overlay';
import { formatDollars } from '#domain/money/cents';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { PLAN_FEE_SETTINGS, type PlanFeeSettings } from '#domain/underwriting/plan-fees';
import { useLanguage } from '#web/lib/i18n';
import { ApplyPage } from './apply-page';
import { CreditorOffers, hasMixedPayments } from './creditor-offers';
import { LeaveOutFitWarning } from './leave-out-fit-warning';
import { PLAN_DISCLOSURE_MESSAGES } from './plan-disclosure-messages';
import { acceptOffers, leaveOutAllOffers, offersQuery } from './api';
import { ApplyPageGate, PageDataGate, useSavePage } from './save-page';

// recharts stays in this chunk of its own, loaded only when the review page shows.
const OffersComparisonChart = lazy(() =>
  import('./offers-comparison-chart').then((module) => ({ default: module.OffersComparisonChart })),
);

/** The page's title, in the page's language. */
function useTitle() {
  return useIntl().formatMessage({ id: 'apply.offers.title', defaultMessage: 'Review' });
}
// The English of messages below, for the tests.
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

/** The footnote's figures, filled into its message. */
const FOOTNOTE_VALUES = {
  share: percent(MINIMUM_PAYMENT_SHARE_BASIS_POINTS),
  apr: percent(ASSUMED_APR_BASIS_POINTS),
  minimum: formatDollars(LOW_BALANCE_MINIMUM_PAYMENT_CENTS),
};

export const CURRENT_PAYMENT_FOOTNOTE =
  `Your current monthly payment is estimated as ${percent(MINIMUM_PAYMENT_SHARE_BASIS_POINTS)} of the balance ` +
  `plus one month of interest at ${percent(ASSUMED_APR_BASIS_POINTS)} APR, and at least ` +
  `${formatDollars(LOW_BALANCE_MINIMUM_PAYMENT_CENTS)} for each account.`;

/** 'yyyy-MM' → 'April 2027' ('abril de 2027' in Spanish). */
export const formatMonth = (intl: IntlShape, month: string): string =>
  intl.formatDate(new Date(`${month}-01T00:00:00Z`), { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'Monthly payment $X, including a $Y monthly fee' (and the set-up fee, when there is one). */
export function feeDisclosure(
  intl: IntlShape,
  view: Pick<OffersView, 'totalNewMonthlyPayment' | 'monthlyFee' | 'setupFee'>,
) {
  return intl.formatMessage(
    {
      id: 'apply.offers.feeDisclosure',
      defaultMessage:
        '{withSetup, select, yes {Monthly payment {payment}, including a {monthlyFee} monthly fee, plus a one-time {setupFee} set-up fee.} other {Monthly payment {payment}, including a {monthlyFee} monthly fee.}}',
    },
    {
      withSetup: view.setupFee > 0 ? 'yes' : 'no',
      payment: formatDollars(view.totalNewMonthlyPayment),
      monthlyFee: formatDollars(view.monthlyFee),
      setupFee: formatDollars(view.setupFee),
    },
  );
}

const feeKind = (fees: PlanFeeSettings) =>
  fees.setupFee > 0 && fees.monthlyFee > 0
    ? 'both'
    : fees.setupFee > 0
      ? 'setup'
      : fees.monthlyFee > 0
        ? 'monthly'
        : 'none';

/**
 * FREE_SERVICES_TEXT and planFeeSummary() of the domain, in the page's language: the landing pages say the
 * same, under the same ids.
 */
function usePlanFeeText(fees: PlanFeeSettings = PLAN_FEE_SETTINGS): string {
  const intl = useIntl();
  const free = intl.formatMessage({
    id: 'landing.fees.free',
    defaultMessage: 'Your debt analysis and credit counseling are free.',
  });
  const summary = intl.formatMessage(
    {
      id: 'landing.fees.summary',
      defaultMessage:
        "{fees, select, both {A debt management plan may carry a set-up fee of up to {setupFee} and a monthly fee of up to {monthlyFee}, never more than your state's law allows.} setup {A debt management plan may carry a set-up fee of up to {setupFee}, never more than your state's law allows.} monthly {A debt management plan may carry a monthly fee of up to {monthlyFee}, never more than your state's law allows.} other {A debt management plan carries no fees.}}",
    },
    {
      fees: feeKind(fees),
      setupFee: formatDollars(fees.setupFee),
      monthlyFee: formatDollars(fees.monthlyFee),
    },
  );
  return `${free} ${summary}`;
}

/** Interest and fees until paid off, and the debt-free months, at the current payments and on the plan. */
function PlanCosts({ view }: { view: OffersView }) {
  const intl = useIntl();
  if (view.offers.length === 0) return null;
  const never = view.currentTotalInterest === null;
  const capped = view.setupFee < PLAN_FEE_SETTINGS.setupFee || view.monthlyFee < PLAN_FEE_SETTINGS.monthlyFee;
  const items: { term: string; value: string; detail?: string }[] = [
    {
      term: intl.formatMessage({
        id: 'apply.offers.costs.currentInterest',
        defaultMessage: 'Total interest at your current payments',
      }),
      value: never
        ? intl.formatMessage({ id: 'apply.offers.neverPaidOff', defaultMessage: 'Never paid off' })
        : formatDollars(view.currentTotalInterest),
    },
    {
      term: intl.formatMessage({
        id: 'apply.offers.costs.planInterest',
        defaultMessage: 'Total interest on the plan',
      }),
      value: formatDollars(view.planTotalInterest),
    },
    {
      term: intl.formatMessage({
        id: 'apply.offers.costs.currentDebtFree',
        defaultMessage: 'Debt-free at your current payments',
      }),
      value:
        never || !view.currentDebtFreeMonth
          ? intl.formatMessage({ id: 'apply.offers.costs.never', defaultMessage: 'Never' })
          : formatMonth(intl, view.currentDebtFreeMonth),
    },
    {
      term: intl.formatMessage({
        id: 'apply.offers.costs.planDebtFree',
        defaultMessage: 'Debt-free on the plan',
      }),
      value: view.planDebtFreeMonth
        ? formatMonth(intl, view.planDebtFreeMonth)
        : intl.formatMessage({ id: 'apply.offers.notYetKnown', defaultMessage: 'Not yet known' }),
    },
    {
      term: intl.formatMessage({ id: 'apply.offers.costs.fees', defaultMessage: 'Plan fees in all' }),
      value: formatDollars(view.planTotalFees),
      detail:
        view.setupFee > 0 || view.monthlyFee > 0
          ? intl.formatMessage(
              {
                id: 'apply.offers.costs.feesDetail',
                defaultMessage:
                  "{capped, select, yes {{setupFee} set-up and {monthlyFee} a month, lowered to your state's cap} other {{setupFee} set-up and {monthlyFee} a month}}",
              },
              {
                capped: capped ? 'yes' : 'no',
                setupFee: formatDollars(view.setupFee),
                monthlyFee: formatDollars(view.monthlyFee),
              },
            )
          : undefined,
    },
  ];
  return (
    <section aria-labelledby="plan-costs-heading" className="mt-6 rounded-xl border border-gray-200 p-4">
      <h2 id="plan-costs-heading" className="font-semibold text-gray-900">
        <FormattedMessage
          id="apply.offers.costs.heading"
          defaultMessage="What your debts cost until they are paid off"
        />
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
          <FormattedMessage
            id="apply.offers.costs.neverPaidOff"
            defaultMessage="At the estimated current payments, {count, plural, one {# account is} other {# accounts are}} never paid off: the payment does not cover the month's interest, so the balance never comes down."
            values={{ count: view.accountsNeverPaidOff }}
          />
        </p>
      )}
    </section>
  );
}

/** /offers/review: the offer summary and Continue. */
export function Component() {
  const title = useTitle();
  return (
    <ApplyPageGate page="Review" title={title} allowAnyStatus>
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
  const title = useTitle();
  return (
    <PageDataGate page="Review" title={title} query={offersQuery()}>
      {(view) => <OffersReview view={view} />}
    </PageDataGate>
  );
}

/** 1 → '1st', 22 → '22nd' (in Spanish, 'día 1'). */
export const dayOfMonth = (intl: IntlShape, n: number): string =>
  intl.formatMessage(
    {
      id: 'apply.offers.dayOfMonth',
      defaultMessage: '{day, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}',
    },
    { day: n },
  );

/** 'yyyy-MM-dd' → 'January 11, 2027' ('11 de enero de 2027' in Spanish). */
const formatDay = (intl: IntlShape, day: string): string =>
  intl.formatDate(parseDay(day), {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

const DRAFT_DAYS = Array.from({ length: LAST_DRAFT_DAY_OF_MONTH }, (_, k) => k + 1);

// The English of messages below, for the tests.
export const ACCEPT_LABEL = 'Accept my plan';
export const AGREEMENT_LABEL =
  'I have read the plan’s terms and the disclosures above, and I accept the plan. I will keep paying each card myself until its creditor accepts.';
export const LEAVE_ALL_OUT_LABEL = 'Leave every offer out';

function OffersReview({ view }: { view: OffersView }) {
  const intl = useIntl();
  const { language } = useLanguage();
  const title = useTitle();
  const planFeeText = usePlanFeeText();
  const leaveAllOutLabel = intl.formatMessage({
    id: 'apply.offers.leaveAllOut',
    defaultMessage: 'Leave every offer out',
  });
  const [leftOut, setLeftOut] = useState<ReadonlySet<string>>(
    () => new Set(view.offers.filter((o) => o.leftOut).map((o) => o.id)),
  );
  const [confirmingLeaveAll, setConfirmingLeaveAll] = useState(false);
  const initialDay = view.draftDay ?? Number(firstDraftDate(view.today, null).slice(8, 10));
  const form = useZodForm(acceptOffersSchema, {
    leftOut: [...leftOut],
    draftDay: initialDay,
    // The version of the words shown, in the page's language: what the borrower's agreement is recorded against.
    disclosuresVersion: PLAN_DISCLOSURES_VERSIONS[language],
  });
  const chosenDay = useWatch({ control: form.control, name: 'draftDay' });
  const draftDay = typeof chosenDay === 'number' ? chosenDay : initialDay;
  // The same function the server uses, on what the server sent: the figures change as the borrower chooses.
  const terms = useMemo(
    () => reviewTerms({ offers: view.offers, leftOut, cap: view.feeCap, today: view.today, draftDay }),
    [view, leftOut, draftDay],
  );
  const shown: OffersView = { ...view, ...offerSummary(terms, view.offers, view.today) };
  // The paragraph explains the plan as chosen on the page, from the same terms as the figures below it, and
  // the budget check runs on the same budget (an offer left out is a payment she keeps making herself): what
  // the paragraph says the budget leaves, and how short, is the warning's figure too.
  const checked = useMemo(() => reviewBudget(terms, view.budget), [terms, view.budget]);
  const explanation = checked.explanationRefs;
  const allLeftOut = view.offers.length > 0 && terms.creditors.length === 0;
  const fit = view.budgetRoom === null ? null : checked.fit;
  const fitWarning = fit && !allLeftOut ? leaveOutWarning(fit, terms) : null;

  // Leave first: the application's new status would otherwise send this page to its resume route.
  const { save, busy, errorModal } = useSavePage(acceptOffers, {
    form,
    fieldOrder: ['leftOut', 'draftDay', 'agreed'],
    leaveFirst: true,
    failedMessage: MESSAGE_REFS.reviewSaveFailed,
  });
  const leaveAll = useSavePage(leaveOutAllOffers, {
    leaveFirst: true,
    failedMessage: MESSAGE_REFS.reviewSaveFailed,
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
    <ApplyPage page="Review" title={title}>
      <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">
        <FormattedMessage
          id="apply.offers.headline"
          defaultMessage="Congratulations! You may be eligible for a Debt Management Plan"
        />
      </h1>
      {terms.creditors.length > 0 && (
        <p className="mt-3 text-gray-700" data-testid="plan-explanation">
          {explanation.map((sentence) => messageText(intl, sentence)).join(' ')}
        </p>
      )}

      <dl className="mt-6 grid gap-3 sm:grid-cols-2">
        <div className="rounded-xl bg-brand-50 p-4">
          <dt className="text-sm font-medium text-gray-700">
            <FormattedMessage id="apply.offers.savings" defaultMessage="Estimated total monthly savings" />
          </dt>
          <dd className="mt-1 text-3xl font-bold text-brand-800 tabular-nums">
            {formatDollars(shown.estimatedTotalMonthlySavings)}
          </dd>
        </div>
        <div className="rounded-xl bg-gray-50 p-4">
          <dt className="text-sm font-medium text-gray-700">
            <FormattedMessage
              id="apply.offers.newPayment"
              defaultMessage="Estimated total new monthly payment"
            />
          </dt>
          <dd className="mt-1 text-3xl font-bold text-gray-900 tabular-nums" data-testid="monthly-draft">
            {formatDollars(shown.totalNewMonthlyPayment)}
          </dd>
          {shown.monthlyFee > 0 && (
            <dd className="mt-1 text-sm text-gray-700" data-testid="fee-disclosure">
              {feeDisclosure(intl, shown)}
            </dd>
          )}
        </div>
      </dl>

      <PlanCosts view={shown} />

      {terms.creditors.length > 0 && (
        <div className="mt-6">
          <Suspense
            fallback={
              <p className="min-h-72 text-sm text-gray-600">
                <FormattedMessage id="apply.offers.loadingChart" defaultMessage="Loading the comparison..." />
              </p>
            }
          >
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
        <FormattedMessage
          id="apply.offers.choiceIntro"
          defaultMessage="Each creditor's offer is yours to keep in the plan or leave out. A creditor you leave out is not paid through the plan: you keep paying it yourself."
        />
      </p>
      <CreditorOffers
        className="mt-3"
        caption={intl.formatMessage({ id: 'apply.offers.caption', defaultMessage: 'Your creditor offers' })}
        rows={view.offers}
        monthlyFee={shown.monthlyFee}
        termInMonths={shown.termInMonths}
        choice={{ leftOut, onToggle }}
      />
      <div aria-live="polite">
        {fit && fitWarning && <LeaveOutFitWarning fit={fit} warning={fitWarning} terms={terms} />}
      </div>

      <ul className="mt-4 list-disc space-y-1 pl-5 text-xs text-gray-600">
        <li>
          <FormattedMessage
            id="apply.offers.footnote.report"
            defaultMessage="Estimates are based on your credit report."
          />
        </li>
        {view.offers.some((o) => !o.currentPaymentEstimated) && (
          <li data-testid="footnote-report-payment">
            <FormattedMessage
              id="apply.offers.footnote.reportPayment"
              defaultMessage="Your current monthly payment is the payment your credit report shows for the account, where it shows one; the savings compare the plan with it."
            />
          </li>
        )}
        {hasMixedPayments(view.offers) && (
          <li data-testid="footnote-estimated-marked">
            <FormattedMessage
              id="apply.offers.footnote.estimatedMarked"
              defaultMessage="A payment marked * is estimated: your credit report shows none for that account."
            />
          </li>
        )}
        {view.offers.some((o) => o.currentPaymentEstimated) && (
          <li data-testid="footnote-estimated-payment">
            <FormattedMessage
              id="apply.offers.footnote.currentPayment"
              defaultMessage="Your current monthly payment is estimated as {share} of the balance plus one month of interest at {apr} APR, and at least {minimum} for each account."
              values={{
                share: FOOTNOTE_VALUES.share,
                apr: FOOTNOTE_VALUES.apr,
                minimum: FOOTNOTE_VALUES.minimum,
              }}
            />
          </li>
        )}
        <li>
          <FormattedMessage
            id="apply.offers.footnote.repayment"
            defaultMessage="Total repayment is what you would pay in all: the balances plus the interest, and on the plan its fees. Each account is worked out month by month at its APR until it is paid off."
          />
        </li>
        <li>{planFeeText}</li>
      </ul>

      <p className="mt-6 text-gray-700">
        <FormattedMessage
          id="apply.offers.runBy"
          defaultMessage="Your plan is run by {agency}, a nonprofit credit counseling agency. Questions? Call {phone}, {hours}."
          values={{
            agency: SITE.agencyName,
            phone: (
              <a
                href={`tel:${SITE.phone.tel}`}
                className="font-semibold whitespace-nowrap text-brand-700 underline"
              >
                {SITE.phone.display}
              </a>
            ),
            // The office hours (SITE.hours), written out in the page's language.
            hours: <FormattedMessage id="footer.hours" defaultMessage="Monday - Friday 9AM - 5PM EST" />,
          }}
        />
      </p>
      <p className="mt-3 text-sm text-gray-600">
        <FormattedMessage
          id="apply.offers.termsVary"
          defaultMessage="Terms may vary based on the eligibility of programs offered by creditors"
        />
      </p>

      {allLeftOut ? (
        <section
          aria-labelledby="no-plan-heading"
          className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4"
        >
          <h2 id="no-plan-heading" className="font-semibold text-gray-900">
            <FormattedMessage id="apply.offers.allLeftOut" defaultMessage="Every offer is left out" />
          </h2>
          <p className="mt-2 text-gray-800">
            <FormattedMessage
              id="apply.offers.allLeftOutText"
              defaultMessage="Without at least one offer there is no plan. Keep an offer above to accept a plan, or leave them all out and keep paying your cards yourself."
            />
          </p>
          <button
            type="button"
            onClick={() => setConfirmingLeaveAll(true)}
            className="mt-4 min-h-11 rounded-lg border border-gray-400 bg-white px-5 font-semibold text-gray-900 hover:bg-gray-50"
          >
            {leaveAllOutLabel}
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
                <FormattedMessage
                  id="apply.offers.accept.heading"
                  defaultMessage="Your plan, if you accept it"
                />
              </h2>
              <dl className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="plan-terms">
                <Term
                  label={intl.formatMessage({
                    id: 'apply.offers.accept.drawn',
                    defaultMessage: 'Amount drawn each month',
                  })}
                >
                  {formatDollars(terms.monthlyDraft)}
                  {terms.monthlyFee > 0 && (
                    <span className="block text-sm font-normal text-gray-700">
                      <FormattedMessage
                        id="apply.offers.accept.includesFee"
                        defaultMessage="includes the agency's {fee} monthly fee"
                        values={{ fee: formatDollars(terms.monthlyFee) }}
                      />
                    </span>
                  )}
                </Term>
                <Term
                  label={intl.formatMessage({
                    id: 'apply.offers.accept.setupFee',
                    defaultMessage: 'Set-up fee',
                  })}
                >
                  {terms.setupFee > 0
                    ? intl.formatMessage(
                        {
                          id: 'apply.offers.accept.setupFeeOnce',
                          defaultMessage: '{fee}, once, with your first payment',
                        },
                        { fee: formatDollars(terms.setupFee) },
                      )
                    : intl.formatMessage({ id: 'apply.offers.accept.noSetupFee', defaultMessage: 'None' })}
                </Term>
                <Term label={intl.formatMessage({ id: 'apply.offers.accept.term', defaultMessage: 'Term' })}>
                  {intl.formatMessage(
                    {
                      id: 'apply.offers.accept.payments',
                      defaultMessage: '{count, plural, other {# monthly payments}}',
                    },
                    { count: terms.termInMonths },
                  )}
                </Term>
                <Term
                  label={intl.formatMessage({
                    id: 'apply.offers.accept.debtFree',
                    defaultMessage: 'Debt-free',
                  })}
                >
                  {terms.lastDraftDate
                    ? formatMonth(intl, terms.lastDraftDate.slice(0, 7))
                    : intl.formatMessage({ id: 'apply.offers.notYetKnown', defaultMessage: 'Not yet known' })}
                </Term>
              </dl>
              <SelectField
                name="draftDay"
                label={intl.formatMessage({
                  id: 'apply.offers.accept.draftDay',
                  defaultMessage: 'Day of the month your payment is drawn',
                })}
                options={DRAFT_DAYS.map((day) => ({ value: day, label: dayOfMonth(intl, day) }))}
                hint={
                  (view.suggestedDraftDay
                    ? intl.formatMessage(
                        {
                          id: 'apply.offers.accept.suggestedDay',
                          defaultMessage:
                            'We suggest the {day, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}, the day after your usual payday.',
                        },
                        { day: view.suggestedDraftDay },
                      ) + ' '
                    : '') +
                  (terms.firstDraftDate
                    ? intl.formatMessage(
                        {
                          id: 'apply.offers.accept.firstPayment',
                          defaultMessage:
                            'Your first payment would be on {date}, at least 5 business days after you sign; the letter you sign fixes the date.',
                        },
                        { date: formatDay(intl, terms.firstDraftDate) },
                      )
                    : '')
                }
                className="mt-6 max-w-sm"
              />
              <h3 className="mt-6 font-semibold text-gray-900">
                <FormattedMessage id="apply.offers.accept.before" defaultMessage="Before you accept" />
              </h3>
              <ul className="mt-2 list-disc space-y-2 pl-5 text-sm text-gray-800">
                {PLAN_DISCLOSURES.map((d) => (
                  <li key={d.key}>{intl.formatMessage(PLAN_DISCLOSURE_MESSAGES[d.key])}</li>
                ))}
              </ul>
              <CheckboxField
                name="agreed"
                label={intl.formatMessage({
                  id: 'apply.offers.accept.agreement',
                  defaultMessage:
                    'I have read the plan’s terms and the disclosures above, and I accept the plan. I will keep paying each card myself until its creditor accepts.',
                })}
                className="mt-6"
              />
              <FieldError id="leftOut-error" message={fieldErrorText(intl, form.formState.errors.leftOut)} />
              <div className="mt-6">
                <SubmitButton busy={busy}>
                  <FormattedMessage id="apply.offers.accept.submit" defaultMessage="Accept my plan" />
                </SubmitButton>
              </div>
            </section>
          </form>
        </FormProvider>
      )}
      <ConfirmDialog
        open={confirmingLeaveAll}
        title={intl.formatMessage({
          id: 'apply.offers.leaveAll.title',
          defaultMessage: 'Leave every offer out?',
        })}
        description={intl.formatMessage({
          id: 'apply.offers.leaveAll.text',
          defaultMessage:
            'There will be no plan: you keep paying each card yourself, and your application ends here. You can still call us for free counselling.',
        })}
        cancelLabel={intl.formatMessage({
          id: 'apply.offers.leaveAll.cancel',
          defaultMessage: 'Keep my offers',
        })}
        confirmLabel={leaveAllOutLabel}
        onCancel={() => setConfirmingLeaveAll(false)}
        onConfirm={() => {
          setConfirmingLeaveAll(false);
          void leaveAll.save();
        }}
      />
      <BusyOverlay
        show={busy || leaveAll.busy}
        text={intl.formatMessage({ id: 'apply.offers.saving', defaultMessage: 'Saving...' })}
      />
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

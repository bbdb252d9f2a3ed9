import type { OutcomeView, PayoffPlanView } from '#domain/flow/application-view';
import { formatDollars } from '#domain/money/cents';
import { SITE } from '#domain/site';
import { ASSUMED_CURRENT_APR_BP } from '#domain/underwriting/constants';
import { OUTCOME_TEXTS, type Outcome } from '#domain/underwriting/outcomes';
import { belowInterestWarning, debtFreeMonth, payoffPlanSentences } from '#domain/underwriting/payoff-plan';
import { ApplyPage } from './apply-page';
import { ApplyPageGate } from './save-page';

const TITLE = 'Thank you for your application';

const percent = (bp: number) => `${(bp / 100).toFixed(1)}%`;

/**
 * /offers/not-qualified: every disqualified outcome ends here, whatever the status. Why, in plain words, and
 * what the borrower can do next come from the application the server keeps, so a reload shows them again.
 */
export function Component() {
  return (
    <ApplyPageGate page="NotQualified" title={TITLE} allowAnyStatus>
      {(application) => (
        <ApplyPage page="NotQualified" title={TITLE}>
          <div className="space-y-4 text-center">
            <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{TITLE}</h1>
            <p className="text-gray-700">
              Thank you for taking the time to apply. Unfortunately, you do not qualify for a Debt Management
              Plan at this time.
            </p>
          </div>
          <Outcomes outcome={application.outcome ?? null} />
          <div className="mt-8 space-y-4 text-center">
            <p className="text-gray-700">
              If you have questions or would like to talk about other options, call us:
            </p>
            <p>
              <a
                href={`tel:${SITE.phone.tel}`}
                className="text-xl font-semibold whitespace-nowrap text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                {SITE.phone.display}
              </a>
            </p>
            <p className="text-gray-700">{SITE.hours}</p>
          </div>
        </ApplyPage>
      )}
    </ApplyPageGate>
  );
}

function Outcomes({ outcome }: { outcome: OutcomeView | null }) {
  if (!outcome || outcome.outcomes.length === 0) return null;
  return (
    <div className="mt-8 space-y-8">
      {outcome.outcomes.map((key) => (
        <OutcomeSection
          key={key}
          outcome={key}
          plan={key === 'cashflowTooHigh' ? outcome.payoffPlan : null}
        />
      ))}
    </div>
  );
}

function OutcomeSection({ outcome, plan }: { outcome: Outcome; plan: PayoffPlanView | null }) {
  const text = OUTCOME_TEXTS[outcome];
  const headingId = `outcome-${outcome}`;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="rounded-lg bg-gray-50 px-4 py-4">
        <h2 id={headingId} className="text-lg font-semibold text-gray-900">
          Why: {text.title}
        </h2>
        <p className="mt-2 text-gray-700">{text.why}</p>
      </div>
      <h3 className="text-lg font-semibold text-gray-900">What you can do next</h3>
      <ul className="space-y-3">
        {text.nextSteps.map((step) => (
          <li key={step.title} className="rounded-lg border border-gray-200 px-4 py-3">
            <p className="font-semibold text-gray-900">{step.title}</p>
            <p className="mt-1 text-gray-700">{step.text}</p>
            {step.link ? (
              <p className="mt-2">
                <a
                  href={step.link.href}
                  {...(step.link.href.startsWith('https://') ? { target: '_blank', rel: 'noreferrer' } : {})}
                  className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
                >
                  {step.link.label}
                  {step.link.href.startsWith('https://') ? (
                    <span className="sr-only"> (opens in a new tab)</span>
                  ) : null}
                </a>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {plan && plan.debts.length > 0 ? <PayoffPlan plan={plan} /> : null}
    </section>
  );
}

function PayoffPlan({ plan }: { plan: PayoffPlanView }) {
  // The reader's own day, as a date-only value (midnight UTC, read with UTC getters): on the last evening of a
  // month the UTC instant is already next month, which would move every debt-free month one later.
  const now = new Date();
  const today = new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()));
  const sentences = payoffPlanSentences(plan, today);
  return (
    <section aria-labelledby="payoff-plan-title" className="space-y-4">
      <h3 id="payoff-plan-title" className="text-lg font-semibold text-gray-900">
        Your payoff plan
      </h3>
      <p className="text-gray-700">
        Pay your debts in this order: the highest interest rate first. Keep paying every debt its current
        payment, and put anything extra on the first one still owed.
        {plan.aprAssumed
          ? ` Credit reports do not show interest rates, so we used ${percent(ASSUMED_CURRENT_APR_BP)}, a typical card rate; with equal rates the smallest balance goes first. If you know your rates, put the highest first.`
          : ''}
      </p>
      <ol className="space-y-3" aria-label="Debts in payoff order">
        {plan.debts.map((debt, index) => {
          const warning = belowInterestWarning(debt, today);
          return (
            <li key={debt.id} className="rounded-lg border border-gray-200 px-4 py-3">
              <p className="font-semibold break-words text-gray-900">
                {index + 1}. {debt.name}
              </p>
              <dl className="mt-1 grid grid-cols-2 gap-x-4 text-sm text-gray-700 sm:max-w-sm">
                <dt>Balance</dt>
                <dd className="text-right font-medium text-gray-900">{formatDollars(debt.balance)}</dd>
                <dt>Monthly payment</dt>
                <dd className="text-right font-medium text-gray-900">{formatDollars(debt.payment)}</dd>
                <dt>Interest rate</dt>
                <dd className="text-right font-medium text-gray-900">{percent(debt.aprBp)}</dd>
                <dt>Paid off by</dt>
                <dd className="text-right font-medium text-gray-900">
                  {debt.paidOffMonth === null
                    ? 'Not at this payment'
                    : debtFreeMonth(today, debt.paidOffMonth)}
                </dd>
              </dl>
              {warning ? <p className="mt-2 text-sm font-medium text-red-700">{warning}</p> : null}
            </li>
          );
        })}
      </ol>
      <div className="space-y-2 rounded-lg bg-brand-50 px-4 py-3 text-gray-900">
        <p className="font-semibold">{sentences.debtFree}</p>
        <p>{sentences.extra}</p>
      </div>
    </section>
  );
}

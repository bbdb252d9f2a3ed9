import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router';
import { deviceToday, parseDay } from '#domain/calendar';
import type { OutcomeView, PayoffPlanView } from '#domain/flow/application-view';
import { formatDollars } from '#domain/money/cents';
import { SITE } from '#domain/site';
import { ASSUMED_CURRENT_APR_BP } from '#domain/underwriting/constants';
import {
  belowInterestText,
  monthAfter,
  outcomeText,
  payoffSentences,
} from '#domain/underwriting/outcome-sentences';
import type { Outcome } from '#domain/underwriting/outcomes';
import { schedulingLink } from '#web/site-links';
import { ApplyPage } from './apply-page';
import { ApplyPageGate, useSavePage } from './save-page';
import { useState } from 'react';
import { defineMessages } from 'react-intl';
import { REAPPLY_CHANGES, type ReapplyChange } from '#domain/flow/reapply';
import { messageRef } from '#domain/i18n/message';
import { APPLY_REFUSALS } from '#domain/i18n/validation-messages';
import { messageText } from '#web/lib/message-text';
import { ApiError } from '#web/lib/api';
import { reapply } from './api';

/** The page's title, in the page's language. */
function useTitle() {
  return useIntl().formatMessage({
    id: 'apply.notQualified.title',
    defaultMessage: 'Thank you for your application',
  });
}

const percent = (bp: number) => `${(bp / 100).toFixed(1)}%`;

/** The office hours (SITE.hours), written out in the page's language. */
const hoursText = (intl: IntlShape) =>
  intl.formatMessage({ id: 'footer.hours', defaultMessage: 'Monday - Friday 9AM - 5PM EST' });

/**
 * /offers/not-qualified: every disqualified outcome ends here, whatever the status. Why, in plain words, and
 * what the borrower can do next come from the application the server keeps, so a reload shows them again.
 */
export function Component() {
  const intl = useIntl();
  const title = useTitle();
  return (
    <ApplyPageGate page="NotQualified" title={title} allowAnyStatus>
      {(application) => (
        <ApplyPage page="NotQualified" title={title}>
          <div className="space-y-4 text-center">
            <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{title}</h1>
            <p className="text-gray-700">
              <FormattedMessage
                id="apply.notQualified.intro"
                defaultMessage="Thank you for taking the time to apply. Unfortunately, you do not qualify for a Debt Management Plan at this time."
              />
            </p>
          </div>
          <Outcomes outcome={application.outcome ?? null} />
          <div className="mt-8 space-y-4 text-center">
            <p className="text-gray-700">
              <FormattedMessage
                id="apply.notQualified.callUs"
                defaultMessage="If you have questions or would like to talk about other options, call us:"
              />
            </p>
            <p>
              <a
                href={`tel:${SITE.phone.tel}`}
                className="text-xl font-semibold whitespace-nowrap text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                {SITE.phone.display}
              </a>
            </p>
            <p className="text-gray-700">{hoursText(intl)}</p>
            <TalkToCounsellor />
          </div>
          {application.status === 'disqualified' && <ApplyAgain />}
        </ApplyPage>
      )}
    </ApplyPageGate>
  );
}

const CHANGES = defineMessages({
  income: { id: 'apply.notQualified.again.income', defaultMessage: 'My income changed' },
  expenses: { id: 'apply.notQualified.again.expenses', defaultMessage: 'My expenses changed' },
  debts: { id: 'apply.notQualified.again.debts', defaultMessage: 'My debts changed' },
  household: { id: 'apply.notQualified.again.household', defaultMessage: 'My household changed' },
  address: { id: 'apply.notQualified.again.address', defaultMessage: 'I moved to another state' },
  nothing: { id: 'apply.notQualified.again.nothing', defaultMessage: 'Nothing has changed' },
});

/**
 * Applying again: at once when the borrower's situation changed, else after the agency's waiting period (the
 * server says from when). A new application on the same account; this one stays on the record.
 */
function ApplyAgain() {
  const intl = useIntl();
  const [change, setChange] = useState<ReapplyChange | 'nothing' | null>(null);
  const [notYet, setNotYet] = useState<string>();
  const { save, busy, errorModal } = useSavePage(reapply, {
    startsNewApplication: true,
    onError: (error) => {
      // Known by the message's id; its date is the agency's day ('yyyy-MM-dd'), written here in the page's way.
      const ref = error instanceof ApiError && error.status === 409 ? error.messageRef : undefined;
      const day = ref?.id === APPLY_REFUSALS.reapplyTooSoon.id ? ref.values?.date : undefined;
      if (typeof day !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
      setNotYet(
        messageText(
          intl,
          messageRef(APPLY_REFUSALS.reapplyTooSoon, {
            date: intl.formatDate(`${day}T12:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' }),
          }),
        ),
      );
      return true;
    },
  });
  const headingId = 'apply-again';
  return (
    <section aria-labelledby={headingId} className="mt-10 rounded-lg border border-gray-200 px-4 py-4">
      <h2 id={headingId} className="text-lg font-semibold text-gray-900">
        <FormattedMessage id="apply.notQualified.again.title" defaultMessage="Apply again" />
      </h2>
      <p className="mt-2 text-gray-700">
        <FormattedMessage
          id="apply.notQualified.again.text"
          defaultMessage="If your situation has changed, you can apply again now. Otherwise you can apply again after a waiting period. This application stays on record."
        />
      </p>
      <form
        noValidate
        className="mt-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (!change) return;
          setNotYet(undefined);
          void save({ change: change === 'nothing' ? null : change });
        }}
      >
        <fieldset>
          <legend className="font-semibold text-gray-900">
            <FormattedMessage id="apply.notQualified.again.question" defaultMessage="What has changed?" />
          </legend>
          <div className="mt-2 space-y-1">
            {[...REAPPLY_CHANGES, 'nothing' as const].map((key) => (
              <label key={key} className="flex min-h-11 items-center gap-3 text-gray-900">
                <input
                  type="radio"
                  name="change"
                  value={key}
                  className="size-5"
                  checked={change === key}
                  onChange={() => setChange(key)}
                />
                {intl.formatMessage(CHANGES[key])}
              </label>
            ))}
          </div>
        </fieldset>
        {notYet && (
          <p role="alert" className="mt-2 text-red-700">
            {notYet}
          </p>
        )}
        <button
          type="submit"
          disabled={!change || busy}
          className="mt-3 inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60"
        >
          <FormattedMessage id="apply.notQualified.again.submit" defaultMessage="Apply again" />
        </button>
      </form>
      {errorModal}
    </section>
  );
}

/** Or a time that suits the borrower, booked here (or on the outside page a deployment keeps). */
function TalkToCounsellor() {
  const scheduling = schedulingLink();
  const label = (
    <FormattedMessage id="apply.notQualified.talkToCounsellor" defaultMessage="Talk to a counsellor" />
  );
  const className =
    'inline-flex min-h-11 items-center justify-center rounded-lg border border-brand-700 px-5 font-semibold text-brand-700 hover:bg-brand-50';
  return (
    <p className="pt-2">
      {scheduling.outside ? (
        <a href={scheduling.href} target="_blank" rel="noreferrer" className={className}>
          {label}
        </a>
      ) : (
        <Link to={scheduling.href} className={className}>
          {label}
        </Link>
      )}
    </p>
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
  const intl = useIntl();
  const text = outcomeText(intl, outcome, hoursText(intl));
  const steps = text.nextSteps;
  const headingId = `outcome-${outcome}`;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="rounded-lg bg-gray-50 px-4 py-4">
        <h2 id={headingId} className="text-lg font-semibold text-gray-900">
          <FormattedMessage
            id="apply.notQualified.why"
            defaultMessage="Why: {title}"
            values={{ title: text.title }}
          />
        </h2>
        <p className="mt-2 text-gray-700">{text.why}</p>
      </div>
      <h3 className="text-lg font-semibold text-gray-900">
        <FormattedMessage id="apply.notQualified.nextSteps" defaultMessage="What you can do next" />
      </h3>
      <ul className="space-y-3">
        {steps.map((step) => (
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
                  {step.link.href.startsWith('https://') ? (
                    <FormattedMessage
                      id="apply.notQualified.newTab"
                      defaultMessage="{label}<hidden> (opens in a new tab)</hidden>"
                      values={{
                        label: step.link.label,
                        hidden: (chunks) => <span className="sr-only">{chunks}</span>,
                      }}
                    />
                  ) : (
                    step.link.label
                  )}
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
  const intl = useIntl();
  // The reader's own day, as a date-only value (midnight UTC, read with UTC getters): on the last evening of a
  // month the UTC instant is already next month, which would move every debt-free month one later.
  const today = parseDay(deviceToday());
  const sentences = payoffSentences(intl, plan, today);
  return (
    <section aria-labelledby="payoff-plan-title" className="space-y-4">
      <h3 id="payoff-plan-title" className="text-lg font-semibold text-gray-900">
        <FormattedMessage id="apply.notQualified.payoff.heading" defaultMessage="Your payoff plan" />
      </h3>
      <p className="text-gray-700">
        <FormattedMessage
          id="apply.notQualified.payoff.order"
          defaultMessage="{aprAssumed, select, yes {Pay your debts in this order: the highest interest rate first. Keep paying every debt its current payment, and put anything extra on the first one still owed. Credit reports do not show interest rates, so we used {apr}, a typical card rate; with equal rates the smallest balance goes first. If you know your rates, put the highest first.} other {Pay your debts in this order: the highest interest rate first. Keep paying every debt its current payment, and put anything extra on the first one still owed.}}"
          values={{ aprAssumed: plan.aprAssumed ? 'yes' : 'no', apr: percent(ASSUMED_CURRENT_APR_BP) }}
        />
      </p>
      <ol
        className="space-y-3"
        aria-label={intl.formatMessage({
          id: 'apply.notQualified.payoff.listLabel',
          defaultMessage: 'Debts in payoff order',
        })}
      >
        {plan.debts.map((debt, index) => {
          const warning = belowInterestText(intl, debt, today);
          return (
            <li key={debt.id} className="rounded-lg border border-gray-200 px-4 py-3">
              <p className="font-semibold break-words text-gray-900">
                <FormattedMessage
                  id="apply.notQualified.payoff.debt"
                  defaultMessage="{position}. {name}"
                  values={{ position: index + 1, name: debt.name }}
                />
              </p>
              <dl className="mt-1 grid grid-cols-2 gap-x-4 text-sm text-gray-700 sm:max-w-sm">
                <dt>
                  <FormattedMessage id="apply.notQualified.payoff.balance" defaultMessage="Balance" />
                </dt>
                <dd className="text-right font-medium text-gray-900">{formatDollars(debt.balance)}</dd>
                <dt>
                  <FormattedMessage id="apply.notQualified.payoff.payment" defaultMessage="Monthly payment" />
                </dt>
                <dd className="text-right font-medium text-gray-900">{formatDollars(debt.payment)}</dd>
                <dt>
                  <FormattedMessage id="apply.notQualified.payoff.rate" defaultMessage="Interest rate" />
                </dt>
                <dd className="text-right font-medium text-gray-900">{percent(debt.aprBp)}</dd>
                <dt>
                  <FormattedMessage id="apply.notQualified.payoff.paidOffBy" defaultMessage="Paid off by" />
                </dt>
                <dd className="text-right font-medium text-gray-900">
                  {debt.paidOffMonth === null
                    ? intl.formatMessage({
                        id: 'apply.notQualified.payoff.notAtThisPayment',
                        defaultMessage: 'Not at this payment',
                      })
                    : monthAfter(intl, today, debt.paidOffMonth)}
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

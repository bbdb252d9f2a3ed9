import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { lazy, Suspense, type ReactNode } from 'react';
import {
  defineMessages,
  FormattedMessage,
  useIntl,
  type IntlShape,
  type MessageDescriptor,
} from 'react-intl';
import type { PlanView } from '#domain/enrollment/views';
import type { ApplicationStatus } from '#domain/flow/statuses';
import { SITE } from '#domain/site';
import { formatDollars } from '#domain/money/cents';
import { formatEnglish } from '#domain/i18n/validation-messages';
import { addendumPath, LETTER_PATH, planQuery } from './api';
import { formatDay, formatMonth } from './dates';
import { LINK_CLASS, PortalQueryPage } from './portal-page';
import { ReauthorizationStep, reauthorizedText } from './reauthorization-step';

// recharts stays in a chunk of its own, loaded only when the plan shows.
const PayoffChart = lazy(() => import('./payoff-chart').then((module) => ({ default: module.PayoffChart })));

const PAGE: Record<'title', MessageDescriptor> = defineMessages({
  title: { id: 'portal.plan.title', defaultMessage: 'My plan' },
});
const TITLE = PAGE.title;
// The component tests read these URLs from here.
export { LETTER_PATH, PLAN_PATH } from './api';

type Plan = PlanView;
type Creditor = Plan['creditors'][number];

const STATUS_TEXT: Partial<Record<ApplicationStatus, MessageDescriptor>> = defineMessages({
  counselorReview: {
    id: 'portal.plan.status.counselorReview',
    defaultMessage: 'A credit counsellor is reviewing your application.',
  },
  creditorReview: {
    id: 'portal.plan.status.creditorReview',
    defaultMessage: 'Your creditors are reviewing the plan we proposed to them.',
  },
  transfer: { id: 'portal.plan.status.transfer', defaultMessage: 'Your plan is being set up.' },
  transferred: { id: 'portal.plan.status.transferred', defaultMessage: 'Your plan is set up.' },
});

// What each draft is made of: the page says it in its language, and planFeesText in English.
const FEES: Record<'split' | 'noFee' | 'setup' | 'setupOn' | 'cap', MessageDescriptor> = defineMessages({
  split: {
    id: 'portal.plan.fees.split',
    defaultMessage:
      "Of each draft, {creditors} goes to your creditors and {fee} is the agency's monthly fee.",
  },
  noFee: {
    id: 'portal.plan.fees.noFee',
    defaultMessage: 'Each draft goes to your creditors in full; the plan has no monthly fee.',
  },
  setup: {
    id: 'portal.plan.fees.setup',
    defaultMessage: 'A one-time set-up fee of {fee} is drawn with your first draft.',
  },
  setupOn: {
    id: 'portal.plan.fees.setupOn',
    defaultMessage: 'A one-time set-up fee of {fee} is drawn with your first draft on {date}.',
  },
  cap: { id: 'portal.plan.fees.cap', defaultMessage: "Fees are never more than your state's law allows." },
});

/** Words and dates in one language: the page's (from react-intl), or English for the plain helpers. */
type Texts = {
  message: (descriptor: MessageDescriptor, values?: Record<string, string | number>) => string;
  day: (value: string) => string;
};

const textsOf = (intl: IntlShape): Texts => ({
  message: (descriptor, values) => intl.formatMessage(descriptor, values),
  day: (value) => formatDay(value, intl),
});

const BASIS_POINTS_PER_PERCENT = 100;
/** 800 basis points → '8.0%'. */
export const formatApr = (basisPoints: number): string =>
  `${(basisPoints / BASIS_POINTS_PER_PERCENT).toFixed(1)}%`;

const ENGLISH: Texts = { message: formatEnglish, day: (value) => formatDay(value) };

/** The payoff's months, the interest saved and the plan's fees beside it, as the domain worked them out. */
function payoffSummary(payoff: Plan['payoff'], intl: IntlShape): string {
  const values = {
    planMonths: payoff.planMonths,
    currentMonths: payoff.currentMonths,
    interestSaved: formatDollars(payoff.interestSaved),
    fees: formatDollars(payoff.fees),
    net: formatDollars(Math.abs(payoff.netSaved)),
  };
  return payoff.netSaved >= 0
    ? intl.formatMessage(
        {
          id: 'portal.plan.payoff.summaryNet',
          defaultMessage:
            'Debt-free in {planMonths, plural, one {# month} other {# months}} on the plan, {currentMonths, plural, one {# month} other {# months}} at current minimum payments. Interest saved {interestSaved}, less the plan’s fees of {fees}: {net} saved in all.',
        },
        values,
      )
    : intl.formatMessage(
        {
          id: 'portal.plan.payoff.summaryNetCost',
          defaultMessage:
            'Debt-free in {planMonths, plural, one {# month} other {# months}} on the plan, {currentMonths, plural, one {# month} other {# months}} at current minimum payments. Interest saved {interestSaved}, but the plan’s fees are {fees}: the plan costs {net} more in all.',
        },
        values,
      );
}

/** '54 months', '1 month' ('54 meses'). */
const months = (intl: IntlShape, count: number): string =>
  intl.formatMessage(
    { id: 'portal.plan.months', defaultMessage: '{count, plural, one {# month} other {# months}}' },
    { count },
  );

/** The agency's telephone number as a link, inside a sentence. */
const phoneLink = (className: string) => (chunks: ReactNode[]) => (
  <a href={`tel:${SITE.phone.tel}`} className={className}>
    {chunks}
  </a>
);

/** The office hours (SITE.hours), written out in the page's language. */
const useHours = () =>
  useIntl().formatMessage({ id: 'footer.hours', defaultMessage: 'Monday - Friday 9AM - 5PM EST' });

/** /customer-portal/plan: the plan, each creditor's answer, the payoff, the payment account and the letter. */
export function Component() {
  return (
    <PortalQueryPage title={TITLE} query={useQuery(planQuery())}>
      {(plan) => <PlanDetails plan={plan} />}
    </PortalQueryPage>
  );
}

const CARD = 'rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6';
const H2 = 'text-xl font-semibold text-gray-900';

function PlanDetails({ plan }: { plan: Plan }) {
  const intl = useIntl();
  const hours = useHours();
  const statusText = STATUS_TEXT[plan.status];
  return (
    <div className="space-y-8">
      {statusText && <p className="text-gray-700">{intl.formatMessage(statusText)}</p>}
      <SummaryTiles plan={plan} />
      <Creditors creditors={plan.creditors} />
      {plan.enrollment && <PaidSoFar creditors={plan.creditors} />}
      <Payoff payoff={plan.payoff} />
      <div className="grid gap-4 sm:grid-cols-2">
        <section className={CARD} aria-labelledby="plan-payment-account">
          <h2 id="plan-payment-account" className={H2}>
            <FormattedMessage id="portal.plan.account.title" defaultMessage="Payment account" />
          </h2>
          <p className="mt-2 text-gray-900">
            {plan.paymentAccount
              ? [
                  plan.paymentAccount.institutionName ??
                    intl.formatMessage({ id: 'portal.plan.account.yourBank', defaultMessage: 'Your bank' }),
                  plan.paymentAccount.mask && `••${plan.paymentAccount.mask}`,
                ]
                  .filter(Boolean)
                  .join(' ')
              : intl.formatMessage({ id: 'portal.plan.account.none', defaultMessage: 'Not set up yet.' })}
          </p>
          <p className="mt-1 text-sm text-gray-600">
            <FormattedMessage
              id="portal.plan.account.hint"
              defaultMessage="Your monthly plan payment is drawn from this account."
            />
          </p>
        </section>
        <section className={CARD} aria-labelledby="plan-letter">
          <h2 id="plan-letter" className={H2}>
            <FormattedMessage id="portal.plan.letter.title" defaultMessage="Letter of Authorization" />
          </h2>
          {plan.letter?.signedOn && (
            <p className="mt-2 text-gray-900">
              <FormattedMessage
                id="portal.plan.letter.signedOn"
                defaultMessage="Signed on {date}"
                values={{ date: formatDay(plan.letter.signedOn, intl) }}
              />
            </p>
          )}
          {plan.letter?.available ? (
            <a
              href={LETTER_PATH}
              download
              className={clsx(LINK_CLASS, 'mt-2 inline-flex min-h-11 items-center')}
            >
              <FormattedMessage
                id="portal.plan.letter.download"
                defaultMessage="Download your signed Letter of Authorization"
              />
            </a>
          ) : (
            <p className="mt-2 text-sm text-gray-600">
              <FormattedMessage
                id="portal.plan.letter.pending"
                defaultMessage="Your signed letter will be available here once it is ready."
              />
            </p>
          )}
          {plan.addenda.length > 0 && (
            // Each higher amount the borrower confirmed: their copy of that new authorization.
            <ul className="mt-3 space-y-2 border-t border-gray-200 pt-3">
              {plan.addenda.map((x) => (
                <li key={x.id}>
                  <p className="text-gray-900">
                    <FormattedMessage
                      id="portal.plan.letter.addendum"
                      defaultMessage="Addendum confirmed on {date}: {amount} a month"
                      values={{ date: formatDay(x.confirmedOn, intl), amount: formatDollars(x.monthlyDraft) }}
                    />
                  </p>
                  <a
                    href={addendumPath(x.id)}
                    download
                    className={clsx(LINK_CLASS, 'inline-flex min-h-11 items-center')}
                  >
                    <FormattedMessage
                      id="portal.plan.letter.addendumDownload"
                      defaultMessage="Download the addendum of {date}"
                      values={{ date: formatDay(x.confirmedOn, intl) }}
                    />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <p className="text-gray-700">
        <FormattedMessage
          id="portal.plan.questions"
          defaultMessage="Questions about your plan? Call <phone>{number}</phone>, {hours}."
          values={{
            number: SITE.phone.display,
            hours,
            phone: phoneLink('font-semibold whitespace-nowrap text-brand-700 underline'),
          }}
        />
      </p>
    </div>
  );
}

/** The debt-free month of a plan whose last draft is `lastDraftDate`. */
const toBeSet = (intl: IntlShape): string =>
  intl.formatMessage({ id: 'portal.plan.toBeSet', defaultMessage: 'To be set' });

function SummaryTiles({ plan }: { plan: Plan }) {
  const intl = useIntl();
  const { terms } = plan;
  // The amount of the next draft, beside its date: the authorized one until a change applies (a higher one
  // waits for the borrower's confirmation), as the sentence about the change says.
  const drawn = plan.nextDraftAmount;
  // While a higher amount waits, every tile is the plan the borrower authorized (in force until they confirm):
  // never its amount beside the new plan's term and end. The new figures are in the confirmation step.
  const waiting = plan.change?.needsConfirmation ? plan.change : null;
  const termInMonths = waiting?.authorizedTermInMonths ?? terms.termInMonths;
  const lastDraftDate = waiting ? waiting.authorizedLastDraftDate : terms.lastDraftDate;
  const tiles: [term: string, value: string][] = [
    [
      intl.formatMessage({ id: 'portal.plan.tiles.drawn', defaultMessage: 'Amount drawn each month' }),
      formatDollars(drawn),
    ],
    [
      intl.formatMessage({ id: 'portal.plan.tiles.nextDraft', defaultMessage: 'Next draft' }),
      plan.nextDraftDate ? formatDay(plan.nextDraftDate, intl) : toBeSet(intl),
    ],
    [
      intl.formatMessage({ id: 'portal.plan.tiles.term', defaultMessage: 'Term' }),
      months(intl, termInMonths),
    ],
    [
      intl.formatMessage({ id: 'portal.plan.tiles.debtFree', defaultMessage: 'Projected debt-free date' }),
      lastDraftDate ? formatMonth(lastDraftDate, intl) : toBeSet(intl),
    ],
  ];
  const fees = planFeesText(terms, textsOf(intl));
  return (
    <section aria-labelledby="plan-summary">
      <h2 id="plan-summary" className={H2}>
        {plan.enrollment ? (
          <FormattedMessage id="portal.plan.summary.title" defaultMessage="Your plan" />
        ) : (
          <FormattedMessage id="portal.plan.summary.proposedTitle" defaultMessage="Your proposed plan" />
        )}
      </h2>
      {!plan.enrollment && (
        <p className="mt-2 text-gray-700">
          <FormattedMessage
            id="portal.plan.summary.proposed"
            defaultMessage="These figures are proposed: they become final once your creditors have answered and your plan is set up."
          />
        </p>
      )}
      {plan.change && <PlanChange plan={plan} change={plan.change} />}
      {plan.change?.needsConfirmation && <ReauthorizationStep plan={plan} />}
      {!plan.change && plan.reauthorization && (
        <p role="status" className="mt-4 rounded-xl border border-brand-300 bg-brand-50 p-4 text-gray-900">
          {reauthorizedText(plan.reauthorization, intl)}
        </p>
      )}
      {waiting && (
        <p className="mt-4 text-gray-700">
          <FormattedMessage
            id="portal.plan.tiles.authorized"
            defaultMessage="Until you confirm, these are the figures of the plan you authorized:"
          />
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
        {plan.change?.needsConfirmation ? (
          <FormattedMessage
            id="portal.plan.fees.onceConfirmed"
            defaultMessage="Once you confirm the new amount: {fees}"
            values={{ fees }}
          />
        ) : plan.change?.appliesFrom && drawn !== terms.monthlyDraft ? (
          // The next draft is still the amount before the change: the split is the new amount's.
          <FormattedMessage
            id="portal.plan.fees.fromDraft"
            defaultMessage="From the draft on {date}: {fees}"
            values={{ date: formatDay(plan.change.appliesFrom, intl), fees }}
          />
        ) : (
          fees
        )}
      </p>
    </section>
  );
}

/** Why the amount drawn changed, from which draft, and who the borrower now pays directly. */
function PlanChange({ plan, change }: { plan: Plan; change: NonNullable<Plan['change']> }) {
  const intl = useIntl();
  const hours = useHours();
  // The creditors whose own answer took them off the plan: one the borrower left out earlier is no news here.
  const direct = plan.creditors.filter((c) => c.payDirectly !== null && c.status === 'declined');
  return (
    <div role="status" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-gray-900">
      <p className="font-semibold">{planChangeText(plan.terms.monthlyDraft, change, intl)}</p>
      {direct.length > 0 && (
        <p className="mt-2">
          <FormattedMessage
            id="portal.plan.change.payDirectly"
            defaultMessage="{names} {count, plural, one {is} other {are}} not on your plan, so you keep paying {count, plural, one {it} other {them}} yourself (see below)."
            values={{
              names: intl.formatList(
                direct.map((c) => c.creditorName),
                { type: 'conjunction' },
              ),
              count: direct.length,
            }}
          />
        </p>
      )}
      {change.needsConfirmation && (
        <p className="mt-2">
          <FormattedMessage
            id="portal.plan.change.needsConfirmation"
            defaultMessage="This is more than you authorized, so we will not draw it until you confirm the new terms below. To talk it over first, call <phone>{number}</phone>, {hours}."
            values={{
              number: SITE.phone.display,
              hours,
              phone: phoneLink('font-semibold whitespace-nowrap underline'),
            }}
          />
        </p>
      )}
    </div>
  );
}

/**
 * 'Your monthly draft changes from $330 to $257, from the draft on March 5, 2027.'; a higher amount, which
 * waits for the borrower: 'Synchrony’s counter-offer raised your plan’s monthly draft: it now needs $415 a
 * month instead of the $385 you authorized.' (without a counter-offer to name: 'Your plan now needs …').
 */
export function planChangeText(
  monthlyDraft: number,
  change: NonNullable<Plan['change']>,
  intl: IntlShape,
): string {
  const values = { now: formatDollars(monthlyDraft), was: formatDollars(change.authorizedMonthlyDraft) };
  // The reason is the creditor answer that raised the amount, named as such.
  if (change.needsConfirmation && change.raisedBy.length > 0)
    return intl.formatMessage(
      {
        id: 'portal.plan.change.raisedBy',
        defaultMessage:
          '{count, plural, one {{names}’s counter-offer raised} other {The counter-offers of {names} raised}} your plan’s monthly draft: it now needs {now} a month instead of the {was} you authorized.',
      },
      {
        ...values,
        count: change.raisedBy.length,
        names: intl.formatList(change.raisedBy, { type: 'conjunction' }),
      },
    );
  if (change.needsConfirmation)
    return intl.formatMessage(
      {
        id: 'portal.plan.change.higher',
        defaultMessage: 'Your plan now needs {now} a month instead of the {was} you authorized.',
      },
      values,
    );
  return change.appliesFrom
    ? intl.formatMessage(
        {
          id: 'portal.plan.change.from',
          defaultMessage: 'Your monthly draft changes from {was} to {now}, from the draft on {date}.',
        },
        { ...values, date: formatDay(change.appliesFrom, intl) },
      )
    : intl.formatMessage(
        {
          id: 'portal.plan.change.changes',
          defaultMessage: 'Your monthly draft changes from {was} to {now}.',
        },
        values,
      );
}

/** What each draft is made of, and the set-up fee: the same words and figures the letter states. */
export function planFeesText(
  terms: Pick<Plan['terms'], 'creditorsMonthlyPayment' | 'monthlyFee' | 'setupFee' | 'setupFeeDate'>,
  texts: Texts = ENGLISH,
): string {
  const split =
    terms.monthlyFee > 0
      ? texts.message(FEES.split, {
          creditors: formatDollars(terms.creditorsMonthlyPayment),
          fee: formatDollars(terms.monthlyFee),
        })
      : texts.message(FEES.noFee);
  const fee = formatDollars(terms.setupFee);
  const setup =
    terms.setupFee <= 0
      ? []
      : terms.setupFeeDate
        ? [texts.message(FEES.setupOn, { fee, date: texts.day(terms.setupFeeDate) })]
        : [texts.message(FEES.setup, { fee })];
  return [split, ...setup, texts.message(FEES.cap)].join(' ');
}

const STATUS_LABELS: Record<Creditor['status'], MessageDescriptor> = defineMessages({
  proposed: { id: 'portal.plan.creditor.proposed', defaultMessage: 'Proposed' },
  accepted: { id: 'portal.plan.creditor.accepted', defaultMessage: 'Accepted' },
  declined: { id: 'portal.plan.creditor.declined', defaultMessage: 'Declined' },
  leftOut: { id: 'portal.plan.creditor.leftOut', defaultMessage: 'Not in your plan' },
});

const STATUS_BADGES = {
  proposed: 'bg-gray-100 text-gray-800',
  accepted: 'bg-brand-100 text-brand-800',
  declined: 'bg-red-100 text-red-800',
  leftOut: 'bg-gray-100 text-gray-800',
} as const satisfies Record<Creditor['status'], string>;

function StatusBadge({ status }: { status: Creditor['status'] }) {
  const intl = useIntl();
  return (
    <span
      className={clsx(
        'inline-block rounded-full px-3 py-1 text-sm font-semibold whitespace-nowrap',
        STATUS_BADGES[status],
      )}
    >
      {intl.formatMessage(STATUS_LABELS[status])}
    </span>
  );
}

const PROPOSAL_LINES: Record<
  | 'prepared'
  | 'sent'
  | 'accepted'
  | 'countered'
  | 'counteredRate'
  | 'declined'
  | 'noAnswer'
  | 'noAnswerAccepted'
  | 'noAnswerAcceptedTerms'
  | 'noAnswerDeclined',
  MessageDescriptor
> = defineMessages({
  prepared: { id: 'portal.proposals.prepared', defaultMessage: 'Proposal prepared on {date}' },
  sent: { id: 'portal.proposals.sent', defaultMessage: 'Proposal sent on {date}' },
  accepted: {
    id: 'portal.proposals.accepted',
    defaultMessage: 'Answered on {date}: accepted, at {amount} a month',
  },
  countered: {
    id: 'portal.proposals.countered',
    defaultMessage: 'Answered on {date}: asked for {amount} a month instead, which your plan pays',
  },
  counteredRate: {
    id: 'portal.proposals.counteredRate',
    defaultMessage: 'Answered on {date}: accepted with a different rate',
  },
  declined: { id: 'portal.proposals.declined', defaultMessage: 'Answered on {date}: declined' },
  noAnswer: {
    id: 'portal.proposals.noAnswer',
    defaultMessage: 'No answer yet: we are following up with this creditor',
  },
  noAnswerAccepted: {
    id: 'portal.proposals.noAnswerAccepted',
    defaultMessage:
      'No answer yet: we applied the terms this creditor usually accepts, {amount} a month, while we follow up',
  },
  noAnswerAcceptedTerms: {
    id: 'portal.proposals.noAnswerAcceptedTerms',
    defaultMessage: 'No answer yet: we applied the terms this creditor usually accepts while we follow up',
  },
  noAnswerDeclined: {
    id: 'portal.proposals.noAnswerDeclined',
    defaultMessage:
      'No answer yet: this creditor usually declines plans like yours, so it is not in your plan while we follow up',
  },
});

/**
 * A creditor that stayed silent past its programme's days: the answer its programme assumes was applied to the
 * plan, so the line says what that did (the amount is the plan's payment to it, the table's figure).
 */
function noAnswerLine(proposal: NonNullable<Creditor['proposal']>, intl: IntlShape): string {
  if (proposal.answer === 'declined') return intl.formatMessage(PROPOSAL_LINES.noAnswerDeclined);
  if (proposal.answer === 'accepted' || proposal.answer === 'countered') {
    return proposal.agreedPayment === null
      ? intl.formatMessage(PROPOSAL_LINES.noAnswerAcceptedTerms)
      : intl.formatMessage(PROPOSAL_LINES.noAnswerAccepted, {
          amount: formatDollars(proposal.agreedPayment),
        });
  }
  return intl.formatMessage(PROPOSAL_LINES.noAnswer);
}

/**
 * What became of the proposal sent to a creditor, in one or two short lines: when it was sent (or prepared, while
 * not yet sent), then when and how the creditor answered, or what was applied when it did not. Nothing before a
 * proposal exists.
 */
export function proposalLines(proposal: Creditor['proposal'], intl: IntlShape): string[] {
  // A withdrawn proposal never went out (its offer left the plan first): the status badge says the rest.
  if (!proposal || proposal.state === 'withdrawn') return [];
  const day = (value: string) => formatDay(value, intl);
  const lines = [
    proposal.sentOn
      ? intl.formatMessage(PROPOSAL_LINES.sent, { date: day(proposal.sentOn) })
      : intl.formatMessage(PROPOSAL_LINES.prepared, { date: day(proposal.preparedOn) }),
  ];
  if (proposal.state === 'noAnswer') lines.push(noAnswerLine(proposal, intl));
  if (proposal.answeredOn && proposal.answer) {
    const date = day(proposal.answeredOn);
    const amount = proposal.agreedPayment === null ? null : formatDollars(proposal.agreedPayment);
    if (proposal.answer === 'declined') lines.push(intl.formatMessage(PROPOSAL_LINES.declined, { date }));
    else if (amount === null) lines.push(intl.formatMessage(PROPOSAL_LINES.counteredRate, { date }));
    else lines.push(intl.formatMessage(PROPOSAL_LINES[proposal.answer], { date, amount }));
  }
  return lines;
}

function ProposalLines({ creditor, className }: { creditor: Creditor; className: string }) {
  const intl = useIntl();
  const lines = proposalLines(creditor.proposal, intl);
  if (lines.length === 0) return null;
  return (
    <ul className={className} data-testid="proposal-lines">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

const creditorName = (creditor: Creditor): string =>
  creditor.accountNumberLast4
    ? `${creditor.creditorName} ••${creditor.accountNumberLast4}`
    : creditor.creditorName;
/** A creditor the plan does not pay: 'Pay Citi yourself: about $57 a month.' */
export const payDirectlyText = (creditor: Creditor, intl: IntlShape): string =>
  intl.formatMessage(
    {
      id: 'portal.plan.creditor.payDirectly',
      defaultMessage: 'Pay {creditor} yourself: about {amount} a month.',
    },
    { creditor: creditor.creditorName, amount: formatDollars(creditor.payDirectly) },
  );
const planPayment = (creditor: Creditor): string =>
  creditor.payDirectly === null ? formatDollars(creditor.newMonthlyPayment) : '—';
const apr = (creditor: Creditor): string =>
  creditor.proposedApr === null ? '—' : formatApr(creditor.proposedApr);
/** The plan's term for a creditor; a dash for one the plan does not pay (left out or declined). */
const term = (intl: IntlShape, creditor: Creditor): string =>
  creditor.term === null ? '—' : months(intl, creditor.term);

function Creditors({ creditors }: { creditors: readonly Creditor[] }) {
  const intl = useIntl();
  const balanceLabel = <FormattedMessage id="portal.plan.creditors.balance" defaultMessage="Balance" />;
  const paymentLabel = (
    <FormattedMessage id="portal.plan.creditors.newPayment" defaultMessage="New monthly payment" />
  );
  const aprLabel = <FormattedMessage id="portal.plan.creditors.apr" defaultMessage="APR" />;
  const termLabel = <FormattedMessage id="portal.plan.creditors.term" defaultMessage="Term" />;
  return (
    <section aria-labelledby="plan-creditors">
      <h2 id="plan-creditors" className={H2}>
        <FormattedMessage id="portal.plan.creditors.title" defaultMessage="Your creditors" />
      </h2>
      {creditors.length === 0 ? (
        <p className="mt-2 text-gray-700">
          <FormattedMessage
            id="portal.plan.creditors.none"
            defaultMessage="There are no creditors in your plan yet."
          />
        </p>
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
                  <p className="mt-2 text-sm font-medium text-gray-900">{payDirectlyText(creditor, intl)}</p>
                )}
                <ProposalLines creditor={creditor} className="mt-2 space-y-1 text-sm text-gray-700" />
                <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                  <div>
                    <dt className="text-gray-600">{balanceLabel}</dt>
                    <dd className="font-medium text-gray-900 tabular-nums">
                      {formatDollars(creditor.balance)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-gray-600">{paymentLabel}</dt>
                    <dd className="font-medium text-gray-900 tabular-nums">{planPayment(creditor)}</dd>
                  </div>
                  <div>
                    <dt className="text-gray-600">{aprLabel}</dt>
                    <dd className="font-medium text-gray-900 tabular-nums">{apr(creditor)}</dd>
                  </div>
                  <div>
                    <dt className="text-gray-600">{termLabel}</dt>
                    <dd className="font-medium text-gray-900 tabular-nums">{term(intl, creditor)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
          <table className="mt-4 hidden w-full text-left text-sm md:table">
            <caption className="sr-only">
              <FormattedMessage
                id="portal.plan.creditors.caption"
                defaultMessage="Your creditors, with each one's answer to the plan"
              />
            </caption>
            <thead className="border-b border-gray-300 text-xs text-gray-700">
              <tr>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  <FormattedMessage id="portal.plan.creditors.creditor" defaultMessage="Creditor" />
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {balanceLabel}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {paymentLabel}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {aprLabel}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {termLabel}
                </th>
                <th scope="col" className="py-2 pl-3 font-semibold">
                  <FormattedMessage id="portal.plan.creditors.status" defaultMessage="Status" />
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
                  <td className="px-3 py-3 text-right whitespace-nowrap">{term(intl, creditor)}</td>
                  <td className="py-3 pl-3">
                    <StatusBadge status={creditor.status} />
                    {creditor.payDirectly !== null && (
                      <p className="mt-1 text-xs text-gray-800">{payDirectlyText(creditor, intl)}</p>
                    )}
                    <ProposalLines creditor={creditor} className="mt-1 space-y-0.5 text-xs text-gray-700" />
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
  const intl = useIntl();
  return (
    <section aria-labelledby="plan-payoff" className={CARD}>
      <h2 id="plan-payoff" className={H2}>
        <FormattedMessage id="portal.plan.payoff.title" defaultMessage="Your path to debt-free" />
      </h2>
      <p className="mt-2 text-gray-800">{payoffSummary(payoff, intl)}</p>
      {payoff.points.length > 1 && (
        <div className="mt-4">
          <Suspense
            fallback={
              <p className="min-h-64 text-sm text-gray-600">
                <FormattedMessage
                  id="portal.plan.payoff.loadingChart"
                  defaultMessage="Loading the chart..."
                />
              </p>
            }
          >
            <PayoffChart points={payoff.points} actual={payoff.actual} />
          </Suspense>
        </div>
      )}
    </section>
  );
}

/** Months left that the plan's payment never reaches (a dash, as the table writes a figure that does not apply). */
const NOT_KNOWN = '—';

/** After the hand-over, per creditor the plan pays: what it has been paid, what it last reported, months left. */
function PaidSoFar({ creditors }: { creditors: readonly Creditor[] }) {
  const intl = useIntl();
  const paid = creditors.filter((c) => c.progress !== null);
  if (paid.length === 0) return null;
  return (
    <section aria-labelledby="plan-paid-so-far">
      <h2 id="plan-paid-so-far" className={H2}>
        <FormattedMessage id="portal.plan.paid.title" defaultMessage="Paid through your plan" />
      </h2>
      <p className="mt-2 text-gray-700">
        <FormattedMessage
          id="portal.plan.paid.intro"
          defaultMessage="What each creditor has received from your plan, as the agency reports it. The Payments page lists each payment."
        />
      </p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {paid.map((creditor) => {
          const progress = creditor.progress!;
          return (
            <li key={creditor.id} className="rounded-xl border border-gray-200 p-4" data-testid="paid-so-far">
              <p className="font-semibold break-words text-gray-900">{creditorName(creditor)}</p>
              <dl className="mt-3 space-y-2 text-sm">
                <div className="flex flex-wrap justify-between gap-x-4">
                  <dt className="text-gray-600">
                    <FormattedMessage id="portal.plan.paid.paidSoFar" defaultMessage="Paid so far" />
                  </dt>
                  <dd className="font-semibold text-gray-900 tabular-nums">
                    {formatDollars(progress.paidSoFar)}
                  </dd>
                </div>
                {progress.onTheWay > 0 && (
                  <div className="flex flex-wrap justify-between gap-x-4">
                    <dt className="text-gray-600">
                      <FormattedMessage
                        id="portal.plan.paid.onTheWay"
                        defaultMessage="Sent, not yet posted"
                      />
                    </dt>
                    <dd className="font-medium text-gray-900 tabular-nums">
                      {formatDollars(progress.onTheWay)}
                    </dd>
                  </div>
                )}
                <div className="flex flex-wrap justify-between gap-x-4">
                  <dt className="text-gray-600">
                    <FormattedMessage id="portal.plan.paid.reported" defaultMessage="Balance last reported" />
                  </dt>
                  <dd className="font-medium text-gray-900 tabular-nums">
                    {progress.lastReported ? (
                      <FormattedMessage
                        id="portal.plan.paid.reportedOn"
                        defaultMessage="{amount} on {date}"
                        values={{
                          amount: formatDollars(progress.lastReported.balance),
                          date: formatDay(progress.lastReported.asOf, intl),
                        }}
                      />
                    ) : (
                      <FormattedMessage id="portal.plan.paid.notReported" defaultMessage="Not reported yet" />
                    )}
                  </dd>
                </div>
                <div className="flex flex-wrap justify-between gap-x-4">
                  <dt className="text-gray-600">
                    <FormattedMessage id="portal.plan.paid.monthsLeft" defaultMessage="Months left" />
                  </dt>
                  <dd className="font-medium text-gray-900 tabular-nums">
                    {progress.monthsLeft === null
                      ? NOT_KNOWN
                      : progress.monthsLeft === 0
                        ? intl.formatMessage({ id: 'portal.plan.paid.paidOff', defaultMessage: 'Paid off' })
                        : months(intl, progress.monthsLeft)}
                  </dd>
                </div>
              </dl>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

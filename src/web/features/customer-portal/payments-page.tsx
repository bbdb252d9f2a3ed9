import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import {
  defineMessages,
  FormattedMessage,
  useIntl,
  type IntlShape,
  type MessageDescriptor,
} from 'react-intl';
import { deviceToday } from '#domain/calendar';
import { returnCodeReason } from '#domain/enrollment/agency-events';
import type {
  PaymentsMonthView,
  PaymentsView,
  PaymentToCreditorView,
} from '#domain/enrollment/payments-view';
import { formatDollars } from '#domain/money/cents';
import { SITE } from '#domain/site';
import { paymentsQuery } from './api';
import { formatDay } from './dates';
import { PortalQueryPage } from './portal-page';

// The component tests read the URL from here.
export { PAYMENTS_PATH } from './api';

const TITLE: MessageDescriptor = defineMessages({
  title: { id: 'portal.payments.title', defaultMessage: 'Payments' },
}).title;

type Draft = NonNullable<PaymentsMonthView['draft']>;

const DRAFT_STATUS: Record<Draft['status'], MessageDescriptor> = defineMessages({
  scheduled: { id: 'portal.payments.draft.scheduled', defaultMessage: 'Scheduled' },
  settled: { id: 'portal.payments.draft.settled', defaultMessage: 'Taken' },
  returned: { id: 'portal.payments.draft.returned', defaultMessage: 'Returned' },
});
const DRAFT_BADGES = {
  scheduled: 'bg-gray-100 text-gray-800',
  settled: 'bg-brand-100 text-brand-800',
  returned: 'bg-red-100 text-red-800',
} as const satisfies Record<Draft['status'], string>;

const PAYMENT_STATUS: Record<PaymentToCreditorView['status'], MessageDescriptor> = defineMessages({
  sent: { id: 'portal.payments.payment.sent', defaultMessage: 'Sent' },
  posted: { id: 'portal.payments.payment.posted', defaultMessage: 'Posted' },
  rejected: { id: 'portal.payments.payment.rejected', defaultMessage: 'Rejected' },
});
const PAYMENT_BADGES = {
  sent: 'bg-amber-100 text-amber-900',
  posted: 'bg-brand-100 text-brand-800',
  rejected: 'bg-red-100 text-red-800',
} as const satisfies Record<PaymentToCreditorView['status'], string>;

const METHODS: Record<NonNullable<PaymentToCreditorView['method']>, MessageDescriptor> = defineMessages({
  electronic: { id: 'portal.payments.method.electronic', defaultMessage: 'Electronic payment' },
  check: { id: 'portal.payments.method.check', defaultMessage: 'Check' },
});

/** What to do about a returned draft (returnedDraftAction), with the agency's number to call. */
const ACTIONS: Record<NonNullable<Draft['action']>, MessageDescriptor> = defineMessages({
  addMoney: {
    id: 'portal.payments.action.addMoney',
    defaultMessage:
      'Make sure the money is in your account, then call us at <phone>{number}</phone>, {hours}, to arrange the payment.',
  },
  newAccount: {
    id: 'portal.payments.action.newAccount',
    defaultMessage:
      'Your plan needs an account it can draw from: call us at <phone>{number}</phone>, {hours}, to give us another one.',
  },
  authorize: {
    id: 'portal.payments.action.authorize',
    defaultMessage:
      'If you want to keep your plan, call us at <phone>{number}</phone>, {hours}, so the payment can be drawn again.',
  },
  call: {
    id: 'portal.payments.action.call',
    defaultMessage: 'Call us at <phone>{number}</phone>, {hours}, to arrange the payment.',
  },
});

/** The agency's telephone number as a link, inside a sentence (as My plan writes it). */
const phoneLink = (chunks: ReactNode[]) => (
  <a href={`tel:${SITE.phone.tel}`} className="font-semibold whitespace-nowrap underline">
    {chunks}
  </a>
);

const useHours = () =>
  useIntl().formatMessage({ id: 'footer.hours', defaultMessage: 'Monday - Friday 9AM - 5PM EST' });

/** An amount not known (a dash), and the dot between how a payment was sent and its proof: no words. */
const DASH = '—';
const SEPARATOR = ' · ';

const CARD = 'rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6';

function Badge({ className, children }: { className: string; children: ReactNode }) {
  return (
    <span
      className={clsx(
        'inline-block rounded-full px-3 py-1 text-sm font-semibold whitespace-nowrap',
        className,
      )}
    >
      {children}
    </span>
  );
}

/** /customer-portal/payments: each month's draft, newest first, and under it each payment to a creditor. */
export function Component() {
  return (
    <PortalQueryPage title={TITLE} query={useQuery(paymentsQuery())}>
      {(view) => <Payments view={view} />}
    </PortalQueryPage>
  );
}

function Payments({ view }: { view: PaymentsView }) {
  const hours = useHours();
  return (
    <div className="space-y-6">
      {view.months.length === 0 ? (
        <Empty view={view} />
      ) : (
        <>
          <p className="text-gray-700">
            <FormattedMessage
              id="portal.payments.intro"
              defaultMessage="Each month's draft from your account, and under it each payment the agency made to your creditors from it, as the agency reports them."
            />
          </p>
          <ol className="space-y-6">
            {view.months.map((month) => (
              <li key={month.draft?.draftId ?? 'other'}>
                <Month month={month} />
              </li>
            ))}
          </ol>
        </>
      )}
      <p className="text-gray-700">
        <FormattedMessage
          id="portal.payments.questions"
          defaultMessage="Questions about a payment? Call <phone>{number}</phone>, {hours}."
          values={{ number: SITE.phone.display, hours, phone: phoneLink }}
        />
      </p>
    </div>
  );
}

/** Before the agency has reported anything: where the plan stands and when the first draft is. */
function Empty({ view }: { view: PaymentsView }) {
  const intl = useIntl();
  return (
    <section className={CARD} aria-labelledby="payments-empty">
      <h2 id="payments-empty" className="text-xl font-semibold text-gray-900">
        <FormattedMessage id="portal.payments.empty.title" defaultMessage="No payments yet" />
      </h2>
      <p className="mt-2 text-gray-700">
        {!view.handedOver ? (
          <FormattedMessage
            id="portal.payments.empty.notHandedOver"
            defaultMessage="Your plan is not set up with the agency yet. Once it is, each monthly draft and each payment to your creditors will show here."
          />
        ) : view.firstDraftDate && view.firstDraftDate < deviceToday() ? (
          <FormattedMessage
            id="portal.payments.empty.firstDraftPast"
            defaultMessage="Your plan was handed over to the agency. Your first draft was due on {date}, and the agency has not reported it yet: it will show here, with each payment to your creditors, once it does."
            values={{ date: formatDay(view.firstDraftDate, intl) }}
          />
        ) : view.firstDraftDate ? (
          <FormattedMessage
            id="portal.payments.empty.firstDraft"
            defaultMessage="Your plan was handed over to the agency. Your first draft is on {date}: once it is drawn, you will see it here, with each payment to your creditors."
            values={{ date: formatDay(view.firstDraftDate, intl) }}
          />
        ) : (
          <FormattedMessage
            id="portal.payments.empty.handedOver"
            defaultMessage="Your plan was handed over to the agency. You will see each draft here, with each payment to your creditors, once the first one is drawn."
          />
        )}
      </p>
    </section>
  );
}

const draftHeading = (draft: Draft | null, intl: IntlShape): string =>
  draft === null
    ? intl.formatMessage({ id: 'portal.payments.other', defaultMessage: 'Other payments to your creditors' })
    : draft.date
      ? intl.formatMessage(
          { id: 'portal.payments.draft.title', defaultMessage: 'Draft of {date}' },
          { date: formatDay(draft.date, intl) },
        )
      : intl.formatMessage({ id: 'portal.payments.draft.titleNoDate', defaultMessage: 'Draft' });

function Month({ month }: { month: PaymentsMonthView }) {
  const intl = useIntl();
  const { draft, payments } = month;
  const headingId = `draft-${draft?.draftId ?? 'other'}`.replace(/[^A-Za-z0-9_-]/g, '-');
  return (
    <section className={CARD} aria-labelledby={headingId} data-testid="payments-month">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold text-gray-900">
          {draftHeading(draft, intl)}
        </h2>
        {draft && (
          <Badge className={DRAFT_BADGES[draft.status]}>
            {intl.formatMessage(DRAFT_STATUS[draft.status])}
          </Badge>
        )}
      </div>
      {draft && <DraftLine draft={draft} />}
      <h3 className="mt-5 text-base font-semibold text-gray-900">
        <FormattedMessage id="portal.payments.toCreditors" defaultMessage="Payments to your creditors" />
      </h3>
      {payments.length === 0 ? (
        <p className="mt-1 text-sm text-gray-700">
          {draft?.status === 'returned' ? (
            <FormattedMessage
              id="portal.payments.none.returned"
              defaultMessage="None: your creditors are paid from a draft that was taken."
            />
          ) : draft?.status === 'settled' ? (
            <FormattedMessage
              id="portal.payments.none.settled"
              defaultMessage="The agency has not reported them yet: they will show here once it sends them."
            />
          ) : (
            <FormattedMessage
              id="portal.payments.none.scheduled"
              defaultMessage="Your creditors are paid once the draft is taken."
            />
          )}
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-gray-200">
          {payments.map((payment) => (
            <li key={payment.disbursementId} className="py-3">
              <Payment payment={payment} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DraftLine({ draft }: { draft: Draft }) {
  const intl = useIntl();
  const hours = useHours();
  const amount = draft.amount === null ? null : formatDollars(draft.amount);
  const day = (value: string | null) => (value ? formatDay(value, intl) : '');
  if (draft.status === 'returned') {
    const reason = returnCodeReason(draft.returnCode ?? '');
    return (
      <div role="status" className="mt-3 rounded-xl border border-red-300 bg-red-50 p-4 text-gray-900">
        <p className="font-semibold">
          {amount ? (
            <FormattedMessage
              id="portal.payments.returned.amount"
              defaultMessage="Your bank returned this draft of {amount} on {date}."
              values={{ amount, date: day(draft.returnedOn ?? draft.date) }}
            />
          ) : (
            <FormattedMessage
              id="portal.payments.returned"
              defaultMessage="Your bank returned this draft on {date}."
              values={{ date: day(draft.returnedOn ?? draft.date) }}
            />
          )}
        </p>
        {draft.returnCode && (
          <p className="mt-1">
            <FormattedMessage
              id="portal.payments.returned.reason"
              defaultMessage="Why: {reason}"
              values={{ reason: intl.formatMessage(reason.message, reason.values) }}
            />
          </p>
        )}
        <p className="mt-2">
          <FormattedMessage
            {...ACTIONS[draft.action ?? 'call']}
            values={{ number: SITE.phone.display, hours, phone: phoneLink }}
          />
        </p>
      </div>
    );
  }
  return (
    <p className="mt-2 text-gray-800">
      {draft.status === 'settled' ? (
        <FormattedMessage
          id="portal.payments.settled"
          defaultMessage="{amount} was taken from your account on {date}."
          values={{ amount: amount ?? DASH, date: day(draft.settledOn ?? draft.date) }}
        />
      ) : (
        <FormattedMessage
          id="portal.payments.scheduled"
          defaultMessage="{amount} will be drawn from your account on {date}."
          values={{ amount: amount ?? DASH, date: day(draft.date) }}
        />
      )}
    </p>
  );
}

function Payment({ payment }: { payment: PaymentToCreditorView }) {
  const intl = useIntl();
  const day = (value: string | null) => (value ? formatDay(value, intl) : '');
  const creditor =
    payment.creditorName ??
    intl.formatMessage({ id: 'portal.payments.aCreditor', defaultMessage: 'A creditor' });
  const line =
    payment.status === 'posted'
      ? intl.formatMessage(
          {
            id: 'portal.payments.line.posted',
            defaultMessage: 'Sent on {sent}; the creditor posted it to your account on {posted}.',
          },
          { sent: day(payment.sentOn), posted: day(payment.postedOn) },
        )
      : payment.status === 'rejected'
        ? intl.formatMessage(
            {
              id: 'portal.payments.line.rejected',
              defaultMessage:
                'Sent on {sent}; the creditor did not accept it on {rejected}. The agency will contact you about it.',
            },
            { sent: day(payment.sentOn), rejected: day(payment.rejectedOn) },
          )
        : intl.formatMessage(
            {
              id: 'portal.payments.line.sent',
              defaultMessage: 'Sent on {sent}; waiting for the creditor to post it to your account.',
            },
            { sent: day(payment.sentOn) },
          );
  const proof = payment.traceNumber
    ? intl.formatMessage(
        { id: 'portal.payments.proof.trace', defaultMessage: 'Trace number {number}' },
        { number: payment.traceNumber },
      )
    : payment.checkNumber
      ? intl.formatMessage(
          { id: 'portal.payments.proof.check', defaultMessage: 'Check number {number}' },
          { number: payment.checkNumber },
        )
      : null;
  return (
    <div className="grid gap-1 sm:grid-cols-[1fr_auto] sm:gap-x-4">
      <p className="min-w-0 font-semibold break-words text-gray-900">{creditor}</p>
      <p className="font-semibold text-gray-900 tabular-nums sm:text-right">
        {payment.amount === null ? DASH : formatDollars(payment.amount)}
      </p>
      <p className="text-sm text-gray-700">
        {payment.method ? intl.formatMessage(METHODS[payment.method]) : null}
        {payment.method && proof ? SEPARATOR : null}
        {proof && <span className="break-all">{proof}</span>}
      </p>
      <div className="sm:text-right">
        <Badge className={PAYMENT_BADGES[payment.status]}>
          {intl.formatMessage(PAYMENT_STATUS[payment.status])}
        </Badge>
      </div>
      <p className="text-sm text-gray-700 sm:col-span-2">{line}</p>
    </div>
  );
}

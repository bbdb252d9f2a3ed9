import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useId, useState, type ReactNode } from 'react';
import {
  defineMessages,
  FormattedMessage,
  useIntl,
  type IntlShape,
  type MessageDescriptor,
} from 'react-intl';
import { Navigate } from 'react-router';
import type { CustomerAlert, LinkTokenView } from '#domain/enrollment/views';
import type { AlertType } from '#domain/flow/staff-views';
import { formatEnglish } from '#domain/i18n/validation-messages';
import { SITE } from '#domain/site';
import { ApiError } from '#web/lib/api';
import { apiErrorText } from '#web/lib/api-error-text';
import { BankLinkDialog } from '#web/components/bank-link/bank-link-dialog';
import { LoadFailure } from '#web/components/ui/load-failure';
import { LoadingScreen } from '#web/components/ui/loading-screen';
import {
  alertsQuery,
  createReconnectLinkToken,
  customerPortalKeys,
  markAlertSeen,
  reconnectBank,
} from './api';
import { alertDay, alertFiguresText } from './alert-texts';
import { PortalPage, SPACE } from './portal-page';

// The component tests read these URLs from here.
export { ALERTS_PATH, alertSeenPath, reconnectionPath, reconnectLinkTokenPath } from './api';

const MESSAGES: Record<
  'title' | 'none' | 'seenFailed' | 'reconnectFailed' | 'reconnected',
  MessageDescriptor
> = defineMessages({
  title: { id: 'portal.alerts.title', defaultMessage: 'Alerts' },
  none: {
    id: 'portal.alerts.none',
    defaultMessage: 'You have no alerts. We will tell you here if something needs your attention.',
  },
  seenFailed: {
    id: 'portal.alerts.seenFailed',
    defaultMessage: 'This alert could not be marked as seen. Please try again.',
  },
  reconnectFailed: {
    id: 'portal.alerts.reconnectFailed',
    defaultMessage: 'Your bank could not be reconnected. Please try again.',
  },
  reconnected: {
    id: 'portal.alerts.reconnected',
    defaultMessage: 'Your {institution} connection is working again.',
  },
});
const TITLE = MESSAGES.title;
export const NO_ALERTS = String(MESSAGES.none.defaultMessage);
export const ALERT_SEEN_FAILED = String(MESSAGES.seenFailed.defaultMessage);
export const RECONNECT_FAILED = String(MESSAGES.reconnectFailed.defaultMessage);
/** 'Your Tartan Bank connection is working again.', in English unless given the page's intl. */
export const reconnectedText = (institutionName: string, intl?: IntlShape) =>
  intl
    ? intl.formatMessage(MESSAGES.reconnected, { institution: institutionName })
    : formatEnglish(MESSAGES.reconnected, { institution: institutionName });

/**
 * What each alert means for the customer and what to do about it, in plain words (the service portal words
 * them for counsellors). Every one that can put the plan's payment at risk says how to keep it from being
 * missed; calling the agency is always an option.
 */
const ADVICE: Record<AlertType, Record<'title' | 'meaning' | 'todo', MessageDescriptor>> = {
  balanceBelowDMPPayment: defineMessages({
    title: {
      id: 'portal.alerts.balanceBelowDMPPayment.title',
      defaultMessage: 'Your balance is below your plan payment',
    },
    meaning: {
      id: 'portal.alerts.balanceBelowDMPPayment.meaning',
      defaultMessage:
        'The money in your payment account is less than your monthly plan payment, and the payment is drawn soon.',
    },
    todo: {
      id: 'portal.alerts.balanceBelowDMPPayment.todo',
      defaultMessage:
        'Move money into the account before your payment date. If you cannot, call us before the payment date and we will work it out with you.',
    },
  }),
  bankAccountDisconnected: defineMessages({
    title: {
      id: 'portal.alerts.bankAccountDisconnected.title',
      defaultMessage: 'Your bank is no longer connected',
    },
    meaning: {
      id: 'portal.alerts.bankAccountDisconnected.meaning',
      defaultMessage:
        'We can no longer see your payment account. This often happens after you change your online banking password.',
    },
    todo: {
      id: 'portal.alerts.bankAccountDisconnected.todo',
      defaultMessage: 'Reconnect your bank: sign in to the same bank as before. It takes about a minute.',
    },
  }),
  insufficientFundsTransaction: defineMessages({
    title: {
      id: 'portal.alerts.insufficientFundsTransaction.title',
      defaultMessage: 'A payment was returned for insufficient funds',
    },
    meaning: {
      id: 'portal.alerts.insufficientFundsTransaction.meaning',
      defaultMessage:
        'Your bank returned a payment because there was not enough money in the account, and may have charged a fee.',
    },
    todo: {
      id: 'portal.alerts.insufficientFundsTransaction.todo',
      defaultMessage:
        'Add money to the account before your next plan payment. If money is tight this month, call us.',
    },
  }),
  overdraftTransaction: defineMessages({
    title: {
      id: 'portal.alerts.overdraftTransaction.title',
      defaultMessage: 'Your bank charged an overdraft fee',
    },
    meaning: {
      id: 'portal.alerts.overdraftTransaction.meaning',
      defaultMessage: 'Your account went below zero and your bank charged you a fee for it.',
    },
    todo: {
      id: 'portal.alerts.overdraftTransaction.todo',
      defaultMessage:
        'Move money into the account before your plan payment date so the payment is not missed. Call us if you need a different payment date.',
    },
  }),
  monthlyIncomeDecrease: defineMessages({
    title: { id: 'portal.alerts.monthlyIncomeDecrease.title', defaultMessage: 'Your income went down' },
    meaning: {
      id: 'portal.alerts.monthlyIncomeDecrease.meaning',
      defaultMessage: 'The pay coming into your bank account is lower than it was before.',
    },
    todo: {
      id: 'portal.alerts.monthlyIncomeDecrease.todo',
      defaultMessage:
        'If your income has changed, call us. We can review your budget and your plan payment with you.',
    },
  }),
  debtScore30DayDecrease: defineMessages({
    title: { id: 'portal.alerts.debtScore30DayDecrease.title', defaultMessage: 'Your debt score went down' },
    meaning: {
      id: 'portal.alerts.debtScore30DayDecrease.meaning',
      defaultMessage:
        'Your debt score is lower than it was 30 days ago. New debt or a late payment can lower it.',
    },
    todo: {
      id: 'portal.alerts.debtScore30DayDecrease.todo',
      defaultMessage:
        'Try not to take on new credit while you are on the plan. If something has changed, call us.',
    },
  }),
  newCreditInquiry: defineMessages({
    title: { id: 'portal.alerts.newCreditInquiry.title', defaultMessage: 'A lender checked your credit' },
    meaning: {
      id: 'portal.alerts.newCreditInquiry.meaning',
      defaultMessage:
        'A new inquiry appeared on your credit report. It usually means someone applied for credit in your name.',
    },
    todo: {
      id: 'portal.alerts.newCreditInquiry.todo',
      defaultMessage:
        'If you did not apply for credit, call us right away: it may be identity theft. New credit while on the plan can put it at risk.',
    },
  }),
  draftReturned: defineMessages({
    title: {
      id: 'portal.alerts.draftReturned.title',
      defaultMessage: 'Your plan payment was returned',
    },
    meaning: {
      id: 'portal.alerts.draftReturned.meaning',
      defaultMessage:
        'Your bank did not let the agency take this month’s plan payment, so your creditors cannot be paid from it until it is made up.',
    },
    todo: {
      id: 'portal.alerts.draftReturned.todo',
      defaultMessage:
        'Call {agency} at {phone} to arrange the payment. If the account changed or is closed, tell them which account to use now.',
    },
  }),
  creditorPaymentNotPosted: defineMessages({
    title: {
      id: 'portal.alerts.creditorPaymentNotPosted.title',
      defaultMessage: 'A creditor has not posted a payment',
    },
    meaning: {
      id: 'portal.alerts.creditorPaymentNotPosted.meaning',
      defaultMessage:
        'The agency sent this payment to your creditor, but the creditor has not yet recorded it in your account.',
    },
    todo: {
      id: 'portal.alerts.creditorPaymentNotPosted.todo',
      defaultMessage:
        'You do not need to pay it again. If the creditor contacts you about a late payment, tell them when it was sent and its trace or check number, and call {agency} at {phone}: they follow it up with the creditor.',
    },
  }),
  creditorPaidOff: defineMessages({
    title: { id: 'portal.alerts.creditorPaidOff.title', defaultMessage: 'A creditor is paid off' },
    meaning: {
      id: 'portal.alerts.creditorPaidOff.meaning',
      defaultMessage: 'Your creditor reported that you owe nothing more on this account.',
    },
    todo: {
      id: 'portal.alerts.creditorPaidOff.todo',
      defaultMessage:
        'Nothing. Your plan keeps paying your other creditors. Keep the account’s final statement with your records.',
    },
  }),
};

/** The agency's name and number, which the advice of the agency's alerts gives (the others ignore them). */
const ADVICE_VALUES = { agency: SITE.agencyName, phone: SITE.phone.display };

/** The advice in English, as the tests and the service portal's wording compare with. */
export const ALERT_ADVICE = Object.fromEntries(
  Object.entries(ADVICE).map(([type, advice]) => [
    type,
    {
      title: formatEnglish(advice.title, ADVICE_VALUES),
      meaning: formatEnglish(advice.meaning, ADVICE_VALUES),
      todo: formatEnglish(advice.todo, ADVICE_VALUES),
    },
  ]),
) as Record<AlertType, { title: string; meaning: string; todo: string }>;

const ENGLISH_DATES = {
  formatDate: (value: number | Date, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-US', options).format(value),
} as Pick<IntlShape, 'formatDate'>;
/**
 * The calendar day of an alert's trigger: a transaction or an inquiry is dated by its day (midnight UTC), so
 * the day is read in UTC, never shifted to the evening before. In English unless given the page's intl.
 */
export const formatAlertDay = (
  timestamp: string,
  intl: Pick<IntlShape, 'formatDate'> = ENGLISH_DATES,
): string => alertDay(timestamp, intl);

const BUTTON =
  'inline-flex min-h-11 items-center justify-center rounded-lg px-4 font-semibold aria-disabled:cursor-wait aria-disabled:opacity-70';
const PRIMARY = `${BUTTON} bg-brand-700 text-white hover:bg-brand-800`;
const SECONDARY = `${BUTTON} border border-brand-700 text-brand-700 hover:bg-brand-50`;

const failureText = (error: unknown, fallback: string, intl: IntlShape) =>
  error instanceof ApiError && error.code !== 'InternalError' && error.message
    ? apiErrorText(intl, error)
    : fallback;

/**
 * /customer-portal/alerts: the customer's alerts that still hold, newest first, each with its figures (the
 * score and how far it fell, the balance and the plan payment, the fee and its date...), what it means and
 * what to do. Marking one seen is remembered; a disconnected bank is reconnected from its alert, which then
 * leaves the list.
 */
export function Component() {
  const alerts = useQuery(alertsQuery());
  const [notice, setNotice] = useState<string>();
  if (alerts.isPending) return <LoadingScreen />;
  if (alerts.data === undefined) {
    const error = alerts.error;
    if (error instanceof ApiError && error.redirect) return <Navigate to={error.redirect} replace />;
    return (
      <PortalPage title={TITLE}>
        <LoadFailure error={error} onRetry={() => void alerts.refetch()} />
      </PortalPage>
    );
  }
  const list = alerts.data.alerts;
  return (
    <PortalPage title={TITLE}>
      <div className="space-y-6">
        <p
          role="status"
          className={clsx(
            notice ? 'rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-green-900' : 'sr-only',
          )}
        >
          {notice}
        </p>
        {list.length === 0 ? (
          <p className="text-gray-700">
            <FormattedMessage {...MESSAGES.none} />
          </p>
        ) : (
          <ul className="space-y-4">
            {list.map((alert) => (
              <AlertCard key={alert.id} alert={alert} onReconnected={setNotice} />
            ))}
          </ul>
        )}
        <p className="text-gray-700">
          <FormattedMessage
            id="portal.alerts.questions"
            defaultMessage="Questions about an alert? Call <phone>{number}</phone>."
            values={{
              number: SITE.phone.display,
              phone: (chunks: ReactNode[]) => (
                <a
                  href={`tel:${SITE.phone.tel}`}
                  className="font-semibold whitespace-nowrap text-brand-700 underline"
                >
                  {chunks}
                </a>
              ),
            }}
          />
        </p>
      </div>
    </PortalPage>
  );
}

function AlertCard({
  alert,
  onReconnected,
}: {
  alert: CustomerAlert;
  onReconnected: (message: string) => void;
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [failure, setFailure] = useState<string>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: customerPortalKeys.alerts() });
  const seen = useMutation({ mutationFn: markAlertSeen, onSuccess: refresh });
  const advice = ADVICE[alert.type];
  const figures = alertFiguresText(intl, alert.type, alert.figures);
  const isNew = !alert.hasBeenSeenByBorrower;

  const markSeen = async () => {
    if (seen.isPending) return;
    setFailure(undefined);
    try {
      await seen.mutateAsync(alert.id);
    } catch {
      setFailure(intl.formatMessage(MESSAGES.seenFailed));
    }
  };

  return (
    <li
      aria-labelledby={titleId}
      className={clsx(
        'rounded-2xl border bg-white px-4 py-4 shadow-sm sm:px-6',
        isNew ? 'border-accent-400' : 'border-gray-200',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={titleId} className="min-w-0 text-lg font-semibold break-words text-gray-900">
          {intl.formatMessage(advice.title, ADVICE_VALUES)}
        </h2>
        {isNew ? (
          <span className="rounded-full bg-accent-100 px-2.5 py-0.5 text-sm font-semibold text-accent-800">
            <FormattedMessage id="portal.alerts.new" defaultMessage="New" />
          </span>
        ) : (
          <span className="text-sm text-gray-600">
            <FormattedMessage id="portal.alerts.seen" defaultMessage="Seen" />
          </span>
        )}
      </div>
      <p className="text-sm text-gray-600">
        <time dateTime={alert.date}>{formatAlertDay(alert.date, intl)}</time>
      </p>
      {figures && <p className="mt-3 font-medium text-gray-900">{figures}</p>}
      <p className="mt-3 text-gray-800">{intl.formatMessage(advice.meaning, ADVICE_VALUES)}</p>
      <p className="mt-2 text-gray-800">
        <span className="font-semibold">
          <FormattedMessage id="portal.alerts.whatToDo" defaultMessage="What to do:" />
          {SPACE}
        </span>
        {intl.formatMessage(advice.todo, ADVICE_VALUES)}
      </p>
      {failure && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {failure}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        {alert.reconnect && (
          <Reconnect
            reconnect={alert.reconnect}
            describedBy={titleId}
            onFailure={setFailure}
            onReconnected={async (institutionName) => {
              onReconnected(reconnectedText(institutionName, intl));
              await refresh();
            }}
          />
        )}
        {isNew && (
          <button
            type="button"
            onClick={() => void markSeen()}
            aria-describedby={titleId}
            aria-disabled={seen.isPending || undefined}
            aria-busy={seen.isPending || undefined}
            className={SECONDARY}
          >
            <FormattedMessage id="portal.alerts.markSeen" defaultMessage="Mark as seen" />
          </button>
        )}
      </div>
    </li>
  );
}

/**
 * 'Reconnect your bank': a link session for the disconnected item, the bank-link dialog (the sandbox's own, or
 * the provider's widget in update mode), then the new connection is stored on the same item.
 */
function Reconnect({
  reconnect,
  describedBy,
  onFailure,
  onReconnected,
}: {
  reconnect: NonNullable<CustomerAlert['reconnect']>;
  describedBy: string;
  onFailure: (message: string | undefined) => void;
  onReconnected: (institutionName: string) => Promise<void>;
}) {
  const intl = useIntl();
  const reconnectFailed = intl.formatMessage(MESSAGES.reconnectFailed);
  const [session, setSession] = useState<LinkTokenView | null>(null);
  const [open, setOpen] = useState(false);
  const start = useMutation({ mutationFn: createReconnectLinkToken });
  const finish = useMutation({ mutationFn: reconnectBank });
  const busy = start.isPending || finish.isPending;

  const onStart = async () => {
    if (busy) return;
    onFailure(undefined);
    try {
      setSession(await start.mutateAsync(reconnect.plaidItemId));
      setOpen(true);
    } catch (error) {
      onFailure(failureText(error, reconnectFailed, intl));
    }
  };

  const onConnected = async (publicToken: string) => {
    setOpen(false);
    try {
      const answer = await finish.mutateAsync({ plaidItemId: reconnect.plaidItemId, publicToken });
      await onReconnected(answer.institutionName);
    } catch (error) {
      onFailure(failureText(error, reconnectFailed, intl));
    }
  };

  return (
    <>
      <button
        type="button"
        onClick={() => void onStart()}
        aria-describedby={describedBy}
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
        className={PRIMARY}
      >
        <FormattedMessage id="portal.alerts.reconnect" defaultMessage="Reconnect your bank" />
      </button>
      <BankLinkDialog
        open={open}
        onOpenChange={setOpen}
        session={session}
        title={intl.formatMessage(
          { id: 'portal.alerts.reconnectTitle', defaultMessage: 'Reconnect {institution}' },
          { institution: reconnect.institutionName },
        )}
        onConnected={(publicToken) => void onConnected(publicToken)}
      />
    </>
  );
}

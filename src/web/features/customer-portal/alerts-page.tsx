import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useId, useState } from 'react';
import { Navigate } from 'react-router';
import type { CustomerAlert, LinkTokenView } from '#domain/enrollment/views';
import type { AlertType } from '#domain/flow/staff-views';
import { customerAlertText } from '#domain/monitoring/customer-alert-text';
import { SITE } from '#domain/site';
import { ApiError } from '#web/lib/api';
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
import { PortalPage } from './portal-page';

// The component tests read these URLs from here.
export { ALERTS_PATH, alertSeenPath, reconnectionPath, reconnectLinkTokenPath } from './api';

const TITLE = 'Alerts';
export const NO_ALERTS = 'You have no alerts. We will tell you here if something needs your attention.';
export const ALERT_SEEN_FAILED = 'This alert could not be marked as seen. Please try again.';
export const RECONNECT_FAILED = 'Your bank could not be reconnected. Please try again.';
export const reconnectedText = (institutionName: string) =>
  `Your ${institutionName} connection is working again.`;

/**
 * What each alert means for the customer and what to do about it, in plain words (the service portal words
 * them for counsellors). Every one that can put the plan's payment at risk says how to keep it from being
 * missed; calling the agency is always an option.
 */
export const ALERT_ADVICE = {
  balanceBelowDMPPayment: {
    title: 'Your balance is below your plan payment',
    meaning:
      'The money in your payment account is less than your monthly plan payment, and the payment is drawn soon.',
    todo: 'Move money into the account before your payment date. If you cannot, call us before the payment date and we will work it out with you.',
  },
  bankAccountDisconnected: {
    title: 'Your bank is no longer connected',
    meaning:
      'We can no longer see your payment account. This often happens after you change your online banking password.',
    todo: 'Reconnect your bank: sign in to the same bank as before. It takes about a minute.',
  },
  insufficientFundsTransaction: {
    title: 'A payment was returned for insufficient funds',
    meaning:
      'Your bank returned a payment because there was not enough money in the account, and may have charged a fee.',
    todo: 'Add money to the account before your next plan payment. If money is tight this month, call us.',
  },
  overdraftTransaction: {
    title: 'Your bank charged an overdraft fee',
    meaning: 'Your account went below zero and your bank charged you a fee for it.',
    todo: 'Move money into the account before your plan payment date so the payment is not missed. Call us if you need a different payment date.',
  },
  monthlyIncomeDecrease: {
    title: 'Your income went down',
    meaning: 'The pay coming into your bank account is lower than it was before.',
    todo: 'If your income has changed, call us. We can review your budget and your plan payment with you.',
  },
  debtScore30DayDecrease: {
    title: 'Your debt score went down',
    meaning: 'Your debt score is lower than it was 30 days ago. New debt or a late payment can lower it.',
    todo: 'Try not to take on new credit while you are on the plan. If something has changed, call us.',
  },
  newCreditInquiry: {
    title: 'A lender checked your credit',
    meaning:
      'A new inquiry appeared on your credit report. It usually means someone applied for credit in your name.',
    todo: 'If you did not apply for credit, call us right away: it may be identity theft. New credit while on the plan can put it at risk.',
  },
} as const satisfies Record<AlertType, { title: string; meaning: string; todo: string }>;

const DAY = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
/**
 * The calendar day of an alert's trigger: a transaction or an inquiry is dated by its day (midnight UTC), so
 * the day is read in UTC, never shifted to the evening before.
 */
export const formatAlertDay = (timestamp: string): string => {
  const at = new Date(timestamp);
  return Number.isNaN(at.getTime()) ? '' : DAY.format(at);
};

const BUTTON =
  'inline-flex min-h-11 items-center justify-center rounded-lg px-4 font-semibold aria-disabled:cursor-wait aria-disabled:opacity-70';
const PRIMARY = `${BUTTON} bg-brand-700 text-white hover:bg-brand-800`;
const SECONDARY = `${BUTTON} border border-brand-700 text-brand-700 hover:bg-brand-50`;

const failureText = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.code !== 'InternalError' && error.message ? error.message : fallback;

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
          <p className="text-gray-700">{NO_ALERTS}</p>
        ) : (
          <ul className="space-y-4">
            {list.map((alert) => (
              <AlertCard key={alert.id} alert={alert} onReconnected={setNotice} />
            ))}
          </ul>
        )}
        <p className="text-gray-700">
          Questions about an alert? Call{' '}
          <a
            href={`tel:${SITE.phone.tel}`}
            className="font-semibold whitespace-nowrap text-brand-700 underline"
          >
            {SITE.phone.display}
          </a>
          .
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
  const queryClient = useQueryClient();
  const titleId = useId();
  const [failure, setFailure] = useState<string>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: customerPortalKeys.alerts() });
  const seen = useMutation({ mutationFn: markAlertSeen, onSuccess: refresh });
  const advice = ALERT_ADVICE[alert.type];
  const figures = customerAlertText(alert.type, alert.figures);
  const isNew = !alert.hasBeenSeenByBorrower;

  const markSeen = async () => {
    if (seen.isPending) return;
    setFailure(undefined);
    try {
      await seen.mutateAsync(alert.id);
    } catch {
      setFailure(ALERT_SEEN_FAILED);
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
          {advice.title}
        </h2>
        {isNew ? (
          <span className="rounded-full bg-accent-100 px-2.5 py-0.5 text-sm font-semibold text-accent-800">
            New
          </span>
        ) : (
          <span className="text-sm text-gray-600">Seen</span>
        )}
      </div>
      <p className="text-sm text-gray-600">
        <time dateTime={alert.date}>{formatAlertDay(alert.date)}</time>
      </p>
      {figures && <p className="mt-3 font-medium text-gray-900">{figures}</p>}
      <p className="mt-3 text-gray-800">{advice.meaning}</p>
      <p className="mt-2 text-gray-800">
        <span className="font-semibold">What to do: </span>
        {advice.todo}
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
              onReconnected(reconnectedText(institutionName));
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
            Mark as seen
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
      onFailure(failureText(error, RECONNECT_FAILED));
    }
  };

  const onConnected = async (publicToken: string) => {
    setOpen(false);
    try {
      const answer = await finish.mutateAsync({ plaidItemId: reconnect.plaidItemId, publicToken });
      await onReconnected(answer.institutionName);
    } catch (error) {
      onFailure(failureText(error, RECONNECT_FAILED));
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
        Reconnect your bank
      </button>
      <BankLinkDialog
        open={open}
        onOpenChange={setOpen}
        session={session}
        title={`Reconnect ${reconnect.institutionName}`}
        onConnected={(publicToken) => void onConnected(publicToken)}
      />
    </>
  );
}

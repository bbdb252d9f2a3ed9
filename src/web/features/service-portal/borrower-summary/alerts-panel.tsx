import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useId, useState } from 'react';
import type { AlertView, BorrowerSummaryView } from '#domain/flow/staff-views';
import { markAlertSeen, staffKeys } from '#web/features/service-portal/api';
import { formatTimestamp, SummaryCard } from './summary-overview';

type AlertType = AlertView['type'];

/** What each alert means for the counsellor (the spec names the types only; the words are ours). */
export const ALERT_TEXTS = {
  balanceBelowDMPPayment: {
    title: 'Balance below DMP payment',
    description: 'The bank balance fell below the monthly plan payment.',
  },
  bankAccountDisconnected: {
    title: 'Bank account disconnected',
    description: 'The bank connection stopped working; the borrower needs to connect the account again.',
  },
  debtScore30DayDecrease: {
    title: 'Debt score decreased',
    description: 'The debt score is lower than it was 30 days ago.',
  },
  insufficientFundsTransaction: {
    title: 'Insufficient funds transaction',
    description: 'A payment was returned for insufficient funds.',
  },
  overdraftTransaction: {
    title: 'Overdraft transaction',
    description: 'An overdraft fee was charged on the bank account.',
  },
  newCreditInquiry: {
    title: 'New credit inquiry',
    description: 'A new inquiry appeared on the credit report.',
  },
  monthlyIncomeDecrease: {
    title: 'Monthly income decrease',
    description: 'The latest income snapshot shows a lower monthly income than the one before.',
  },
  draftReturned: {
    title: 'Draft returned',
    description: "The borrower's bank returned the plan's draft; the agency has to arrange the payment.",
  },
  creditorPaymentNotPosted: {
    title: 'Creditor payment not posted',
    description: "A payment the agency sent a creditor was not posted within the agency's window.",
  },
  creditorPaidOff: {
    title: 'Creditor paid off',
    description: 'A creditor reported a balance of $0.',
  },
} as const satisfies Record<AlertType, { title: string; description: string }>;

export const ALERT_SEEN_FAILED = 'This alert could not be marked as seen. Open it again to retry.';

/** Those that still hold before the cleared ones, unseen first, then the newest trigger first. */
export function sortAlerts(alerts: readonly AlertView[]): AlertView[] {
  return [...alerts].sort(
    (a, b) =>
      Number(a.clearedAt !== null) - Number(b.clearedAt !== null) ||
      Number(a.hasBeenSeenByCustomerServiceRepresentative) -
        Number(b.hasBeenSeenByCustomerServiceRepresentative) ||
      b.date.localeCompare(a.date),
  );
}

/**
 * The borrower's alerts, each dated by what triggered it and saying what that was; a cleared one (its
 * condition ended, e.g. the bank connected again) is marked so and listed after those that still hold. Opening one marks it seen by the representative
 * (hasBeenSeenByCustomerServiceRepresentative); the summary in the cache is updated in place and the portal's
 * lists are refreshed, without reading the whole summary again.
 */
export function AlertsPanel({
  applicationId,
  alerts,
}: {
  applicationId: string;
  alerts: readonly AlertView[];
}) {
  const queryClient = useQueryClient();
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(new Set());
  const [failedId, setFailedId] = useState<string>();
  const baseId = useId();
  const key = staffKeys.borrowerSummary(applicationId);
  const seen = useMutation({
    mutationFn: markAlertSeen,
    onSuccess: ({ id }) => {
      queryClient.setQueryData<BorrowerSummaryView>(key, (summary) =>
        summary
          ? {
              ...summary,
              alerts: summary.alerts.map((a) =>
                a.id === id ? { ...a, hasBeenSeenByCustomerServiceRepresentative: true } : a,
              ),
            }
          : summary,
      );
      void queryClient.invalidateQueries({
        queryKey: staffKeys.all(),
        predicate: (query) => query.queryKey[1] !== key[1] || query.queryKey[2] !== key[2],
      });
    },
    onError: (_error, alertId) => setFailedId(alertId),
  });

  const toggle = (alert: AlertView) => {
    const opening = !openIds.has(alert.id);
    setOpenIds((current) => {
      const next = new Set(current);
      if (opening) next.add(alert.id);
      else next.delete(alert.id);
      return next;
    });
    if (opening && !alert.hasBeenSeenByCustomerServiceRepresentative) {
      setFailedId(undefined);
      seen.mutate(alert.id);
    }
  };

  const unseen = alerts.filter((a) => !a.hasBeenSeenByCustomerServiceRepresentative).length;
  return (
    <SummaryCard
      title="Alerts"
      actions={
        unseen > 0 ? (
          <span className="rounded-full bg-accent-100 px-2.5 py-0.5 text-sm font-semibold text-accent-800">
            {unseen} new
          </span>
        ) : undefined
      }
    >
      {alerts.length === 0 ? (
        <p className="text-gray-700">There are no alerts for this borrower.</p>
      ) : (
        <ul className="divide-y divide-gray-200">
          {sortAlerts(alerts).map((alert) => {
            const open = openIds.has(alert.id);
            const isNew = !alert.hasBeenSeenByCustomerServiceRepresentative;
            const panelId = `${baseId}-${alert.id}`;
            return (
              <li key={alert.id} className="py-1">
                <button
                  type="button"
                  aria-expanded={open}
                  aria-controls={panelId}
                  onClick={() => toggle(alert)}
                  className="flex min-h-11 w-full items-center justify-between gap-3 rounded-md px-2 py-1.5 text-left hover:bg-gray-50"
                >
                  <span className="min-w-0">
                    <span
                      className={clsx(
                        'block text-sm',
                        isNew ? 'font-semibold text-gray-900' : 'text-gray-800',
                      )}
                    >
                      {ALERT_TEXTS[alert.type].title}
                    </span>
                    <span className="block text-xs text-gray-600">{formatTimestamp(alert.date)}</span>
                    {alert.trigger && (
                      <span className="block text-xs break-words text-gray-800">{alert.trigger}</span>
                    )}
                  </span>
                  <span className="flex shrink-0 items-center gap-2">
                    {alert.clearedAt && (
                      <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-semibold text-gray-700">
                        Cleared
                      </span>
                    )}
                    {isNew && (
                      <span className="rounded-full bg-accent-100 px-2 py-0.5 text-xs font-semibold text-accent-800">
                        New
                      </span>
                    )}
                    <svg
                      viewBox="0 0 20 20"
                      aria-hidden="true"
                      className={clsx('size-4 text-gray-500 transition-transform', open && 'rotate-180')}
                      fill="currentColor"
                    >
                      <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
                    </svg>
                  </span>
                </button>
                <div id={panelId} hidden={!open} className="px-2 pb-2 text-sm text-gray-700">
                  <p>{ALERT_TEXTS[alert.type].description}</p>
                  {alert.clearedAt && <p className="mt-1">Cleared {formatTimestamp(alert.clearedAt)}.</p>}
                  {failedId === alert.id && (
                    <p role="alert" className="mt-1 text-red-700">
                      {ALERT_SEEN_FAILED}
                    </p>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </SummaryCard>
  );
}

import { clsx } from 'clsx';
import { useId } from 'react';
import { APPLICATION_STATUSES, type ApplicationStatus } from '#domain/flow/statuses';
import { validateFilters, type ClaimedStatus } from '#domain/service-portal/filters';

/** How the portal names each application status ('In Progress' is the product's own wording). */
export const APPLICATION_STATUS_LABELS = {
  inProgress: 'In Progress',
  acceptOffer: 'Accept Offer',
  confirmPaymentAccount: 'Confirm Payment Account',
  signContract: 'Sign Contract',
  counselorReview: 'Counselor Review',
  creditorReview: 'Creditor Review',
  transfer: 'Transfer',
  transferred: 'Transferred',
  disqualified: 'Disqualified',
} as const satisfies Record<ApplicationStatus, string>;

export const CLAIMED_STATUS_LABELS = {
  claimed: 'Claimed',
  unclaimed: 'Unclaimed',
} as const satisfies Record<ClaimedStatus, string>;

export type StatusFilterValue = { statuses: ApplicationStatus[]; claimed: boolean; unclaimed: boolean };

export type StatusFilterProps = StatusFilterValue & {
  onChange: (next: StatusFilterValue) => void;
  className?: string;
};

/** The claimed/unclaimed pair as the API's claimedStatus list. */
export const claimedStatusOf = (v: Pick<StatusFilterValue, 'claimed' | 'unclaimed'>): ClaimedStatus[] => [
  ...(v.claimed ? (['claimed'] as const) : []),
  ...(v.unclaimed ? (['unclaimed'] as const) : []),
];

const BOX = 'size-4 shrink-0 rounded border-gray-400 accent-brand-600';
const OPTION = 'flex min-h-9 items-center gap-2 text-sm text-gray-800';
const SMALL_BUTTON = 'rounded px-1.5 py-0.5 text-xs font-medium text-brand-700 hover:bg-brand-50';

/**
 * Application status and claimed/unclaimed checkboxes; a category with nothing ticked says 'Please select at
 * least one filter'. Statuses keep the spec's order whatever order they were ticked in.
 */
export function StatusFilter({ statuses, claimed, unclaimed, onChange, className }: StatusFilterProps) {
  const errors = validateFilters({
    applicationStatus: statuses,
    claimedStatus: claimedStatusOf({ claimed, unclaimed }),
  });
  const statusErrorId = useId();
  const claimedErrorId = useId();
  const current = { statuses, claimed, unclaimed };
  const setStatuses = (next: ApplicationStatus[]) =>
    onChange({ ...current, statuses: APPLICATION_STATUSES.filter((s) => next.includes(s)) });
  const toggle = (status: ApplicationStatus, on: boolean) =>
    setStatuses(on ? [...statuses, status] : statuses.filter((s) => s !== status));

  return (
    <div className={clsx('flex flex-wrap gap-x-8 gap-y-3', className)}>
      <fieldset aria-describedby={errors.applicationStatus ? statusErrorId : undefined} className="min-w-0">
        <legend className="flex items-center gap-2 text-sm font-medium text-gray-800">
          Application status
          <button
            type="button"
            className={SMALL_BUTTON}
            onClick={() => setStatuses([...APPLICATION_STATUSES])}
          >
            All
          </button>
          <button type="button" className={SMALL_BUTTON} onClick={() => setStatuses([])}>
            None
          </button>
        </legend>
        <div className="mt-1 grid grid-cols-2 gap-x-4 sm:grid-cols-3">
          {APPLICATION_STATUSES.map((status) => (
            <label key={status} className={OPTION}>
              <input
                type="checkbox"
                className={BOX}
                checked={statuses.includes(status)}
                onChange={(event) => toggle(status, event.target.checked)}
              />
              {APPLICATION_STATUS_LABELS[status]}
            </label>
          ))}
        </div>
        {errors.applicationStatus && (
          <p id={statusErrorId} role="alert" className="mt-1 text-sm text-red-700">
            {errors.applicationStatus}
          </p>
        )}
      </fieldset>
      <fieldset aria-describedby={errors.claimedStatus ? claimedErrorId : undefined}>
        <legend className="text-sm font-medium text-gray-800">Claimed / unclaimed</legend>
        <div className="mt-1">
          <label className={OPTION}>
            <input
              type="checkbox"
              className={BOX}
              checked={claimed}
              onChange={(event) => onChange({ ...current, claimed: event.target.checked })}
            />
            {CLAIMED_STATUS_LABELS.claimed}
          </label>
          <label className={OPTION}>
            <input
              type="checkbox"
              className={BOX}
              checked={unclaimed}
              onChange={(event) => onChange({ ...current, unclaimed: event.target.checked })}
            />
            {CLAIMED_STATUS_LABELS.unclaimed}
          </label>
        </div>
        {errors.claimedStatus && (
          <p id={claimedErrorId} role="alert" className="mt-1 text-sm text-red-700">
            {errors.claimedStatus}
          </p>
        )}
      </fieldset>
    </div>
  );
}

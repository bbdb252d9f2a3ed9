import { clsx } from 'clsx';
import { Link } from 'react-router';
import { ALERT_TYPE_LABELS, type QueueTile } from '#domain/flow/staff-views';
import type { ApplicationStatus } from '#domain/flow/statuses';
import { planFitStateOf } from '#domain/enrollment/plan-fit';
import { MONTHLY_CUSHION } from '#domain/underwriting/budget-room';
import { formatDollars } from '#domain/money/cents';
import { formatCardDate } from '#domain/service-portal/date-range';
import { LanguageBadge } from '#web/features/service-portal/language-filter';
import { APPLICATION_STATUS_LABELS } from '#web/features/service-portal/status-filter';

/** The borrower summary of an application. */
export const borrowerSummaryPath = (applicationId: string): string =>
  `/borrower-summary?id=${encodeURIComponent(applicationId)}`;

/** Each status has its colour: the tile's edge and its status pill (styled by status). */
export const TILE_STATUS_STYLES: Record<ApplicationStatus, { edge: string; pill: string }> = {
  inProgress: { edge: 'border-l-sky-500', pill: 'bg-sky-50 text-sky-800 ring-sky-200' },
  acceptOffer: { edge: 'border-l-indigo-500', pill: 'bg-indigo-50 text-indigo-800 ring-indigo-200' },
  confirmPaymentAccount: {
    edge: 'border-l-indigo-500',
    pill: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
  },
  signContract: { edge: 'border-l-violet-500', pill: 'bg-violet-50 text-violet-800 ring-violet-200' },
  counselorReview: { edge: 'border-l-amber-500', pill: 'bg-amber-50 text-amber-900 ring-amber-300' },
  creditorReview: { edge: 'border-l-orange-500', pill: 'bg-orange-50 text-orange-900 ring-orange-200' },
  transfer: { edge: 'border-l-emerald-500', pill: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  transferred: { edge: 'border-l-gray-400', pill: 'bg-gray-100 text-gray-700 ring-gray-300' },
  disqualified: { edge: 'border-l-red-500', pill: 'bg-red-50 text-red-800 ring-red-200' },
};

function StatusPill({ status }: { status: ApplicationStatus }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        TILE_STATUS_STYLES[status].pill,
      )}
    >
      {APPLICATION_STATUS_LABELS[status]}
    </span>
  );
}

const TERM = 'text-xs font-medium text-gray-600';
const DETAIL = 'text-sm text-gray-900';
const NONE = <span className="text-gray-500">—</span>;

/** '2 alerts · Most severe: Bank account disconnected', with how many are new; 'None' without any. */
export function TileAlerts({ alerts }: { alerts: QueueTile['alerts'] }) {
  if (alerts.count === 0 || alerts.mostSevere === null) return <span className="text-gray-500">None</span>;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="font-semibold text-red-800">
        {alerts.count === 1 ? '1 alert' : `${alerts.count} alerts`}
      </span>
      {alerts.unseen > 0 && (
        <span className="rounded-full bg-accent-100 px-2 py-0.5 text-xs font-semibold text-accent-800">
          {alerts.unseen} new
        </span>
      )}
      <span className="basis-full text-gray-800">Most severe: {ALERT_TYPE_LABELS[alerts.mostSevere]}</span>
    </span>
  );
}

/**
 * The plan against the budget, as stored when the plan last changed: 'No longer fits the budget: $30 short a
 * month', or 'Leaves $32 a month, under the $50 cushion'; null when it fits or no plan is accepted yet.
 */
export function planFitFlag(left: number | null): string | null {
  const state = planFitStateOf(left);
  if (state === 'short') return `Plan no longer fits the budget: ${formatDollars(-left!)} short a month`;
  if (state === 'thin')
    return `Plan leaves ${formatDollars(left!)} a month, under the ${formatDollars(MONTHLY_CUSHION)} cushion`;
  return null;
}

/**
 * One borrower of the queue: name (with a 'Spanish' badge for a Spanish speaker), created date ('MM-dd-yyyy hh:mm a' or 'Unknown'), borrower ID, phone,
 * assigned to ('(You)' for the signed-in counsellor), status and the alerts that still hold (how many, how many
 * are new, the most severe); the whole tile opens the borrower summary.
 * An application still In Progress has no one to act on it yet, so its tile is laid out lighter: dashed,
 * with its status beside the name instead of in the details.
 */
export function BorrowerTile({ tile }: { tile: QueueTile }) {
  const inProgress = tile.status === 'inProgress';
  const fitFlag = planFitFlag(tile.planFitLeft);
  return (
    <article
      data-status={tile.status}
      className={clsx(
        'relative flex h-full flex-col gap-3 rounded-lg border border-l-4 p-4 shadow-sm transition-shadow hover:shadow-md',
        'has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-brand-700 has-[a:focus-visible]:ring-offset-2',
        TILE_STATUS_STYLES[tile.status].edge,
        inProgress ? 'border-dashed border-gray-300 bg-gray-50' : 'border-gray-200 bg-white',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 text-base font-semibold break-words text-gray-900">
          <Link
            to={borrowerSummaryPath(tile.applicationId)}
            className="text-brand-800 hover:underline focus-visible:outline-none after:absolute after:inset-0 after:rounded-lg"
          >
            {tile.name}
          </Link>
        </h3>
        <div className="flex flex-wrap items-center gap-2">
          <LanguageBadge language={tile.preferredLanguage} />
          {inProgress && <StatusPill status={tile.status} />}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
        <div>
          <dt className={TERM}>Created</dt>
          <dd className={clsx(DETAIL, 'tabular-nums')}>{formatCardDate(tile.createdAt)}</dd>
        </div>
        <div>
          <dt className={TERM}>Phone</dt>
          <dd className={clsx(DETAIL, 'tabular-nums')}>{tile.phoneNumber ?? NONE}</dd>
        </div>
        <div className="col-span-2">
          <dt className={TERM}>Borrower ID</dt>
          <dd className={clsx(DETAIL, 'font-mono text-xs break-all')}>{tile.borrowerId ?? NONE}</dd>
        </div>
        <div>
          <dt className={TERM}>Assigned To</dt>
          <dd className={DETAIL}>
            {tile.assignedTo ? (
              <>
                {tile.assignedTo.name}
                {tile.assignedTo.isMe && <span className="font-semibold text-brand-800"> (You)</span>}
              </>
            ) : (
              <span className="text-gray-500">Unclaimed</span>
            )}
          </dd>
        </div>
        {!inProgress && (
          <div>
            <dt className={TERM}>Status</dt>
            <dd className={DETAIL}>
              <StatusPill status={tile.status} />
            </dd>
          </div>
        )}
        <div className="col-span-2">
          <dt className={TERM}>Alerts</dt>
          <dd className={DETAIL}>
            <TileAlerts alerts={tile.alerts} />
          </dd>
        </div>
        {fitFlag && (
          <div className="col-span-2">
            <dt className={TERM}>Budget</dt>
            <dd
              data-testid="plan-fit-flag"
              className={clsx(
                DETAIL,
                'font-semibold',
                planFitStateOf(tile.planFitLeft) === 'short' ? 'text-red-800' : 'text-amber-900',
              )}
            >
              {fitFlag}
            </dd>
          </div>
        )}
      </dl>
    </article>
  );
}

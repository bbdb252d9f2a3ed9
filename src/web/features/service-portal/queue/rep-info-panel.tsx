import type { QueueView } from '#domain/flow/staff-views';

export type RepInfo = QueueView['rep'];

const TERM = 'text-xs font-medium text-gray-600';
const DETAIL = 'text-sm break-all text-gray-900';

/**
 * The customer-rep info panel of /borrower-queue: how many borrowers are assigned to
 * the signed-in counsellor, and their name, email and phone. Without an answer yet it keeps its place.
 */
export function RepInfoPanel({ rep }: { rep: RepInfo | undefined }) {
  return (
    <section
      aria-labelledby="rep-info-heading"
      aria-busy={rep === undefined || undefined}
      className="flex flex-wrap items-center gap-x-8 gap-y-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3"
    >
      <h2 id="rep-info-heading" className="sr-only">
        Your information
      </h2>
      <div className="flex items-baseline gap-2">
        <span className="text-3xl font-bold text-brand-900 tabular-nums" data-testid="assigned-count">
          {rep ? rep.assignedCount : '–'}
        </span>
        <span className="text-sm font-medium text-brand-900">
          {rep?.assignedCount === 1 ? 'borrower assigned to you' : 'borrowers assigned to you'}
        </span>
      </div>
      <dl className="flex flex-wrap gap-x-8 gap-y-2">
        <div>
          <dt className={TERM}>Name</dt>
          <dd className={DETAIL}>{rep?.name ?? '…'}</dd>
        </div>
        <div>
          <dt className={TERM}>Email</dt>
          <dd className={DETAIL}>{rep?.email ?? '…'}</dd>
        </div>
        <div>
          <dt className={TERM}>Phone</dt>
          <dd className={DETAIL}>{rep ? (rep.phoneNumber ?? 'Not on file') : '…'}</dd>
        </div>
      </dl>
    </section>
  );
}

import type { ClaimView, StaffMember } from '#domain/flow/staff-views';
import { ActionAlert, useStaffAction } from './staff-action-parts';

const BUTTON =
  'inline-flex min-h-10 min-w-28 items-center justify-center rounded-lg px-4 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60';
const CLAIM_CLASS = `${BUTTON} bg-brand-700 text-white hover:bg-brand-800`;
const UNCLAIM_CLASS = `${BUTTON} border border-brand-700 bg-white text-brand-800 hover:bg-brand-50`;

export type ClaimButtonProps = {
  applicationId: string;
  /** The application's version as read: of two counsellors claiming at once, only one gets through. */
  version: number;
  assignedTo: StaffMember | null;
};

/**
 * Claim (an unclaimed borrower) or Unclaim (a claimed one), spec doc 1 section 4.4. The server answers 409 when
 * the borrower changed hands meanwhile ('Already claimed by …'); that message stays beside the button and the
 * summary is read again so it shows who has the borrower now.
 */
export function ClaimButton({ applicationId, version, assignedTo }: ClaimButtonProps) {
  const claim = assignedTo === null;
  const action = useStaffAction<ClaimView>(
    `/api/staff/applications/${encodeURIComponent(applicationId)}/${claim ? 'claim' : 'unclaim'}`,
  );
  return (
    <div className="flex flex-col gap-2 sm:items-end">
      <button
        type="button"
        className={claim ? CLAIM_CLASS : UNCLAIM_CLASS}
        disabled={action.busy}
        aria-busy={action.busy || undefined}
        onClick={() => void action.run({ version })}
      >
        {claim ? 'Claim' : 'Unclaim'}
      </button>
      <ActionAlert message={action.error} />
    </div>
  );
}

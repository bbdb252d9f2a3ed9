import { useState } from 'react';
import type { StaffMember } from '#domain/flow/staff-views';
import { Modal } from '#web/components/ui/modal';
import { claimApplication, unclaimApplication } from '#web/features/service-portal/api';
import { ActionAlert, ModalButtons, useStaffAction } from './staff-action-parts';

const BUTTON =
  'inline-flex min-h-10 min-w-28 items-center justify-center rounded-lg px-4 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60';
const CLAIM_CLASS = `${BUTTON} bg-brand-700 text-white hover:bg-brand-800`;
const UNCLAIM_CLASS = `${BUTTON} border border-brand-700 bg-white text-brand-800 hover:bg-brand-50`;

/** The confirmation's title before a colleague's claim is released. */
export const releaseClaimTitle = (name: string) => `Release ${name}'s claim?`;
export const releaseClaimDescription = (name: string) =>
  `${name} is working with this borrower. Releasing the claim leaves the borrower unclaimed, and the history records that you took it over.`;

export type ClaimButtonProps = {
  applicationId: string;
  /** The application's version as read: of two counsellors claiming at once, only one gets through. */
  version: number;
  assignedTo: StaffMember | null;
  /** The signed-in staff member: releasing someone else's claim asks for confirmation first. */
  viewerId: string;
};

/**
 * Claim (an unclaimed borrower) or Unclaim (a claimed one). The server answers 409 when
 * the borrower changed hands meanwhile ('Already claimed by …'); that message stays beside the button and the
 * summary is read again so it shows who has the borrower now. One's own claim is released in one click; a
 * colleague's only after a confirmation, and then as a take-over (the server refuses it otherwise).
 */
export function ClaimButton({ applicationId, version, assignedTo, viewerId }: ClaimButtonProps) {
  const claim = assignedTo === null;
  const othersClaim = assignedTo !== null && assignedTo.id !== viewerId;
  const [confirming, setConfirming] = useState(false);
  const action = useStaffAction((body: { version: number; takeOver?: boolean }) =>
    claim ? claimApplication(applicationId, body) : unclaimApplication(applicationId, body),
  );
  const release = async () => {
    await action.run({ version, takeOver: true });
    setConfirming(false);
  };
  return (
    <div className="flex flex-col gap-2 sm:items-end">
      <button
        type="button"
        className={claim ? CLAIM_CLASS : UNCLAIM_CLASS}
        disabled={action.busy}
        aria-busy={action.busy || undefined}
        onClick={() => (othersClaim ? setConfirming(true) : void action.run({ version }))}
      >
        {claim ? 'Claim' : 'Unclaim'}
      </button>
      <ActionAlert message={action.error} />
      {assignedTo && othersClaim && (
        <Modal
          open={confirming}
          onOpenChange={(open) => {
            if (!action.busy) setConfirming(open);
          }}
          title={releaseClaimTitle(assignedTo.name)}
          description={releaseClaimDescription(assignedTo.name)}
          size="sm"
        >
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (!action.busy) void release();
            }}
          >
            <ModalButtons busy={action.busy} submitLabel="Release" onCancel={() => setConfirming(false)} />
          </form>
        </Modal>
      )}
    </div>
  );
}

import { useState } from 'react';
import type { StaffApplicationResult } from '#domain/validation/staff';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { reopenQualityControl } from '#web/features/service-portal/api';
import { ActionAlert, useStaffAction } from './staff-action-parts';

export const REOPEN_QUALITY_CONTROL_LABEL = 'Reopen quality control';
export const REOPEN_QUALITY_CONTROL_CONFIRM_TITLE = 'Reopen the failed quality control?';
export const REOPEN_QUALITY_CONTROL_DESCRIPTION =
  'The application goes back to Counselor Review as it was before the fail, so a counsellor can pass or fail it again. The fail stays in the history. A borrower who was emailed the fail is emailed that the application is being reviewed again.';
export const REOPEN_QUALITY_CONTROL_CONFIRM = 'Reopen';

/**
 * A supervisor's button on an application disqualified by a failed quality control (the summary says when the
 * reader may use it; the server checks again). It asks first, saying what the reopen does.
 */
export function ReopenQualityControl({
  applicationId,
  buttonClassName,
  onSaved,
}: {
  applicationId: string;
  /** The look of the card's other actions. */
  buttonClassName: string;
  onSaved: (result: StaffApplicationResult) => void;
}) {
  const [asking, setAsking] = useState(false);
  const action = useStaffAction((_: undefined) => reopenQualityControl(applicationId));
  return (
    <div className="flex flex-col items-stretch gap-2 sm:items-end">
      <button
        type="button"
        className={buttonClassName}
        aria-disabled={action.busy || undefined}
        aria-busy={action.busy || undefined}
        onClick={() => {
          if (action.busy) return;
          action.clearError();
          setAsking(true);
        }}
      >
        {REOPEN_QUALITY_CONTROL_LABEL}
      </button>
      <ActionAlert message={action.error} />
      <ConfirmDialog
        open={asking}
        title={REOPEN_QUALITY_CONTROL_CONFIRM_TITLE}
        description={REOPEN_QUALITY_CONTROL_DESCRIPTION}
        cancelLabel="Cancel"
        confirmLabel={REOPEN_QUALITY_CONTROL_CONFIRM}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          void action.run(undefined).then((saved) => {
            if (saved) onSaved(saved);
          });
        }}
      />
    </div>
  );
}

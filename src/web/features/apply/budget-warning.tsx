import { useState } from 'react';
import {
  THIN_BUDGET_TITLE,
  WOULD_DISQUALIFY_HELP,
  WOULD_DISQUALIFY_TITLE,
} from '#domain/underwriting/budget-room';
import { ApiError } from '#web/lib/api';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';

export type BudgetWarningCode = 'WouldDisqualify' | 'ThinBudget';

export const CONFIRM_LABELS = {
  WouldDisqualify: 'Finish without a plan',
  ThinBudget: 'Continue with this budget',
} as const satisfies Record<BudgetWarningCode, string>;

const TITLES = {
  WouldDisqualify: WOULD_DISQUALIFY_TITLE,
  ThinBudget: THIN_BUDGET_TITLE,
} as const satisfies Record<BudgetWarningCode, string>;

/**
 * The server's warning before a save that would end the application for lack of room, or leave next to
 * nothing after the plan payment: an alert dialog with the figures, whose safe answer (focused, and Escape)
 * goes back to revising. The page renders `dialog(onConfirm)`, where `onConfirm` sends the save again with
 * the borrower's confirmation.
 */
export function useBudgetWarning(reviseLabel: string) {
  const [warning, setWarning] = useState<{ code: BudgetWarningCode; message: string } | null>(null);
  const [open, setOpen] = useState(false);

  /** For useSavePage's onError: claims the two warnings. */
  const onError = (error: unknown): boolean => {
    if (!(error instanceof ApiError && (error.code === 'WouldDisqualify' || error.code === 'ThinBudget'))) {
      return false;
    }
    setWarning({ code: error.code, message: error.message });
    setOpen(true);
    return true;
  };

  const dialog = (onConfirm: (code: BudgetWarningCode) => void) =>
    warning ? (
      <ConfirmDialog
        open={open}
        title={TITLES[warning.code]}
        description={
          <>
            <span className="block font-semibold text-gray-900">{warning.message}</span>
            {warning.code === 'WouldDisqualify' && (
              <span className="mt-2 block">{WOULD_DISQUALIFY_HELP}</span>
            )}
          </>
        }
        cancelLabel={reviseLabel}
        confirmLabel={CONFIRM_LABELS[warning.code]}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          onConfirm(warning.code);
        }}
      />
    ) : null;

  return { onError, dialog };
}

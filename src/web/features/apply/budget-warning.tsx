import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { APPLY_REFUSALS } from '#domain/i18n/validation-messages';
import type { MessageRef } from '#domain/i18n/message';
import { ApiError } from '#web/lib/api';
import { messageText } from '#web/lib/message-text';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';

export type BudgetWarningCode = 'WouldDisqualify' | 'ThinBudget';

const CONFIRMS = defineMessages({
  WouldDisqualify: { id: 'apply.budget.warning.finishWithoutPlan', defaultMessage: 'Finish without a plan' },
  ThinBudget: { id: 'apply.budget.warning.continueWithBudget', defaultMessage: 'Continue with this budget' },
});

export const CONFIRM_LABELS = {
  WouldDisqualify: String(CONFIRMS.WouldDisqualify.defaultMessage),
  ThinBudget: String(CONFIRMS.ThinBudget.defaultMessage),
} as const satisfies Record<BudgetWarningCode, string>;

// The domain's WOULD_DISQUALIFY_TITLE, THIN_BUDGET_TITLE and WOULD_DISQUALIFY_HELP
// (src/domain/underwriting/budget-room.ts), word for word.
const TITLES = defineMessages({
  WouldDisqualify: {
    id: 'apply.budget.warning.wouldDisqualifyTitle',
    defaultMessage: 'The plan does not fit this budget',
  },
  ThinBudget: { id: 'apply.budget.warning.thinBudgetTitle', defaultMessage: 'Very little left each month' },
  // PLAN_NOT_NEEDED_TITLE in the domain.
  planNotNeeded: { id: 'apply.budget.warning.planNotNeededTitle', defaultMessage: 'You may not need a plan' },
});
const HELP = defineMessages({
  wouldDisqualify: {
    id: 'apply.budget.warning.wouldDisqualifyHelp',
    defaultMessage:
      'If an amount is higher than what you really spend, or your income is missing something, correct it and save again. If the figures are right, you can finish here: we will explain what you can do instead.',
  },
  // PLAN_NOT_NEEDED_HELP in the domain.
  planNotNeeded: {
    id: 'apply.budget.warning.planNotNeededHelp',
    defaultMessage:
      'If an expense is missing, an amount is lower than what you really spend, or your income is lower than you entered, correct it and save again. If the figures are right, you can finish here: we will show you how to pay these debts off on your own.',
  },
});

type Warning = { code: BudgetWarningCode; message: string; ref?: MessageRef };

// Known by the message's id, never by its text: the server words the text in the reader's language.
const notNeeded = (w: Warning): boolean =>
  w.code === 'WouldDisqualify' && w.ref?.id === APPLY_REFUSALS.planNotNeeded.id;

/**
 * The server's warning before a save that would end the application for lack of room, or leave next to
 * nothing after the plan payment: an alert dialog with the figures, whose safe answer (focused, and Escape)
 * goes back to revising. The page renders `dialog(onConfirm)`, where `onConfirm` sends the save again with
 * the borrower's confirmation.
 */
export function useBudgetWarning(reviseLabel: string) {
  const intl = useIntl();
  const [warning, setWarning] = useState<Warning | null>(null);
  const [open, setOpen] = useState(false);

  /** For useSavePage's onError: claims the two warnings. */
  const onError = (error: unknown): boolean => {
    if (!(error instanceof ApiError && (error.code === 'WouldDisqualify' || error.code === 'ThinBudget'))) {
      return false;
    }
    setWarning({ code: error.code, message: error.message, ref: error.messageRef });
    setOpen(true);
    return true;
  };

  const dialog = (onConfirm: (code: BudgetWarningCode) => void) =>
    warning ? (
      <ConfirmDialog
        open={open}
        title={intl.formatMessage(notNeeded(warning) ? TITLES.planNotNeeded : TITLES[warning.code])}
        description={
          <>
            <span className="block font-semibold text-gray-900">
              {messageText(intl, warning.message, warning.ref)}
            </span>
            {warning.code === 'WouldDisqualify' && (
              <span className="mt-2 block">
                {intl.formatMessage(notNeeded(warning) ? HELP.planNotNeeded : HELP.wouldDisqualify)}
              </span>
            )}
          </>
        }
        cancelLabel={reviseLabel}
        confirmLabel={intl.formatMessage(CONFIRMS[warning.code])}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          onConfirm(warning.code);
        }}
      />
    ) : null;

  return { onError, dialog };
}

import { useState } from 'react';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import { ApiError } from '#web/lib/api';
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

const MONEY = '(-?\\$[\\d,]+)';
/** budget-room.ts's planNotNeededMessage: the warning of a budget that pays the debts without a plan. */
const PLAN_NOT_NEEDED = new RegExp(
  `^Your budget leaves ${MONEY} a month, enough to pay the estimated ${MONEY} a month on these debts now with ${MONEY} to spare, so a plan is not needed\\. A plan is offered when your budget leaves less than ${MONEY} a month: ${MONEY} less than now\\.$`,
);
const CUSHION_ADVICE =
  'We suggest keeping at least \\$[\\d,]+ a month for the unexpected, such as a higher bill or a car repair, so a surprise does not make you miss a plan payment\\.';

/**
 * The budget sentences the domain writes in English with their figures (budget-room.ts: the thin budget and
 * would-disqualify messages; decision.ts: the proposed budget's description), which the server sends as they
 * are. Each is recognised by its English and written again in the page's language with the same figures;
 * any other text comes back unchanged.
 */
const BUDGET_TEXTS: { pattern: RegExp; format: (intl: IntlShape, m: RegExpExecArray) => string }[] = [
  {
    pattern: PLAN_NOT_NEEDED,
    format: (intl, m) =>
      intl.formatMessage(
        {
          id: 'apply.budget.planNotNeeded',
          defaultMessage:
            'Your budget leaves {room} a month, enough to pay the estimated {current} a month on these debts now with {spare} to spare, so a plan is not needed. A plan is offered when your budget leaves less than {below} a month: {less} less than now.',
        },
        { room: m[1], current: m[2], spare: m[3], below: m[4], less: m[5] },
      ),
  },
  {
    pattern: new RegExp(
      `^Lower flexible expenses by ${MONEY} a month so the plan payment of ${MONEY} fits the budget\\.$`,
    ),
    format: (intl, m) =>
      intl.formatMessage(
        {
          id: 'apply.budget.description',
          defaultMessage:
            'Lower flexible expenses by {savings} a month so the plan payment of {payment} fits the budget.',
        },
        { savings: m[1], payment: m[2] },
      ),
  },
  {
    pattern: new RegExp(
      `^After the plan payment, this budget leaves (?:only ${MONEY} a month|nothing each month)\\. ${CUSHION_ADVICE.replace('\\$[\\d,]+', MONEY)}$`,
    ),
    format: (intl, m) =>
      m[1]
        ? intl.formatMessage(
            {
              id: 'apply.budget.thin.some',
              defaultMessage:
                'After the plan payment, this budget leaves only {amount} a month. We suggest keeping at least {cushion} a month for the unexpected, such as a higher bill or a car repair, so a surprise does not make you miss a plan payment.',
            },
            { amount: m[1], cushion: m[2] },
          )
        : intl.formatMessage(
            {
              id: 'apply.budget.thin.nothing',
              defaultMessage:
                'After the plan payment, this budget leaves nothing each month. We suggest keeping at least {cushion} a month for the unexpected, such as a higher bill or a car repair, so a surprise does not make you miss a plan payment.',
            },
            { cushion: m[2] },
          ),
  },
  {
    pattern: new RegExp(
      `^The plan needs about ${MONEY} a month of room; (?:your budget leaves ${MONEY}\\.|your budget leaves nothing: your expenses and other debt payments are ${MONEY} more than your income\\.)(?: Lowering flexible expenses as far as we can suggest would free about ${MONEY} more, which is not enough\\.)?$`,
    ),
    format: (intl, m) => {
      const needs = m[2]
        ? intl.formatMessage(
            {
              id: 'apply.budget.wouldDisqualify.room',
              defaultMessage: 'The plan needs about {need} a month of room; your budget leaves {room}.',
            },
            { need: m[1], room: m[2] },
          )
        : intl.formatMessage(
            {
              id: 'apply.budget.wouldDisqualify.noRoom',
              defaultMessage:
                'The plan needs about {need} a month of room; your budget leaves nothing: your expenses and other debt payments are {over} more than your income.',
            },
            { need: m[1], over: m[3] },
          );
      if (!m[4]) return needs;
      const cuts = intl.formatMessage(
        {
          id: 'apply.budget.wouldDisqualify.cuts',
          defaultMessage:
            'Lowering flexible expenses as far as we can suggest would free about {amount} more, which is not enough.',
        },
        { amount: m[4] },
      );
      return `${needs} ${cuts}`;
    },
  },
];

/** A budget sentence of the domain (see BUDGET_TEXTS) in the page's language; anything else unchanged. */
export function localizeBudgetText(intl: IntlShape, english: string): string {
  for (const { pattern, format } of BUDGET_TEXTS) {
    const match = pattern.exec(english);
    if (match) return format(intl, match);
  }
  return english;
}

const notNeeded = (w: { code: BudgetWarningCode; message: string }): boolean =>
  w.code === 'WouldDisqualify' && PLAN_NOT_NEEDED.test(w.message);

/**
 * The server's warning before a save that would end the application for lack of room, or leave next to
 * nothing after the plan payment: an alert dialog with the figures, whose safe answer (focused, and Escape)
 * goes back to revising. The page renders `dialog(onConfirm)`, where `onConfirm` sends the save again with
 * the borrower's confirmation.
 */
export function useBudgetWarning(reviseLabel: string) {
  const intl = useIntl();
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
        title={intl.formatMessage(notNeeded(warning) ? TITLES.planNotNeeded : TITLES[warning.code])}
        description={
          <>
            <span className="block font-semibold text-gray-900">
              {localizeBudgetText(intl, warning.message)}
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

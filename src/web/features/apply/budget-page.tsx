import { clsx } from 'clsx';
import { useMemo, useState, type FormEvent } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import type { BudgetView } from '#domain/flow/application-view';
import { isThin, leftEachMonth, thinBudgetRef } from '#domain/underwriting/budget-room';
import { budgetDescriptionRef } from '#domain/underwriting/decision';
import { budgetSchemaFor, type BudgetInput } from '#domain/validation/application';
import { LIMITS } from '#domain/validation/limits';
import { BusyOverlay } from '#web/components/ui/busy-overlay';
import { formatDollars } from '#domain/money/cents';
import { CheckboxField } from '#web/components/ui/form/checkbox-field';
import { CurrencyField } from '#web/components/ui/form/currency-field';
import { ERROR_CLASS } from '#web/components/ui/form/styles';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { fieldErrorText } from '#web/components/ui/form/use-field';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { ApplyPage } from './apply-page';
import { budgetQuery, saveBudget } from './api';
import { messageText } from '#web/lib/message-text';
import { useBudgetWarning } from './budget-warning';
import { expenseGroupText, expenseLineText } from './expense-labels';
import { ApplyPageGate, PageDataGate, SAVE_MESSAGES, useSavePage } from './save-page';

const M = defineMessages({
  title: { id: 'apply.budget.title', defaultMessage: 'Proposed Expense Adjustments' },
  noAdjustments: { id: 'apply.budget.noAdjustments', defaultMessage: 'Your expenses need no adjustments.' },
  monthlyIncome: { id: 'apply.budget.monthlyIncome', defaultMessage: 'Monthly income' },
  expensesAfter: { id: 'apply.budget.expensesAfter', defaultMessage: 'Expenses after the adjustments' },
  planPayment: { id: 'apply.budget.planPayment', defaultMessage: 'Monthly plan payment' },
  otherDebtPayments: { id: 'apply.budget.otherDebtPayments', defaultMessage: 'Other debt payments' },
  leftEachMonth: { id: 'apply.budget.leftEachMonth', defaultMessage: 'Left each month' },
  adjustedExpenses: { id: 'apply.budget.adjustedExpenses', defaultMessage: 'Adjusted expenses' },
  current: { id: 'apply.budget.current', defaultMessage: 'Current' },
  proposed: { id: 'apply.budget.proposed', defaultMessage: 'Proposed' },
  targetedSavings: { id: 'apply.budget.targetedSavings', defaultMessage: 'Targeted Monthly Savings' },
  changeCuts: { id: 'apply.budget.changeCuts', defaultMessage: 'Change the cuts' },
  // The domain's BUDGET_AGREEMENT_LABEL, word for word.
  agreement: {
    id: 'apply.budget.agreement',
    defaultMessage: 'I agree to adjust my total expenses as proposed above.',
  },
});
/** Between a line's current and proposed amounts: a symbol, hidden from screen readers, in any language. */
const ARROW = '→';
export const NO_ADJUSTMENTS_TEXT = String(M.noAdjustments.defaultMessage);

/** /budget: the proposed budget and the borrower's agreement. */
export function Component() {
  const title = useIntl().formatMessage(M.title);
  return (
    <ApplyPageGate page="Budget" title={title}>
      {() => <BudgetLoader />}
    </ApplyPageGate>
  );
}

function BudgetLoader() {
  const title = useIntl().formatMessage(M.title);
  return (
    <PageDataGate page="Budget" title={title} query={budgetQuery()}>
      {(view) => <BudgetForm view={view} />}
    </PageDataGate>
  );
}

/**
 * How much the cuts as typed lower the expenses, and what is still to cover (never below zero). An amount
 * typed under a line's floor counts only down to the floor, and one above what is spent now as no cut: the
 * page never says a gap is covered by a cut the save would refuse.
 */
export function coverage(view: BudgetView, values: readonly { proposedValue?: number | null }[] | undefined) {
  const savings = view.flexibleLines.reduce((total, line, index) => {
    const typed = values?.[index]?.proposedValue;
    const counted = Math.min(
      line.currentValue,
      Math.max(line.floor, typeof typed === 'number' ? typed : line.currentValue),
    );
    return total + line.currentValue - counted;
  }, 0);
  return { savings, stillToCover: Math.max(0, view.requiredReduction - savings) };
}

function BudgetForm({ view }: { view: BudgetView }) {
  const intl = useIntl();
  // The rules name a line by its label's message (its labelKey), worded in the page's language when shown.
  const schema = useMemo(
    () => budgetSchemaFor({ lines: view.flexibleLines, required: view.requiredReduction }),
    [view],
  );
  const movable = view.requiredReduction > 0 && view.flexibleLines.length > 0;
  const form = useZodForm(schema, {
    agreedTo: view.agreedTo,
    lines: movable
      ? view.flexibleLines.map((line) => ({
          category: line.category,
          subCategory: line.subCategory,
          proposedValue: line.proposedValue,
        }))
      : undefined,
  });
  const lineFields = view.flexibleLines.map((_, index) => `lines.${index}.proposedValue` as const);
  // What was last sent: accepting the warning about a thin budget sends it again, accepted.
  const [lastSent, setLastSent] = useState<BudgetInput | null>(null);
  const warning = useBudgetWarning(intl.formatMessage(M.changeCuts));
  const { save, busy, errorModal } = useSavePage(saveBudget, {
    form,
    fieldOrder: ['agreedTo', 'lines', ...lineFields],
    onError: warning.onError,
  });
  const send = async (body: BudgetInput) => {
    setLastSent(body);
    await save(body);
  };
  const hasAdjustments = view.lines.length > 0 || movable;
  const typed = useWatch({ control: form.control, name: 'lines' });
  const typedCoverage = coverage(view, typed);
  // Without lines to move, the proposal's own figure (the server's) stands.
  const savings = movable ? typedCoverage.savings : view.targetedMonthlySavings;
  const stillToCover = typedCoverage.stillToCover;
  const linesError = form.formState.errors.lines;
  // The rule across the lines is on the array itself, or on its root when react-hook-form keeps it there.
  const setError = fieldErrorText(intl, linesError?.message ? linesError : linesError?.root);

  const onSubmit = hasAdjustments
    ? form.handleSubmit(async (values) => {
        await send(values);
      })
    : // Nothing to agree to: the server agrees on its own (item 10), Continue just moves on.
      async (event: FormEvent) => {
        event.preventDefault();
        await send({ agreedTo: true });
      };

  // The same sum the server checks before it agrees (budget-room.ts), payments on other debts included.
  const leftOver = leftEachMonth({
    monthlyIncome: view.monthlyIncome,
    expenses: view.currentExpensesTotal - savings,
    otherDebtPayments: view.otherDebtPayments,
    planPayment: view.newMonthlyPayment,
  });

  return (
    <ApplyPage page="Budget" title={intl.formatMessage(M.title)}>
      <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{intl.formatMessage(M.title)}</h1>
      {/* The server's explanation is this sentence, made from the same two figures; worded here by its id. */}
      {view.explanation && (
        <p className="mt-3 text-gray-700">
          {messageText(intl, budgetDescriptionRef(view.targetedMonthlySavings, view.newMonthlyPayment))}
        </p>
      )}

      <dl className="mt-6 grid gap-2 rounded-xl border border-gray-200 p-4 text-sm sm:grid-cols-2">
        <div className="flex justify-between gap-3 sm:block">
          <dt className="text-gray-700">{intl.formatMessage(M.monthlyIncome)}</dt>
          <dd className="font-semibold tabular-nums">{formatDollars(view.monthlyIncome)}</dd>
        </div>
        <div className="flex justify-between gap-3 sm:block">
          <dt className="text-gray-700">{intl.formatMessage(M.expensesAfter)}</dt>
          <dd className="font-semibold tabular-nums">{formatDollars(view.currentExpensesTotal - savings)}</dd>
        </div>
        <div className="flex justify-between gap-3 sm:block">
          <dt className="text-gray-700">{intl.formatMessage(M.planPayment)}</dt>
          <dd className="font-semibold tabular-nums" data-testid="budget-plan-payment">
            {formatDollars(view.newMonthlyPayment)}
            {view.monthlyFee > 0 && (
              <span className="block text-xs font-normal text-gray-600">
                <FormattedMessage
                  id="apply.budget.includingFee"
                  defaultMessage="including a {fee} monthly fee"
                  values={{ fee: formatDollars(view.monthlyFee) }}
                />
              </span>
            )}
          </dd>
        </div>
        {view.otherDebtPayments > 0 && (
          <div className="flex justify-between gap-3 sm:block">
            <dt className="text-gray-700">{intl.formatMessage(M.otherDebtPayments)}</dt>
            <dd className="font-semibold tabular-nums">{formatDollars(view.otherDebtPayments)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-3 sm:block">
          <dt className="text-gray-700">{intl.formatMessage(M.leftEachMonth)}</dt>
          <dd className="font-semibold tabular-nums" data-testid="budget-left-each-month">
            {formatDollars(leftOver)}
          </dd>
        </div>
      </dl>
      {/* Said before Continue, as the borrower moves the cuts, and asked again in a dialog on Continue. */}
      <p aria-live="polite" className="mt-3 text-sm text-amber-900" data-testid="budget-cushion">
        {isThin(leftOver) ? messageText(intl, thinBudgetRef(leftOver)) : ''}
      </p>

      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-6">
          {movable ? (
            <>
              <p className="text-gray-700">
                <FormattedMessage
                  id="apply.budget.moveCuts"
                  defaultMessage="You can move the cuts between these flexible expenses. Each can go down to the amount shown, and together they must lower your expenses by {amount}."
                  values={{ amount: formatDollars(view.requiredReduction) }}
                />
              </p>
              <ul
                className="mt-4 grid gap-3 sm:grid-cols-2"
                aria-label={intl.formatMessage(M.adjustedExpenses)}
              >
                {view.flexibleLines.map((line, index) => (
                  <li
                    key={`${line.category}:${line.subCategory}`}
                    className="rounded-xl border border-gray-200 bg-gray-50 p-4"
                  >
                    <p className="text-xs font-semibold tracking-wide text-gray-600 uppercase">
                      {expenseGroupText(intl, line.category)}
                    </p>
                    <p className="mt-1 text-sm text-gray-700 tabular-nums">
                      <FormattedMessage
                        id="apply.budget.now"
                        defaultMessage="Now {amount}"
                        values={{ amount: formatDollars(line.currentValue) }}
                      />
                    </p>
                    <CurrencyField
                      name={`lines.${index}.proposedValue`}
                      label={expenseLineText(intl, line)}
                      maxLength={LIMITS.expenseEdit}
                      hint={intl.formatMessage(
                        { id: 'apply.budget.atLeast', defaultMessage: 'At least {amount}' },
                        { amount: formatDollars(line.floor) },
                      )}
                      className="mt-2"
                    />
                  </li>
                ))}
              </ul>
              <div
                role="status"
                className={clsx(
                  'mt-4 rounded-xl p-4 font-semibold',
                  stillToCover > 0 ? 'bg-amber-50 text-amber-900' : 'bg-brand-50 text-brand-900',
                )}
              >
                {stillToCover > 0
                  ? intl.formatMessage(
                      { id: 'apply.budget.stillToCover', defaultMessage: 'Still to cover: {amount} a month' },
                      { amount: formatDollars(stillToCover) },
                    )
                  : intl.formatMessage(
                      { id: 'apply.budget.covered', defaultMessage: 'The cuts cover the {amount} needed.' },
                      { amount: formatDollars(view.requiredReduction) },
                    )}
              </div>
              {setError && (
                <p role="alert" className={`${ERROR_CLASS} mt-2`}>
                  {setError}
                </p>
              )}
            </>
          ) : hasAdjustments ? (
            <ul className="grid gap-3 sm:grid-cols-2" aria-label={intl.formatMessage(M.adjustedExpenses)}>
              {view.lines.map((line) => (
                <li
                  key={`${line.category}:${line.subCategory}`}
                  className="rounded-xl border border-gray-200 bg-gray-50 p-4"
                >
                  <p className="text-xs font-semibold tracking-wide text-gray-600 uppercase">
                    {expenseGroupText(intl, line.category)}
                  </p>
                  <p className="font-semibold text-gray-900">{expenseLineText(intl, line)}</p>
                  <p className="mt-2 flex flex-wrap items-baseline gap-x-2 tabular-nums">
                    <span className="text-gray-600 line-through decoration-gray-400">
                      <span className="sr-only">{intl.formatMessage(M.current)} </span>
                      {formatDollars(line.currentValue)}
                    </span>
                    <span aria-hidden="true" className="text-gray-500">
                      {ARROW}
                    </span>
                    <span className="text-lg font-bold text-brand-800">
                      <span className="sr-only">{intl.formatMessage(M.proposed)} </span>
                      {formatDollars(line.proposedValue)}
                    </span>
                  </p>
                </li>
              ))}
            </ul>
          ) : (
            <p className="rounded-lg bg-gray-50 p-4 text-gray-700">{intl.formatMessage(M.noAdjustments)}</p>
          )}

          {savings > 0 && (
            <div className="mt-6 flex flex-wrap items-baseline justify-between gap-2 rounded-xl bg-brand-50 p-4">
              <p className="font-semibold text-gray-900">{intl.formatMessage(M.targetedSavings)}</p>
              <p className="text-2xl font-bold text-brand-800 tabular-nums">{formatDollars(savings)}</p>
            </div>
          )}

          {hasAdjustments && (
            <CheckboxField name="agreedTo" label={intl.formatMessage(M.agreement)} className="mt-6" />
          )}
          <SubmitButton busy={busy || form.formState.isSubmitting} className="mt-6">
            {intl.formatMessage(SAVE_MESSAGES.continue)}
          </SubmitButton>
        </form>
      </FormProvider>
      <BusyOverlay show={busy} text={intl.formatMessage(SAVE_MESSAGES.saving)} />
      {warning.dialog(() => {
        if (lastSent) void save({ ...lastSent, acceptThinBudget: true });
      })}
      {errorModal}
    </ApplyPage>
  );
}

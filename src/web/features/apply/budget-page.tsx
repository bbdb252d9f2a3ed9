import type { FormEvent } from 'react';
import { FormProvider } from 'react-hook-form';
import type { BudgetView } from '#domain/flow/application-view';
import { BUDGET_AGREEMENT_LABEL, budgetSchema } from '#domain/validation/application';
import { BusyOverlay } from '#web/components/ui/busy-overlay';
import { formatDollars } from '#domain/money/cents';
import { CheckboxField } from '#web/components/ui/form/checkbox-field';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { ApplyPage } from './apply-page';
import { budgetQuery, saveBudget } from './api';
import { ApplyPageGate, PageDataGate, useSavePage } from './save-page';

const TITLE = 'Proposed Expense Adjustments';
export const NO_ADJUSTMENTS_TEXT = 'Your expenses need no adjustments.';

/** /budget: the proposed budget and the borrower's agreement. */
export function Component() {
  return (
    <ApplyPageGate page="Budget" title={TITLE}>
      {() => <BudgetLoader />}
    </ApplyPageGate>
  );
}

function BudgetLoader() {
  return (
    <PageDataGate page="Budget" title={TITLE} query={budgetQuery()}>
      {(view) => <BudgetForm view={view} />}
    </PageDataGate>
  );
}

function BudgetForm({ view }: { view: BudgetView }) {
  const form = useZodForm(budgetSchema, { agreedTo: view.agreedTo });
  const { save, busy, errorModal } = useSavePage(saveBudget, { form, fieldOrder: ['agreedTo'] });
  const hasAdjustments = view.lines.length > 0;

  const onSubmit = hasAdjustments
    ? form.handleSubmit(async (values) => {
        await save(values);
      })
    : // Nothing to agree to: the server agrees on its own (item 10), Continue just moves on.
      async (event: FormEvent) => {
        event.preventDefault();
        await save({ agreedTo: true });
      };

  return (
    <ApplyPage page="Budget" title={TITLE}>
      <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{TITLE}</h1>
      {view.explanation && <p className="mt-3 text-gray-700">{view.explanation}</p>}

      {hasAdjustments ? (
        <ul className="mt-6 grid gap-3 sm:grid-cols-2" aria-label="Adjusted expenses">
          {view.lines.map((line) => (
            <li
              key={`${line.category}:${line.subCategory}`}
              className="rounded-xl border border-gray-200 bg-gray-50 p-4"
            >
              <p className="text-xs font-semibold tracking-wide text-gray-600 uppercase">{line.groupLabel}</p>
              <p className="font-semibold text-gray-900">{line.label}</p>
              <p className="mt-2 flex flex-wrap items-baseline gap-x-2 tabular-nums">
                <span className="text-gray-600 line-through decoration-gray-400">
                  <span className="sr-only">Current </span>
                  {formatDollars(line.currentValue)}
                </span>
                <span aria-hidden="true" className="text-gray-500">
                  →
                </span>
                <span className="text-lg font-bold text-brand-800">
                  <span className="sr-only">Proposed </span>
                  {formatDollars(line.proposedValue)}
                </span>
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 rounded-lg bg-gray-50 p-4 text-gray-700">{NO_ADJUSTMENTS_TEXT}</p>
      )}

      {view.targetedMonthlySavings > 0 && (
        <div className="mt-6 flex flex-wrap items-baseline justify-between gap-2 rounded-xl bg-brand-50 p-4">
          <p className="font-semibold text-gray-900">Targeted Monthly Savings</p>
          <p className="text-2xl font-bold text-brand-800 tabular-nums">
            {formatDollars(view.targetedMonthlySavings)}
          </p>
        </div>
      )}

      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-6">
          {hasAdjustments && <CheckboxField name="agreedTo" label={BUDGET_AGREEMENT_LABEL} />}
          <SubmitButton busy={busy || form.formState.isSubmitting} className="mt-6">
            Continue
          </SubmitButton>
        </form>
      </FormProvider>
      <BusyOverlay show={busy} text="Saving..." />
      {errorModal}
    </ApplyPage>
  );
}

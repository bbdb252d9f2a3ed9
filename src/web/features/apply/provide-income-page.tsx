import { Tooltip } from 'radix-ui';
import { useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { INCOME_LABEL, INCOME_SOURCES_TOOLTIP, provideIncomeSchema } from '#domain/validation/application';
import { incomeWarning } from '#domain/validation/format';
import { LIMITS } from '#domain/validation/limits';
import { BusyOverlay } from '#web/components/ui/busy-overlay';
import { CurrencyField } from '#web/components/ui/form/currency-field';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { ApplyPage } from './apply-page';
import { IncomeBankConnection } from './income-bank-connection';
import type { ApplicationView } from './application-query';
import { saveIncome } from './api';
import { ApplyPageGate, useSavePage } from './save-page';

const TITLE = 'Tell us about your income';
export const CALCULATING_TEXT = 'Calculating your income...';
export const CALCULATING_SUBTEXT = 'This can take 1-2 minutes.';
const FIELD = 'selfReportedMonthlyCurrentIncome';

/** /income/provide-monthly-income. */
export function Component() {
  return (
    <ApplyPageGate page="ProvideMonthlyIncome" title={TITLE}>
      {(application) => (
        <ApplyPage page="ProvideMonthlyIncome" title={TITLE}>
          <ProvideIncomeForm application={application} />
        </ApplyPage>
      )}
    </ApplyPageGate>
  );
}

function ProvideIncomeForm({ application }: { application: ApplicationView }) {
  // A bank connected at this step offers its predicted income until the borrower types their own.
  const form = useZodForm(provideIncomeSchema, {
    [FIELD]:
      application.selfReportedMonthlyCurrentIncome ?? application.verifiedMonthlyCurrentIncome ?? undefined,
  });
  const { save, busy, errorModal } = useSavePage(saveIncome, { form, fieldOrder: [FIELD] });
  const income = useWatch({ control: form.control, name: FIELD });
  const onSubmit = form.handleSubmit(async (values) => {
    await save(values);
  });

  return (
    <FormProvider {...form}>
      <h1 className="mb-6 text-2xl font-bold text-gray-900 sm:text-3xl">{TITLE}</h1>
      <IncomeBankConnection
        application={application}
        onPredicted={(cents) => form.setValue(FIELD, cents, { shouldValidate: form.formState.isSubmitted })}
      />
      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-6">
        <p className="text-gray-700">
          Enter your household’s total monthly income after taxes. We use it to build a budget that works for
          you.
        </p>
        <CurrencyField
          name={FIELD}
          label={INCOME_LABEL}
          maxLength={LIMITS.monthlyIncome}
          // Not an error: an unusually high income may be right, so the submit stays allowed.
          warning={incomeWarning(income)}
          className="sm:max-w-sm"
        />
        <IncomeSourcesTip />
        <SubmitButton busy={busy}>Continue</SubmitButton>
      </form>
      <BusyOverlay show={busy} text={CALCULATING_TEXT} subtext={CALCULATING_SUBTEXT} />
      {errorModal}
    </FormProvider>
  );
}

/** The income sources, in a tooltip on a focusable info button (on hover or keyboard focus). */
/** Opens on hover and keyboard focus, and on a tap too (a Radix tooltip alone does not open on touch). */
function IncomeSourcesTip() {
  const [open, setOpen] = useState(false);
  return (
    <Tooltip.Provider delayDuration={150}>
      <Tooltip.Root open={open} onOpenChange={setOpen}>
        <Tooltip.Trigger asChild>
          <button
            type="button"
            onClick={() => setOpen(true)}
            className="inline-flex min-h-11 items-center gap-2 rounded-md px-1 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            <span
              aria-hidden="true"
              className="inline-flex size-5 items-center justify-center rounded-full border-2 border-current text-xs"
            >
              i
            </span>
            What counts as income?
          </button>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            side="bottom"
            align="start"
            sideOffset={6}
            collisionPadding={12}
            className="z-50 max-w-xs rounded-md bg-gray-900 px-3 py-2 text-sm text-white shadow-lg"
          >
            {INCOME_SOURCES_TOOLTIP}
            <Tooltip.Arrow className="fill-gray-900" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}

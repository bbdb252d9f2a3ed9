import { HelpTip } from '#web/components/ui/help-tip';
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

/** The income sources, behind a help tip that opens on a tap, a click or the keyboard. */
function IncomeSourcesTip() {
  return <HelpTip label="What counts as income?">{INCOME_SOURCES_TOOLTIP}</HelpTip>;
}

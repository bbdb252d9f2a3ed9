import { FormProvider } from 'react-hook-form';
import { CONFIRM_INCOME_QUESTION, confirmIncomeSchema } from '#domain/validation/application';
import { BusyOverlay } from '#web/components/ui/busy-overlay';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { YesNoField } from '#web/components/ui/form/yes-no-field';
import { formatDollars } from '#domain/money/cents';
import { ApplyPage } from './apply-page';
import type { ApplicationView } from './application-query';
import { saveConfirmIncome } from './api';
import { ApplyPageGate, useSavePage } from './save-page';

const TITLE = 'Confirm your income';

/** /income/confirm-income: Yes goes on, No asks for the income again. */
export function Component() {
  return (
    <ApplyPageGate page="ConfirmIncome" title={TITLE}>
      {(application) => (
        <ApplyPage page="ConfirmIncome" title={TITLE}>
          <ConfirmIncomeForm application={application} />
        </ApplyPage>
      )}
    </ApplyPageGate>
  );
}

function ConfirmIncomeForm({ application }: { application: ApplicationView }) {
  const form = useZodForm(confirmIncomeSchema, {});
  const { save, busy, errorModal } = useSavePage(saveConfirmIncome, {
    form,
    fieldOrder: ['isIncomeCorrect'],
  });
  const onSubmit = form.handleSubmit(async (values) => {
    await save(values);
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="space-y-6">
        <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{TITLE}</h1>
        <div className="rounded-lg bg-brand-50 px-4 py-5 text-center">
          <p className="text-sm font-medium text-gray-700">Total monthly household income after taxes</p>
          <p className="mt-1 text-3xl font-bold text-gray-900">
            {formatDollars(application.selfReportedMonthlyCurrentIncome) || '$0'}
          </p>
          {application.verifiedMonthlyCurrentIncome != null && application.connectedBankName && (
            <p className="mt-2 text-sm text-gray-700">
              Your deposits at {application.connectedBankName} over the last 90 days average{' '}
              {formatDollars(application.verifiedMonthlyCurrentIncome)} a month.
            </p>
          )}
        </div>
        <YesNoField name="isIncomeCorrect" question={CONFIRM_INCOME_QUESTION} />
        <SubmitButton busy={busy}>Continue</SubmitButton>
      </form>
      <BusyOverlay show={busy} text="Saving..." />
      {errorModal}
    </FormProvider>
  );
}

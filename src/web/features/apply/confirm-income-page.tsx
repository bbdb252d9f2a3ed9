import { FormProvider, useWatch } from 'react-hook-form';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { hasCompleted } from '#domain/flow/page-order';
import { PAGE_ROUTES } from '#domain/flow/pages';
import { LABELS } from '#domain/i18n/validation-messages';
import { confirmIncomeSchema } from '#domain/validation/application';
import { BusyOverlay } from '#web/components/ui/busy-overlay';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { YesNoField } from '#web/components/ui/form/yes-no-field';
import { formatDollars } from '#domain/money/cents';
import { ApplyPage } from './apply-page';
import type { ApplicationView } from './application-query';
import { saveConfirmIncome } from './api';
import { ApplyPageGate, SAVE_MESSAGES, useSavePage } from './save-page';

const M = defineMessages({
  title: { id: 'apply.income.confirm.title', defaultMessage: 'Confirm your income' },
});

/** /income/confirm-income: Yes goes on, No asks for the income again. */
export function Component() {
  const title = useIntl().formatMessage(M.title);
  return (
    <ApplyPageGate page="ConfirmIncome" title={title}>
      {(application) => (
        <ApplyPage page="ConfirmIncome" title={title}>
          <ConfirmIncomeForm application={application} />
        </ApplyPage>
      )}
    </ApplyPageGate>
  );
}

function ConfirmIncomeForm({ application }: { application: ApplicationView }) {
  const intl = useIntl();
  // The label and the question are the domain's, which the validation catalog translates.
  const form = useZodForm(confirmIncomeSchema, {});
  const isIncomeCorrect = useWatch({ control: form.control, name: 'isIncomeCorrect' });
  const { save, busy, errorModal } = useSavePage(saveConfirmIncome, {
    form,
    fieldOrder: ['isIncomeCorrect'],
    // Yes keeps no answer but the page's completion: on a page completed before, the server would write
    // nothing and send the borrower to /expenses, so Continue goes there without a call. No always goes to
    // the server, which clears the income.
    unchanged: {
      completed: hasCompleted(application.lastCompletedPage, 'ConfirmIncome'),
      next: PAGE_ROUTES.Expenses,
      changed: isIncomeCorrect !== true,
    },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    await save(values);
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="space-y-6">
        <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{intl.formatMessage(M.title)}</h1>
        <div className="rounded-lg bg-brand-50 px-4 py-5 text-center">
          <p className="text-sm font-medium text-gray-700">{intl.formatMessage(LABELS.income)}</p>
          <p className="mt-1 text-3xl font-bold text-gray-900">
            {formatDollars(application.selfReportedMonthlyCurrentIncome ?? 0)}
          </p>
          {application.verifiedMonthlyCurrentIncome != null && application.connectedBankName && (
            <p className="mt-2 text-sm text-gray-700">
              <FormattedMessage
                id="apply.income.confirm.bankAverage"
                defaultMessage="Your deposits at {bank} over the last 90 days average {amount} a month."
                values={{
                  bank: application.connectedBankName,
                  amount: formatDollars(application.verifiedMonthlyCurrentIncome),
                }}
              />
            </p>
          )}
        </div>
        {application.incomeThreshold != null && (
          // Why we ask: with this income, the debts and the estimated expenses leave a shortfall. The threshold
          // is the income at which they would not (income + estimated shortfall − $100, from the server).
          <p className="text-gray-700" data-testid="income-threshold">
            <FormattedMessage
              id="apply.income.confirm.reason"
              defaultMessage="We are asking because, with your debts and the expenses we estimated for your household, a debt management plan usually needs a monthly household income of at least {threshold}. If the amount above is not right, choose No to change it."
              values={{ threshold: <strong>{formatDollars(application.incomeThreshold)}</strong> }}
            />
          </p>
        )}
        <YesNoField name="isIncomeCorrect" question={intl.formatMessage(LABELS.isIncomeCorrect)} />
        <SubmitButton busy={busy}>{intl.formatMessage(SAVE_MESSAGES.continue)}</SubmitButton>
      </form>
      <BusyOverlay show={busy} text={intl.formatMessage(SAVE_MESSAGES.saving)} />
      {errorModal}
    </FormProvider>
  );
}

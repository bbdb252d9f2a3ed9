import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { defineMessages, useIntl } from 'react-intl';
import { LABELS } from '#domain/i18n/validation-messages';
import type { EligibleDebtsView } from '#domain/flow/application-view';
import { MISSING_DEBT_DIGITS, missingDebtSchema } from '#domain/validation/application';
import { CurrencyField } from '#web/components/ui/form/currency-field';
import { applyServerFieldErrors } from '#web/components/ui/form/server-errors';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { TextField } from '#web/components/ui/form/text-field';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { ApiError } from '#web/lib/api';
import { apiErrorText } from '#web/lib/api-error-text';
import { addMissingDebt } from './api';

const FIELDS = ['creditorName', 'currentBalance', 'monthlyPayment'] as const;

const M = defineMessages({
  title: { id: 'apply.missingDebt.title', defaultMessage: 'Add a missing debt' },
  intro: {
    id: 'apply.missingDebt.intro',
    defaultMessage:
      'Add an unsecured debt, such as a credit card, store card or personal loan, that is not in the list. It will be included in your plan; a counsellor will ask you for a recent statement to check it.',
  },
  failed: {
    id: 'apply.missingDebt.failed',
    defaultMessage: 'The debt could not be added. Please try again.',
  },
  cancel: { id: 'apply.missingDebt.cancel', defaultMessage: 'Cancel' },
  add: { id: 'apply.missingDebt.add', defaultMessage: 'Add debt' },
});

/**
 * 'A debt is missing?': an unsecured debt the credit report did not show. It joins the list selected and
 * marked as added by the borrower; a counsellor checks it against a statement later.
 */
export function MissingDebtForm({
  onAdded,
  onClose,
}: {
  onAdded: (view: EligibleDebtsView) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const form = useZodForm(missingDebtSchema, {
    creditorName: '',
    currentBalance: undefined,
    monthlyPayment: undefined,
  });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      onAdded(await addMissingDebt(values));
    } catch (error) {
      if (!applyServerFieldErrors(form, error, FIELDS)) {
        setFailure(error instanceof ApiError ? apiErrorText(intl, error) : intl.formatMessage(M.failed));
      }
    } finally {
      setBusy(false);
    }
  });

  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-labelledby="missing-debt-title"
        onSubmit={(event) => void onSubmit(event)}
        className="space-y-4 rounded-lg border border-gray-300 bg-gray-50 p-4"
      >
        <h2 id="missing-debt-title" className="text-lg font-semibold text-gray-900">
          {intl.formatMessage(M.title)}
        </h2>
        <p className="text-sm text-gray-700">{intl.formatMessage(M.intro)}</p>
        <TextField
          name="creditorName"
          label={intl.formatMessage(LABELS.creditorName)}
          maxLength={60}
          autoComplete="off"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <CurrencyField
            name="currentBalance"
            label={intl.formatMessage(LABELS.balance)}
            maxLength={MISSING_DEBT_DIGITS.currentBalance}
          />
          <CurrencyField
            name="monthlyPayment"
            label={intl.formatMessage(LABELS.monthlyPayment)}
            maxLength={MISSING_DEBT_DIGITS.monthlyPayment}
          />
        </div>
        {failure ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {failure}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={onClose}
            className="min-h-11 rounded-lg border border-gray-300 bg-white px-5 font-semibold text-gray-800 hover:bg-gray-50"
          >
            {intl.formatMessage(M.cancel)}
          </button>
          <SubmitButton busy={busy} className="sm:w-auto">
            {intl.formatMessage(M.add)}
          </SubmitButton>
        </div>
      </form>
    </FormProvider>
  );
}

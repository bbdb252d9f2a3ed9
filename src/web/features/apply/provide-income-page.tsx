import { HelpTip } from '#web/components/ui/help-tip';
import { FormProvider, useWatch } from 'react-hook-form';
import { defineMessages, useIntl } from 'react-intl';
import { FIXED, LABELS } from '#domain/i18n/validation-messages';
import { provideIncomeSchema } from '#domain/validation/application';
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
import { ApplyPageGate, SAVE_MESSAGES, useSavePage } from './save-page';

const M = defineMessages({
  title: { id: 'apply.income.provide.title', defaultMessage: 'Tell us about your income' },
  calculating: { id: 'apply.income.provide.calculating', defaultMessage: 'Calculating your income...' },
  takesMinutes: { id: 'apply.income.takesMinutes', defaultMessage: 'This can take 1-2 minutes.' },
  intro: {
    id: 'apply.income.provide.intro',
    defaultMessage:
      'Enter your household’s total monthly income after taxes. We use it to build a budget that works for you.',
  },
  sourcesTip: { id: 'apply.income.provide.sourcesTip', defaultMessage: 'What counts as income?' },
  // The domain's INCOME_SOURCES_TOOLTIP, word for word.
  sources: {
    id: 'apply.income.provide.sources',
    defaultMessage:
      'Include every source of income in your household after taxes: wages and salary, self-employment, Social Security, pension or retirement, disability, unemployment, child support or alimony received, and any other regular income.',
  },
});
export const CALCULATING_TEXT = String(M.calculating.defaultMessage);
export const CALCULATING_SUBTEXT = String(M.takesMinutes.defaultMessage);
const FIELD = 'selfReportedMonthlyCurrentIncome';

/** /income/provide-monthly-income. */
export function Component() {
  const title = useIntl().formatMessage(M.title);
  return (
    <ApplyPageGate page="ProvideMonthlyIncome" title={title}>
      {(application) => (
        <ApplyPage page="ProvideMonthlyIncome" title={title}>
          <ProvideIncomeForm application={application} />
        </ApplyPage>
      )}
    </ApplyPageGate>
  );
}

function ProvideIncomeForm({ application }: { application: ApplicationView }) {
  const intl = useIntl();
  // A bank connected at this step offers its predicted income until the borrower types their own.
  const form = useZodForm(provideIncomeSchema, {
    [FIELD]:
      application.selfReportedMonthlyCurrentIncome ?? application.verifiedMonthlyCurrentIncome ?? undefined,
  });
  const { save, busy, errorModal } = useSavePage(saveIncome, { form, fieldOrder: [FIELD] });
  const income = useWatch({ control: form.control, name: FIELD });
  const warning = incomeWarning(income);
  const onSubmit = form.handleSubmit(async (values) => {
    await save(values);
  });

  return (
    <FormProvider {...form}>
      <h1 className="mb-6 text-2xl font-bold text-gray-900 sm:text-3xl">{intl.formatMessage(M.title)}</h1>
      <IncomeBankConnection
        application={application}
        onPredicted={(cents) => form.setValue(FIELD, cents, { shouldValidate: form.formState.isSubmitted })}
      />
      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-6">
        <p className="text-gray-700">{intl.formatMessage(M.intro)}</p>
        <CurrencyField
          name={FIELD}
          label={intl.formatMessage(LABELS.income)}
          maxLength={LIMITS.monthlyIncome}
          // Not an error: an unusually high income may be right, so the submit stays allowed.
          warning={warning && intl.formatMessage(FIXED.incomeWarning)}
          className="sm:max-w-sm"
        />
        <IncomeSourcesTip />
        <SubmitButton busy={busy}>{intl.formatMessage(SAVE_MESSAGES.continue)}</SubmitButton>
      </form>
      <BusyOverlay
        show={busy}
        text={intl.formatMessage(M.calculating)}
        subtext={intl.formatMessage(M.takesMinutes)}
      />
      {errorModal}
    </FormProvider>
  );
}

/** The income sources, behind a help tip that opens on a tap, a click or the keyboard. */
function IncomeSourcesTip() {
  const intl = useIntl();
  return <HelpTip label={intl.formatMessage(M.sourcesTip)}>{intl.formatMessage(M.sources)}</HelpTip>;
}

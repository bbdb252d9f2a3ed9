import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { localizeMessage } from '#domain/i18n/translate-message';
import {
  skipBankConnectionSchema,
  REASONS_FOR_NOT_CONNECTING_BANK,
  type LinkTokenView,
  type ReasonForNotConnectingBank,
} from '#domain/enrollment/views';
import { ApiError } from '#web/lib/api';
import { BusyOverlay } from '#web/components/ui/busy-overlay';
import { ChoiceField, type Choice } from '#web/components/ui/form/choice-field';
import { applyServerFieldErrors } from '#web/components/ui/form/server-errors';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { formatDollars } from '#domain/money/cents';
import { applyKeys, connectIncomeBank, createLinkToken, skipIncomeBankConnection } from './api';
import type { ApplicationView } from './application-query';
import { BankLinkDialog } from '#web/components/bank-link/bank-link-dialog';
import { PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from './payments/payments-page';

const M = defineMessages({
  title: { id: 'apply.income.bank.title', defaultMessage: 'Verify your income by connecting your bank' },
  intro: {
    id: 'apply.income.bank.intro',
    defaultMessage:
      'Connect the bank your pay goes into and we read your income from its deposits, so you do not have to work it out. The same connection sets up your plan’s monthly payment later.',
  },
  connectionFailed: {
    id: 'apply.income.bank.connectionFailed',
    defaultMessage: 'The bank connection did not work. Please try again, or skip this step.',
  },
  connect: { id: 'apply.income.bank.connect', defaultMessage: 'Connect your bank' },
  skip: { id: 'apply.income.bank.skip', defaultMessage: 'Skip' },
  reading: { id: 'apply.income.bank.reading', defaultMessage: 'Reading your income...' },
  takesMinutes: { id: 'apply.income.takesMinutes', defaultMessage: 'This can take 1-2 minutes.' },
  // The domain's SKIP_BANK_CONNECTION_QUESTION and REASON_FOR_NOT_CONNECTING_BANK_LABELS, word for word.
  skipQuestion: { id: 'apply.income.bank.skipQuestion', defaultMessage: 'Why are you skipping this step?' },
  skipThisStep: { id: 'apply.income.bank.skipThisStep', defaultMessage: 'Skip this step' },
});
const REASONS = defineMessages({
  bankNotListed: { id: 'apply.income.bank.reason.bankNotListed', defaultMessage: 'My bank is not listed' },
  preferNotToShareCredentials: {
    id: 'apply.income.bank.reason.preferNotToShareCredentials',
    defaultMessage: 'I prefer not to share my online banking sign-in',
  },
  connectionFailed: {
    id: 'apply.income.bank.reason.connectionFailed',
    defaultMessage: 'The connection did not work',
  },
  other: { id: 'apply.income.bank.reason.other', defaultMessage: 'Another reason' },
});

export const INCOME_CONNECTION_TITLE = String(M.title.defaultMessage);

/**
 * The optional bank connection at the income step: the bank's deposits of the last 90 days predict the
 * household's monthly income, which the income field then offers. The same bank is reused for the plan's
 * payment later. Skipping asks why.
 */
export function IncomeBankConnection({
  application,
  onPredicted,
}: {
  application: ApplicationView;
  /** The predicted monthly income in cents, to put in the income field. */
  onPredicted: (cents: number) => void;
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [session, setSession] = useState<LinkTokenView | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [skipping, setSkipping] = useState(false);
  const [problem, setProblem] = useState<string>();
  const linkToken = useMutation({ mutationFn: createLinkToken });
  const connect = useMutation({ mutationFn: connectIncomeBank });

  const open = async () => {
    setProblem(undefined);
    try {
      setSession(await linkToken.mutateAsync());
      setDialogOpen(true);
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.code === 'NetworkError'
          ? error.message
          : intl.formatMessage(M.connectionFailed),
      );
    }
  };
  const onConnected = async (publicToken: string) => {
    setDialogOpen(false);
    try {
      const answer = await connect.mutateAsync(publicToken);
      onPredicted(answer.predictedMonthlyIncome);
      await queryClient.invalidateQueries({ queryKey: applyKeys.application() });
    } catch (error) {
      setProblem(
        error instanceof ApiError && (error.code === 'NoCheckingAccount' || error.code === 'NetworkError')
          ? error.message
          : intl.formatMessage(M.connectionFailed),
      );
    }
  };

  if (application.connectedBankName && application.verifiedMonthlyCurrentIncome != null) {
    return (
      <section
        aria-labelledby="income-bank-heading"
        className="rounded-lg border border-green-200 bg-green-50 px-4 py-4"
      >
        <h2 id="income-bank-heading" className="font-semibold text-gray-900">
          <FormattedMessage
            id="apply.income.bank.connectedTo"
            defaultMessage="Connected to {bank}"
            values={{ bank: application.connectedBankName }}
          />
        </h2>
        <p className="mt-1 text-gray-700">
          <FormattedMessage
            id="apply.income.bank.average"
            defaultMessage="Your income deposits over the last 90 days average <strong>{amount}</strong> a month. Change the amount below if your household has other income."
            values={{
              amount: formatDollars(application.verifiedMonthlyCurrentIncome),
              strong: (chunks) => <strong className="text-gray-900">{chunks}</strong>,
            }}
          />
        </p>
      </section>
    );
  }
  const dialog = (
    <BankLinkDialog
      open={dialogOpen}
      onOpenChange={setDialogOpen}
      session={session}
      onConnected={(token) => void onConnected(token)}
      onProvideManually={() => {
        setDialogOpen(false);
        setSkipping(true);
      }}
    />
  );
  if (application.reasonForNotConnectingBank && !skipping) {
    return (
      <>
        <p className="text-sm text-gray-600">
          <FormattedMessage
            id="apply.income.bank.enteredByHand"
            defaultMessage="You chose to enter your income yourself. <button>Connect your bank instead</button>"
            values={{
              button: (chunks) => (
                <button
                  type="button"
                  onClick={() => void open()}
                  className="min-h-11 font-semibold text-brand-700 underline"
                >
                  {chunks}
                </button>
              ),
            }}
          />
        </p>
        {problem && (
          <p
            role="alert"
            className="rounded-md border border-accent-400 bg-accent-100 px-3 py-2 text-accent-800"
          >
            {localizeMessage(problem, (d, v) => intl.formatMessage(d, v))}
          </p>
        )}
        {dialog}
        <BusyOverlay
          show={connect.isPending}
          text={intl.formatMessage(M.reading)}
          subtext={intl.formatMessage(M.takesMinutes)}
        />
      </>
    );
  }
  return (
    <section
      aria-labelledby="income-bank-heading"
      className="rounded-lg border border-brand-100 bg-brand-50 px-4 py-4"
    >
      <h2 id="income-bank-heading" className="font-semibold text-gray-900">
        {intl.formatMessage(M.title)}
      </h2>
      <p className="mt-1 text-gray-700">{intl.formatMessage(M.intro)}</p>
      {problem && (
        <p
          role="alert"
          className="mt-3 rounded-md border border-accent-400 bg-accent-100 px-3 py-2 text-accent-800"
        >
          {localizeMessage(problem, (d, v) => intl.formatMessage(d, v))}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="button"
          onClick={() => void open()}
          aria-busy={linkToken.isPending || undefined}
          className={PRIMARY_BUTTON_CLASS}
        >
          {intl.formatMessage(M.connect)}
        </button>
        <button
          type="button"
          onClick={() => setSkipping(true)}
          aria-expanded={skipping}
          className={SECONDARY_BUTTON_CLASS}
        >
          {intl.formatMessage(M.skip)}
        </button>
      </div>
      {skipping && <SkipForm onDone={() => setSkipping(false)} />}
      {dialog}
      <BusyOverlay
        show={connect.isPending}
        text={intl.formatMessage(M.reading)}
        subtext={intl.formatMessage(M.takesMinutes)}
      />
    </section>
  );
}

function SkipForm({ onDone }: { onDone: () => void }) {
  const intl = useIntl();
  const reasonChoices: readonly Choice<ReasonForNotConnectingBank>[] = REASONS_FOR_NOT_CONNECTING_BANK.map(
    (reason) => ({ value: reason, label: intl.formatMessage(REASONS[reason]) }),
  );
  const queryClient = useQueryClient();
  const form = useZodForm(skipBankConnectionSchema, {});
  const skip = useMutation({ mutationFn: skipIncomeBankConnection });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await skip.mutateAsync(values);
      await queryClient.invalidateQueries({ queryKey: applyKeys.application() });
      onDone();
    } catch (error) {
      applyServerFieldErrors(form, error, ['reasonForNotConnectingBank']);
    }
  });
  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="mt-4 space-y-4 border-t border-brand-100 pt-4"
      >
        <ChoiceField
          name="reasonForNotConnectingBank"
          legend={intl.formatMessage(M.skipQuestion)}
          choices={reasonChoices}
        />
        <SubmitButton busy={skip.isPending}>{intl.formatMessage(M.skipThisStep)}</SubmitButton>
      </form>
    </FormProvider>
  );
}

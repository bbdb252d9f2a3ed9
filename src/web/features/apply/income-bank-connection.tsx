import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import {
  skipBankConnectionSchema,
  REASONS_FOR_NOT_CONNECTING_BANK,
  type BankHistoryView,
  type LinkTokenView,
  type ReasonForNotConnectingBank,
} from '#domain/enrollment/views';
import { ApiError } from '#web/lib/api';
import { apiErrorText } from '#web/lib/api-error-text';
import { BusyOverlay } from '#web/components/ui/busy-overlay';
import { ChoiceField, type Choice } from '#web/components/ui/form/choice-field';
import { applyServerFieldErrors } from '#web/components/ui/form/server-errors';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { formatDollars } from '#domain/money/cents';
import {
  applyKeys,
  bankHistoryQuery,
  connectIncomeBank,
  createLinkToken,
  skipIncomeBankConnection,
} from './api';
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
  historyReading: {
    id: 'apply.income.bank.historyReading',
    defaultMessage:
      'We are reading your bank’s history to work out your income. This can take a minute or two: you can stay on this page, or enter your income below meanwhile.',
  },
  historyTimedOut: {
    id: 'apply.income.bank.historyTimedOut',
    defaultMessage: 'Your bank’s history did not arrive in time, so we will use the income you enter below.',
  },
  historyNoIncome: {
    id: 'apply.income.bank.historyNoIncome',
    defaultMessage: 'We found no income deposits in your bank’s history. Please enter your income below.',
  },
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
// The English, as the component tests read it.
export const HISTORY_READING = String(M.historyReading.defaultMessage);
export const HISTORY_TIMED_OUT = String(M.historyTimedOut.defaultMessage);

/**
 * The optional bank connection at the income step: the bank's deposits of the last 90 days predict the
 * household's monthly income, which the income field then offers. The same bank is reused for the plan's
 * payment later. Skipping asks why.
 *
 * A bank connected a moment ago has usually not sent its history yet: the page says it is being read and asks
 * GET /api/application/income/bank-history every few seconds until it is 'ready' (the income then fills the
 * field) or 'timed-out' (the borrower's own figure is used). A reload asks the same route, so the state holds.
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
  // What went wrong, already in the page's language.
  const [problem, setProblem] = useState<string>();
  const linkToken = useMutation({ mutationFn: createLinkToken });
  const connect = useMutation({ mutationFn: connectIncomeBank });
  // A bank connected at this step without its income yet: its history may still be being read.
  const [connectedNow, setConnectedNow] = useState(false);
  // (A bank connected only for the payments answers 404 there, and the step shows as it did.)
  const mayBeReading =
    connectedNow ||
    (application.connectedBankName !== null && application.verifiedMonthlyCurrentIncome === null);
  const history = useQuery({ ...bankHistoryQuery(), enabled: mayBeReading, retry: false });
  // The prediction fills the field when it arrives while the borrower watches (not on a later visit, where the
  // field already holds what they chose).
  const sawReading = useRef(false);
  const status = history.data?.historyStatus;
  const predicted = history.data?.predictedMonthlyIncome ?? null;
  useEffect(() => {
    if (status === 'reading') sawReading.current = true;
    if (status !== 'ready' || !sawReading.current) return;
    sawReading.current = false;
    if (predicted !== null) onPredicted(predicted);
    void queryClient.invalidateQueries({ queryKey: applyKeys.application(), exact: true });
  }, [status, predicted, onPredicted, queryClient]);

  const open = async () => {
    setProblem(undefined);
    try {
      setSession(await linkToken.mutateAsync());
      setDialogOpen(true);
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.code === 'NetworkError'
          ? apiErrorText(intl, error)
          : intl.formatMessage(M.connectionFailed),
      );
    }
  };
  const onConnected = async (publicToken: string) => {
    setDialogOpen(false);
    try {
      const answer = await connect.mutateAsync(publicToken);
      // What the connection answered is the history's first state; the route is asked from here on.
      queryClient.setQueryData<BankHistoryView>(applyKeys.bankHistory(), answer);
      if (answer.historyStatus === 'ready' && answer.predictedMonthlyIncome !== null) {
        onPredicted(answer.predictedMonthlyIncome);
      }
      setConnectedNow(answer.historyStatus === 'reading');
      await queryClient.invalidateQueries({ queryKey: applyKeys.application(), exact: true });
    } catch (error) {
      setProblem(
        error instanceof ApiError && (error.code === 'NoCheckingAccount' || error.code === 'NetworkError')
          ? apiErrorText(intl, error)
          : intl.formatMessage(M.connectionFailed),
      );
    }
  };

  const known = mayBeReading ? history.data : undefined;
  // Being read, or it did not arrive in time.
  if (known && known.historyStatus !== 'ready') return <BankHistoryState history={known} />;
  const verifiedIncome =
    application.verifiedMonthlyCurrentIncome ?? (known ? known.predictedMonthlyIncome : null);
  const bankName = application.connectedBankName ?? known?.institutionName ?? null;
  // Read, and no income deposits in it.
  if (known && verifiedIncome === null) return <BankHistoryState history={known} />;
  if (bankName && verifiedIncome != null) {
    return (
      <section
        aria-labelledby="income-bank-heading"
        className="rounded-lg border border-green-200 bg-green-50 px-4 py-4"
      >
        <h2 id="income-bank-heading" className="font-semibold text-gray-900">
          <FormattedMessage
            id="apply.income.bank.connectedTo"
            defaultMessage="Connected to {bank}"
            values={{ bank: bankName }}
          />
        </h2>
        <p className="mt-1 text-gray-700">
          <FormattedMessage
            id="apply.income.bank.average"
            defaultMessage="Your income deposits over the last 90 days average <strong>{amount}</strong> a month. Change the amount below if your household has other income."
            values={{
              amount: formatDollars(verifiedIncome),
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
            {problem}
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
          {problem}
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

/** The connected bank while its history is read, or when it did not arrive in time or held no income. */
function BankHistoryState({ history }: { history: BankHistoryView }) {
  const intl = useIntl();
  const reading = history.historyStatus === 'reading';
  return (
    <section
      aria-labelledby="income-bank-heading"
      className="rounded-lg border border-brand-100 bg-brand-50 px-4 py-4"
    >
      <h2 id="income-bank-heading" className="font-semibold text-gray-900">
        <FormattedMessage
          id="apply.income.bank.connectedTo"
          defaultMessage="Connected to {bank}"
          values={{ bank: history.institutionName }}
        />
      </h2>
      {/* A status region: a screen reader hears the change from reading to the outcome. */}
      <p role="status" className="mt-1 flex items-start gap-3 text-gray-700">
        {reading && (
          <span
            aria-hidden="true"
            className="mt-1 size-4 shrink-0 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700 motion-reduce:animate-none"
          />
        )}
        <span>
          {intl.formatMessage(
            reading
              ? M.historyReading
              : history.historyStatus === 'timed-out'
                ? M.historyTimedOut
                : M.historyNoIncome,
          )}
        </span>
      </p>
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

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import {
  provideManuallySchema,
  REASONS_FOR_NOT_CONNECTING_BANK,
  type LinkTokenView,
  type ReasonForNotConnectingBank,
} from '#domain/enrollment/views';
import { APP_ERROR_DEFAULT_MESSAGE_REF } from '#domain/errors';
import { ApiError } from '#web/lib/api';
import { apiErrorMessage, apiErrorText } from '#web/lib/api-error-text';
import { endLocalSession } from '#web/lib/session';
import { BusyOverlay } from '#web/components/ui/busy-overlay';
import { ChoiceField, type Choice } from '#web/components/ui/form/choice-field';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { connectPaymentBank, createLinkToken, saveManualChoice } from '#web/features/apply/api';
import { ApplyPage } from '#web/features/apply/apply-page';
import { useSavePage } from '#web/features/apply/save-page';
import { BankLinkDialog } from '#web/components/bank-link/bank-link-dialog';
import {
  HEADING_CLASS,
  PaymentsPageGate,
  PRIMARY_BUTTON_CLASS,
  SECONDARY_BUTTON_CLASS,
} from './payments-page';

/** The page's title, in the page's language. */
function useTitle() {
  return useIntl().formatMessage({ id: 'apply.payments.options.title', defaultMessage: 'Connect your bank' });
}
// The component tests read these URLs from here.
export { BANK_CONNECTIONS_PATH, LINK_TOKEN_PATH, MANUAL_CHOICE_PATH } from '#web/features/apply/api';
// The English of a message below, for the tests.
export const LINK_START_FAILED = 'The bank connection could not be started. Please try again.';

/** Navigation state that opens the manual choice at once (the links of /payments/confirm-payment-account). */
export type PaymentOptionsState = { provideManually?: boolean };

// REASON_FOR_NOT_CONNECTING_BANK_LABELS of the domain (the same English), in the page's language.
const REASON_LABELS: Record<ReasonForNotConnectingBank, MessageDescriptor> = defineMessages({
  bankNotListed: {
    id: 'apply.payments.options.reason.bankNotListed',
    defaultMessage: 'My bank is not listed',
  },
  preferNotToShareCredentials: {
    id: 'apply.payments.options.reason.preferNotToShareCredentials',
    defaultMessage: 'I prefer not to share my online banking sign-in',
  },
  connectionFailed: {
    id: 'apply.payments.options.reason.connectionFailed',
    defaultMessage: 'The connection did not work',
  },
  other: { id: 'apply.payments.options.reason.other', defaultMessage: 'Another reason' },
});

/** /payments/payment-account-options: connect the bank that pays the plan, or enter the account by hand. */
export function Component() {
  const title = useTitle();
  return (
    <PaymentsPageGate page="PaymentAccountOptions" title={title}>
      {() => <PaymentAccountOptions />}
    </PaymentsPageGate>
  );
}

function PaymentAccountOptions() {
  const intl = useIntl();
  const title = useTitle();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const manualId = useId();
  const manualHeading = useRef<HTMLHeadingElement>(null);
  const [manual, setManual] = useState(
    (location.state as PaymentOptionsState | null)?.provideManually === true,
  );
  const [focusRequest, setFocusRequest] = useState(0);
  const manualFromDialog = useRef(false);
  const [session, setSession] = useState<LinkTokenView | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [noCheckingAccount, setNoCheckingAccount] = useState<string>();

  const connection = useSavePage(connectPaymentBank, {
    leaveFirst: true,
    onError: (error) => {
      if (!(error instanceof ApiError && error.code === 'NoCheckingAccount')) return false;
      setNoCheckingAccount(apiErrorText(intl, error));
      return true;
    },
  });
  const linkToken = useMutation({ mutationFn: createLinkToken });

  // Revealing the manual choice moves focus to its heading; after the dialog, once the dialog has closed.
  useEffect(() => {
    if (focusRequest > 0) manualHeading.current?.focus();
  }, [focusRequest]);

  const openBankLink = async () => {
    if (linkToken.isPending || connection.busy) return;
    try {
      // A fresh link session each time: they expire, and a second bank needs its own.
      setSession(await linkToken.mutateAsync());
      setDialogOpen(true);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'NotAuthenticated') {
        await endLocalSession(queryClient, navigate, APP_ERROR_DEFAULT_MESSAGE_REF.NotAuthenticated);
      } else {
        connection.showError(
          error instanceof ApiError && error.code === 'NetworkError'
            ? apiErrorMessage(error)
            : intl.formatMessage({
                id: 'apply.payments.options.linkStartFailed',
                defaultMessage: 'The bank connection could not be started. Please try again.',
              }),
        );
      }
    }
  };

  const onConnected = (publicToken: string) => {
    setDialogOpen(false);
    setNoCheckingAccount(undefined);
    void connection.save({ publicToken });
  };

  const showManual = () => {
    setManual(true);
    setFocusRequest((n) => n + 1);
  };

  const showManualFromDialog = () => {
    manualFromDialog.current = true;
    setDialogOpen(false);
    setManual(true);
  };

  return (
    <ApplyPage page="PaymentAccountOptions" title={title}>
      <h1 className={HEADING_CLASS}>{title}</h1>
      <p className="mt-3 text-gray-700">
        <FormattedMessage
          id="apply.payments.options.intro"
          defaultMessage="Your plan has a single monthly payment, drawn from your primary checking account: the account your pay goes into and your bills are paid from."
        />
      </p>
      <p className="mt-3 text-gray-700">
        <FormattedMessage
          id="apply.payments.options.connectIntro"
          defaultMessage="Connect the bank that holds it so we can confirm the account and set up your payment. It takes a minute: choose your bank, sign in, and pick the accounts to share."
        />
      </p>

      {noCheckingAccount && (
        <div
          role="alert"
          className="mt-6 rounded-lg border border-accent-400 bg-accent-100 px-4 py-3 text-accent-800"
        >
          {noCheckingAccount}
        </div>
      )}

      <div className="mt-8 space-y-3">
        <button
          type="button"
          onClick={() => void openBankLink()}
          aria-disabled={linkToken.isPending || undefined}
          aria-busy={linkToken.isPending || undefined}
          className={PRIMARY_BUTTON_CLASS}
        >
          {linkToken.isPending && (
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
            />
          )}
          {noCheckingAccount ? (
            <FormattedMessage
              id="apply.payments.options.connectAnother"
              defaultMessage="Connect another bank"
            />
          ) : (
            <FormattedMessage id="apply.payments.options.connect" defaultMessage="Connect your bank" />
          )}
        </button>
        <button
          type="button"
          onClick={showManual}
          aria-expanded={manual}
          aria-controls={manualId}
          className={SECONDARY_BUTTON_CLASS}
        >
          <FormattedMessage id="apply.payments.options.manual" defaultMessage="Provide manually" />
        </button>
      </div>

      <section id={manualId} hidden={!manual} className="mt-8 border-t border-gray-200 pt-6">
        <h2
          ref={manualHeading}
          tabIndex={-1}
          className="text-xl font-semibold text-gray-900 focus:outline-none"
        >
          <FormattedMessage
            id="apply.payments.options.manualHeading"
            defaultMessage="Provide your account manually"
          />
        </h2>
        <p className="mt-2 text-gray-700">
          <FormattedMessage
            id="apply.payments.options.manualIntro"
            defaultMessage="On the next page you type your checking account number and routing number. First, please tell us why you are not connecting your bank."
          />
        </p>
        {manual && <ManualChoiceForm />}
      </section>

      <BankLinkDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        session={session}
        onConnected={onConnected}
        onProvideManually={showManualFromDialog}
        onCloseAutoFocus={(event) => {
          if (!manualFromDialog.current) return;
          manualFromDialog.current = false;
          event.preventDefault();
          manualHeading.current?.focus();
        }}
      />
      <BusyOverlay
        show={connection.busy}
        text={intl.formatMessage({
          id: 'apply.payments.options.connecting',
          defaultMessage: 'Connecting your bank...',
        })}
      />
      {connection.errorModal}
    </ApplyPage>
  );
}

function ManualChoiceForm() {
  const intl = useIntl();
  const form = useZodForm(provideManuallySchema, {});
  const { save, busy, errorModal } = useSavePage(saveManualChoice, {
    form,
    fieldOrder: ['reasonForNotConnectingBank'],
  });
  const onSubmit = form.handleSubmit(async (values) => {
    await save(values);
  });
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-6">
        <ChoiceField
          name="reasonForNotConnectingBank"
          // REASON_FOR_NOT_CONNECTING_BANK_QUESTION of the domain, in the page's language.
          legend={intl.formatMessage({
            id: 'apply.payments.options.reasonQuestion',
            defaultMessage: 'Why are you entering your account by hand?',
          })}
          choices={REASONS_FOR_NOT_CONNECTING_BANK.map((reason): Choice<ReasonForNotConnectingBank> => ({
            value: reason,
            label: intl.formatMessage(REASON_LABELS[reason]),
          }))}
        />
        <SubmitButton busy={busy}>
          <FormattedMessage id="apply.payments.continue" defaultMessage="Continue" />
        </SubmitButton>
      </form>
      <BusyOverlay
        show={busy}
        text={intl.formatMessage({ id: 'apply.payments.saving', defaultMessage: 'Saving...' })}
      />
      {errorModal}
    </FormProvider>
  );
}

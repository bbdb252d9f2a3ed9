import { Popover } from 'radix-ui';
import { FormProvider } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { providePaymentAccountSchema } from '#domain/enrollment/views';
import { LABELS } from '#domain/i18n/validation-messages';
import { LIMITS } from '#domain/validation/limits';
import { BusyOverlay } from '#web/components/ui/busy-overlay';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { TextField } from '#web/components/ui/form/text-field';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { providePaymentAccount } from '#web/features/apply/api';
import { ApplyPage } from '#web/features/apply/apply-page';
import { useSavePage } from '#web/features/apply/save-page';
import { ChequeIllustration } from './cheque-illustration';
import { HEADING_CLASS, PaymentsPageGate, TEXT_LINK_CLASS } from './payments-page';

/** The page's title, in the page's language. */
function useTitle() {
  return useIntl().formatMessage({
    id: 'apply.payments.provide.title',
    defaultMessage: 'Enter your checking account',
  });
}
// The component tests read this URL from here.
export { PAYMENT_ACCOUNT_PATH } from '#web/features/apply/api';
// The English of a message below, for the tests.
export const HELP_LABEL = 'Where to find these numbers';

const digitsOnly = (value: string): string => value.replace(/\D/g, '');

/** /payments/provide-payment-account-information: the checking account typed by hand. */
export function Component() {
  const title = useTitle();
  return (
    <PaymentsPageGate page="ProvidePaymentAccountInformation" title={title}>
      {() => <ProvidePaymentAccount />}
    </PaymentsPageGate>
  );
}

function ProvidePaymentAccount() {
  const intl = useIntl();
  const title = useTitle();
  const form = useZodForm(providePaymentAccountSchema, {
    accountNumber: '',
    confirmAccountNumber: '',
    routingNumber: '',
  });
  const { save, busy, errorModal } = useSavePage(providePaymentAccount, {
    leaveFirst: true,
    form,
    fieldOrder: ['accountNumber', 'confirmAccountNumber', 'routingNumber'],
  });
  const onSubmit = form.handleSubmit(async (values) => {
    await save(values);
  });
  return (
    <ApplyPage page="ProvidePaymentAccountInformation" title={title}>
      <h1 className={HEADING_CLASS}>{title}</h1>
      <p className="mt-3 text-gray-700">
        <FormattedMessage
          id="apply.payments.provide.intro"
          defaultMessage="Your plan's single monthly payment is drawn from this account. Use your primary checking account: the one your pay goes into."
        />
      </p>
      <ChequeHelp />
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-6 space-y-5">
          <TextField
            name="accountNumber"
            label={intl.formatMessage(LABELS.accountNumber)}
            inputMode="numeric"
            autoComplete="off"
            maxLength={LIMITS.accountNumber}
            formatOnChange={digitsOnly}
            normalizeOnBlur={digitsOnly}
            spellCheck={false}
          />
          {/* Pasting is allowed: a number copied from the bank's app is the surest way to get it right. */}
          <TextField
            name="confirmAccountNumber"
            label={intl.formatMessage(LABELS.confirmAccountNumber)}
            inputMode="numeric"
            autoComplete="off"
            maxLength={LIMITS.accountNumber}
            formatOnChange={digitsOnly}
            normalizeOnBlur={digitsOnly}
            spellCheck={false}
          />
          <TextField
            name="routingNumber"
            label={intl.formatMessage(LABELS.routingNumber)}
            hint={intl.formatMessage({
              id: 'apply.payments.provide.routingHint',
              defaultMessage: '9 digits',
            })}
            inputMode="numeric"
            autoComplete="off"
            maxLength={LIMITS.routingNumber}
            formatOnChange={digitsOnly}
            normalizeOnBlur={digitsOnly}
            spellCheck={false}
          />
          <SubmitButton busy={busy}>
            <FormattedMessage id="apply.payments.provide.submit" defaultMessage="Submit" />
          </SubmitButton>
        </form>
      </FormProvider>
      <p className="mt-4 text-center">
        <Link to="/payments/payment-account-options" className={TEXT_LINK_CLASS}>
          <FormattedMessage
            id="apply.payments.provide.connectInstead"
            defaultMessage="Connect your bank instead"
          />
        </Link>
      </p>
      <BusyOverlay
        show={busy}
        text={intl.formatMessage({ id: 'apply.payments.saving', defaultMessage: 'Saving...' })}
      />
      {errorModal}
    </ApplyPage>
  );
}

/** The help: a button opening a popover (click, tap, Enter or Space; Escape closes) with a drawn cheque. */
function ChequeHelp() {
  const intl = useIntl();
  const helpLabel = intl.formatMessage({
    id: 'apply.payments.provide.help',
    defaultMessage: 'Where to find these numbers',
  });
  return (
    <Popover.Root>
      <Popover.Trigger className="mt-4 inline-flex min-h-11 items-center gap-2 rounded-md font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          className="size-5 shrink-0"
          fill="none"
          stroke="currentColor"
        >
          <circle cx="12" cy="12" r="9.5" strokeWidth="1.8" />
          <path d="M9.5 9.5a2.5 2.5 0 114 2c-.9.6-1.5 1.1-1.5 2.2" strokeWidth="1.8" strokeLinecap="round" />
          <circle cx="12" cy="17" r="1" fill="currentColor" stroke="none" />
        </svg>
        {helpLabel}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-label={helpLabel}
          side="bottom"
          align="start"
          sideOffset={6}
          collisionPadding={16}
          className="relative z-40 w-[min(30rem,calc(100vw-2rem))] rounded-xl border border-gray-200 bg-white p-4 pr-12 shadow-xl"
        >
          <p className="text-sm text-gray-800">
            <FormattedMessage
              id="apply.payments.provide.helpText"
              defaultMessage="Both numbers are printed along the bottom of your cheques. The routing number comes first: the 9 digits between the two transit symbols. Your account number follows it."
            />
          </p>
          <ChequeIllustration className="mt-3 h-auto w-full" />
          <p className="mt-2 text-sm text-gray-700">
            <FormattedMessage
              id="apply.payments.provide.noCheques"
              defaultMessage="No cheques? Your bank's app or website shows both numbers under the account's details."
            />
          </p>
          <Popover.Close
            aria-label={intl.formatMessage({ id: 'apply.payments.provide.close', defaultMessage: 'Close' })}
            className="absolute top-2 right-2 inline-flex size-11 items-center justify-center rounded-full text-gray-600 hover:bg-gray-100 hover:text-gray-900"
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5" fill="none" stroke="currentColor">
              <path d="M6 6l12 12M18 6L6 18" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </Popover.Close>
          <Popover.Arrow className="fill-white" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

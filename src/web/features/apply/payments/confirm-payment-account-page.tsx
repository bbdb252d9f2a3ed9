import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useState } from 'react';
import { FormProvider, useController } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { confirmPaymentAccountSchema, type PaymentAccountsView } from '#domain/enrollment/views';
import { BusyOverlay } from '#web/components/ui/busy-overlay';
import { ERROR_CLASS } from '#web/components/ui/form/styles';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { useField } from '#web/components/ui/form/use-field';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { formatDollars } from '#domain/money/cents';
import { ApiError } from '#web/lib/api';
import { apiErrorMessage } from '#web/lib/api-error-text';
import { ErrorModal } from '#web/components/ui/error-modal';
import { useFailureModal } from '#web/components/ui/form/use-failure-modal';
import {
  applyKeys,
  chooseDraftDay,
  confirmPaymentAccount,
  paymentAccountsQuery,
} from '#web/features/apply/api';
import { ApplyPage } from '#web/features/apply/apply-page';
import { PageDataGate, useSavePage } from '#web/features/apply/save-page';
import type { PaymentOptionsState } from './payment-account-options-page';
import {
  HEADING_CLASS,
  PaymentsPageGate,
  PRIMARY_BUTTON_CLASS,
  SECONDARY_BUTTON_CLASS,
  TEXT_LINK_CLASS,
} from './payments-page';

/** The page's title, in the page's language. */
function useTitle() {
  return useIntl().formatMessage({
    id: 'apply.payments.confirm.title',
    defaultMessage: 'Confirm your payment account',
  });
}
// The component tests read these URLs from here.
export { ACCOUNTS_PATH, CONFIRM_PATH, DRAFT_DAY_PATH } from '#web/features/apply/api';
// The English of a message below, for the tests.
export const DRAFT_DAY_FAILED = 'The day could not be changed. Please try again.';
const OPTIONS_ROUTE = '/payments/payment-account-options';

type Account = PaymentAccountsView['accounts'][number];

/** /payments/confirm-payment-account: which connected checking account pays the plan. */
export function Component() {
  const title = useTitle();
  return (
    <PaymentsPageGate page="ConfirmPaymentAccount" title={title}>
      {() => (
        <PageDataGate page="ConfirmPaymentAccount" title={title} query={paymentAccountsQuery()}>
          {(view) => (
            <ApplyPage page="ConfirmPaymentAccount" title={title}>
              <h1 className={HEADING_CLASS}>{title}</h1>
              <DraftDayProposal proposal={view.draftDayProposal} />
              {view.accounts.length === 0 ? <NoAccounts /> : <ConfirmForm accounts={view.accounts} />}
            </ApplyPage>
          )}
        </PageDataGate>
      )}
    </PaymentsPageGate>
  );
}

/**
 * The bank just connected shows a usual payday the chosen draft day does not follow: one click moves the
 * drafts to the day after it, before the letter is made. Keeping the chosen day needs no answer.
 */
function DraftDayProposal({ proposal }: { proposal: PaymentAccountsView['draftDayProposal'] }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const failure = useFailureModal();
  const [movedTo, setMovedTo] = useState<number>();
  const move = useMutation({ mutationFn: chooseDraftDay });
  const onMove = async (draftDay: number) => {
    if (move.isPending) return;
    try {
      await move.mutateAsync({ draftDay });
      setMovedTo(draftDay);
      await queryClient.invalidateQueries({ queryKey: applyKeys.paymentAccounts() });
    } catch (error) {
      failure.show(
        error instanceof ApiError && error.code === 'NetworkError'
          ? apiErrorMessage(error)
          : intl.formatMessage({
              id: 'apply.payments.confirm.draftDayFailed',
              defaultMessage: 'The day could not be changed. Please try again.',
            }),
      );
    }
  };
  return (
    <>
      <p role="status" className="mt-3 font-medium text-brand-800 empty:hidden">
        {movedTo
          ? intl.formatMessage(
              {
                id: 'apply.payments.confirm.moved',
                defaultMessage:
                  'Done: your plan will be drawn on the {day, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} of each month.',
              },
              { day: movedTo },
            )
          : ''}
      </p>
      {proposal && !movedTo && (
        <section
          aria-labelledby="draft-day-proposal"
          className="mt-4 rounded-lg border border-brand-600/40 bg-brand-50 px-4 py-4"
        >
          <h2 id="draft-day-proposal" className="font-semibold text-gray-900">
            <FormattedMessage
              id="apply.payments.confirm.proposalHeading"
              defaultMessage="Draw your plan the day after payday?"
            />
          </h2>
          <p className="mt-1 text-gray-800">
            <FormattedMessage
              id="apply.payments.confirm.proposalText"
              defaultMessage="Your pay arrives around the {payday, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}; drafting on the {suggested, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} makes sure the money is in your account when the plan draws it. You chose the {chosen, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}."
              values={{
                payday: proposal.payday,
                suggested: proposal.suggestedDraftDay,
                chosen: proposal.chosenDraftDay,
              }}
            />
          </p>
          <button
            type="button"
            onClick={() => void onMove(proposal.suggestedDraftDay)}
            aria-disabled={move.isPending || undefined}
            aria-busy={move.isPending || undefined}
            className={clsx(SECONDARY_BUTTON_CLASS, 'mt-3')}
          >
            <FormattedMessage
              id="apply.payments.confirm.moveButton"
              defaultMessage="Draw on the {day, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} instead"
              values={{ day: proposal.suggestedDraftDay }}
            />
          </button>
          <p className="mt-2 text-sm text-gray-600">
            <FormattedMessage
              id="apply.payments.confirm.keepDay"
              defaultMessage="Or keep the {day, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}: just choose your account below."
              values={{ day: proposal.chosenDraftDay }}
            />
          </p>
        </section>
      )}
      <ErrorModal {...failure.props} />
    </>
  );
}

function NoAccounts() {
  return (
    <>
      <p className="mt-3 text-gray-700">
        <FormattedMessage
          id="apply.payments.confirm.noAccounts"
          defaultMessage="We did not find a checking account at the banks you connected. Your plan's monthly payment is drawn from a checking account: connect the bank that holds your primary checking account, or enter its numbers yourself."
        />
      </p>
      <div className="mt-8 space-y-3">
        <Link to={OPTIONS_ROUTE} className={PRIMARY_BUTTON_CLASS}>
          <FormattedMessage
            id="apply.payments.options.connectAnother"
            defaultMessage="Connect another bank"
          />
        </Link>
        <Link
          to={OPTIONS_ROUTE}
          state={{ provideManually: true } satisfies PaymentOptionsState}
          className={SECONDARY_BUTTON_CLASS}
        >
          <FormattedMessage id="apply.payments.options.manual" defaultMessage="Provide manually" />
        </Link>
      </div>
    </>
  );
}

function ConfirmForm({ accounts }: { accounts: readonly Account[] }) {
  const intl = useIntl();
  const selected = accounts.filter((a) => a.selectedForPayments);
  const form = useZodForm(confirmPaymentAccountSchema, {
    plaidAccountId: selected.length === 1 ? selected[0]?.id : undefined,
  });
  const { save, busy, errorModal } = useSavePage(confirmPaymentAccount, {
    leaveFirst: true,
    form,
    fieldOrder: ['plaidAccountId'],
  });
  const onSubmit = form.handleSubmit(async (values) => {
    await save(values);
  });
  return (
    <FormProvider {...form}>
      <p className="mt-3 text-gray-700">
        <FormattedMessage
          id="apply.payments.confirm.intro"
          defaultMessage="Choose the checking account your plan's monthly payment is drawn from."
        />
      </p>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-6 space-y-6">
        <AccountChoice accounts={accounts} />
        <SubmitButton busy={busy}>
          <FormattedMessage id="apply.payments.provide.submit" defaultMessage="Submit" />
        </SubmitButton>
      </form>
      <p className="mt-4 text-center">
        <Link to={OPTIONS_ROUTE} className={TEXT_LINK_CLASS}>
          <FormattedMessage id="apply.payments.confirm.differentBank" defaultMessage="Use a different bank" />
        </Link>
      </p>
      <BusyOverlay
        show={busy}
        text={intl.formatMessage({ id: 'apply.payments.saving', defaultMessage: 'Saving...' })}
      />
      {errorModal}
    </FormProvider>
  );
}

/** The accounts as one radio group, each with its bank, name, last digits and available balance. */
function AccountChoice({ accounts }: { accounts: readonly Account[] }) {
  const { form, id, errorId, errorMessage } = useField('plaidAccountId');
  const { field } = useController({ name: 'plaidAccountId', control: form.control });
  const invalid = errorMessage ? true : undefined;
  return (
    <fieldset aria-describedby={errorMessage ? errorId : undefined} aria-invalid={invalid}>
      <legend className="text-base font-medium text-gray-900">
        <FormattedMessage id="apply.payments.confirm.legend" defaultMessage="Payment account" />
      </legend>
      <div className="mt-2 space-y-3">
        {accounts.map((account, index) => (
          <label
            key={account.id}
            className={clsx(
              'flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border px-4 py-3 text-gray-900',
              'hover:border-brand-600 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-700',
              errorMessage ? 'border-red-600' : 'border-gray-300',
            )}
          >
            <input
              ref={index === 0 ? field.ref : undefined}
              type="radio"
              name={`${id}-plaidAccountId`}
              value={account.id}
              checked={field.value === account.id}
              onChange={() => field.onChange(account.id)}
              onBlur={field.onBlur}
              aria-invalid={invalid}
              aria-describedby={errorMessage ? errorId : undefined}
              className="mt-1 size-5 shrink-0 accent-brand-600"
            />
            <span className="min-w-0 flex-1">
              <span className="block text-sm text-gray-700">{account.institutionName}</span>
              <span className="block font-semibold break-words">
                {account.name}
                {account.mask && (
                  <FormattedMessage
                    id="apply.payments.confirm.mask"
                    // The account's last digits, after its name.
                    defaultMessage="<light> ••{mask}</light>"
                    values={{
                      mask: account.mask,
                      light: (chunks) => <span className="font-normal whitespace-nowrap">{chunks}</span>,
                    }}
                  />
                )}
              </span>
              <span className="block text-sm text-gray-700">
                {account.availableBalance === null ? (
                  <FormattedMessage
                    id="apply.payments.confirm.balanceNotReported"
                    defaultMessage="Available balance not reported"
                  />
                ) : (
                  <FormattedMessage
                    id="apply.payments.confirm.balance"
                    defaultMessage="Available balance {amount}"
                    values={{ amount: formatDollars(account.availableBalance) }}
                  />
                )}
              </span>
            </span>
          </label>
        ))}
      </div>
      {errorMessage && (
        <p id={errorId} role="alert" className={ERROR_CLASS}>
          {errorMessage}
        </p>
      )}
    </fieldset>
  );
}

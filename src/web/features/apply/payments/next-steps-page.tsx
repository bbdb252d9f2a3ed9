import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SITE } from '#domain/site';
import { BusyOverlay } from '#web/components/ui/busy-overlay';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { continueFromNextSteps } from '#web/features/apply/api';
import { ApplyPage } from '#web/features/apply/apply-page';
import { useSavePage } from '#web/features/apply/save-page';
import { HEADING_CLASS, PaymentsPageGate } from './payments-page';

/** The page's title, in the page's language. */
function useTitle() {
  return useIntl().formatMessage({ id: 'apply.payments.nextSteps.title', defaultMessage: 'Next steps' });
}
// The component tests read this URL from here.
export { NEXT_STEPS_PATH } from '#web/features/apply/api';

// The English of the steps below, for the tests.
export const NEXT_STEPS = [
  'Connect your bank so we can set up your monthly payment.',
  'Confirm the account your plan is paid from.',
  'Sign your Letter of Authorization (we email it to you).',
  `A credit counsellor from ${SITE.agencyName} reviews your application and contacts you.`,
] as const;

/** /payments/next-steps: what happens between accepting the offer and the plan starting. */
export function Component() {
  const title = useTitle();
  return (
    <PaymentsPageGate page="NextSteps" title={title}>
      {() => <NextSteps />}
    </PaymentsPageGate>
  );
}

function NextSteps() {
  const intl = useIntl();
  const title = useTitle();
  const steps = [
    intl.formatMessage({
      id: 'apply.payments.nextSteps.connect',
      defaultMessage: 'Connect your bank so we can set up your monthly payment.',
    }),
    intl.formatMessage({
      id: 'apply.payments.nextSteps.confirm',
      defaultMessage: 'Confirm the account your plan is paid from.',
    }),
    intl.formatMessage({
      id: 'apply.payments.nextSteps.sign',
      defaultMessage: 'Sign your Letter of Authorization (we email it to you).',
    }),
    intl.formatMessage(
      {
        id: 'apply.payments.nextSteps.review',
        defaultMessage: 'A credit counsellor from {agency} reviews your application and contacts you.',
      },
      { agency: SITE.agencyName },
    ),
  ];
  const { save, busy, errorModal } = useSavePage(continueFromNextSteps, { leaveFirst: true });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };
  return (
    <ApplyPage page="NextSteps" title={title}>
      <h1 className={HEADING_CLASS}>{title}</h1>
      <p className="mt-3 text-gray-700">
        <FormattedMessage
          id="apply.payments.nextSteps.intro"
          defaultMessage="You accepted your offer. Here is what happens before your plan starts:"
        />
      </p>
      <ol className="mt-6 space-y-4">
        {steps.map((step, index) => (
          <li key={step} className="flex items-start gap-3">
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
            >
              {index + 1}
            </span>
            <span className="pt-1 text-gray-900">{step}</span>
          </li>
        ))}
      </ol>
      <form noValidate onSubmit={onSubmit} className="mt-8">
        <SubmitButton busy={busy}>
          <FormattedMessage id="apply.payments.continue" defaultMessage="Continue" />
        </SubmitButton>
      </form>
      <BusyOverlay
        show={busy}
        text={intl.formatMessage({ id: 'apply.payments.saving', defaultMessage: 'Saving...' })}
      />
      {errorModal}
    </ApplyPage>
  );
}

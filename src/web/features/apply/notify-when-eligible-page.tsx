import { FormProvider } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { LABELS } from '#domain/i18n/validation-messages';
import { notifyWhenEligibleSchema } from '#domain/validation/application';
import { localStateName } from '#domain/validation/state-name-messages';
import { BusyOverlay } from '#web/components/ui/busy-overlay';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { YesNoField } from '#web/components/ui/form/yes-no-field';
import { ApplyPage } from './apply-page';
import type { ApplicationView } from './application-query';
import { saveNotifyWhenEligible } from './api';
import { ApplyPageGate, useSavePage } from './save-page';

/** The page's title, in the page's language. */
function useTitle() {
  return useIntl().formatMessage({
    id: 'apply.notify.title',
    defaultMessage: 'Our service is not available in your state yet',
  });
}

/**
 * /notify-when-eligible: reached after the application was
 * disqualified for an unlicensed state, so it opens whatever the status.
 */
export function Component() {
  const title = useTitle();
  return (
    <ApplyPageGate page="NotifyWhenEligible" title={title} allowAnyStatus>
      {(application) => (
        <ApplyPage page="NotifyWhenEligible" title={title}>
          <NotifyForm application={application} />
        </ApplyPage>
      )}
    </ApplyPageGate>
  );
}

function NotifyForm({ application }: { application: ApplicationView }) {
  const intl = useIntl();
  const title = useTitle();
  const saved = application.borrower.notifyWhenStateIsEligible;
  const form = useZodForm(
    notifyWhenEligibleSchema,
    saved == null ? {} : { notifyWhenStateIsEligible: saved },
  );
  const { save, busy, errorModal } = useSavePage(saveNotifyWhenEligible, {
    form,
    fieldOrder: ['notifyWhenStateIsEligible'],
  });
  const onSubmit = form.handleSubmit(async (values) => {
    await save(values);
  });
  const state =
    (application.borrower.state &&
      localStateName(application.borrower.state, (d) => intl.formatMessage(d))) ||
    intl.formatMessage({ id: 'apply.notify.yourState', defaultMessage: 'your state' });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="space-y-6">
        <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{title}</h1>
        <div className="space-y-3 text-gray-700">
          <p>
            <FormattedMessage
              id="apply.notify.sorry"
              defaultMessage="We’re sorry. We do not offer our Debt Management Plan in <strong>{state}</strong> at this time."
              values={{
                state,
                strong: (chunks) => <strong className="font-semibold text-gray-900">{chunks}</strong>,
              }}
            />
          </p>
          <p>
            <FormattedMessage
              id="apply.notify.noCreditPull"
              defaultMessage="Your credit has not been pulled, so this has no effect on your credit report."
            />
          </p>
        </div>
        {/* NOTIFY_QUESTION of the domain, in the page's language. */}
        <YesNoField
          name="notifyWhenStateIsEligible"
          question={intl.formatMessage(LABELS.notifyWhenEligible)}
        />
        <SubmitButton busy={busy}>
          <FormattedMessage id="apply.notify.continue" defaultMessage="Continue" />
        </SubmitButton>
      </form>
      <BusyOverlay
        show={busy}
        text={intl.formatMessage({ id: 'apply.notify.saving', defaultMessage: 'Saving...' })}
      />
      {errorModal}
    </FormProvider>
  );
}
